# Bir oyun, herkesin okuduğu haliyle: başlıklar, hamle sırası, hamleler, sonuçlar, davetler,
# rakibe sorulanlar, tahtanın altındaki düğmeler ve menüler. Terimler: taş (man), dama
# (king), alma zorunluluğu, beraberlik, terk etmek.

colour-white = Beyaz
colour-black = Siyah
computer-name = Bilgisayar (seviye { $level })

game-title = Oyun #{ $game }: { $white } (Beyaz) – { $black } (Siyah)
thread-players = { $white } – { $black }

rules-standard = standart kurallar
rules-federation = federasyon kuralları (alma bitince dama çıkılır)
rules-strict = katı kurallar (zorunlu almayı kaçıran kaybeder)
rules-federation-strict = federasyon katı kuralları (alma bitince dama çıkılır, zorunlu almayı kaçıran kaybeder)

played = { $name } { $move } oynadı.
you-played = { $move } oynadın.
answered-at-once = { $name }, { $move } hamlesiyle hemen karşılık verdi ({ $premove ->
    [yes] ön hamle
   *[no] koşullu hamle
}).
answer-dropped = #{ $game } numaralı oyundaki { $premove ->
    [yes] ön hamlen
   *[no] koşullu hamlen
} { $move } oynanamadı: sıra sana geldiğinde kurallar buna izin vermedi. O oyun için kaydettiğin diğer cevaplar silindi; hamleni kendin oyna.
# Koşullu hamleler ve ön hamle: yalnızca sahibine söylenir (`/dama conditional`, `/dama premove`).
conditional-saved = Kaydedildi.
premove-saved = Ön hamlen kaydedildi: { $move }. Rakibin hamlesini yapar yapmaz oynanır (o hamleye cevap veren bir varyantın yoksa). Kurallara uygun olup olmadığına o zaman bakılır: uygun değilse sana haber verilir ve hamleni kendin oynarsın.
conditional-listed = #{ $game } numaralı oyunda kaydettiğin cevaplar (rakibinin hamlesi → senin cevabın, hemen oynanır):
premove-listed = Ön hamle (rakibinin diğer bütün hamlelerine cevap): { $move }
conditional-none = #{ $game } numaralı oyunda kaydettiğin bir cevap yok. Rakibinin sırasında `/{ cmd-dama-name } { cmd-conditional-name } { opt-line-name }:…` ile bir varyant (rakibinin hamlesi, senin cevabın, …) ya da `/{ cmd-dama-name } { cmd-premove-name }` ile bir ön hamle kaydedebilirsin.
conditional-cleared = #{ $game } numaralı oyunda kaydettiğin cevaplar silindi: koşullu hamle de ön hamle de kalmadı.
turn = Hamle sırası: { $who } ({ $colour }).
turn-until = Hamle sırası: { $who } ({ $colour }), süre { $deadline } doluyor.
turn-draw-offer = { $name } beraberlik teklif ediyor.

result-win-head = { $winner } ({ $colour }) kazandı
result-win = { $head }: { $reason }. Sonuç { $token }.
result-draw-head = Berabere
result-draw = { $head }: { $reason }. Sonuç { $token }.
result-aborted-head = İptal edildi
result-aborted = { $head }: taraflardan biri ilk hamlesini zamanında yapmadı. Sonuç yok, puansız.
win-no-pieces = { $loser } taşsız kaldı
win-no-moves = { $loser } hamlesiz kaldı
win-resignation = { $loser } terk etti
win-time = { $loser } süreden kaybetti
win-abandoned = { $loser } oyunu terk etti
win-missed-capture = { $loser } zorunlu almayı kaçırdı ({ $capture } ile { $count } taş alınabiliyordu)
draw-agreement = anlaşmayla
draw-repetition = aynı konum üç kez tekrarlandı
draw-no-progress = iki taraf da 50 hamle boyunca ne taş aldı ne de taşını ileri sürdü
draw-abandoned = bir oyuncu oyunu terk edince talep edildi

game-begins = Oyun başlıyor. Bol şans!
engine-game-starts = **{ $title }** başlıyor. Bol şans!
game-has-started = **{ $title }** başladı.
game-goes-on-in = Tamam. Oyun { $channel } kanalında sürüyor.
rematch-challenge-in = Tamam. Rövanş davetin { $channel } kanalında.
follow-done = İzlemeye başladın: oyun #{ $game }, alt başlığı { $thread }.
follow-no-thread = Oyun #{ $game } için izlenecek bir alt başlık yok: oyun { $channel } kanalında oynanıyor.
board-follows = Tamam. Tahta birazdan geliyor.
replay-too-large = Oyunun tekrarı Discord için fazla büyük olduğundan eklenmedi; oyunun tamamı için `/{ cmd-dama-name } { cmd-export-name }`.
game-moved-on = Bu tahta gösterildikten sonra oyun ilerledi, bu yüzden hiçbir şey yapılmadı. Oyunun şimdiki hali:
exported = **{ $title }**, PDN olarak.
reminder = { $who }, hamle sırası sende: **{ $title }**. Süre { $deadline } doluyor.
dms-closed = { $who }, sana özel mesaj gönderemiyorum, bu yüzden hamle sırası bildirimlerin yine buraya gelecek. Onları özel mesajla almak için bu sunucunun üyelerinden gelen özel mesajlara izin ver ve `/{ cmd-dama-name } { cmd-settings-name } { opt-notify-name }:` ile *{ choice-notify-dm }* seçeneğini yeniden seç.

resigns = { $name } terk etti.
you-resigned = Terk ettin.
confirm-resign = **{ $title }** terk edilsin mi? Bu geri alınamaz. (Oynamaya devam etmek için bu mesajı kapat.)
offers-draw = { $name } beraberlik teklif ediyor.
accepts-draw = { $name } beraberlik teklifini kabul etti.
declines-draw = { $name } beraberlik teklifini reddetti. Oyun sürüyor.
computer-declines-draw = Bilgisayar beraberlik teklifini reddetti. Oyun sürüyor.
asks-takeback = { $name } son hamlesini geri almak istiyor.
takes-back = { $name } { $count } hamle geri aldı.
allows-takeback = { $name } geri almaya izin verdi: { $count } hamle geri alındı.
refuses-takeback = { $name } geri almaya izin vermedi. Oyun sürüyor.
question = { $asks } { $opponent }, { $prompt }
draw-prompt = kabul ediyor musun? (Teklifi kabul etmeden hamle yaparsan reddetmiş olursun.)
takeback-prompt = izin veriyor musun?

confirm-missed-capture = Katı kurallarda { $played } oyunu kaybettirir: alma zorunludur ve { $available } ile { $count } taş alınabiliyor. Yine de oynansın mı?
nothing-played = Hiçbir şey oynanmadı: başka bir hamle seç.
moves-of-piece = **{ $square }** karesindeki taşla hamlen:

challenge-direct = { $opponent }, **{ $challenger }** seni bir dama oyununa davet ediyor ({ $terms }). Davetin süresi { $expires } doluyor.
challenge-open = **{ $challenger }** bir dama oyunu için rakip arıyor ({ $terms }). Buradaki herkes katılabilir; davetin süresi { $expires } doluyor.
challenge-terms = { $rated }, { $time }, { $colour }, { $rules }
challenge-rated = puanlı
challenge-casual = puansız
challenge-no-time-limit = süre sınırı yok
challenge-per-move = hamle başına { $time }
challenge-plays-white = { $name } Beyazla oynar
challenge-plays-black = { $name } Siyahla oynar
challenge-colours-random = renkler kurayla belirlenir
challenge-declined = { $name }, { $challenger } tarafından gönderilen daveti reddetti.
challenge-withdrawn = { $name } davetini geri çekti.
challenge-is-for = Bu davet { $who } için.
challenge-expired = { $challenger } tarafından gönderilen davetin süresi doldu.
challenge-to-expired = { $challenger } tarafından { $opponent } için gönderilen davetin süresi doldu.

time-unlimited = süresiz
time-hour = 1 saat
time-day = 1 gün
time-three-days = 3 gün
time-week = 7 gün

button-resign = Terk et
button-confirm-resign = Evet, terk et
button-offer-draw = Beraberlik teklif et
button-accept-draw = Beraberliği kabul et
button-decline-draw = Reddet
button-flip = Tahtayı çevir
button-allow-takeback = Geri almaya izin ver
button-refuse-takeback = İzin verme
button-accept = Kabul et
button-decline = Reddet
button-withdraw = Geri çek
button-join = Katıl
button-play-and-lose = Oyna ve kaybet
button-choose-another = Başka hamle seç
button-rematch = Rövanş
button-follow = İzle
menu-piece = { $square } karesindeki taş
menu-pick-piece = Hamle ({ $colour }): bir taş seç
menu-pick-move = Hamleyi seç
menu-takes = { $count } taş alır

suggest-your-turn = #{ $game } – { $opponent }: sıra sende
suggest-their-turn = #{ $game } – { $opponent }: sıra rakipte

speed-bullet = bullet
speed-blitz = blitz
speed-rapid = hızlı
speed-correspondence = yazışmalı

# One player's rating change after a rated game, and the speed it was rated at.
rating-change = { $who } { $before } → { $after } ({ $change }) · { $speed }
clock-choice = { $clock } ({ $speed })
live-clocks = ⏱ Beyaz { $white } · Siyah { $black }
live-how-to-play = Canlı oyun: hızlı oynamak için oyunun web sayfasını ya da Etkinliği aç; burada yaptığın hamleler de geçerli.
