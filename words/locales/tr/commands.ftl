# /dama komutunun Türkçe adları ve açıklamaları (Discord'un yerelleştirmesi). Adlar: 1-32
# karakter, küçük harf, boşluk yok ("-" kullanılır). Açıklamalar ve seçenek adları: en çok 100
# karakter. Terimler (bkz. GLOSSARY.md): taş, dama, alma, hamle, oyun, tahta, davet,
# beraberlik, terk, geri alma, notasyon.
# Bir komutun ya da seçeneğin adı yalnızca burada yazılır: mesajlar adı buradan alır
# (`/{ cmd-dama-name } { cmd-board-name }`, `{ opt-game-name }`).

cmd-dama-name = dama
cmd-dama-description = Dama oyna
cmd-launch-name = başlat
cmd-launch-description = Dama tahtasını Discord'un içinde aç

## Alt komutlar

cmd-challenge-name = davet-et
cmd-challenge-description = Birini bir oyuna davet et
cmd-open-name = açık-davet
cmd-open-description = Buradaki herkesin kabul edebileceği açık bir davet yayınla
cmd-play-bot-name = bilgisayarla-oyna
cmd-play-bot-description = Bilgisayara karşı oyna
cmd-move-name = hamle
cmd-move-description = Hamle yap, örneğin d3-d4 ya da d4xd6xf6
cmd-board-name = tahta
cmd-board-description = Oyununun tahtasını göster
cmd-resign-name = terk-et
cmd-resign-description = Oyununu terk et
cmd-draw-name = beraberlik
cmd-draw-description = Beraberlik teklif et, kabul et ya da reddet
cmd-takeback-name = geri-al
cmd-takeback-description = Son hamleni geri almak iste ya da böyle bir isteği yanıtla
cmd-claim-name = talep-et
cmd-claim-description = Rakibinin ayrıldığı canlı bir oyunda galibiyeti ya da beraberliği talep et
cmd-games-name = oyunlarım
cmd-games-description = Süren oyunlarını listele
cmd-live-name = canlı-oyunlar
cmd-live-description = Bu sunucuda süren oyunları izle
cmd-leaderboard-name = sıralama
cmd-leaderboard-description = Bu sunucunun puan sıralaması
cmd-stats-name = istatistik
cmd-stats-description = Bir oyuncunun puanı ve sonuçları
cmd-export-name = dışa-aktar
cmd-export-description = Bir oyunu PDN olarak indir
cmd-rules-name = kurallar
cmd-rules-description = Dama nasıl oynanır
cmd-settings-name = ayarlar
cmd-settings-description = Dil, notasyon, tahta teması, tahta yönü ve hamle sırası bildirimleri
cmd-vacation-name = tatil
cmd-vacation-description = Bütün oyunlarının saatlerini durdur
cmd-vacation-end-name = tatili-bitir
cmd-vacation-end-description = Tatilini erken bitir, saatlerin yeniden işlesin
cmd-server-name = sunucu
cmd-server-description = Bu sunucunun varsayılan kuralları, dili ve topluluk sayfaları (Sunucuyu Yönet izni gerekir)

## Seçenekler

opt-opponent-name = rakip
opt-opponent-description = Kiminle oynamak istiyorsun
opt-color-name = renk
opt-color-description = Rengin (varsayılan: rastgele)
opt-time-name = süre
opt-time-description = Hamle başına süre (varsayılan: 1 gün)
opt-rated-name = puanlı
opt-rated-description = Sıralamayı etkiler (varsayılan: evet)
opt-rules-name = kurallar
opt-rules-description = Kurallar (varsayılan: bu sunucunun kuralları)
opt-rules-server-description = Kural belirtmeyen oyunların kuralları
opt-level-name = seviye
opt-level-description = 1 (acemi) ile 5 (çok güçlü) arası
opt-move-name = hamle
opt-move-description = Hamlen (geçerli hamleleri görmek için yazmaya başla)
opt-game-name = oyun
opt-game-description = Hangi oyunun (varsayılan: bu kanaldaki)
opt-action-name = işlem
opt-action-description = Ne yapmak istiyorsun
opt-user-name = oyuncu
opt-user-description = Kimin istatistikleri (varsayılan: seninki)
opt-versus-name = rakip
opt-versus-description = Bu oyuncuyla aranızdaki sonuçlar
opt-notation-name = notasyon
opt-notation-description = Karelerin nasıl yazılacağı
opt-theme-name = tema
opt-theme-description = Tahtanın görünümü
opt-flip-name = çevir
opt-flip-description = Siyahla oynarken kendi tarafın altta (varsayılan); kapalıysa Beyaz hep altta
opt-notify-name = bildirim
opt-notify-description = Hamle sırasının sana nerede bildirileceği
opt-text-name = metin
opt-text-description = Tahtayı ekran okuyucu için metin olarak göster
opt-days-name = gün
opt-days-description = Kaç gün

## Seçimler

choice-color-white = Beyaz (ilk hamleyi yapar)
choice-color-black = Siyah
choice-color-random = Rastgele
choice-time-none = Süresiz
choice-time-1h = 1 saat
choice-time-1d = 1 gün
choice-time-3d = 3 gün
choice-time-7d = 7 gün
choice-rules-standard = Standart kurallar
choice-rules-federation = Federasyon kuralları (alma bitince dama çıkılır)
choice-rules-strict = Katı kurallar (zorunlu almayı kaçıran kaybeder)
choice-rules-federation-strict = Federasyon katı kuralları (alma bitince dama çıkılır, zorunlu almayı kaçıran kaybeder)
choice-notation-algebraic = Cebirsel (d3-d4)
choice-notation-numeric = Sayısal (44-36)
choice-theme-traditional = Geleneksel
choice-theme-checkered = Damalı
choice-notify-channel = Oyunun kanalında
choice-notify-dm = Özel mesajla
choice-notify-both = İkisi de
choice-draw-offer = Beraberlik teklif et
choice-draw-accept = Teklifi kabul et
choice-draw-decline = Teklifi reddet
choice-takeback-request = Geri alma iste
choice-takeback-accept = İsteği kabul et
choice-takeback-decline = İsteği reddet
choice-claim-win = Galibiyeti talep et
choice-claim-draw = Beraberlik talep et

opt-language-name = dil
opt-language-description = Botun sana cevap verdiği dil
opt-language-server-description = Bu sunucudaki tahtaların ve sonuçların dili
choice-language-auto = Otomatik (Discord'un dili)
choice-language-en = English
choice-language-tr = Türkçe
choice-language-es = Español
choice-language-sv = Svenska
# /dama server komutunun web seçeneği.
opt-web-name = web
opt-web-description = Bu sunucunun topluluk sayfaları: sıralama, canlı oyunlar, turnuvalar, oyuncular
choice-web-on = Açık: web'de yayımla
choice-web-off = Kapalı: yayından kaldır

cmd-season-name = sezon
cmd-season-description = Bu sunucunun sezonunu başlat ya da bitir (Sunucuyu Yönet izni gerekir)
# /dama season komutunun işlemi.
choice-season-start = Sezon başlat
choice-season-end = Sezonu bitir ve şampiyonlarını duyur
# /dama leaderboard seçenekleri.
opt-period-name = dönem
opt-period-description = Hangi sıralama (varsayılan: süren sezon, yoksa tüm zamanlar)
choice-period-season = Sezon
choice-period-all-time = Tüm zamanlar
opt-season-name = sezon
opt-season-description = Bir sezonun numarası (bitmiş bir sezon son sıralamasını gösterir)

cmd-tournament-name = turnuva
cmd-tournament-description = Bu sunucudaki turnuvalar: yazışmalı ya da canlı arena
cmd-tournament-create-name = oluştur
cmd-tournament-create-description = Bu kanalda bir turnuva oluştur
cmd-tournament-join-name = katıl
cmd-tournament-join-description = Bir turnuvaya katıl
cmd-tournament-leave-name = ayrıl
cmd-tournament-leave-description = Bir turnuvadan ayrıl (başlamışsa çekilirsin ve oyunlarını hükmen kaybedersin)
cmd-tournament-start-name = başlat
cmd-tournament-start-description = Bir turnuvayı başlat (açan kişi ya da Sunucuyu Yönet izni olanlar)
cmd-tournament-standings-name = puan-durumu
cmd-tournament-standings-description = Bir turnuvanın puan durumu ve eşleşmeleri
cmd-tournament-cancel-name = iptal-et
cmd-tournament-cancel-description = Bir turnuvayı iptal et (açan kişi ya da Sunucuyu Yönet izni olanlar)
opt-tournament-name = turnuva
opt-tournament-description = Hangi turnuva (varsayılan: uygun olan en yenisi)
opt-name-name = ad
opt-name-description = Turnuvanın adı
opt-format-name = sistem
opt-format-description = Oyuncuların nasıl eşleşeceği
choice-format-round-robin = Lig usulü (herkes herkesle oynar)
choice-format-double-round-robin = Çift devreli lig usulü (iki kez, renkler değişerek)
choice-format-swiss = İsviçre sistemi (eşit puanlılar karşılaşır)
choice-format-arena = Arena (canlı: belirli bir süre, boşa çıkan hemen yeniden eşleşir)
opt-minutes-name = dakika
opt-minutes-description = Arenanın süresi, dakika olarak: 10 ile 180 arası (varsayılan 45)
opt-arena-clock-description = Arenanın canlı saati: dakika + hamle başına saniye, örneğin 5+3 (varsayılan 3+2)
opt-rounds-name = tur-sayısı
opt-rounds-description = İsviçre sisteminde tur sayısı (varsayılan: oyuncu sayısının log2'si, yukarı yuvarlanır, artı bir)
opt-max-players-name = oyuncu-sınırı
opt-max-players-description = En fazla kaç oyuncu katılabilir (varsayılan: 16)
opt-starts-name = başlangıç
opt-starts-description = Kendiliğinden başlama zamanı: 2h (2 saat sonra), 3d (3 gün sonra) ya da 2026-12-24 18:00 (UTC)

cmd-review-name = incele
cmd-review-description = Bitmiş bir oyunun bilgisayarla incelemesi: her hamle değerlendirilir, grafik ve açıklamalı PDN

# Bulmacalar.
cmd-puzzle-name = bulmaca
cmd-puzzle-description = Bu sunucunun kendi oyunlarından yalnız sana bir bulmaca: hamle komutuyla cevapla
opt-daily-name = günlük
opt-daily-description = Sıradaki bulmacan yerine sunucunun günlük bulmacası
opt-puzzle-channel-name = bulmaca-kanalı
opt-puzzle-channel-description = Günün bulmacasının paylaşılacağı kanal
opt-puzzle-hour-name = bulmaca-saati
opt-puzzle-hour-description = Günün bulmacasının paylaşılacağı saat (UTC, 0 ile 23 arası; varsayılan 12)
choice-period-puzzles = Bulmacalar
opt-daily-puzzle-name = günün-bulmacası
opt-daily-puzzle-description = Günün bulmacası paylaşılsın mı (bulmaca kanalında)
opt-arena-role-name = arena-rolü
opt-arena-role-description = Bu sunucunun son arenasını kazanana verilecek rol (Rolleri Yönet izni gerekir)
opt-leader-role-name = lider-rolü
opt-leader-role-description = Bu sunucunun sezon liderine verilecek rol (Rolleri Yönet izni gerekir)
choice-daily-puzzle-on = Açık
choice-daily-puzzle-off = Kapalı: artık günün bulmacası yok

# Koşullu hamleler ve ön hamle: rakibin sırasında önceden kaydedilen cevaplar.
cmd-premove-name = ön-hamle
cmd-premove-description = Sıradaki hamleni şimdiden kaydet: rakibin hamlesini yapar yapmaz oynanır
opt-move-premove-description = Rakibin ne oynarsa oynasın vereceğin cevap, örneğin d3-d4
cmd-conditional-name = koşullu-hamle
cmd-conditional-description = Rakibinin sonraki hamlelerine vereceğin cevapları kaydet, listele ya da sil
opt-line-name = varyant
opt-line-description = Rakibinin hamlesi, senin cevabın ve istersen daha fazla çift: e6-e5 d4xd6 f7xd5 c3-c4
choice-conditional-list = Koşullu hamlelerini ve ön hamleni listele
choice-conditional-clear = Koşullu hamlelerini ve ön hamleni sil

opt-clock-name = saat
opt-clock-description = Saatli canlı oyun: dakika + hamle başına saniye, örneğin 5+3 (günlük oyun için boş bırak)
opt-speed-name = hız
opt-speed-description = Hangi hızın puanları: bullet, blitz, hızlı ya da yazışmalı
choice-speed-bullet = Bullet
choice-speed-blitz = Blitz
choice-speed-rapid = Hızlı
choice-speed-correspondence = Yazışmalı
