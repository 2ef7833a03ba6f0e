# SPDX-License-Identifier: GPL-2.0
# Controller register accesses per interrupt, per scenario and design.
# Data: "scenario v_1 .. v_n" rows, a column per design (NaN: not run).
load gpdir . "/common.gp"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 noborder
set boxwidth 0.9
set xtics rotate by -35 noenhanced
set ylabel "chip register accesses per interrupt"
set yrange [0:*]
set key top right
set datafile missing "NaN"
plot for [i=1:words(names)] in using (column(i + 1)):xtic(1) \
	lc rgb colour(word(names, i)) title word(names, i)
