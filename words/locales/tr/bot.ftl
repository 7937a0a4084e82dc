# Botun Türkçe sözleri. Oyunun terimleri: taş (man), dama (king), alma zorunluluğu.

pieces = { $count } taş
