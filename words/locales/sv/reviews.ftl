# Partianalyser: datorns omdöme om varje drag i ett avslutat parti.

button-review = Analysera
review-progress = 🔍 Analyserar parti #{ $game }: { $done } av { $total ->
    [one] { $total } ställning genomsökt
   *[other] { $total } ställningar genomsökta
}…
review-ready-below = 🔍 Analysen av parti #{ $game } är klar i { $link }.
review-for = { $user }, analysen du bad om:
review-heading = 🔍 **Analys av parti #{ $game }**
review-side = **{ $colour }** ({ $name }): { $best } bästa, { $good } bra, { $inaccuracies } { $inaccuracies ->
    [one] onoggrannhet
   *[other] onoggrannheter
}, { $mistakes } { $mistakes ->
    [one] misstag
   *[other] misstag
}, { $blunders } { $blunders ->
    [one] bock
   *[other] bockar
}
review-class-best = bäst
review-class-good = bra
review-class-inaccuracy = onoggrannhet
review-class-mistake = misstag
review-class-blunder = bock
review-no-mistakes = Inga misstag och inga bockar: bra spelat av båda.
review-mistakes = Misstag och bockar, med datorns val:
review-mistake-line = { $number } { $played }: { $class } ({ $before } → { $after }); bättre { $better }
review-more = …och { $count } till i den kommenterade PDN-filen.
review-moments = De kritiska ögonblicken, i bilderna (brädet före draget, det bättre draget markerat):
review-moment-line = { $n }. { $number } { $played } (bättre { $marked })
review-thresholds = Ett drag bedöms efter vad det förlorade, i brickor: bra under 0,20, onoggrannhet från 0,20, misstag från 0,50, bock från 1,50. Värderingarna är från vits sida; datorn sökte igenom { $nodes ->
    [one] { $nodes } ställning
   *[other] { $nodes } ställningar
} för varje drag. Grafen visar värderingen efter varje drag; den kommenterade PDN-filen har allt.
review-graph-alt = Värderingsgrafen för parti #{ $game }: { $plies } drag, från vits sida, med början på { $start } och slut på { $end } brickor; punkter markerar de kritiska ögonblicken.
review-moment-alt = Brädet före { $number } i parti #{ $game }, { $colour } drar: { $played } spelades, { $marked } är markerat som bättre. { $position }
review-too-many = Du har redan { $limit ->
    [one] { $limit } analys
   *[other] { $limit } analyser
} som väntar: be om en till när någon av dem är klar.
review-failed = 🔍 Parti #{ $game } kunde inte analyseras. Be om en analys igen för att försöka en gång till.
