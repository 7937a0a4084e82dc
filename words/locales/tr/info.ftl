# Sorgular ve ayarlar: süren oyunlar, sıralama, istatistikler, oyuncu ayarları ve tatiller,
# sunucunun kuralları.

games-none = Süren bir oyunun yok. `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` ya da `/{ cmd-dama-name } { cmd-play-bot-name }` ile bir oyun başlat.
games-heading = **Oyunların**
games-line = - Oyun #{ $game } { $opponent }: { $state }, { $number }. hamle ({ $channel })
games-versus = – { $name }
games-your-turn = **sıra sende**
games-your-turn-until = **sıra sende**, süre { $deadline } doluyor
games-their-turn = sıra rakipte

# /dama live: bir sunucuda süren oyunlar, izleyiciler için.
live-none = Bu sunucuda süren bir oyun yok. `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` ya da `/{ cmd-dama-name } { cmd-play-bot-name }` ile bir oyun başlat.
live-heading = **Bu sunucudaki canlı oyunlar**: { $count }
live-line = - { $title }: { $number }. hamle, hamle sırası: { $who } ({ $colour }) · { $channel }
live-more = -# En son oynanan { $shown } oyun listelendi.
live-server-only = Bu komut bir sunucunun oyunlarını listeler: sunucuda kullan.

leaderboard-all-time = **Sıralama** (bu sunucu, tüm zamanlar, { $speed })
leaderboard-season = **Sıralama** (bu sunucu, { $season }. sezon, { $speed })
leaderboard-season-final = **Sıralama** (bu sunucu, { $season }. sezon, son sıralama, { $speed })
leaderboard-dms = **Sıralama** (özel mesajlar, { $speed })
leaderboard-empty = Burada görünmek için gereken { $min } puanlı oyunu henüz kimse oynamadı.
leaderboard-line = { $rank }. { $name } { $rating }{ $mark } ({ $games } oyun)
leaderboard-provisional = -# ? işareti geçici bir puanı gösterir.

stats-rating = { $speed }: puan { $rating } ± { $deviation }, { $rank }.
stats-rating-provisional = { $speed }: puan { $rating } ± { $deviation }, geçici, { $rank }.
stats-rank = burada { $rank }. sırada
stats-unranked = henüz sıralamada değil ({ $min } puanlı oyun gerekir)
stats-no-rating = Burada henüz puanlı oyun yok.
stats-no-rating-speed = { $speed }: burada henüz puanlı oyun yok.
stats-record = { $games } oyun: { $wins } galibiyet, { $draws } beraberlik, { $losses } yenilgi.
stats-streak-wins = Güncel seri: üst üste { $count } galibiyet.
stats-streak-draws = Güncel seri: üst üste { $count } beraberlik.
stats-streak-losses = Güncel seri: üst üste { $count } yenilgi.
stats-against = { $opponent } karşısında: { $games } oyun: { $wins } galibiyet, { $draws } beraberlik, { $losses } yenilgi.

settings = Ayarların: hamleler { $notation } notasyonla yazılır, tahta teması **{ $theme }**, Siyahla oynarken kendi tarafın altta: **{ $flip }** (kapalıysa Beyaz hep altta), hamle sırası { $notify } bildirilir.
notation-algebraic = **cebirsel** (`d3-d4`)
notation-numeric = **sayısal** (`44-36`)
theme-traditional = geleneksel
theme-checkered = damalı
notify-channel = **oyunun kanalında**
notify-dm = **özel mesajla**
notify-both = **hem oyunun kanalında hem özel mesajla**
setting-on = açık
setting-off = kapalı

vacation-started = { $until } tarihine kadar tatildesin: oyunlarının saatleri durdu. Bu yıl { $days } tatil günün kaldı.
vacation-started-now = Artık tatildesin: oyunlarının saatleri durdu. Bu yıl { $days } tatil günün kaldı.
vacation-ended = Tekrar hoş geldin: tatilin bitti, oyunlarının saatleri yeniden işliyor. Bu yıl { $days } tatil günün kaldı.
server-rules-set = Bu sunucuda kural belirtilmeden başlatılan oyunlar artık **{ $rules }** ile oynanır. Başlamış oyunlar kendi kurallarıyla sürer.

language-chosen = Artık sana bu dilde cevap vereceğim.
language-auto = Artık sana yeniden Discord'unun dilinde cevap vereceğim.
server-language-chosen = Bu sunucudaki tahtalar ve sonuçlar artık bu dilde.
server-language-auto = Bu sunucudaki tahtalar ve sonuçlar yeniden sunucunun Discord dilinde.

season-started = Bu sunucuda **{ $season }. sezon** başladı: bundan sonra biten her puanlı oyun bu sezonun sıralamasına sayılır, herkes sıfırdan başlar. Tüm zamanların puanları eskisi gibi sürer.
season-ended = **{ $season }. sezon** bitti. Son sıralaması olduğu gibi kalır: `/{ cmd-dama-name } { cmd-leaderboard-name } { opt-season-name }:{ $season }`.
season-champions = { $season }. sezonun şampiyonları, { $speed }:
season-no-champions = Sıralamaya girmek için gereken { $min } puanlı sezon oyununu kimse oynamadı: bu kez şampiyon yok.
