# Problem ur serverns egna partier: dagens problem, dess lösning och avslag.

puzzle-to-play = { $colour } drar och vinner.
puzzle-source = Ur parti #{ $game }, { $white } – { $black }, drag { $turn }.
puzzle-daily-title = 🧩 **Dagens problem** (#{ $puzzle })
puzzle-daily-how = Lös det med `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`: ett försök var, den som löser det först nämns i morgon.
puzzle-daily-solution = 🧩 Lösningen på problem #{ $puzzle }: { $line }
puzzle-daily-first = Först att lösa det: { $member }.
puzzle-daily-nobody = Ingen löste det.
puzzle-needs-server = Problemen kommer ur en servers partier: be om ett på en server.
puzzle-none-yet = Den här servern har inga problem än. De hittas i partier som medlemmarna avslutar här, några minuter efter att varje parti är slut.
puzzle-none-left = Du har provat alla problem på den här servern. Fler kommer när partier spelas.
puzzle-not-solving = Du har inget problem på gång: be om ett med `/{ cmd-dama-name } { cmd-puzzle-name }`.
puzzle-no-such = Det finns inget problem #{ $puzzle } på den här servern.
puzzle-no-daily = Den här servern har inte haft något dagens problem än.
puzzle-already-tried = Du har redan provat problem #{ $puzzle }: varje problem kan bara provas en gång.
puzzle-too-many = Du har bett om { $limit } problem den senaste minuten: ta det lugnt och försök igen om en stund.
puzzle-bad-hour = { $hour } är inte en timme på dygnet: välj 0 till 23 (UTC).
puzzle-title = 🧩 **Problem #{ $puzzle }** (rating { $rating }){ $theme ->
    [shot] , en kombination
    [two-for-one] , två för en
    [crowning] , ett genombrott till dam
    [king-trap] , en damfälla
    [endgame-win] , en vunnen slutspelsställning
   *[other] {""}
}
puzzle-resumed = Du har det här problemet på gång: här är det igen.
puzzle-so-far = Hittills: { $line }
puzzle-how = Svara med menyn nedan eller `/{ cmd-dama-name } { cmd-move-name }`. Ett försök: ett fel drag avslutar det.
puzzle-correct = ✅ { $move } är rätt. Motståndaren svarar { $reply }.
puzzle-your-move = Ditt drag.
puzzle-solved = 🎉 { $move }: löst!
puzzle-failed = ❌ { $move } är fel: rätt drag var { $expected }.
puzzle-solution = Lösningen: { $line }
puzzle-rating = Din problemrating: { $before } → { $after }. Svit: { $streak ->
    [one] { $streak } dag
   *[other] { $streak } dagar
}.
puzzle-leaderboard = 🧩 **Problemrating**
puzzle-leaderboard-empty = Ingen än: en medlem syns här efter { $min } problem.
puzzle-leaderboard-line = { $rank }. { $name }: { $rating } ({ $solved } av { $tries } lösta; svit { $streak })
puzzle-channel-set = Dagens problem publiceras i { $channel } klockan { $hour }:00 UTC.
puzzle-channel-hello = 🧩 Dagens problem läggs upp här, varje dag klockan { $hour }:00 UTC. Lös det med `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`.
puzzle-channel-cannot-post = ⚠️ Jag kan inte skriva i { $channel }: ge mig Visa kanal, Skicka meddelanden och Bifoga filer där, eller välj en annan kanal.
puzzle-channel-none = Ingen problemkanal är vald; dagens problem skulle publiceras klockan { $hour }:00 UTC.
puzzle-channel-needed = Välj kanalen med `{ opt-puzzle-channel-name }` för att slå på dagens problem.
