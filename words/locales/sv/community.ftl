# En servers webbsidor (/dama server web:on): dess topplista, pågående partier, turneringar och
# spelarnas sidor, och länkarna till dem under botens svar i Discord.

## Svaret på /dama server web:…, och länkknapparna

server-web-on = Serverns webbsidor är aktiverade: { $link }
server-web-on-unserved = Serverns webbsidor är aktiverade, men boten har ingen webbadress än: de dyker upp när den som driver boten ger den en.
server-web-off = Serverns webbsidor är avstängda: länkarna till dem leder ingenstans längre.
community-link-leaderboard = Topplista på webben
community-link-live = Pågående partier på webben
community-link-tournament = Turneringen på webben

## Sidorna

community-nav = Serverns sidor
community-leaderboard = Topplista
community-live = Pågående partier
community-tournaments = Turneringar
community-tables = Topplistor
community-speeds = Tempon
community-all-time = Genom tiderna
community-season = Säsong { $season }
community-leaderboard-all-time = Topplista genom tiderna
community-leaderboard-season = Topplista, säsong { $season }
community-leaderboard-season-final = Topplista, säsong { $season } (sluttabell)
community-leaderboard-empty = Ingen har ännu spelat { $min ->
    [one] det rankade parti
   *[other] de { $min } rankade partier
} som krävs för att komma med.
community-column-player = Spelare
community-column-rating = Rating
community-column-games = Rankade partier
community-provisional = ? betyder att ratingen är preliminär.
community-live-none = Inga partier pågår på den här servern.
community-live-count = { $total ->
    [one] { $total } pågående parti.
   *[other] { $total } pågående partier.
}
community-live-shown = De { $shown } som spelats senast visas.
community-watch = Titta
community-move = drag { $number }
community-tournaments-none = Den här servern har inga turneringar än.
community-status-open = anmälan öppen
community-status-running = rond { $round }
community-status-finished = avslutad
community-status-cancelled = inställd
community-entrants = { $count ->
    [one] { $count } spelare
   *[other] { $count } spelare
}
community-standings = Ställning
community-pairings = Lottning
community-round = Rond { $round }
community-bye = frirond
community-in-progress = pågår
community-recent = Senaste partier
community-rating-graph = Rating efter varje rankat parti
community-rating-graph-alt = Ratingen under { $count ->
    [one] det senaste rankade partiet
   *[other] de senaste { $count } rankade partierna
}: från { $before } till { $after }.
community-rating-point = Parti #{ $game }: { $rating }
community-won = vinst
community-lost = förlust
community-drawn = remi
community-aborted = avbrutet
community-versus = mot { $name }
community-game-number = #{ $game }

## An arena's page, and the Activity's line for the arena one joined

community-arena-title = Arena: { $name }
community-arena-ends-in = Slutar om
community-arena-starts-in = Börjar om
community-arena-over = Den här arenan är slut.
community-arena-cancelled = Den här arenan ställdes in.
community-arena-terms = { $count ->
    [one] { $count } minut
   *[other] { $count } minuter
} · { $clock } · { $rated }
community-arena-score = Poäng
community-arena-sheet = Resultat
community-arena-games = Partier
community-arena-nobody = Ingen har anslutit sig än.
community-arena-playing = Partier som spelas
community-arena-no-games = Inget parti spelas just nu.
community-arena-key = 🔥 i form: varje vinst räknas dubbelt tills ett parti inte vinns. ⚔ berserk: halva tiden, en poäng extra för en vinst på minst 7 drag.
community-arena-fire = i form
community-arena-berserk = berserk
community-arena-you-waiting = Du väntar på nästa motståndare: du lottas så snart någon är ledig.
community-arena-you-playing = Du spelar parti #{ $game }.
community-arena-you-paused = Du har pausat: gå med igen i Discord för att lottas.
community-arena-you-left = Du lämnade den här arenan; dina poäng står kvar i tabellen.
community-arena-you-over = Arenan är slut: din placering är slutgiltig.
community-arena-open-game = Öppna ditt parti
community-arena-standing = Plats { $rank } · { $score } poäng
community-arena-open = Öppna arenan
