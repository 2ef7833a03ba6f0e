# SPDX-License-Identifier: GPL-2.0
# Throughput against offered load. Data: one block per design,
# "offered_per_s throughput_per_s" rows, one per scenario.
load gpdir . "/common.gp"
set logscale xy
set xlabel "offered load (events fired per second)"
set ylabel "serviced events/s"
set key top left
# Open symbols of falling size, so designs on the same point all show.
plot for [i=1:words(names)] in index (i - 1) using 1:2 with points \
	pt (2 * i + 4) ps (3.2 - 0.8 * i) lw 2 lc rgb colour(word(names, i)) \
	title word(names, i), \
	x with lines dt 2 lc rgb "#999999" title "serviced = offered"
