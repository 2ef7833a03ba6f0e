// SPDX-License-Identifier: GPL-2.0
/*
 * The design colours (palette.h). gnuplot gets them as the variable
 * `palette` of every figure script (analysis/gp/common.gp's colour()),
 * report.html as the legend under the forest plot, so that a design has
 * one colour wherever a person sees it. They are Tableau's ten
 * (matplotlib's default cycle), in which flow, do_irq and edge-masking
 * had the colours they keep here; __do_IRQ, the baseline every other
 * design is read against, is the red.
 */
#include <stdio.h>
#include "palette.h"

const struct palette_entry palette[] = {
	{ "flow", "#1f77b4" },
	{ "do_irq", "#d62728" },
	{ "edge-masking", "#2ca02c" },
	{ "threaded", "#9467bd" },
	{ "threaded-oneshot", "#ff7f0e" },
};
const size_t palette_len = sizeof(palette) / sizeof(*palette);

/**
 * palette_gnuplot - the palette as gnuplot words for common.gp's colour()
 * @buf: where to write it: "flow #1f77b4 do_irq #d62728 ... * #7f7f7f",
 *	the last pair the colour of any other design
 * @len: its size
 *
 * Return: the length it needs (snprintf's); truncated where >= @len.
 */
size_t palette_gnuplot(char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < palette_len; i++)
		at += (size_t)snprintf(buf + (at < len ? at : len),
				       at < len ? len - at : 0, "%s %s ",
				       palette[i].design, palette[i].colour);
	at += (size_t)snprintf(buf + (at < len ? at : len),
			       at < len ? len - at : 0, "* %s", PALETTE_OTHER);
	return at;
}
