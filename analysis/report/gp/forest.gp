# SPDX-License-Identifier: GPL-2.0
# The forest plot: each design's p50 (left panel) and p99 (right) over
# __do_IRQ's in the same scenario, a row per scenario and design; the
# point is the median over rounds, the bar its interval, filled where the
# report gives a verdict and open where it gives none. Data
# (analysis/report_answer.c): block 0 "x50_lo x50_hi x99_lo x99_hi rows",
# block 1 the shaded rows "y_lo y_hi", then a block per design (names)
# "y label p50 lo hi verdict p99 lo hi verdict", NaN where there is none.
load gpdir . "/common.gp"
stats in index 0 using 1:2 nooutput
x50lo = STATS_min_x
x50hi = STATS_min_y
stats in index 0 using 3:4 nooutput
x99lo = STATS_min_x
x99hi = STATS_min_y
stats in index 0 using 5 nooutput
rows = int(STATS_min)
# 16 pixels a row, and room for the titles, the key and the x labels.
height = 170 + 16 * rows
set terminal pngcairo size 1200, height enhanced font "DejaVu Sans,9"
set output out
unset title
set multiplot title title noenhanced font ",11"
set logscale x
set yrange [0.5:rows + 0.5]
set grid xtics noytics
set style fill solid 1.0 noborder
# @x where the row's verdict column @v is given (@f 1) or not (@f 0):
# each point is drawn by one of two clauses, filled or open. A row
# without an interval has no bar: its x is made undefined, which skips
# it (gnuplot reads a NaN bar end as -1e307 and draws it to the edge).
pick(x, v, f) = column(v) != 0 == f ? x : NaN
set tmargin at screen 1 - 70.0 / height
set bmargin at screen 50.0 / height
# Over each panel its key: the designs' colours left, the marks right.
set key at screen 0.42, screen 1 - 26.0 / height center top horizontal \
	noenhanced samplen 1 width 1
set arrow 1 from first 1, graph 0 to first 1, graph 1 nohead dt 2 lw 1.5 \
	lc rgb "#333333" front

# Under two decades, the decades alone leave the axis nearly unlabelled:
# more labels, and more again under a factor of four.
fine(lo, hi) = hi / lo >= 100 ? "" : hi / lo >= 4 ? \
	'("0.2" 0.2, "0.5" 0.5, "0.7" 0.7, "1.4" 1.4, "2" 2, "5" 5)' : \
	'("0.7" 0.7, "0.8" 0.8, "0.9" 0.9, "1.1" 1.1, "1.25" 1.25, "1.5" 1.5)'

set lmargin at screen 0.24
set rmargin at screen 0.60
set xrange [x50lo:x50hi]
if (fine(x50lo, x50hi) ne "") eval "set xtics add " . fine(x50lo, x50hi)
set xlabel "p50 / __do_IRQ's p50" noenhanced
set ytics scale 0 noenhanced
plot in index 1 using (sqrt(x50lo * x50hi)):(($1 + $2) / 2): \
	(x50lo):(x50hi):1:2 with boxxyerror fc rgb "#f0f0f0" notitle, \
	for [i=1:words(names)] in index (i + 1) \
	using (valid(4) ? $3 : NaN):1:4:5 \
	with xerrorbars ps 0 lw 1.5 lc rgb colour(word(names, i)) \
	title word(names, i), \
	for [f=0:1] for [i=1:words(names)] in index (i + 1) \
	using (pick($3, 6, f)):1:ytic(2) with points pt (f ? 7 : 6) ps 1.2 \
	lw 1.5 lc rgb colour(word(names, i)) notitle

set key at screen 0.805, screen 1 - 26.0 / height
set lmargin at screen 0.63
set rmargin at screen 0.98
set xrange [x99lo:x99hi]
set xtics autofreq
if (fine(x99lo, x99hi) ne "") eval "set xtics add " . fine(x99lo, x99hi)
set xlabel "p99 / __do_IRQ's p99" noenhanced
set ytics format ""
plot in index 1 using (sqrt(x99lo * x99hi)):(($1 + $2) / 2): \
	(x99lo):(x99hi):1:2 with boxxyerror fc rgb "#f0f0f0" notitle, \
	for [i=1:words(names)] in index (i + 1) \
	using (valid(8) ? $7 : NaN):1:8:9 \
	with xerrorbars ps 0 lw 1.5 lc rgb colour(word(names, i)) notitle, \
	for [f=0:1] for [i=1:words(names)] in index (i + 1) \
	using (pick($7, 10, f)):1 with points pt (f ? 7 : 6) ps 1.2 \
	lw 1.5 lc rgb colour(word(names, i)) notitle, \
	NaN with points pt 7 ps 1.2 lc rgb "#333333" title "verdict", \
	NaN with points pt 6 ps 1.2 lc rgb "#333333" title "no verdict"
unset multiplot
