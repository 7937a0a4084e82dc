# Sitenin ana sayfası, genel adresin kökünde (DAMA_PUBLIC_URL): dama nedir, botu ekleyen
# bağlantılar ve topluluk sayfaları açık olan sunucular.

home-title = Dama: Discord'da Türk daması
home-lead = Arkadaşlarınla ya da bilgisayara karşı Türk daması oyna, Discord'dan çıkmadan. Bir kanalda `/{ cmd-dama-name }` yaz: her oyunun kendi tahtası, kendi konusu ve bu sitedeki gibi canlı bir sayfası olur.
home-points = Canlı oyunlar, günlere yayılan yazışmalı oyunlar, turnuvalar, günlük bulmacalar ve her oyunun incelemesi; Türkçe, İngilizce, İspanyolca ve İsveççe.
home-picture = Süren bir oyun: Beyaz'ın taşları tahtada yukarı, Siyah'ınkiler aşağı ilerler ve alma zorunludur.
home-add = Discord'a ekle
home-add-server = Bir sunucuya ekle
home-add-user = Uygulamalarıma ekle
home-add-user-note = Kendi hesabına eklenen bot, özel mesajlarda ve grup sohbetlerinde de oynar.
home-add-unknown = Botu ekleyen bağlantılar, bot Discord'a bağlanınca burada görünür.
home-servers = Topluluk sayfaları
home-servers-lead = Bu sunucular sıralamalarını, canlı oyunlarını ve turnuvalarını burada gösteriyor:
home-servers-none = Henüz hiçbir sunucu topluluk sayfalarını açmadı. Sunucunun yöneticileri onları `/{ cmd-dama-name } { cmd-server-name }` komutunun `{ opt-web-name }` seçeneğiyle açar.
home-server = Sunucu { $id }
