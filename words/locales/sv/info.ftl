# Uppslag och inställningar: pågående partier, topplistan, statistik, en spelares
# inställningar och semester, en servers regler.

games-none = Du har inga pågående partier. Starta ett med `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` eller `/{ cmd-dama-name } { cmd-play-bot-name }`.
games-heading = **Dina partier**
games-line = - Parti #{ $game } { $opponent }: { $state }, drag { $number } ({ $channel })
games-versus = mot { $name }
games-your-turn = **ditt drag**
games-your-turn-until = **ditt drag**, tiden går ut { $deadline }
games-their-turn = motståndarens drag

# /dama live: en servers pågående partier, för åskådare.
live-none = Inga partier pågår på den här servern. Starta ett med `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` eller `/{ cmd-dama-name } { cmd-play-bot-name }`.
live-heading = **Pågående partier på den här servern**: { $count }
live-line = - { $title }: drag { $number }, { $who } ({ $colour }) är vid draget · { $channel }
live-more = -# De { $shown } som spelats senast visas.
live-server-only = Det här visar en servers partier: använd det på servern.

leaderboard-all-time = **Topplista** (den här servern, genom tiderna, { $speed })
leaderboard-season = **Topplista** (den här servern, säsong { $season }, { $speed })
leaderboard-season-final = **Topplista** (den här servern, säsong { $season }, sluttabell, { $speed })
leaderboard-dms = **Topplista** (direktmeddelanden, { $speed })
leaderboard-empty = Ingen har ännu spelat { $min ->
    [one] det rankade parti
   *[other] de { $min } rankade partier
} som krävs för att synas här.
leaderboard-line = { $rank }. { $name } { $rating }{ $mark } ({ $games ->
    [one] { $games } parti
   *[other] { $games } partier
})
leaderboard-provisional = -# ? betyder att ratingen är preliminär.

stats-rating = { $speed }: rating { $rating } ± { $deviation }, { $rank }.
stats-rating-provisional = { $speed }: rating { $rating } ± { $deviation }, preliminär, { $rank }.
stats-rank = #{ $rank } här
stats-unranked = inte rankad än ({ $min ->
    [one] { $min } rankat parti krävs
   *[other] { $min } rankade partier krävs
})
stats-no-rating = Inget rankat parti här än.
stats-no-rating-speed = { $speed }: inget rankat parti här än.
stats-record = { $games ->
    [one] { $games } parti
   *[other] { $games } partier
}: { $wins ->
    [one] { $wins } vinst
   *[other] { $wins } vinster
}, { $draws ->
    [one] { $draws } remi
   *[other] { $draws } remier
}, { $losses ->
    [one] { $losses } förlust
   *[other] { $losses } förluster
}.
stats-streak-wins = Aktuell svit: { $count ->
    [one] { $count } vinst
   *[other] { $count } vinster i rad
}.
stats-streak-draws = Aktuell svit: { $count ->
    [one] { $count } remi
   *[other] { $count } remier i rad
}.
stats-streak-losses = Aktuell svit: { $count ->
    [one] { $count } förlust
   *[other] { $count } förluster i rad
}.
stats-against = Mot { $opponent }: { $games ->
    [one] { $games } parti
   *[other] { $games } partier
}: { $wins ->
    [one] { $wins } vinst
   *[other] { $wins } vinster
}, { $draws ->
    [one] { $draws } remi
   *[other] { $draws } remier
}, { $losses ->
    [one] { $losses } förlust
   *[other] { $losses } förluster
}.

settings = Dina inställningar: drag i { $notation } notation, brädtema **{ $theme }**, din sida nederst när du spelar svart: **{ $flip }** (av: alltid vit nederst), ditt drag meddelas { $notify }.
notation-algebraic = **algebraisk** (`d3-d4`)
notation-numeric = **numerisk** (`44-36`)
theme-traditional = traditionellt
theme-checkered = rutigt
notify-channel = **i partiets kanal**
notify-dm = **via direktmeddelande**
notify-both = **i partiets kanal och via direktmeddelande**
setting-on = på
setting-off = av

vacation-started = Du har semester till den { $until }: klockorna i dina partier står stilla. Du har { $days ->
    [one] { $days } semesterdag
   *[other] { $days } semesterdagar
} kvar i år.
vacation-started-now = Du har semester från och med nu: klockorna i dina partier står stilla. Du har { $days ->
    [one] { $days } semesterdag
   *[other] { $days } semesterdagar
} kvar i år.
vacation-ended = Välkommen tillbaka: din semester är slut och klockorna i dina partier går igen. Du har { $days ->
    [one] { $days } semesterdag
   *[other] { $days } semesterdagar
} kvar i år.
server-rules-set = Partier som startas på den här servern utan angivna regler spelas nu med **{ $rules }**. Redan startade partier behåller sina.

language-chosen = Från och med nu svarar jag dig på det här språket.
language-auto = Jag svarar dig på ditt Discord-språk igen.
server-language-chosen = Serverns bräden och resultat är på det här språket från och med nu.
server-language-auto = Serverns bräden och resultat följer serverns Discord-språk igen.

season-started = **Säsong { $season }** har börjat på den här servern: varje rankat parti som avslutas från och med nu räknas till dess topplista, och alla börjar om från början. Ratingen genom tiderna fortsätter som förut.
season-ended = **Säsong { $season }** är slut. Sluttabellen står kvar som den är: `/{ cmd-dama-name } { cmd-leaderboard-name } { opt-season-name }:{ $season }`.
season-champions = Mästare för säsong { $season }, { $speed }:
season-no-champions = Ingen spelade under säsongen { $min ->
    [one] det rankade parti
   *[other] de { $min } rankade partier
} som krävs för att rankas: inga mästare den här gången.
