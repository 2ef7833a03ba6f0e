/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One colour per design, the same in every figure of the report and in
 * report.html (palette.c); the colours are written in the design
 * registry (analysis/designs.def), and read in its order (designs.h).
 */
#ifndef ANALYSIS_PALETTE_H
#define ANALYSIS_PALETTE_H

#include <stddef.h>
#include "analysis/designs.h"

/* A design the palette does not name: grey. */
#define PALETTE_OTHER "#7f7f7f"

size_t palette_gnuplot(char *buf, size_t len);

#endif /* ANALYSIS_PALETTE_H */
