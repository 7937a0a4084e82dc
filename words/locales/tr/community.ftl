# Bir sunucunun web'deki topluluk sayfaları (/dama server web:on): sıralaması, canlı oyunları,
# turnuvaları ve oyuncularının sayfaları; Discord'da botun yanıtlarının altındaki bağlantılar.

## /dama server web:… yanıtı ve bağlantı düğmeleri

server-web-on = Bu sunucunun topluluk sayfaları açık: { $link }
server-web-on-unserved = Bu sunucunun topluluk sayfaları açık, ama botun henüz bir web adresi yok: botu çalıştıran kişi bir adres verdiğinde sayfalar görünür.
server-web-off = Bu sunucunun topluluk sayfaları kapalı: bağlantıları artık hiçbir yere gitmiyor.
community-link-leaderboard = Web'de sıralama
community-link-live = Web'de canlı oyunlar
community-link-tournament = Web'de turnuva

## Sayfalar

community-nav = Bu sunucunun sayfaları
community-leaderboard = Sıralama
community-live = Canlı oyunlar
community-tournaments = Turnuvalar
community-tables = Sıralamalar
community-speeds = Hızlar
community-all-time = Tüm zamanlar
community-season = { $season }. sezon
community-leaderboard-all-time = Sıralama, tüm zamanlar
community-leaderboard-season = Sıralama, { $season }. sezon
community-leaderboard-season-final = Sıralama, { $season }. sezon (son sıralama)
community-leaderboard-empty = Sıralamaya girmek için gereken { $min } puanlı oyunu henüz kimse oynamadı.
community-column-player = Oyuncu
community-column-rating = Puan
community-column-games = Puanlı oyun
community-provisional = ? işareti geçici bir puanı gösterir.
community-live-none = Bu sunucuda süren bir oyun yok.
community-live-count = Süren oyun: { $total }.
community-live-shown = En son oynanan { $shown } oyun gösteriliyor.
community-watch = İzle
community-move = { $number }. hamle
community-tournaments-none = Bu sunucuda henüz turnuva yok.
community-status-open = kayıtlar açık
community-status-running = { $round }. tur
community-status-finished = bitti
community-status-cancelled = iptal edildi
community-entrants = { $count } oyuncu
community-standings = Puan durumu
community-pairings = Eşleşmeler
community-round = { $round }. tur
community-bye = bay geçti
community-in-progress = sürüyor
community-recent = Son oyunlar
community-rating-graph = Her puanlı oyundan sonraki puan
community-rating-graph-alt = Son { $count } puanlı oyundaki puan: { $before } puandan { $after } puana.
community-rating-point = Oyun #{ $game }: { $rating }
community-won = galibiyet
community-lost = yenilgi
community-drawn = beraberlik
community-aborted = iptal
community-versus = rakip: { $name }
community-game-number = #{ $game }

## An arena's page, and the Activity's line for the arena one joined

community-arena-title = Arena: { $name }
community-arena-ends-in = Bitmesine kalan
community-arena-starts-in = Başlamasına kalan
community-arena-over = Bu arena bitti.
community-arena-cancelled = Bu arena iptal edildi.
community-arena-terms = { $count } dakika · { $clock } · { $rated }
community-arena-score = Puan
community-arena-sheet = Sonuçlar
community-arena-games = Oyun
community-arena-nobody = Henüz kimse katılmadı.
community-arena-playing = Süren oyunlar
community-arena-no-games = Şu anda süren bir oyun yok.
community-arena-key = 🔥 seri: bir oyun kazanılmayana kadar her galibiyet iki kat sayılır. ⚔ berserk: sürenin yarısı, en az 7 hamlelik bir galibiyete bir puan fazla.
community-arena-fire = seride
community-arena-berserk = berserk
community-arena-you-waiting = Sıradaki rakibini bekliyorsun: biri boşa çıkar çıkmaz eşleşirsin.
community-arena-you-playing = #{ $game } numaralı oyunu oynuyorsun.
community-arena-you-paused = Ara verdin: eşleşmek için Discord'da yeniden katıl.
community-arena-you-left = Bu arenadan ayrıldın; puanın tabloda kalır.
community-arena-you-over = Arena bitti: sıran kesinleşti.
community-arena-open-game = Oyununu aç
community-arena-standing = { $rank }. sıra · { $score } puan
community-arena-open = Arenayı aç
