# SPDX-License-Identifier: GPL-2.0
# Shared by every figure script: the terminal and the design colours.
# Variables set by the report with -e: gpdir (this folder), in (data
# file), out (PNG), title,
# names (the designs, one word each, in the data file's block order),
# palette (pairs of words "design #rrggbb", the last "* #rrggbb" for any
# other design: analysis/palette.c, the one place a design's colour is
# written down, for every figure and the HTML).
set terminal pngcairo size 900,480 enhanced font "DejaVu Sans,10"
set output out
set title title noenhanced
set key top left noenhanced
set grid
if (!exists("palette")) palette = ""
colour_at(n, i) = i >= words(palette) ? "black" : \
	word(palette, i) eq n || word(palette, i) eq "*" ? \
	word(palette, i + 1) : colour_at(n, i + 2)
colour(n) = colour_at(n, 1)
