# Oyunların web sayfaları (DAMA_WEB_ADDR): tahtanın çevresindeki sözler ve Discord'da tahtanın
# altındaki bağlantı.

web-watch-live = Canlı izle
web-page-title = Oyun #{ $game }: { $white } – { $black }
web-description = { $white } (Beyaz) – { $black } (Siyah), { $number }. hamle. { $status }
web-turn = Hamle sırası: { $name } ({ $colour }).
web-deadline = Süre bitiyor:
web-moves = Hamleler
web-start = Başlangıç
web-first = İlk konum
web-previous = Önceki hamle
web-next = Sonraki hamle
web-last = Şimdiki konum
web-pdn = PDN indir
web-live = Canlı
web-offline = Yeniden bağlanıyor…
web-review = İnceleme
web-review-graph = Her hamleden sonraki değerlendirme, Beyaz açısından (yukarısı: Beyaz daha iyi).
web-not-found-title = Böyle bir oyun yok
web-not-found = Bu bağlantı bir oyuna gitmiyor. Tamamının kopyalandığından emin ol.
web-failed-title = Bir sorun çıktı
web-busy = Şu anda çok fazla istek var: biraz sonra yeniden dene.
web-slow-request = İstek çok geç ulaştı: yeniden dene.
web-too-large = İstek, sayfanın gönderebileceğinden büyüktü: hiçbir şey yapılmadı.
web-no-page-title = Böyle bir sayfa yok
web-no-page = Bu adreste bir sayfa yok. Bağlantının tamamının kopyalandığından emin ol.
web-discord-unreachable = Şu anda Discord'a ulaşılamıyor: biraz sonra yeniden dene.

# Discord ile giriş yapmak ve sayfada oynamak.
web-sign-in = Discord ile giriş yap
web-signed-in = { $name } olarak giriş yaptın
web-sign-out = Çıkış yap
web-sign-out-everywhere = Tüm cihazlardan çıkış yap
web-sign-in-failed = Discord ile giriş yapılamadı. Oyuna dönüp yeniden dene.
web-sign-in-to-play = Bu oyunu oynamak için Discord ile giriş yap.
web-forged = Bu istek oyunun sayfasından gelmedi. Sayfayı yenileyip yeniden dene.
web-bad-action = Sayfa, botun okuyamadığı bir şey gönderdi. Sayfayı yenileyip yeniden dene.
web-your-move = Sıra sende: bir taş seç, sonra gideceği kareyi.
web-choose-path = Bu alma birden fazla yoldan yapılabilir: birini seç.
web-premove-queued = Ön hamle sıraya alındı: sıra sana geldiği anda oynanacak. İptal etmek için tahtaya dokun.
web-premove-dropped = Ön hamlen, rakibinin hamlesinden sonra kurallara uygun değildi: iptal edildi, hamleni kendin yap.
web-move-sound = Hamle sesi
web-clock-white = Beyazın saati
web-clock-black = Siyahın saati
web-clock-low = süre azalıyor
web-watching = İzliyorsun: burada yalnızca iki oyuncu hamle yapabilir.

## Etkinlik: Discord içindeki tahta.
activity-open-board = Tahtayı aç
activity-connecting = Discord'a bağlanılıyor…
activity-failed = Tahta burada açılamadı. Etkinliği kapatıp yeniden aç.
activity-busy = Şu anda çok fazla üye giriş yapıyor. Etkinliği kapatıp bir dakika sonra yeniden aç.
activity-outside = Bu, Discord içindeki tahtadır: Discord'da, bir tahtanın Tahtayı aç düğmesinden ya da Uygulama Başlatıcı'dan aç.
activity-your-games = Oyunların
activity-live-games = Burada oynanan oyunlar
activity-no-games = Bu sunucuda devam eden oyunun yok.
activity-all-games = Tüm oyunlar
activity-your-turn = Sıra sende
activity-their-turn = Rakibin bekleniyor

## Sunucunun bulmacalarını web'de çözmek.
web-puzzle-title = Bulmacalar
web-puzzle-number = Bulmaca #{ $puzzle }
web-puzzle-next = Sonraki bulmaca
web-puzzle-sign-in = Bu sunucunun bulmacalarını çözmek için Discord ile giriş yap.
web-puzzle-not-member = Bu sunucunun bulmacalarını yalnızca üyeleri çözebilir.
web-puzzle-solve = Web'de çöz

## Analiz tahtası: oyunun herhangi bir konumundan yan yolda denenen hamleler, oyun bitince
## bilgisayarın değerlendirmesi ve bir oyuncunun koşullu hamleleri.
web-analysis = Analiz tahtası
web-analysis-title = Analiz
web-analysis-hint = İki taraf için de hamle dene: burada oynananlar oyuna dokunmaz.
web-analysis-return = Oyuna dön
web-analysis-bad-position = Sayfa, botun okuyamadığı bir konum gönderdi. Sayfayı yenileyip yeniden dene.
web-analysis-no-moves = Burada { $colour } için hamle kalmadı: kaybeder.
web-evaluation = Bilgisayarın değerlendirmesi, Beyaz açısından: { $value }
web-evaluation-wins = { $colour } { $plies } hamlede kesin kazanır.
web-evaluation-drawn = Oyun burada berabere.
web-best-line = Bilgisayarın varyantı:
web-evaluating = Bilgisayar bu konuma bakıyor…
web-evaluation-after-game = Bilgisayar konumları yalnızca oyun bittikten sonra değerlendirir.
web-evaluation-sign-in = Konumları bilgisayara değerlendirtmek için Discord ile giriş yap.
web-evaluation-too-many = Şu anda süren { $limit } değerlendirmen var: birinin bitmesini bekle.
web-evaluation-quota = Son bir dakikada { $limit } değerlendirme istedin: yenisini istemeden önce biraz bekle.
web-conditional-title = Koşullu hamlelerin
web-conditional-hint = Bunları yalnızca sen görürsün. Rakibin bir varyantın ilk hamlesini oynayınca, ona verdiğin cevap hemen oynanır.
web-conditional-save = Koşullu hamle olarak kaydet
web-conditional-how = Koşullu hamle kaydetmek için şimdiki konumdan rakibinin hamlesini ve kendi cevabını (istersen daha fazla çift) oyna.
web-conditional-saved = Kaydedildi. Rakibin öngördüğün hamleyi oynar oynamaz cevabın oynanır.
web-conditional-clear = Hepsini sil
web-claim-win = Rakibin ayrıldı: galibiyeti talep et
web-claim-draw = Beraberlik talep et
