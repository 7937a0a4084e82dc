# Problem ur serverns egna partier: dagens problem, dess lösning och avslag.

puzzle-to-play = { $colour } drar och vinner.
puzzle-source = Ur parti #{ $game }, { $white } – { $black }, drag { $move }.
puzzle-daily-title = 🧩 **Dagens problem** (#{ $puzzle })
puzzle-daily-how = Lös det med `/dama puzzle daily:true`: ett försök var, den som löser det först nämns i morgon.
puzzle-daily-solution = 🧩 Lösningen på problem #{ $puzzle }: { $line }
puzzle-daily-first = Först att lösa det: { $member }.
puzzle-daily-nobody = Ingen löste det.
puzzle-needs-server = Problemen kommer ur en servers partier: be om ett på en server.
puzzle-none-left = Du har försökt alla problem på den här servern. Fler kommer när partier spelas.
puzzle-not-solving = Du har inget problem på gång: be om ett med `/dama puzzle`.
puzzle-no-such = Det finns inget problem #{ $puzzle } på den här servern.
puzzle-no-daily = Den här servern har inte haft något dagens problem än.
puzzle-already-tried = Du har redan försökt problem #{ $puzzle }: varje problem försöks en gång.
puzzle-too-many = Du har bett om { $limit } problem den senaste minuten: andas och försök igen om en stund.
puzzle-bad-hour = { $hour } är inte en timme på dygnet: välj 0 till 23 (UTC).
