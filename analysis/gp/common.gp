# SPDX-License-Identifier: GPL-2.0
# Shared by every figure script: the terminal and the design colours.
# Variables set by the report with -e: gpdir (this folder), in (data
# file), out (PNG), title,
# names (the designs, one word each, in the data file's block order).
set terminal pngcairo size 900,480 enhanced font "DejaVu Sans,10"
set output out
set title title noenhanced
set key top left noenhanced
set grid
# flow, do_irq, edge-masking, anything else
colour(n) = n eq "flow" ? "#1f77b4" : n eq "do_irq" ? "#d62728" : \
	n eq "edge-masking" ? "#2ca02c" : "#7f7f7f"
