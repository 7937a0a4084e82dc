# Oyun incelemeleri: bilgisayarın biten bir oyunun her hamlesi hakkındaki kararı.

button-review = İncele
review-progress = 🔍 Oyun #{ $game } inceleniyor: { $total } konumdan { $done } tanesi tarandı…
review-ready-below = 🔍 Oyun #{ $game } için inceleme { $link } kanalında hazır.
review-for = { $user }, istediğin inceleme:
review-heading = 🔍 **Oyun #{ $game } incelemesi**
review-side = **{ $colour }** ({ $name }): { $best } en iyi, { $good } iyi, { $inaccuracies } yanlışlık, { $mistakes } hata, { $blunders } büyük hata
review-class-best = en iyi
review-class-good = iyi
review-class-inaccuracy = yanlışlık
review-class-mistake = hata
review-class-blunder = büyük hata
review-no-mistakes = Ne hata ne büyük hata var: iki taraf da iyi oynadı.
review-mistakes = Hatalar ve büyük hatalar, bilgisayarın seçtiği hamleyle:
review-mistake-line = { $number } { $played }: { $class } ({ $before } → { $after }); daha iyisi { $better }
review-more = …ve açıklamalı PDN'de { $count } tane daha.
review-moments = Kritik anlar, görsellerde (hamleden önceki tahta, daha iyi hamle işaretli):
review-moment-line = { $n }. { $number } { $played } (daha iyisi { $marked })
review-thresholds = Bir hamle, taş cinsinden ne kaybettirdiğine göre değerlendirilir: 0,20'nin altı iyi, 0,20'den itibaren yanlışlık, 0,50'den itibaren hata, 1,50'den itibaren büyük hata. Değerlendirmeler Beyaz açısındandır; bilgisayar her hamle için { $nodes } konum taradı. Grafik her hamleden sonraki değerlendirmeyi gösterir; açıklamalı PDN'de hepsi var.
review-graph-alt = Oyun #{ $game } için değerlendirme grafiği: { $plies } hamle, Beyaz açısından, { $start } taştan başlayıp { $end } taşta bitiyor; noktalar kritik anları gösteriyor.
review-moment-alt = Oyun #{ $game }, { $number } hamlesinden önceki tahta, hamle sırası: { $colour }. { $played } oynandı, daha iyi hamle olarak { $marked } işaretli. { $position }
review-too-many = Bekleyen { $limit } incelemen zaten var: biri bitince yenisini iste.
review-failed = 🔍 Oyun #{ $game } incelenemedi. Bir kez daha denemek için yeniden iste.
