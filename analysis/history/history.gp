# SPDX-License-Identifier: GPL-2.0
# irqlab history: one cell's p50 and p99, run by run, over builds.
# Data: a block per host and config, rows "x build p50 lo hi p99 lo hi"
# (ns: the median of the run's block quantiles and its 95% interval over
# the blocks, the value alone where the run has too few blocks); a build
# marked * is a step irqlab compare called a regression.
# Variables set with -e: gpdir (the report's gp/), in, out, title, names
# (each block's host/config, one word each).
load gpdir . "/common.gp"
set logscale y
set ylabel "latency, fire -> handler entry (ns)"
set xlabel "runs in time order, by build (*: regression against the build before)"
set xtics rotate by -35 noenhanced
set key top left noenhanced
set datafile missing "NaN"
set offsets 0.5, 0.5, 0, 0
plot for [i=0:words(names)-1] in index i using 1:3:4:5:xtic(2) \
	with yerrorlines lw 2 title "p50 ".word(names, i + 1), \
	for [i=0:words(names)-1] in index i using 1:6:7:8 \
	with yerrorlines lw 2 dt 2 title "p99 ".word(names, i + 1)
