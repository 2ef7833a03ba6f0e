# SPDX-License-Identifier: GPL-2.0
# Latency over the run's time: per time bin the median (line) and the
# maximum (points: the outliers). Data: one block per design,
# "t_s p50_ns max_ns" rows.
load gpdir . "/common.gp"
set logscale y
set format y "10^{%L}"
set xlabel "time since the run began (s)"
set ylabel "fire -> handler entry latency (ns)"
set key top right
plot for [i=1:words(names)] in index (i - 1) using 1:3 with points \
	pt 7 ps 0.4 lc rgb colour(word(names, i)) \
	title word(names, i) . " max per bin", \
	for [i=1:words(names)] in index (i - 1) using 1:2 with lines \
	lw 2 lc rgb colour(word(names, i)) title word(names, i) . " median"
