# The site's home page, at the public address's root (DAMA_PUBLIC_URL): what dama is, the
# links that add the bot, and the servers whose community pages are open.

home-title = Dama: Turkish draughts on Discord
home-lead = Play Turkish draughts with your friends or against the computer, without leaving Discord. Type `/{ cmd-dama-name }` in a channel: each game gets its board and its own thread, and a live page like this site's.
home-points = Live games, correspondence games over days, tournaments, daily puzzles and a review of every game, in English, Turkish, Spanish and Swedish.
home-picture = A game in progress: White's men move up the board, Black's down, and captures are compulsory.
home-add = Add to Discord
home-add-server = Add to a server
home-add-user = Add to my apps
home-add-user-note = Added to your own account, the bot plays in direct messages and group chats too.
home-add-unknown = The links to add the bot appear here once it has connected to Discord.
home-servers = Community pages
home-servers-lead = These servers show their leaderboards, live games and tournaments here:
home-servers-none = No server has opened its community pages yet. A server's managers open them with the `{ opt-web-name }` option of `/{ cmd-dama-name } { cmd-server-name }`.
home-server = Server { $id }
