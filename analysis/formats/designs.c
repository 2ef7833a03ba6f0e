// SPDX-License-Identifier: GPL-2.0
/*
 * The design registry, analysis's half: analysis/designs.def expanded to
 * the table samples.c reads the design byte through, palette.c colours by
 * and the report orders its designs by. The harness expands the same list
 * (bench/designs/designs.c), so the two halves cannot disagree.
 *
 * A test binary adds rows by compiling this file again with
 * IRQLAB_EXTRA_DESIGNS naming a file of IRQLAB_DESIGN() rows
 * (tests/bench/toy_design.row); the shipped library has none.
 */
#include <string.h>
#include "analysis/designs.h"

#define IRQLAB_DESIGN(code, ID, id, name, colour) { code, name, colour },
const struct ana_design ana_designs[] = {
#include "analysis/designs.def"
#ifdef IRQLAB_EXTRA_DESIGNS
#include IRQLAB_EXTRA_DESIGNS
#endif
};
#undef IRQLAB_DESIGN

const unsigned int ana_nr_designs = sizeof(ana_designs) / sizeof(*ana_designs);

_Static_assert(sizeof(ana_designs) / sizeof(*ana_designs) <= ANA_DESIGNS_MAX,
	       "raise ANA_DESIGNS_MAX");

/**
 * ana_design_by_code - the design of a samples.bin design byte
 * @code: the byte
 *
 * Return: its row, or NULL when no design has that code.
 */
const struct ana_design *ana_design_by_code(unsigned int code)
{
	for (unsigned int i = 0; i < ana_nr_designs; i++)
		if (ana_designs[i].code == code)
			return &ana_designs[i];
	return NULL;
}

/**
 * ana_design_by_name - the design of a name
 * @name: as summary.json spells it; a control's "flow#2" has none
 *
 * Return: its row, or NULL.
 */
const struct ana_design *ana_design_by_name(const char *name)
{
	for (unsigned int i = 0; i < ana_nr_designs; i++)
		if (!strcmp(ana_designs[i].name, name))
			return &ana_designs[i];
	return NULL;
}
