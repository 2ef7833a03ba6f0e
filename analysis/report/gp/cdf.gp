# SPDX-License-Identifier: GPL-2.0
# Latency CDF per design, log x. Data: one block per design,
# "latency_ns fraction" rows.
load gpdir . "/common.gp"
set logscale x
set format x "10^{%L}"
set xlabel "fire -> handler entry latency (ns)"
set ylabel "fraction of events at or below"
set yrange [0:1]
set key bottom right
plot for [i=1:words(names)] in index (i - 1) using 1:2 with steps \
	lw 2 lc rgb colour(word(names, i)) title word(names, i)
