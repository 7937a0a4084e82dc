# Görmeyen okurlar için tahta sözcüklerle: her tahta ve tekrar görselinin alternatif metni ve
# `/dama board text:true` komutunun metin tahtası.

alt-to-move = Hamle sırası: { $colour }.
alt-over = Oyun bitti: { $result }.
alt-winner = { $colour } kazandı ({ $token })
alt-drawn = berabere ({ $token })
alt-side = { $colour }: { $pieces }.
alt-men = { $count } taş ({ $squares })
alt-kings = { $count } dama ({ $squares })
alt-no-pieces = taş yok
alt-last-move = Son hamle ({ $colour }): { $move }.
alt-replay = { $game } numaralı oyunun tekrarı: { $moves } hamle, sonuç: { $result }.
text-board-legend = w = beyaz taş, W = beyaz dama, b = siyah taş, B = siyah dama, . = boş kare.
