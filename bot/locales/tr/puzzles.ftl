# Sunucunun kendi oyunlarından bulmacalar: günün bulmacası, çözümü ve retler.

puzzle-to-play = { $colour } oynar ve kazanır.
puzzle-source = #{ $game } numaralı oyundan, { $white } – { $black }, { $move }. hamle.
puzzle-daily-title = 🧩 **Günün bulmacası** (#{ $puzzle })
puzzle-daily-how = `/dama puzzle daily:true` ile çöz: herkesin bir hakkı var, ilk çözen yarın açıklanır.
puzzle-daily-solution = 🧩 #{ $puzzle } numaralı bulmacanın çözümü: { $line }
puzzle-daily-first = İlk çözen: { $member }.
puzzle-daily-nobody = Kimse çözemedi.
puzzle-needs-server = Bulmacalar bir sunucunun oyunlarından gelir: bir sunucuda iste.
puzzle-none-left = Bu sunucunun bütün bulmacalarını denedin. Oyunlar oynandıkça yenileri gelir.
puzzle-not-solving = Çözmekte olduğun bir bulmaca yok: `/dama puzzle` ile iste.
puzzle-no-such = Bu sunucuda #{ $puzzle } numaralı bulmaca yok.
puzzle-no-daily = Bu sunucuda henüz günün bulmacası olmadı.
puzzle-already-tried = #{ $puzzle } numaralı bulmacayı zaten denedin: her bulmaca bir kez denenir.
puzzle-too-many = Son bir dakikada { $limit } bulmaca istedin: biraz bekleyip yeniden dene.
puzzle-bad-hour = { $hour } günün bir saati değil: 0 ile 23 arasında seç (UTC).
