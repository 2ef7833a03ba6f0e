# SPDX-License-Identifier: GPL-2.0
# Mean time per stage of one interrupt, stacked, per scenario and design,
# from the trace (tracepoint cost subtracted). Data: "label s_1 .. s_n"
# rows; names here are the stages, not designs. The action (the device
# handler's own work) is pale, so the flow handler's overhead stands out.
load gpdir . "/common.gp"
set terminal pngcairo size 1200,620 enhanced font "DejaVu Sans,10"
set output out
stagecolour(n) = n eq "entry" ? "#6a3d9a" : n eq "exit" ? "#cab2d6" : \
	n eq "action" ? "#e0e0e0" : n eq "ack" ? "#1b9e77" : \
	n eq "mask" ? "#66a61e" : n eq "mask_ack" ? "#e6ab02" : \
	n eq "unmask" ? "#a6761d" : n eq "eoi" ? "#1f78b4" : \
	n eq "end" ? "#e31a1c" : "#666666"
set style data histograms
set style histogram rowstacked
set style fill solid 0.9 border rgb "#ffffff"
set boxwidth 0.75
set xtics rotate by -60 noenhanced font ",8"
set ylabel "mean ns per interrupt"
set yrange [0:*]
set key outside right top
plot for [i=1:words(names)] in using (column(i + 1)):xtic(1) \
	lc rgb stagecolour(word(names, i)) title word(names, i)
