/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One colour per design, the same in every figure of the report and in
 * report.html (palette.c): the one place the colours are written down.
 */
#ifndef ANALYSIS_PALETTE_H
#define ANALYSIS_PALETTE_H

#include <stddef.h>

/* A design the palette does not name: grey. */
#define PALETTE_OTHER "#7f7f7f"

/**
 * struct palette_entry - a design and its colour
 * @design:	as summary.json names it, without a control's "#N"
 * @colour:	"#rrggbb"
 */
struct palette_entry {
	const char *design;
	const char *colour;
};

/* The designs the palette names, in the report's order. */
extern const struct palette_entry palette[];
extern const size_t palette_len;

size_t palette_gnuplot(char *buf, size_t len);

#endif /* ANALYSIS_PALETTE_H */
