# SPDX-License-Identifier: GPL-2.0
# Mean time per stage of one interrupt, stacked, per scenario and design,
# from the trace (tracepoint cost subtracted). Data: "label s_1 .. s_n"
# rows; names here are the stages, not designs.
load gpdir . "/common.gp"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 noborder
set boxwidth 0.7
set xtics rotate by -35 noenhanced
set ylabel "mean ns per interrupt"
set yrange [0:*]
set key outside right top
plot for [i=1:words(names)] in using (column(i + 1)):xtic(1) title word(names, i)
