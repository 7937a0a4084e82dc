# Svaret på /dama rules: spelets regler, i korthet.

rules-summary = **Turkisk dam (Dama) på en minut**
    - Bräde 8×8 där alla rutor används. Varje sida har 16 brickor, på rad 2–3 (Vit) och 6–7 (Svart). Vit börjar.
    - **Brickor** går en ruta rakt framåt eller åt sidan, aldrig bakåt eller diagonalt.
    - Man **slår** genom att hoppa över en intilliggande motståndarpjäs framåt eller åt sidan till den tomma rutan bakom, och slag är **tvingande**. Slaget fortsätter så länge pjäsen kan hoppa igen, och man måste slå **så många pjäser som möjligt**. Slagna pjäser lämnar brädet när de hoppas över.
    - En bricka som når sista raden blir **dam**. Damer går hur långt som helst längs rader och linjer som ett torn och slår på avstånd och landar på valfri ruta bortom den slagna pjäsen; mellan två hopp får en dam inte vända 180°.
    - Du **förlorar** om du inte har några pjäser eller inget lagligt drag när det är din tur, om du ger upp, eller om din tid per drag går ut. **Remi**: efter överenskommelse, vid trefaldig upprepning, eller efter 50 drag var utan slag och utan att en bricka gått framåt.
    - **Drag** skrivs `d3-d4`, slag med varje landningsruta: `d4xd6xf6` (`d4xf6` räcker när det bara finns ett sådant slag). Numerisk notation (`44-36`) väljer du med `/{ cmd-dama-name } { cmd-settings-name } { opt-notation-name }:`.
    Spela med `/{ cmd-dama-name } { cmd-move-name }` (börja skriva för att se dina lagliga drag) eller med menyerna under brädet.
    - **Regeluppsättningar**: med **förbundets regler** blir en bricka som når sista raden mitt i ett slag dam först när slaget är klart; med **strikta regler** förlorar den som missar ett slag eller slår för få pjäser. Varje bräde anger sina regler.
