# Korrespondensturneringar: annonser, ronder, ställning, vinnaren och nej. Termer: turnering,
# rond, frirond (bye), lottning, ställning, schweizersystem, alla mot alla, walkover, dra sig ur.

tournament-format-round-robin = alla mot alla
tournament-format-double-round-robin = dubbel alla mot alla (färgerna byts andra gången)
tournament-format-swiss = schweizersystem
tournament-rounds-fixed = { $rounds ->
    [one] 1 rond
   *[other] { $rounds } ronder
}
tournament-rounds-default = ronder: ⌈log2 spelare⌉ + 1
tournament-starts-at = startar den { $time }
tournament-starts-by-hand = startas av den som skapade turneringen
tournament-terms = { $format }; { $rated }, { $time }, { $rules }; upp till { $max } spelare; { $start }.
tournament-nobody-yet = Ingen har gått med än.
tournament-players = Spelare ({ $count }/{ $max }): { $names }
tournament-announced = 🏆 **{ $name }** (turnering { $id })
tournament-how-to-join = Tryck på **{ button-join }** eller använd `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $id }`.
tournament-joined = { $player } gick med.
tournament-left = { $player } lämnade turneringen.
tournament-withdrew = { $player } drog sig ur: det pågående partiet är förlorat och resten av partierna förloras på walkover.
tournament-started = 🏆 **{ $name }** har börjat: { $players } spelare, { $rounds ->
    [one] 1 rond
   *[other] { $rounds } ronder
}. Här kommer lottningen; varje parti har sin egen tråd.
tournament-cancelled = **{ $name }** har ställts in. Pågående partier fortsätter som vanliga partier.
tournament-round = 🏆 **{ $name }**, rond { $round } av { $rounds }:
tournament-bye = Frirond: { $player } (räknas som vinst)
tournament-forfeit = (walkover)
tournament-round-threads = Varje parti har sin egen tråd här nedanför. Lycka till!
tournament-game-starter = **{ $name }**, rond { $round }: { $white } (Vit) mot { $black } (Svart)
tournament-column-player = Spelare
tournament-column-points = P
tournament-column-left = Kvar
tournament-standings-open = 🏆 **{ $name }** har inte börjat än.
tournament-standings = 🏆 **{ $name }**, ställning efter rond { $round } av { $rounds } (uppdateras efter varje resultat):
tournament-standings-final = 🏆 **{ $name }**, slutställning:
tournament-table-key = P: vinst 1, remi ½. SB: Sonneborn-Berger. Kvar: partier kvar att spela. (Spelare som dragit sig ur står inom parentes.)
tournament-table-key-swiss = P: vinst 1, remi ½, frirond 1. Bh: Buchholz, sedan SB: Sonneborn-Berger. Kvar: partier kvar att spela. (Spelare som dragit sig ur står inom parentes.)
tournament-current-round = Rond { $round }:
tournament-over-announced = 🏆 **{ $name }** är slut!
tournament-winner = { $count ->
    [one] Vinnare: { $names } med { $points } poäng. Grattis!
   *[other] Delad förstaplats: { $names } med { $points } poäng var. Grattis!
}
button-standings = Ställning

tournament-server-only = Turneringar hör till en server: använd det här på servern.
tournament-name-length = En turnerings namn ska vara 1 till { $max } tecken långt.
tournament-size = En turnering har plats för { $min } till { $max } spelare.
tournament-rounds = En turnering i schweizersystem spelas över 1 till { $max ->
    [one] { $max } rond
   *[other] { $max } ronder
}.
tournament-start-in-past = Den starttiden har redan passerat: ange en tid i framtiden.
tournament-bad-start = Ange starten som en tid från nu (`2h`, `3d`, `1d 12h`; h = timmar, d = dagar) eller som datum och tid i UTC (`2026-12-24 18:00`).
arena-duration = En arena pågår { $min } till { $max } minuter.
no-such-arena = Den här servern har ingen arena { $arena }.
arena-berserk-refused = Berserk går bara i arenapartier, före ditt första drag, och en gång.
no-such-tournament = Den här servern har ingen turnering { $tournament }.
no-tournament-here = Ingen turnering på den här servern passar: skapa en med `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-create-name }`.
tournament-already-started = Den här turneringen har redan börjat.
tournament-over = Den här turneringen är slut.
tournament-full = Den här turneringen är full ({ $max } spelare).
tournament-already-joined = Du är redan med i den här turneringen.
tournament-not-in = Du spelar inte i den här turneringen.
tournament-not-organiser = Bara den som skapade turneringen, eller en medlem som får hantera servern (Hantera server), kan starta eller ställa in den.
tournament-too-few = { $have ->
    [one] Bara 1 spelare har gått med: en turnering startar med minst { $min }.
   *[other] Bara { $have } spelare har gått med: en turnering startar med minst { $min }.
}
tournament-would-exceed-games = Du spelar redan { $limit ->
    [one] { $limit } parti
   *[other] { $limit } partier
} samtidigt, det högsta tillåtna, och varje turnering du är med i räknas som ett: avsluta ett parti (eller lämna en turnering med `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }`) innan du går med i en till.
tournament-too-many-joined = Du spelar redan i { $limit ->
    [one] { $limit } turnering
   *[other] { $limit } turneringar
}: vänta tills en är slut, eller lämna en med `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }`, innan du går med i en till.
tournament-too-many-created = Du har redan { $limit ->
    [one] { $limit } turnering
   *[other] { $limit } turneringar
} som väntar på att starta: starta eller ställ in en innan du skapar en ny.
tournament-server-too-many = Den här servern har redan { $limit ->
    [one] { $limit } turnering
   *[other] { $limit } turneringar
} som väntar på att starta: gå med i någon av dem, eller skapa din egen när någon har startat.
tournament-several-open = Flera turneringar är öppna på den här servern ({ $tournaments }): ange vilken du vill gå med i med alternativet `{ opt-tournament-name }`, till exempel `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $first }`, eller tryck på **{ button-join }** under turneringens meddelande.
tournament-just-created = Turnering { $tournament } skapades alldeles nyss: ange dess nummer för att gå med (`/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $tournament }`) eller tryck på **{ button-join }** under turneringens meddelande.

# Turneringar under Discords flik Evenemang (serverns schemalagda evenemang).
scheduled-event-arena = 🏟️ Arena i turkisk dam: { $minutes ->
    [one] { $minutes } minut
   *[other] { $minutes } minuter
}, { $clock }, { $rated }. Gå med i { $link }
scheduled-event-tournament = 🏆 Turnering i turkisk dam ({ $format }): { $time }, { $rated }. Gå med i { $link }
scheduled-events-refused = ⚠️ Jag kan inte lägga till **{ $name }** under serverns flik Evenemang: ge mig behörigheten **Hantera evenemang**. Turneringen fortsätter utan det.
# Arenor: en bestämd tid med liveklocka; den som blir ledig lottas mot någon ny direkt.
arena-announced = ⚔️ **{ $name }** (arena { $id })
arena-terms = En arena på { $minutes ->
    [one] { $minutes } minut
   *[other] { $minutes } minuter
}: { $clock }, { $rated }, { $rules }; { $start }.
arena-starts-at = startar { $time }
arena-ends-at = slutar { $time }
arena-how-to-play = Tryck på **{ button-join }** för att spela: du lottas mot någon ny så fort du är ledig, tills tiden är slut. **{ button-pause }** för att vila en stund, **{ button-leave }** för att sluta.
arena-you-joined = Du är med i **{ $name }**: du lottas så fort den pågår och en motståndare är ledig, och varje parti öppnas i en egen tråd här.
arena-you-paused = Du har pausat i **{ $name }**: ingen lottas mot dig förrän du trycker på **{ button-join }** igen.
arena-you-left = Du har lämnat **{ $name }**. Tryck på **{ button-join }** för att komma tillbaka före slutet.
arena-column-games = Partier
arena-more-rows = { $count ->
    [one] …och { $count } spelare till.
   *[other] …och { $count } spelare till.
}
arena-standings-open = ⚔️ **{ $name }** startar { $time }.
arena-standings = ⚔️ **{ $name }**, ställning (uppdateras när partier slutar); den slutar { $time }, { $playing ->
    [one] { $playing } parti pågår
   *[other] { $playing } partier pågår
}:
arena-standings-final = ⚔️ **{ $name }**, slutställning:
arena-table-key = Vinst 2, remi 1. 🔥 efter två vinster i rad: varje vinst räknas 4 och varje remi 2 tills ett parti inte vinns. ⚡ extrapoängen för en berserkvinst. ⏸ pausad; (lämnat).
arena-over = 🏁 **{ $name }** är slut!
arena-podium-place = { $medal } { $player }: { $score ->
    [one] { $score } poäng
   *[other] { $score } poäng
}
arena-nobody-played = Ingen spelade klart något parti.
arena-game-starter = ⚔️ **{ $name }**: { $white } (vit) mot { $black } (svart)
button-leave = Lämna
button-pause = Pausa
button-berserk = Berserk
arena-went-berserk = Du gick berserk: din klocka halveras och får inget tillägg i det här partiet. En vinst på minst { $moves ->
    [one] { $moves } av dina drag
   *[other] { $moves } av dina drag
} ger en poäng till.

# Mästarroller (väljs med /dama server).
champion-role-set-arena = Vinnaren av serverns senaste arena får { $role }.
champion-role-set-season = Ledaren av serverns säsong får { $role }.
champion-role-needs-manage-roles = ⚠️ Jag kan inte ge { $role }: ge mig behörigheten **Hantera roller**.
champion-role-above-mine = ⚠️ Jag kan inte ge { $role }: den ligger inte under min högsta roll. Flytta min roll ovanför den i serverns inställningar, under Roller.
