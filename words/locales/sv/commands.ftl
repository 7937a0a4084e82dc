# Kommandot /dama på svenska. Namn: 1-32 tecken, gemener, inga mellanslag ("-" i stället).
# Beskrivningar och valens namn: högst 100 tecken. Termer: parti, drag, bricka, dam, slag,
# remi, ge upp, ta tillbaka, bräde.
# Ett kommandos eller alternativs namn skrivs bara här: meddelandena hämtar det härifrån
# (`/{ cmd-dama-name } { cmd-board-name }`, `{ opt-game-name }`).

cmd-dama-name = dama
cmd-dama-description = Spela turkisk dam (Dama)
cmd-launch-name = starta
cmd-launch-description = Öppna Dama-brädet inuti Discord

## Underkommandon

cmd-challenge-name = utmana
cmd-challenge-description = Utmana någon till ett parti
cmd-open-name = öppen-utmaning
cmd-open-description = Lägg ut en öppen utmaning som vem som helst här kan anta
cmd-play-bot-name = spela-mot-datorn
cmd-play-bot-description = Spela mot datorn
cmd-move-name = drag
cmd-move-description = Gör ett drag, till exempel d3-d4 eller d4xd6xf6
cmd-board-name = bräde
cmd-board-description = Visa brädet i ditt parti
cmd-resign-name = ge-upp
cmd-resign-description = Ge upp ditt parti
cmd-draw-name = remi
cmd-draw-description = Erbjud, anta eller avböj remi
cmd-takeback-name = ta-tillbaka
cmd-takeback-description = Be att få ta tillbaka ditt senaste drag, eller svara på en sådan begäran
cmd-claim-name = begär
cmd-claim-description = I ett liveparti som din motståndare har lämnat: begär vinst eller remi
cmd-games-name = partier
cmd-games-description = Visa dina pågående partier
cmd-live-name = pågående
cmd-live-description = Följ pågående partier på den här servern
cmd-leaderboard-name = topplista
cmd-leaderboard-description = Topplistan på den här servern
cmd-stats-name = statistik
cmd-stats-description = En spelares rating och resultat
cmd-export-name = exportera
cmd-export-description = Ladda ner ett parti som PDN
cmd-rules-name = regler
cmd-rules-description = Så spelas turkisk dam
cmd-settings-name = inställningar
cmd-settings-description = Ditt språk, din notation, ditt brädtema, brädets riktning och dina turaviseringar
cmd-vacation-name = semester
cmd-vacation-description = Pausa klockorna i alla dina partier
cmd-vacation-end-name = avsluta-semester
cmd-vacation-end-description = Avsluta semestern i förtid och starta dina klockor igen
cmd-server-name = server
cmd-server-description = Serverns standardregler, språk och webbsidor (kräver Hantera server)

## Alternativ

opt-opponent-name = motståndare
opt-opponent-description = Vem du vill spela mot
opt-color-name = färg
opt-color-description = Din färg (standard: slumpad)
opt-time-name = tid
opt-time-description = Tid per drag (standard: 1 dag)
opt-rated-name = rankat
opt-rated-description = Räknas till topplistan (standard: ja)
opt-rules-name = regler
opt-rules-description = Reglerna (standard: serverns)
opt-rules-server-description = Reglerna för partier som inte anger några
opt-level-name = nivå
opt-level-description = 1 (nybörjare) till 5 (mycket stark)
opt-move-name = drag
opt-move-description = Ditt drag (börja skriva för att se de tillåtna)
opt-game-name = parti
opt-game-description = Vilket av dina partier (standard: det i den här kanalen)
opt-action-name = åtgärd
opt-action-description = Vad du vill göra
opt-user-name = spelare
opt-user-description = Vems statistik (standard: din)
opt-versus-name = mot
opt-versus-description = Inbördes möten med den här spelaren
opt-notation-name = notation
opt-notation-description = Hur rutorna skrivs
opt-theme-name = tema
opt-theme-description = Brädets utseende
opt-flip-name = vänd
opt-flip-description = Din sida nederst när du spelar svart (standard); annars alltid vit nederst
opt-notify-name = aviseringar
opt-notify-description = Var du får veta att det är ditt drag
opt-text-name = text
opt-text-description = Brädet som text, för en skärmläsare
opt-days-name = dagar
opt-days-description = Hur många dagar

## Val

choice-color-white = Vit (drar först)
choice-color-black = Svart
choice-color-random = Slumpvis
choice-time-none = Ingen gräns
choice-time-1h = 1 timme
choice-time-1d = 1 dag
choice-time-3d = 3 dagar
choice-time-7d = 7 dagar
choice-rules-standard = Standardregler
choice-rules-federation = Förbundets regler (blir dam först efter slaget)
choice-rules-strict = Strikta regler (den som missar ett slag förlorar)
choice-rules-federation-strict = Förbundets strikta regler (blir dam först efter slaget; den som missar ett slag förlorar)
choice-notation-algebraic = Algebraisk (d3-d4)
choice-notation-numeric = Numerisk (44-36)
choice-theme-traditional = Traditionellt
choice-theme-checkered = Rutigt
choice-notify-channel = I partiets kanal
choice-notify-dm = Via direktmeddelande
choice-notify-both = Båda
choice-draw-offer = Erbjud remi
choice-draw-accept = Anta erbjudandet
choice-draw-decline = Avböj erbjudandet
choice-takeback-request = Be att få ta tillbaka draget
choice-takeback-accept = Bevilja begäran
choice-takeback-decline = Avslå begäran
choice-claim-win = Begär vinst
choice-claim-draw = Begär remi

opt-language-name = språk
opt-language-description = Språket som boten svarar dig på
opt-language-server-description = Språket för serverns bräden och resultat
choice-language-auto = Automatiskt (Discords språk)
choice-language-en = English
choice-language-tr = Türkçe
choice-language-es = Español
choice-language-sv = Svenska
# Alternativet webb i /dama server.
opt-web-name = webb
opt-web-description = Serverns webbsidor: topplista, pågående partier, turneringar, spelare
choice-web-on = På: publicera dem på webben
choice-web-off = Av: ta bort dem

cmd-season-name = säsong
cmd-season-description = Starta eller avsluta serverns säsong (kräver Hantera server)
# Åtgärden för /dama season.
choice-season-start = Starta en säsong
choice-season-end = Avsluta säsongen och utse dess mästare
# Alternativen för /dama leaderboard.
opt-period-name = period
opt-period-description = Vilken topplista (standard: pågående säsong, annars genom tiderna)
choice-period-season = Säsong
choice-period-all-time = Genom tiderna
opt-season-name = säsong
opt-season-description = En säsongs nummer (en avslutad säsong visar sin sluttabell)

cmd-tournament-name = turnering
cmd-tournament-description = Turneringar på den här servern: korrespondens eller en livearena
cmd-tournament-create-name = skapa
cmd-tournament-create-description = Skapa en turnering i den här kanalen
cmd-tournament-join-name = gå-med
cmd-tournament-join-description = Gå med i en turnering
cmd-tournament-leave-name = lämna
cmd-tournament-leave-description = Lämna en turnering (efter starten drar du dig ur och förlorar dina partier på walkover)
cmd-tournament-start-name = starta
cmd-tournament-start-description = Starta en turnering (den som skapade den, eller Hantera server)
cmd-tournament-standings-name = ställning
cmd-tournament-standings-description = En turnerings ställning och lottning
cmd-tournament-cancel-name = ställ-in
cmd-tournament-cancel-description = Ställ in en turnering (den som skapade den, eller Hantera server)
opt-tournament-name = turnering
opt-tournament-description = Vilken turnering (standard: den nyaste som passar)
opt-name-name = namn
opt-name-description = Turneringens namn
opt-format-name = format
opt-format-description = Hur spelarna paras ihop
choice-format-round-robin = Alla mot alla (alla möter alla)
choice-format-double-round-robin = Dubbel alla mot alla (två gånger, med ombytta färger)
choice-format-swiss = Schweizersystem (spelare med lika många poäng möts)
choice-format-arena = Arena (live: ny lottning så fort du är ledig, under en bestämd tid)
opt-minutes-name = minuter
opt-minutes-description = En arenas längd i minuter, 10 till 180 (standard 45)
opt-arena-clock-description = En arenas liveklocka: minuter + sekunder per drag, som 5+3 (standard 3+2)
opt-rounds-name = ronder
opt-rounds-description = Antal ronder i schweizersystem (standard: log2 av antalet spelare, avrundat uppåt, plus ett)
opt-max-players-name = max-spelare
opt-max-players-description = Högsta antal spelare (standard: 16)
opt-starts-name = start
opt-starts-description = Starta automatiskt: om 2h eller 3d, eller 2026-12-24 18:00 (UTC)

cmd-review-name = analys
cmd-review-description = Datorns analys av ett avslutat parti: varje drag bedömt, en graf, en kommenterad PDN

# Problem.
cmd-puzzle-name = problem
cmd-puzzle-description = Ett problem ur den här serverns egna partier, bara för dig: svara med dragkommandot
opt-daily-name = daglig
opt-daily-description = Dagens problem på servern i stället för ditt nästa
opt-puzzle-channel-name = problemkanal
opt-puzzle-channel-description = Var dagens problem publiceras
opt-puzzle-hour-name = problemtid
opt-puzzle-hour-description = Timmen (UTC, 0 till 23) då dagens problem publiceras (standard 12)
choice-period-puzzles = Problem
opt-daily-puzzle-name = dagens-problem
opt-daily-puzzle-description = Om dagens problem publiceras (i problemkanalen)
opt-arena-role-name = arenaroll
opt-arena-role-description = En roll som boten ger vinnaren av serverns senaste arena (kräver Hantera roller)
opt-leader-role-name = ledarroll
opt-leader-role-description = En roll som boten ger ledaren av serverns säsong (kräver Hantera roller)
choice-daily-puzzle-on = På
choice-daily-puzzle-off = Av: inga fler dagens problem

# Villkorade drag och förhandsdrag: svar som sparas under motståndarens tur.
cmd-premove-name = förhandsdrag
cmd-premove-description = Spara ditt nästa drag nu: det spelas så snart din motståndare har dragit
opt-move-premove-description = Ditt svar på vad din motståndare än drar, till exempel d3-d4
cmd-conditional-name = villkorade-drag
cmd-conditional-description = Spara svar på motståndarens nästa drag, eller visa eller rensa dem
opt-line-name = variant
opt-line-description = Motståndarens drag, ditt svar och fler par: e6-e5 d4xd6 f7xd5 c3-c4
choice-conditional-list = Visa dina villkorade drag och ditt förhandsdrag
choice-conditional-clear = Rensa dina villkorade drag och ditt förhandsdrag

opt-clock-name = klocka
opt-clock-description = Ett liveparti med klocka: minuter + sekunder per drag, som 5+3 (utelämna för att spela per dag)
opt-speed-name = tempo
opt-speed-description = Vilket tempos rating: bullet, blixt, snabb eller korrespondens
choice-speed-bullet = Bullet
choice-speed-blitz = Blixt
choice-speed-rapid = Snabb
choice-speed-correspondence = Korrespondens
