# /dama rules cevabı: oyunun kuralları, kısaca.

rules-summary = **Bir dakikada Türk daması**
    - 8×8 tahta, bütün kareler kullanılır. Her tarafın 16 taşı vardır: Beyaz 2. ve 3. sıralarda, Siyah 6. ve 7. sıralarda dizilir. İlk hamleyi Beyaz yapar.
    - **Taşlar** bir kare düz ileri ya da yana gider; geri ya da çapraz gitmez.
    - **Alma**, yandaki ya da öndeki rakip taşın üzerinden arkasındaki boş kareye atlayarak yapılır ve **zorunludur**. Taş yeniden atlayabildiği sürece alma sürer ve alınabilecek **en çok taş** alınmalıdır. Alınan taşlar atlandıkça tahtadan kalkar.
    - Son sıraya ulaşan taş **dama** olur. Dama, kale gibi sıra ve sütunlar boyunca istediği kadar gider, uzaktan alır ve atladığı taşın ötesinde istediği boş kareye iner; iki atlayış arasında geldiği yöne geri dönemez.
    - Sıra sendeyken hiç taşın ya da oynayabileceğin hamle kalmazsa, terk edersen ya da hamle süren dolarsa **kaybedersin**. **Beraberlik**: anlaşmayla, aynı konum üç kez tekrarlanınca ya da iki taraf da 50 hamle boyunca taş almaz ve taşını ileri sürmezse.
    - **Hamleler** `d3-d4` diye, taş alan hamleler her iniş karesiyle yazılır: `d4xd6xf6` (karışıklık yoksa `d4xf6` yeter). Sayısal notasyon (`44-36`) `/{ cmd-dama-name } { cmd-settings-name } { opt-notation-name }:` ile seçilir.
    `/{ cmd-dama-name } { cmd-move-name }` ile (yazmaya başlayınca geçerli hamlelerin listelenir) ya da tahtanın altındaki menülerle oyna.
    - **Kural türleri**: **federasyon kurallarında** alma sırasında son sıraya ulaşan taş ancak alma bitince dama olur; **katı kurallarda** zorunlu almayı kaçıran ya da alabileceğinden az taş alan oyunu kaybeder. Her tahta hangi kurallarla oynandığını yazar.
