# Webbplatsens startsida, vid den publika adressens rot (DAMA_PUBLIC_URL): vad dama är,
# länkarna som lägger till boten och servrarna som har öppnat sina gemenskapssidor.

home-title = Dama: turkiskt damspel på Discord
home-lead = Spela turkiskt damspel med dina vänner eller mot datorn utan att lämna Discord. Skriv `/{ cmd-dama-name }` i en kanal: varje parti får sitt bräde, sin egen tråd och en direktsida som den här webbplatsens.
home-points = Direktpartier, korrespondenspartier över flera dagar, turneringar, dagliga problem och en genomgång av varje parti, på svenska, engelska, turkiska och spanska.
home-picture = Ett parti som pågår: vits brickor flyttar uppåt på brädet, svarts nedåt, och slag är tvingande.
home-add = Lägg till i Discord
home-add-server = Lägg till på en server
home-add-user = Lägg till i mina appar
home-add-user-note = Tillagd på ditt eget konto spelar boten även i direktmeddelanden och gruppchattar.
home-add-unknown = Länkarna som lägger till boten visas här så snart den har anslutit till Discord.
home-servers = Gemenskapssidor
home-servers-lead = De här servrarna visar sina topplistor, pågående partier och turneringar här:
home-servers-none = Ingen server har öppnat sina gemenskapssidor än. En servers administratörer öppnar dem med alternativet `{ opt-web-name }` i `/{ cmd-dama-name } { cmd-server-name }`.
home-server = Server { $id }
