# Avslag: varför boten inte gjorde det en spelare bad om. Rutor och drag i läsarens notation.

generic-failure = Något gick fel hos mig. Försök igen om en stund.
discord-failure = Jag kunde inte posta mitt svar på Discord. Allt du spelade eller ändrade är sparat: `/{ cmd-dama-name } { cmd-board-name }` visar partiet.

no-such-game = Det finns inget parti #{ $game }.
no-game-here = Du har inget pågående parti här. Starta ett med `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` eller `/{ cmd-dama-name } { cmd-play-bot-name }`, eller ange ett med alternativet `{ opt-game-name }`.
several-games-here = Du har flera partier här ({ $games }): välj ett med alternativet `{ opt-game-name }`.
not-a-participant = Du spelar inte i det här partiet.
not-your-turn = Det är inte ditt drag: vänta på motståndarens drag.
game-over = Partiet är slut.
deadline-passed = Tiden för draget i det här partiet har gått ut: partiet registreras som förlorat på tid, och inget annat kan ändra det.
out-of-time = Din klocka tog slut före det här draget: partiet är förlorat på tid.
game-aborted = Det första draget kom för sent: partiet avbryts, utan resultat.
nothing-to-claim = Bara ett livepartis resultat kan begäras, mot en person och när båda sidor har dragit.
opponent-still-here = Din motståndare är kvar. Om hen håller sig borta kan du begära om { $seconds ->
    [one] { $seconds } sekund
   *[other] { $seconds } sekunder
}.
overdue-game = Din tid gick ut i parti #{ $game }: det registreras som förlorat på tid, och en semester kan inte ändra det. Försök igen när det är registrerat.
moved-on = Partiet har gått vidare sedan dess, så inget ändrades: titta på brädet igen.
not-visible-here = Du kan inte se det här partiet härifrån: en servers partier syns från den servern, och ett parti i direktmeddelanden bara för dess två spelare.
missed-capture-refused = Med strikta regler skulle draget förlora partiet: slag är tvingande, och { $available } slår { $count ->
    [one] { $count } pjäs
   *[other] { $count } pjäser
}.
conflict = Partiet ändrades medan du agerade (ett drag eller ett svar kom först): titta på brädet igen.
no-such-challenge = Det finns ingen utmaning #{ $challenge }.
challenge-gone = Utmaningen är inte längre öppen: den är redan besvarad eller tillbakadragen.
challenge-has-expired = Utmaningen har gått ut.
challenge-not-for-you = Utmaningen gäller någon annan.
own-challenge = Du kan inte svara på din egen utmaning (du kan dra tillbaka den).
not-your-challenge = Bara utmanaren kan dra tillbaka utmaningen.
self-challenge = Du kan inte utmana dig själv.
game-in-progress = Det här partiet pågår fortfarande: revansch kan begäras när det är slut.
rematch-pending = Revansch för det här partiet har redan begärts: den väntar på svar.
rematch-started = Revanschen för det här partiet har redan börjat.
no-draw-offer = Det finns inget remierbjudande att svara på.
draw-already-offered = Du har redan erbjudit remi: nu är det motståndarens tur att svara.
no-takeback-request = Ingen har bett att få ta tillbaka ett drag.
takeback-pending = En begäran om att ta tillbaka väntar redan på svar.
nothing-to-take-back = Du har inget drag att ta tillbaka.
vacation-exhausted = Du har bara { $days ->
    [one] { $days } semesterdag
   *[other] { $days } semesterdagar
} kvar i år.
invalid-vacation-length = En semester varar minst en dag.
already-on-vacation = Du har redan semester till den { $until }.
not-on-vacation = Du har inte semester.
too-many-challenges = Du har redan { $limit ->
    [one] { $limit } öppen utmaning
   *[other] { $limit } öppna utmaningar
}: dra tillbaka en (knappen **{ button-withdraw }**) eller vänta på svar.
too-many-challenges-to-player = Du har redan { $limit ->
    [one] { $limit } öppen utmaning
   *[other] { $limit } öppna utmaningar
} till den här spelaren: vänta på svar, eller dra tillbaka en (knappen **{ button-withdraw }**) för att skicka en ny.
declined-recently = Den här spelaren avböjde din senaste utmaning: du kan skicka en ny { $when } ({ $at }).
too-many-games = Du spelar redan { $limit ->
    [one] { $limit } parti
   *[other] { $limit } partier
} samtidigt, det högsta tillåtna: avsluta ett (eller ge upp det med `/{ cmd-dama-name } { cmd-resign-name }`) innan du börjar ett nytt.
opponent-has-too-many-games = Utmanaren spelar redan { $limit ->
    [one] { $limit } parti
   *[other] { $limit } partier
} samtidigt, det högsta tillåtna: utmaningen kan antas när något av dem är slut.
too-many-computer-games = Du spelar redan { $limit ->
    [one] { $limit } parti
   *[other] { $limit } partier
} mot datorn: avsluta ett (eller ge upp det med `/{ cmd-dama-name } { cmd-resign-name }`) innan du börjar ett nytt.

# Text som inte anger något lagligt drag: fraser som boten gör till meningar (stor bokstav,
# punkt) och som också visas inuti andra meningar.
move-empty = inget drag angavs: skriv det som d3-d4 eller d4xd6xf6
move-bad-square = { $text } är ingen ruta: använd a1 till h8, eller 1 till 64
move-too-short = ett drag behöver minst två rutor, som d3-d4
move-separators = skriv ett vanligt drag som från-till (d3-d4) och ett slag med x (d4xd6xf6)
move-no-legal-moves = det finns inget lagligt drag: partiet är slut
move-no-piece = det står ingen pjäs på { $square }
move-not-your-piece = pjäsen på { $square } är inte din
move-capture-required = slagtvång: du måste slå { $count ->
    [one] { $count } pjäs
   *[other] { $count } pjäser
}, t.ex. { $example }
move-nothing-to-capture = det finns inget att slå: { $typed } är inget lagligt drag
move-ambiguous = { $typed } kan vara { $count } drag: { $moves }; skriv hela vägen
move-illegal = { $typed } är inget lagligt drag
not-a-move = { $typed } är inget drag ({ $why }). Skriv drag som { $plain }, och slag med varje landningsruta som { $capture }.

unknown-command = Okänt kommando.
unknown-choice = `{ $word }` är inget av alternativen: välj ett i listan.
unknown-action = Okänd åtgärd `{ $word }`: välj en i listan.
unknown-notation = Okänd notation `{ $word }`: välj *{ choice-notation-algebraic }* eller *{ choice-notation-numeric }*.
choose-opponent = Välj vem du vill utmana.
bots-cannot-play = Andra bottar än jag kan inte spela här: använd `/{ cmd-dama-name } { cmd-play-bot-name }` för att spela mot datorn.
level-range = Nivån är ett tal från 1 till 5.
no-clock-here = Jag kan inte posta i den här kanalen på egen hand (ett grupp-DM, eller en server där dama inte är installerad), så ingen skulle kunna påminnas om ett drag eller få veta om en förlust på tid. Partier här har ingen klocka: utelämna `{ opt-time-name }`, eller välj *{ choice-time-none }*. För ett parti med tid, spela på en server som har dama, eller i dina DM med dama.
server-only = Det här ställer in en servers regler: använd det på servern.
needs-manage-server = Bara medlemmar som får hantera servern (Hantera server) kan ändra dess inställningar.
choose-rules = Välj regler, ett språk, webbsidorna eller flera av dem.
stale-button = Den här knappen används inte längre.
choose-piece = Välj en pjäs i menyn.
choose-move = Välj ett drag i menyn.
piece-cannot-move = Pjäsen på { $square } kan inte flyttas nu: välj en annan.
season-open = Säsong { $season } pågår fortfarande: avsluta den med `/{ cmd-dama-name } { cmd-season-name }` innan du startar en ny.
no-open-season = Ingen säsong pågår på den här servern: starta en med `/{ cmd-dama-name } { cmd-season-name }`.
no-such-season = Den här servern har ingen säsong { $season }.
season-server-only = Säsonger hör till en server: använd det här på servern.
season-needs-manage-server = Bara medlemmar som får hantera servern (Hantera server) kan starta eller avsluta en säsong.

## Villkorade drag: svar som sparas i förväg under motståndarens tur.
conditional-own-turn = Det är ditt drag: villkorade drag sparas under motståndarens tur.
conditional-against-computer = Datorn svarar direkt: mot den finns inga villkorade drag.
conditional-unanswered = En variant av villkorade drag består av par, motståndarens drag och ditt svar på det: avsluta den med ditt svar.
conditional-illegal = Drag { $number } i varianten: { $why }.
conditional-missed-capture = Med strikta regler skulle ditt svar { $played } förlora partiet: den som missar ett slag förlorar, och { $available } slår fler.
conditional-game-ends = Partiet skulle vara slut efter drag { $number } i varianten: avsluta varianten där.
conditional-too-deep = En variant har högst { $max } svar.
conditional-too-many-lines = Du kan spara högst { $max ->
    [one] { $max } variant
   *[other] { $max } varianter
} av villkorade drag per parti: rensa dem först.
conditional-line-or-action = Ange en variant att spara eller välj en åtgärd, inte båda.

clock-syntax = `{ $text }` är ingen klocka: skriv minuterna och sedan sekunderna som läggs till per drag, som `5+3`.
clock-range = `{ $text }` är utanför gränserna: 1 till 30 minuter och 0 till 20 sekunder per drag (från 1+0 till 30+20).

evaluation-not-of-game = Den ställningen hör inte till det här partiet: datorn värderar bara ställningar som nås från partiets egna drag.
evaluation-line-too-long = En variant att värdera har högst { $max } drag.
evaluation-game-in-progress = Den ställningen finns i, eller nära, ett parti du spelar: datorn säger inget om den förrän det partiet är slut.
