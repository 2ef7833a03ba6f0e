/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The design registry's analysis half (designs.c): each design's
 * samples.bin code, name and colour, from the one list analysis/designs.def
 * that the harness expands too.
 */
#ifndef ANALYSIS_DESIGNS_H
#define ANALYSIS_DESIGNS_H

/* At most this many designs (the report's arrays of them). */
#define ANA_DESIGNS_MAX 16

/**
 * struct ana_design - a design as the run folder and the report know it
 * @code:	samples.bin's design byte
 * @name:	as summary.json spells it
 * @colour:	"#rrggbb" in every figure and legend
 */
/* The first of the modern family's codes (v6-flow): 0-4 are 2006's. */
#define ANA_FIRST_V6 5

struct ana_design {
	unsigned int code;
	const char *name;
	const char *colour;
};

/* Every design, in the report's order (designs.def). */
extern const struct ana_design ana_designs[];
extern const unsigned int ana_nr_designs;

const struct ana_design *ana_design_by_code(unsigned int code);
const struct ana_design *ana_design_by_name(const char *name);

#endif /* ANALYSIS_DESIGNS_H */
