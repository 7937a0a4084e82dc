# Sunucunun kendi oyunlarından bulmacalar: günün bulmacası, çözümü ve retler.

puzzle-to-play = { $colour } oynar ve kazanır.
puzzle-source = #{ $game } numaralı oyundan, { $white } – { $black }, { $turn }. hamle.
puzzle-daily-title = 🧩 **Günün bulmacası** (#{ $puzzle })
puzzle-daily-how = `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true` ile çöz: herkesin bir hakkı var, ilk çözen yarın açıklanır.
puzzle-daily-solution = 🧩 #{ $puzzle } numaralı bulmacanın çözümü: { $line }
puzzle-daily-first = İlk çözen: { $member }.
puzzle-daily-nobody = Kimse çözemedi.
puzzle-needs-server = Bulmacalar bir sunucunun oyunlarından gelir: bir sunucuda iste.
puzzle-none-yet = Bu sunucuda henüz bulmaca yok. Bulmacalar, üyelerin burada bitirdiği oyunlardan, her oyun bittikten birkaç dakika sonra çıkarılır.
puzzle-none-left = Bu sunucunun bütün bulmacalarını denedin. Oyunlar oynandıkça yenileri gelir.
puzzle-not-solving = Çözmekte olduğun bir bulmaca yok: `/{ cmd-dama-name } { cmd-puzzle-name }` ile iste.
puzzle-no-such = Bu sunucuda #{ $puzzle } numaralı bulmaca yok.
puzzle-no-daily = Bu sunucuda henüz günün bulmacası olmadı.
puzzle-already-tried = #{ $puzzle } numaralı bulmacayı zaten denedin: her bulmaca bir kez denenir.
puzzle-too-many = Son bir dakikada { $limit } bulmaca istedin: biraz bekleyip yeniden dene.
puzzle-bad-hour = { $hour } günün bir saati değil: 0 ile 23 arasında seç (UTC).
puzzle-title = 🧩 **Bulmaca #{ $puzzle }** (puan { $rating }){ $theme ->
    [shot] , bir kombinezon
    [two-for-one] , bire iki
    [crowning] , dama çıkarma
    [king-trap] , dama tuzağı
    [endgame-win] , kazanılan oyun sonu
   *[other] {""}
}
puzzle-resumed = Bu bulmacayı çözmeye devam ediyorsun: işte burada.
puzzle-so-far = Şimdiye kadar: { $line }
puzzle-how = Aşağıdaki menüyle ya da `/{ cmd-dama-name } { cmd-move-name }` ile cevapla. Tek hak: yanlış bir hamle denemeyi bitirir.
puzzle-correct = ✅ { $move } doğru. Rakibin cevabı: { $reply }.
puzzle-your-move = Sıra sende.
puzzle-solved = 🎉 { $move }: çözdün!
puzzle-failed = ❌ { $move } yanlış: doğru hamle { $expected } idi.
puzzle-solution = Çözüm: { $line }
puzzle-rating = Bulmaca puanın: { $before } → { $after }. Seri: { $streak } gün.
puzzle-leaderboard = 🧩 **Bulmaca puanları**
puzzle-leaderboard-empty = Henüz kimse yok: bir üye { $min } bulmacadan sonra burada görünür.
puzzle-leaderboard-line = { $rank }. { $name }: { $rating } ({ $tries } denemede { $solved } çözüm; seri { $streak })
puzzle-channel-set = Günün bulmacası { $channel } kanalında saat { $hour }:00 UTC'de paylaşılır.
puzzle-channel-hello = 🧩 Günün bulmacası her gün saat { $hour }:00 UTC'de buraya gönderilecek. `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true` ile çöz.
puzzle-channel-cannot-post = ⚠️ { $channel } kanalına mesaj gönderemiyorum: bana orada Kanalı Görüntüle, Mesaj Gönder ve Dosya Ekle izinlerini ver ya da başka bir kanal seç.
puzzle-channel-none = Bulmaca kanalı seçilmedi; günün bulmacası saat { $hour }:00 UTC'de paylaşılırdı.
puzzle-channel-needed = Günün bulmacasını açmak için kanalı `{ opt-puzzle-channel-name }` ile seç.
