# SPDX-License-Identifier: GPL-2.0
# Throughput against offered load. Data: one block per design,
# "offered_per_s throughput_per_s" rows, one per scenario.
load gpdir . "/common.gp"
set logscale xy
set xlabel "offered load (events/s: rate x devices)"
set ylabel "serviced events/s"
set key top left
plot for [i=1:words(names)] in index (i - 1) using 1:2 with points \
	pt 7 ps 1.2 lc rgb colour(word(names, i)) title word(names, i), \
	x with lines dt 2 lc rgb "#999999" title "serviced = offered"
