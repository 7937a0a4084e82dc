# Partiernas webbsidor (DAMA_WEB_ADDR): orden runt brädet, och länken till dem under ett bräde i
# Discord.

web-watch-live = Följ live
web-page-title = Parti #{ $game }: { $white } mot { $black }
web-description = { $white } (Vit) mot { $black } (Svart), drag { $number }. { $status }
web-turn = { $name } är vid draget ({ $colour }).
web-deadline = Tiden går ut:
web-moves = Drag
web-start = Start
web-first = Första ställningen
web-previous = Föregående drag
web-next = Nästa drag
web-last = Nuvarande ställning
web-pdn = Ladda ner PDN
web-live = Live
web-offline = Återansluter…
web-review = Analys
web-review-graph = Värderingen efter varje drag, från vits sida (uppåt: vit står bättre).
web-not-found-title = Inget sådant parti
web-not-found = Den här länken leder inte till något parti. Kontrollera att hela länken kopierades.
web-failed-title = Något gick fel
web-busy = För många förfrågningar på en gång: försök igen om en stund.
web-slow-request = Förfrågan tog för lång tid att komma fram: försök igen.
web-too-large = Förfrågan var större än någon som sidan skickar: inget gjordes.
web-no-page-title = Sidan finns inte
web-no-page = Det finns ingen sida på den här adressen. Kontrollera att hela länken kopierades.
web-discord-unreachable = Det går inte att nå Discord just nu: försök igen om en stund.

# Logga in med Discord och spela på sidan.
web-sign-in = Logga in med Discord
web-signed-in = Inloggad som { $name }
web-sign-out = Logga ut
web-sign-out-everywhere = Logga ut från alla enheter
web-sign-in-failed = Inloggningen med Discord misslyckades. Gå tillbaka till partiet och försök igen.
web-sign-in-to-play = Logga in med Discord för att spela det här partiet.
web-forged = Begäran kom inte från partiets sida. Ladda om sidan och försök igen.
web-bad-action = Sidan skickade något som boten inte kan läsa. Ladda om sidan och försök igen.
web-your-move = Ditt drag: välj en pjäs och sedan rutan den ska till.
web-choose-path = Slaget kan göras på mer än ett sätt: välj ett.
web-premove-queued = Förhandsdrag sparat: det spelas så fort det blir din tur. Tryck på brädet för att ångra det.
web-premove-dropped = Ditt förhandsdrag var inte tillåtet efter motståndarens drag: det ströks, gör ditt drag.
web-move-sound = Dragljud
web-clock-white = Vits klocka
web-clock-black = Svarts klocka
web-clock-low = ont om tid
web-watching = Du är åskådare: här kan bara de två spelarna dra.

## Aktiviteten: brädet inuti Discord.
activity-open-board = Öppna brädet
activity-connecting = Ansluter till Discord…
activity-failed = Brädet kunde inte öppnas här. Stäng aktiviteten och öppna den igen.
activity-busy = Just nu loggar för många medlemmar in. Stäng aktiviteten och öppna den igen om en minut.
activity-outside = Det här är brädet inne i Discord: öppna det i Discord, med knappen Öppna brädet under ett bräde eller från appstartaren.
activity-your-games = Dina partier
activity-live-games = Partier som spelas här
activity-no-games = Du har inget pågående parti på den här servern.
activity-all-games = Alla partier
activity-your-turn = Ditt drag
activity-their-turn = Väntar på motståndaren

## Lösa en servers problem på webben.
web-puzzle-title = Problem
web-puzzle-number = Problem #{ $puzzle }
web-puzzle-next = Nästa problem
web-puzzle-sign-in = Logga in med Discord för att lösa den här serverns problem.
web-puzzle-not-member = Bara medlemmar i den här servern löser dess problem.
web-puzzle-solve = Lös på webben

## Analysbrädet: drag som prövas i en sidovariant från vilken ställning som helst, datorns
## värdering när partiet är slut, och en spelares villkorade drag.
web-analysis = Analysbräde
web-analysis-title = Analys
web-analysis-hint = Pröva drag för båda sidor: inget som spelas här rör partiet.
web-analysis-return = Tillbaka till partiet
web-analysis-bad-position = Sidan skickade en ställning som boten inte kan läsa. Ladda om sidan och försök igen.
web-analysis-no-moves = { $colour } har inget drag kvar här och förlorar.
web-evaluation = Datorns värdering, från vits sida: { $value }
web-evaluation-wins = { $colour } vinner forcerat på { $plies } drag.
web-evaluation-drawn = Partiet är remi här.
web-best-line = Datorns variant:
web-evaluating = Datorn tittar på ställningen…
web-evaluation-after-game = Datorn värderar ställningar först när partiet är slut.
web-evaluation-sign-in = Logga in med Discord för att låta datorn värdera ställningar.
web-evaluation-too-many = Du har redan { $limit ->
    [one] { $limit } värdering
   *[other] { $limit } värderingar
} på gång: vänta tills en är klar.
web-evaluation-quota = Du har bett om { $limit } värderingar den senaste minuten: vänta en stund innan du ber om en till.
web-conditional-title = Dina villkorade drag
web-conditional-hint = Bara du ser dem. När motståndaren spelar det första draget i en variant spelas ditt svar på det direkt.
web-conditional-save = Spara som villkorade drag
web-conditional-how = För att spara villkorade drag: spela motståndarens drag och ditt svar (och fler par) från den aktuella ställningen.
web-conditional-saved = Sparat. Ditt svar spelas så snart motståndarens drag stämmer.
web-conditional-clear = Rensa alla
web-claim-win = Din motståndare har lämnat: begär vinst
web-claim-draw = Begär remi
