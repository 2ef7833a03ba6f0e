// SPDX-License-Identifier: GPL-2.0
/*
 * The design colours (palette.h). gnuplot gets them as the variable
 * `palette` of every figure script (analysis/gp/common.gp's colour()),
 * report.html as the legend under the forest plot, so that a design has
 * one colour wherever a person sees it. They are Tableau's ten
 * (matplotlib's default cycle), in which flow, do_irq and edge-masking
 * had the colours they keep here; __do_IRQ, the baseline every other
 * design is read against, is the red. Each design's colour is written in
 * its row of analysis/designs.def; this file only hands them out.
 */
#include <stdio.h>
#include "analysis/designs.h"
#include "palette.h"

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
	for (unsigned int i = 0; i < ana_nr_designs; i++)
		at += (size_t)snprintf(buf + (at < len ? at : len),
				       at < len ? len - at : 0, "%s %s ",
				       ana_designs[i].name,
				       ana_designs[i].colour);
	at += (size_t)snprintf(buf + (at < len ? at : len),
			       at < len ? len - at : 0, "* %s", PALETTE_OTHER);
	return at;
}
