# Retler: botun bir oyuncunun istediğini neden yapmadığı. Kareler ve hamleler okuyanın
# notasyonunda.

generic-failure = Bir sorun çıktı. Lütfen biraz sonra yeniden dene.
discord-failure = Cevabımı Discord'a gönderemedim. Oynadığın ya da değiştirdiğin her şey kaydedildi: `/{ cmd-dama-name } { cmd-board-name }` oyunu gösterir.

no-such-game = #{ $game } numaralı bir oyun yok.
no-game-here = Burada süren bir oyunun yok. `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` ya da `/{ cmd-dama-name } { cmd-play-bot-name }` ile bir oyun başlat ya da `{ opt-game-name }` seçeneğiyle bir oyun belirt.
several-games-here = Burada birden fazla oyunun var ({ $games }): `{ opt-game-name }` seçeneğiyle birini seç.
not-a-participant = Bu oyunda oynamıyorsun.
not-your-turn = Sıra sende değil: rakibinin hamlesini bekle.
game-over = Bu oyun bitti.
deadline-passed = Bu oyunda hamle süresi doldu: oyun süreden kaybedilmiş sayılacak ve bunu artık hiçbir şey değiştiremez.
out-of-time = Bu hamleden önce süreniz bitti: oyun süreden kaybedildi.
game-aborted = İlk hamle çok geç geldi: oyun sonuçsuz olarak iptal edildi.
nothing-to-claim = Yalnızca bir kişiye karşı oynanan canlı bir oyunda, iki taraf da hamle yaptıktan sonra talepte bulunabilirsin.
opponent-still-here = Rakibin hâlâ burada. Uzak kalırsa { $seconds } saniye sonra talepte bulunabilirsin.
overdue-game = #{ $game } numaralı oyunda süren doldu: oyun süreden kaybedilmiş sayılacak ve tatil bunu değiştiremez. Sonuç kaydedilince yeniden dene.
moved-on = Bu tahta gösterildikten sonra oyun ilerledi, bu yüzden hiçbir şey yapılmadı: tahtaya yeniden bak.
not-visible-here = Bu oyunu buradan göremezsin: bir sunucunun oyunları o sunucudan, özel mesajlardaki bir oyun ise yalnızca iki oyuncusu tarafından görülür.
missed-capture-refused = Katı kurallarda bu hamle oyunu kaybettirir: alma zorunludur ve { $available } ile { $count } taş alınabiliyor.
conflict = Sen işlem yaparken oyun değişti (önce bir hamle ya da cevap geldi): tahtaya yeniden bak.
no-such-challenge = #{ $challenge } numaralı bir davet yok.
challenge-gone = Bu davet artık açık değil: ya cevaplandı ya da geri çekildi.
challenge-has-expired = Bu davetin süresi doldu.
challenge-not-for-you = Bu davet başka biri için.
own-challenge = Kendi davetini cevaplayamazsın (geri çekebilirsin).
not-your-challenge = Bu daveti yalnızca davet eden geri çekebilir.
self-challenge = Kendini davet edemezsin.
game-in-progress = Bu oyun hâlâ sürüyor: rövanş ancak oyun bittiğinde istenebilir.
rematch-pending = Bu oyun için zaten rövanş istendi: yanıt bekleniyor.
rematch-started = Bu oyunun rövanşı zaten başladı.
no-draw-offer = Cevaplanacak bir beraberlik teklifi yok.
draw-already-offered = Zaten beraberlik teklif ettin: cevap rakibinde.
no-takeback-request = Cevaplanacak bir geri alma isteği yok.
takeback-pending = Bir geri alma isteği zaten cevap bekliyor.
nothing-to-take-back = Geri alabileceğin bir hamlen yok.
vacation-exhausted = Bu yıl yalnızca { $days } tatil günün kaldı.
invalid-vacation-length = Bir tatil en az bir gün sürer.
already-on-vacation = Zaten { $until } tarihine kadar tatildesin.
not-on-vacation = Tatilde değilsin.
too-many-challenges = Zaten { $limit } açık davetin var: birini geri çek (**{ button-withdraw }** düğmesi) ya da cevapları bekle.
too-many-challenges-to-player = Bu oyuncuya zaten { $limit } açık davetin var: bir cevap bekle ya da yenisini göndermek için birini geri çek (**{ button-withdraw }** düğmesi).
declined-recently = Bu oyuncu son davetini reddetti: onu { $at } tarihinden sonra yeniden davet edebilirsin.
too-many-games = Zaten aynı anda { $limit } oyun oynuyorsun, izin verilen en fazla bu: yenisine başlamadan önce birini bitir (ya da `/{ cmd-dama-name } { cmd-resign-name }` ile terk et).
opponent-has-too-many-games = Davet eden zaten aynı anda { $limit } oyun oynuyor, izin verilen en fazla bu: oyunlarından biri bitince bu davet kabul edilebilir.
too-many-computer-games = Bilgisayara karşı zaten { $limit } oyun oynuyorsun: yenisine başlamadan önce birini bitir (ya da `/{ cmd-dama-name } { cmd-resign-name }` ile terk et).

# Geçerli bir hamleye denk gelmeyen yazılar: bot bunları cümleye çevirir (büyük harf, nokta),
# başka cümlelerin içinde de gösterir.
move-empty = hamle yazılmadı: d3-d4 ya da d4xd6xf6 gibi yaz
move-bad-square = { $text } bir kare değil: a1–h8 ya da 1–64 kullan
move-too-short = bir hamle en az iki kareden oluşur, örneğin d3-d4
move-separators = düz hamleyi tireyle (d3-d4), taş alan hamleyi x ile (d4xd6xf6) yaz
move-no-legal-moves = oynanabilecek hamle yok: oyun bitti
move-no-piece = { $square } karesinde taş yok
move-not-your-piece = { $square } karesindeki taş senin değil
move-capture-required = alma zorunluluğu var: { $count } taş almalısın, örneğin { $example }
move-nothing-to-capture = alınacak taş yok: { $typed } kurallara uygun bir hamle değil
move-ambiguous = { $typed } { $count } farklı hamle olabilir: { $moves }; yolun tamamını yaz
move-illegal = { $typed } kurallara uygun bir hamle değil
not-a-move = { $typed } bir hamle değil ({ $why }). Hamleleri { $plain } gibi, taş alan hamleleri her iniş karesiyle { $capture } gibi yaz.

unknown-command = Bilinmeyen komut.
unknown-choice = `{ $word }` seçeneklerden biri değil: listeden birini seç.
unknown-action = Bilinmeyen işlem `{ $word }`: listeden birini seç.
unknown-notation = Bilinmeyen notasyon `{ $word }`: *{ choice-notation-algebraic }* ya da *{ choice-notation-numeric }* seç.
choose-opponent = Kimi davet edeceğini seç.
bots-cannot-play = Burada benden başka bot oynayamaz: bilgisayara karşı oynamak için `/{ cmd-dama-name } { cmd-play-bot-name }` kullan.
level-range = Seviye 1 ile 5 arasında bir sayıdır.
no-clock-here = Bu kanala kendiliğimden yazamıyorum (bir grup DM'i ya da botun kurulu olmadığı bir sunucu), bu yüzden kimseye hamle sırası hatırlatılamaz, süreden kaybettiği de bildirilemez. Buradaki oyunlar süresiz oynanır: `{ opt-time-name }` seçeneğini boş bırak ya da *{ choice-time-none }* seçeneğini seç. Süreli bir oyun için botun kurulu olduğu bir sunucuda ya da benimle özel mesajda oyna.
server-only = Bu komut bir sunucunun kurallarını belirler: sunucuda kullan.
needs-manage-server = Bu sunucunun ayarlarını yalnızca sunucuyu yönetebilen üyeler (Sunucuyu Yönet) değiştirebilir.
choose-rules = Kuralları, bir dili, topluluk sayfalarını ya da birkaçını birden seç.
stale-button = Bu düğme artık kullanılmıyor.
choose-piece = Menüden bir taş seç.
choose-move = Menüden bir hamle seç.
piece-cannot-move = { $square } karesindeki taş şu an hareket edemez: başka bir taş seç.
season-open = { $season }. sezon hâlâ açık: yenisine başlamadan önce `/{ cmd-dama-name } { cmd-season-name }` ile bitir.
no-open-season = Bu sunucuda açık bir sezon yok: `/{ cmd-dama-name } { cmd-season-name }` ile bir sezon başlat.
no-such-season = Bu sunucunun { $season }. sezonu yok.
season-server-only = Sezonlar bir sunucuya aittir: bunu sunucuda kullan.
season-needs-manage-server = Sezonu yalnızca bu sunucuyu yönetebilen üyeler (Sunucuyu Yönet) başlatıp bitirebilir.

## Koşullu hamleler: rakibin sırasında önceden kaydedilen cevaplar.
conditional-own-turn = Sıra sende: koşullu hamleler rakibinin sırasında kaydedilir.
conditional-against-computer = Bilgisayar hemen cevap verir: ona karşı koşullu hamle kaydedilmez.
conditional-unanswered = Koşullu hamle varyantı çiftlerden oluşur: rakibinin hamlesi ve senin cevabın. Varyantı kendi cevabınla bitir.
conditional-illegal = Varyantın { $number }. hamlesi: { $why }.
conditional-missed-capture = Katı kurallarda { $played } cevabınla oyunu kaybedersin: zorunlu almayı kaçıran kaybeder ve { $available } daha çok taş alır.
conditional-game-ends = Varyantın { $number }. hamlesinden sonra oyun biter: varyantı orada bitir.
conditional-too-deep = Bir varyantta en çok { $max } cevap olabilir.
conditional-too-many-lines = Bir oyunda en çok { $max } koşullu hamle varyantı tutabilirsin: önce onları sil.
conditional-line-or-action = Ya kaydedilecek bir varyant gir ya da bir işlem seç: ikisi birden olmaz.

clock-syntax = `{ $text }` bir saat ayarı değil: önce dakikayı, sonra her hamlede eklenen saniyeyi `5+3` gibi yaz.
clock-range = `{ $text }` sınırların dışında: 1 ile 30 dakika arası ve hamle başına 0 ile 20 saniye (1+0 ile 30+20 arası).

evaluation-not-of-game = Bu konum bu oyunun değil: bilgisayar yalnızca oyunun kendi hamlelerinden varılan konumları değerlendirir.
evaluation-line-too-long = Değerlendirilecek bir varyantta en çok { $max } hamle olabilir.
evaluation-game-in-progress = Bu konum oynadığın bir oyunun içinde ya da ona çok yakın: o oyun bitene kadar bilgisayar bu konum hakkında bir şey söylemez.
