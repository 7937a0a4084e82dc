# Ett parti som alla läser det: rubriker, vems drag det är, drag, resultat, utmaningar,
# frågor till motståndaren och etiketterna på knapparna och menyerna under brädet. Termer:
# bricka (man), dam (king), slagtvång, remi, ge upp.

colour-white = Vit
colour-black = Svart
computer-name = Datorn (nivå { $level })

game-title = Parti #{ $game }: { $white } (Vit) mot { $black } (Svart)
thread-players = { $white } mot { $black }

rules-standard = standardregler
rules-federation = förbundets regler (en bricka blir dam först när slaget är klart)
rules-strict = strikta regler (den som missar ett slag förlorar)
rules-federation-strict = förbundets strikta regler (en bricka blir dam först när slaget är klart; den som missar ett slag förlorar)

played = { $name } spelade { $move }.
you-played = Du spelade { $move }.
answered-at-once = { $name } svarade direkt med { $move }, { $premove ->
    [yes] ett förhandsdrag
   *[no] ett villkorat drag
}.
answer-dropped = Ditt { $premove ->
    [yes] förhandsdrag
   *[no] villkorade drag
} { $move } i parti #{ $game } kunde inte spelas: reglerna tillät det inte när det blev din tur. Dina andra sparade svar i det partiet är borttagna; gör ditt drag själv.
# Villkorade drag och förhandsdrag, bara till den som sparat dem (`/dama conditional`, `/dama premove`).
conditional-saved = Sparat.
premove-saved = Förhandsdrag sparat: { $move }. Det spelas så snart din motståndare har dragit, om inte en variant svarar på motståndarens drag. Då kontrolleras om reglerna tillåter det: om inte får du veta det och drar själv.
conditional-listed = Dina sparade svar i parti #{ $game } (motståndarens drag → ditt svar, som spelas direkt):
premove-listed = Förhandsdrag (svaret på alla andra drag): { $move }
conditional-none = Du har inga sparade svar i parti #{ $game }. Under motståndarens tur sparar du en variant med `/{ cmd-dama-name } { cmd-conditional-name } { opt-line-name }:…` (motståndarens drag, ditt svar och så vidare) eller ett förhandsdrag med `/{ cmd-dama-name } { cmd-premove-name }`.
conditional-cleared = Dina sparade svar i parti #{ $game } är borttagna: inga villkorade drag, inget förhandsdrag.
turn = { $who } ({ $colour }) är vid draget.
turn-until = { $who } ({ $colour }) är vid draget, tiden går ut { $deadline }.
turn-draw-offer = { $name } erbjuder remi.

result-win-head = { $winner } ({ $colour }) vinner
result-win = { $head }: { $reason }. Resultat { $token }.
result-draw-head = Remi
result-draw = { $head }: { $reason }. Resultat { $token }.
result-aborted-head = Avbrutet
result-aborted = { $head }: en sida gjorde inget första drag i tid. Inget resultat, oratat.
win-no-pieces = { $loser } har inga pjäser kvar
win-no-moves = { $loser } har inget lagligt drag
win-resignation = { $loser } gav upp
win-time = { $loser } fick slut på tid
win-abandoned = { $loser } lämnade partiet
win-missed-capture = { $loser } missade ett tvingande slag ({ $capture } slår { $count ->
    [one] { $count } pjäs
   *[other] { $count } pjäser
})
draw-agreement = efter överenskommelse
draw-repetition = samma ställning uppstod tre gånger
draw-no-progress = 50 drag var utan slag och utan att en bricka gått framåt
draw-abandoned = begärd när en spelare lämnade partiet

game-begins = Partiet börjar. Lycka till!
engine-game-starts = **{ $title }** börjar. Lycka till!
game-has-started = **{ $title }** har börjat.
game-goes-on-in = Klart. Partiet fortsätter i { $channel }.
rematch-challenge-in = Klart. Din revanschutmaning finns i { $channel }.
follow-done = Nu följer du parti #{ $game }: tråden finns i { $thread }.
follow-no-thread = Parti #{ $game } har ingen tråd att följa: det spelas i { $channel }.
board-follows = Klart. Brädet kommer strax.
replay-too-large = Uppspelningen var för stor för Discord och har utelämnats; `/{ cmd-dama-name } { cmd-export-name }` ger hela partiet.
game-moved-on = Partiet har gått vidare sedan brädet visades, så inget ändrades. Så här ser det ut nu:
exported = **{ $title }** som PDN.
reminder = { $who }, det är ditt drag i **{ $title }**: tiden går ut { $deadline }.
dms-closed = { $who }, jag kan inte skicka direktmeddelanden till dig, så aviseringar om ditt drag kommer hit igen. För att få dem som DM, tillåt direktmeddelanden från medlemmar på den här servern och välj *{ choice-notify-dm }* igen med `/{ cmd-dama-name } { cmd-settings-name } { opt-notify-name }:`.

resigns = { $name } ger upp.
you-resigned = Du gav upp.
confirm-resign = Ge upp **{ $title }**? Det går inte att ångra. (Stäng meddelandet för att spela vidare.)
offers-draw = { $name } erbjuder remi.
accepts-draw = { $name } antar remierbjudandet.
declines-draw = { $name } avböjer remierbjudandet. Partiet fortsätter.
computer-declines-draw = Datorn avböjer remierbjudandet. Partiet fortsätter.
asks-takeback = { $name } vill ta tillbaka sitt senaste drag.
takes-back = { $name } tar tillbaka { $count } drag.
allows-takeback = { $name } går med på begäran: { $count } drag tas tillbaka.
refuses-takeback = { $name } säger nej till att ta tillbaka. Partiet fortsätter.
question = { $asks } { $opponent }, { $prompt }
draw-prompt = antar du erbjudandet? (Gör du ett drag i stället avböjer du det.)
takeback-prompt = går du med på det?

confirm-missed-capture = Med strikta regler förlorar { $played } partiet: slag är tvingande, och { $available } slår { $count ->
    [one] { $count } pjäs
   *[other] { $count } pjäser
}. Spela det ändå?
nothing-played = Inget spelades: välj ett annat drag.
moves-of-piece = Ditt drag med pjäsen på **{ $square }**:

challenge-direct = { $opponent }, **{ $challenger }** utmanar dig till ett parti dam ({ $terms }). Utmaningen går ut { $expires }.
challenge-open = **{ $challenger }** söker en motståndare till ett parti dam ({ $terms }). Vem som helst här kan gå med; utmaningen går ut { $expires }.
challenge-terms = { $rated }, { $time }, { $colour }, { $rules }
challenge-rated = rankat
challenge-casual = orankat
challenge-no-time-limit = ingen tidsgräns
challenge-per-move = { $time } per drag
challenge-plays-white = { $name } spelar vit
challenge-plays-black = { $name } spelar svart
challenge-colours-random = färgerna lottas
challenge-declined = { $name } avböjde utmaningen från { $challenger }.
challenge-withdrawn = { $name } drog tillbaka utmaningen.
challenge-is-for = Den här utmaningen gäller { $who }.
challenge-expired = Utmaningen från { $challenger } har gått ut.
challenge-to-expired = Utmaningen från { $challenger } till { $opponent } har gått ut.

time-unlimited = ingen gräns
time-hour = 1 timme
time-day = 1 dag
time-three-days = 3 dagar
time-week = 7 dagar

button-resign = Ge upp
button-confirm-resign = Ja, ge upp
button-offer-draw = Erbjud remi
button-accept-draw = Anta remi
button-decline-draw = Avböj
button-flip = Vänd brädet
button-allow-takeback = Tillåt
button-refuse-takeback = Neka
button-accept = Anta
button-decline = Avböj
button-withdraw = Dra tillbaka
button-join = Gå med
button-play-and-lose = Spela och förlora
button-choose-another = Välj ett annat drag
button-rematch = Revansch
button-follow = Följ
menu-piece = Pjäsen på { $square }
menu-pick-piece = Drag ({ $colour }): välj en pjäs
menu-pick-move = Välj draget
menu-takes = slår { $count ->
    [one] { $count } pjäs
   *[other] { $count } pjäser
}

suggest-your-turn = #{ $game } mot { $opponent }: ditt drag
suggest-their-turn = #{ $game } mot { $opponent }: motståndarens drag

speed-bullet = bullet
speed-blitz = blixt
speed-rapid = snabb
speed-correspondence = korrespondens

# One player's rating change after a rated game, and the speed it was rated at.
rating-change = { $who } { $before } → { $after } ({ $change }) · { $speed }
clock-choice = { $clock } ({ $speed })
live-clocks = ⏱ Vit { $white } · Svart { $black }
live-how-to-play = Ett liveparti: spela det snabbt på dess webbsida eller i aktiviteten; drag som görs här räknas också.
