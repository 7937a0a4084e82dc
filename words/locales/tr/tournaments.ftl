# Yazışmalı turnuvalar: duyurular, turlar, puan durumu, kazanan ve retler. Terimler: turnuva,
# tur, bay (bay geçmek), puan durumu, eşleşme, İsviçre sistemi, lig usulü, hükmen, çekilmek.

tournament-format-round-robin = lig usulü
tournament-format-double-round-robin = çift devreli lig usulü (ikinci devrede renkler değişir)
tournament-format-swiss = İsviçre sistemi
tournament-rounds-fixed = { $rounds ->
   *[other] { $rounds } tur
}
tournament-rounds-default = tur sayısı: ⌈log2 oyuncu⌉ + 1
tournament-starts-at = { $time } tarihinde başlar
tournament-starts-by-hand = turnuvayı açan kişi başlatınca başlar
tournament-terms = { $format }; { $rated }, { $time }, { $rules }; en çok { $max } oyuncu; { $start }.
tournament-nobody-yet = Henüz kimse katılmadı.
tournament-players = Oyuncular ({ $count }/{ $max }): { $names }
tournament-announced = 🏆 **{ $name }** (turnuva { $id })
tournament-how-to-join = Katılmak için **{ button-join }** düğmesine bas ya da `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $id }` komutunu kullan.
tournament-joined = { $player } katıldı.
tournament-left = { $player } turnuvadan ayrıldı.
tournament-withdrew = { $player } turnuvadan çekildi: süren oyununu kaybetti, sonraki oyunlarını da hükmen kaybediyor.
tournament-started = 🏆 **{ $name }** başladı: { $players } oyuncu, { $rounds ->
   *[other] { $rounds } tur
}. Eşleşmeler aşağıda; her oyunun kendi alt başlığı var.
tournament-cancelled = **{ $name }** iptal edildi. Süren oyunlar sıradan oyunlar olarak devam ediyor.
tournament-round = 🏆 **{ $name }**, { $round }. tur (toplam { $rounds } tur):
tournament-bye = { $player } bay geçiyor (galibiyet sayılır)
tournament-forfeit = (hükmen)
tournament-round-threads = Her oyun aşağıda kendi alt başlığında. Bol şans!
tournament-game-starter = **{ $name }**, { $round }. tur: { $white } (Beyaz) – { $black } (Siyah)
tournament-column-player = Oyuncu
tournament-column-points = Puan
tournament-column-left = Kalan
tournament-standings-open = 🏆 **{ $name }** henüz başlamadı.
tournament-standings = 🏆 **{ $name }**, { $round }. turdan sonra puan durumu (toplam { $rounds } tur; her sonuçtan sonra güncellenir):
tournament-standings-final = 🏆 **{ $name }**, son puan durumu:
tournament-table-key = Puan: galibiyet 1, beraberlik ½. SB: Sonneborn-Berger. Kalan: oynanacak oyunlar. (Çekilen oyuncular parantez içinde.)
tournament-table-key-swiss = Puan: galibiyet 1, beraberlik ½, bay 1. Eşitlikte önce Bh: Buchholz, sonra SB: Sonneborn-Berger. Kalan: oynanacak oyunlar. (Çekilen oyuncular parantez içinde.)
tournament-current-round = { $round }. tur:
tournament-over-announced = 🏆 **{ $name }** sona erdi!
tournament-winner = { $count ->
    [one] Kazanan: { $names }, { $points } puanla. Tebrikler!
   *[other] Birinciliği paylaşanlar: { $names }, her biri { $points } puanla. Tebrikler!
}
button-standings = Puan durumu

tournament-server-only = Turnuvalar bir sunucuya aittir: bunu sunucuda kullan.
tournament-name-length = Turnuva adı 1 ile { $max } karakter arasında olmalı.
tournament-size = Bir turnuvaya { $min } ile { $max } arasında oyuncu katılabilir.
tournament-rounds = İsviçre sistemiyle bir turnuva 1 ile { $max } tur arasında oynanır.
tournament-start-in-past = Bu başlangıç zamanı geçmiş: ileride bir zaman ver.
tournament-bad-start = Başlangıcı şimdiden itibaren bir süre (`2h`, `3d`, `1d 12h`; h saat, d gün) ya da UTC tarih ve saat (`2026-12-24 18:00`) olarak ver.
arena-duration = Bir arena { $min } ile { $max } dakika arasında sürer.
no-such-arena = Bu sunucuda { $arena } numaralı arena yok.
arena-berserk-refused = Berserk yalnızca arena oyunlarında, ilk hamlenden önce ve bir kez yapılabilir.
no-such-tournament = Bu sunucuda { $tournament } numaralı turnuva yok.
no-tournament-here = Bu sunucuda uygun bir turnuva yok: `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-create-name }` ile bir tane oluştur.
tournament-already-started = Bu turnuva zaten başladı.
tournament-over = Bu turnuva sona erdi.
tournament-full = Bu turnuva dolu ({ $max } oyuncu).
tournament-already-joined = Bu turnuvaya zaten katıldın.
tournament-not-in = Bu turnuvada oynamıyorsun.
tournament-not-organiser = Turnuvayı yalnızca onu açan kişi ya da bu sunucuyu yönetebilen bir üye (Sunucuyu Yönet) başlatabilir veya iptal edebilir.
tournament-too-few = { $have ->
   *[other] Yalnızca { $have } oyuncu katıldı: bir turnuva en az { $min } oyuncuyla başlar.
}
tournament-would-exceed-games = Zaten aynı anda { $limit } oyun oynuyorsun, izin verilen en fazla bu; katıldığın her turnuva da bir oyun sayılır: başka bir turnuvaya katılmadan önce bir oyunu bitir (ya da `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }` ile bir turnuvadan ayrıl).
tournament-too-many-joined = Zaten { $limit } turnuvada oynuyorsun: başka birine katılmadan önce birinin bitmesini bekle ya da `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }` ile birinden ayrıl.
tournament-too-many-created = Başlamayı bekleyen { $limit } turnuvan zaten var: yenisini oluşturmadan önce birini başlat ya da iptal et.
tournament-server-too-many = Bu sunucuda başlamayı bekleyen { $limit } turnuva zaten var: birine katıl ya da biri başlayınca kendi turnuvanı oluştur.
tournament-several-open = Bu sunucuda birden fazla açık turnuva var ({ $tournaments }): hangisine katılacağını `{ opt-tournament-name }` seçeneğiyle belirt, örneğin `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $first }`, ya da duyurusunun altındaki **{ button-join }** düğmesine bas.
tournament-just-created = { $tournament } numaralı turnuva az önce oluşturuldu: katılmak için numarasını belirt (`/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $tournament }`) ya da duyurusunun altındaki **{ button-join }** düğmesine bas.

# Discord'un Etkinlikler sekmesindeki turnuvalar (sunucu etkinlikleri).
scheduled-event-arena = 🏟️ Dama arenası: { $minutes } dakika, { $clock }, { $rated }. Katılmak için: { $link }
scheduled-event-tournament = 🏆 Dama turnuvası ({ $format }): { $time }, { $rated }. Katılmak için: { $link }
scheduled-events-refused = ⚠️ **{ $name }** turnuvasını bu sunucunun Etkinlikler sekmesine ekleyemiyorum: bana **Etkinlikleri Yönet** iznini ver. Turnuva bu olmadan devam ediyor.
# Arenalar: canlı saatle belirli bir süre; boşa çıkan oyuncu hemen yeniden eşleşir.
arena-announced = ⚔️ **{ $name }** ({ $id } numaralı arena)
arena-terms = { $minutes ->
   *[other] { $minutes } dakikalık arena
}: { $clock }, { $rated }, { $rules }; { $start }.
arena-starts-at = { $time } tarihinde başlar
arena-ends-at = { $time } tarihinde biter
arena-how-to-play = Oynamak için **{ button-join }** düğmesine bas: süre dolana kadar, boşa çıktığın anda yeniden eşleşirsin. Bir süre ara vermek için **{ button-pause }**, bırakmak için **{ button-leave }**.
arena-you-joined = **{ $name }** arenasındasın: arena sürerken bir rakip boşa çıktığı anda eşleşirsin; her oyun burada kendi alt başlığında açılır.
arena-you-paused = **{ $name }** arenasında ara verdin: yeniden **{ button-join }** düğmesine basana kadar eşleşmezsin.
arena-you-left = **{ $name }** arenasından ayrıldın. Bitmeden dönmek için **{ button-join }** düğmesine bas.
arena-column-games = Oyun
arena-more-rows = { $count ->
   *[other] …ve { $count } oyuncu daha.
}
arena-standings-open = ⚔️ **{ $name }** { $time } başlıyor.
arena-standings = ⚔️ **{ $name }**, puan durumu (oyunlar bittikçe güncellenir); { $time } bitiyor, { $playing ->
   *[other] { $playing } oyun sürüyor
}:
arena-standings-final = ⚔️ **{ $name }**, son puan durumu:
arena-table-key = Galibiyet 2, beraberlik 1. 🔥 üst üste iki galibiyetten sonra: kazanılmayan bir oyuna kadar her galibiyet 4, her beraberlik 2 sayılır. ⚡ berserk galibiyetinin ek puanı. ⏸ ara verdi; (ayrıldı).
arena-over = 🏁 **{ $name }** sona erdi!
arena-podium-place = { $medal } { $player }: { $score ->
   *[other] { $score } puan
}
arena-nobody-played = Hiç kimse bir oyunu bitirmedi.
arena-game-starter = ⚔️ **{ $name }**: { $white } (Beyaz) – { $black } (Siyah)
button-leave = Ayrıl
button-pause = Ara ver
button-berserk = Berserk
arena-went-berserk = Berserk yaptın: bu oyunda süren yarıya indi ve hamle başına ek süre yok. En az { $moves ->
   *[other] { $moves } hamleyle
} kazanırsan bir puan fazla alırsın.

# Şampiyon rolleri (/dama server ile belirlenir).
champion-role-set-arena = Bu sunucunun son arenasını kazanan { $role } rolünü alır.
champion-role-set-season = Bu sunucunun sezon lideri { $role } rolünü alır.
champion-role-needs-manage-roles = ⚠️ { $role } rolünü veremiyorum: bana **Rolleri Yönet** iznini ver.
champion-role-above-mine = ⚠️ { $role } rolünü veremiyorum: bu rol benim en yüksek rolümün altında değil. Sunucu ayarlarında, Roller bölümünde rolümü onun üstüne taşı.
