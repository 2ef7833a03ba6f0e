# SPDX-License-Identifier: GPL-2.0
# Latency histogram per design on log-linear buckets, log x and y. Data:
# one block per design, "low_ns width_ns count" rows (non-empty buckets).
load gpdir . "/common.gp"
set logscale xy
set format x "10^{%L}"
set xlabel "fire -> handler entry latency (ns), bucket lower bound"
set ylabel "events per bucket"
set key top right
set style fill transparent solid 0.35 noborder
plot for [i=1:words(names)] in index (i - 1) \
	using ($1 + $2 / 2):3:2 with boxes lc rgb colour(word(names, i)) \
	title word(names, i)
