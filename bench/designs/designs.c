// SPDX-License-Identifier: GPL-2.0
/*
 * The design registry, the harness's half: analysis/designs.def, the list
 * the run folder's reader expands too (analysis/formats/designs.c), made into
 * rows that point at each design's ops. A row whose ops no file defines
 * does not link; a design file no row names is never run. The enum
 * bench_design is the same list's (bench.h).
 *
 * A test binary adds rows by compiling this file again with
 * IRQLAB_EXTRA_DESIGNS naming a file of IRQLAB_DESIGN() rows
 * (tests/bench/toy_design.row); the shipped harness has none.
 */
#include <string.h>
#include "designs.h"

#define IRQLAB_DESIGN(code, ID, id, name, colour) \
	extern const struct bench_design_ops bench_design_##id;
#include "analysis/designs.def"
#ifdef IRQLAB_EXTRA_DESIGNS
#include IRQLAB_EXTRA_DESIGNS
#endif
#undef IRQLAB_DESIGN

#define IRQLAB_DESIGN(code, ID, id, name, colour) \
	{ (enum bench_design)(code), name, &bench_design_##id },
const struct bench_design_row bench_designs[] = {
#include "analysis/designs.def"
#ifdef IRQLAB_EXTRA_DESIGNS
#include IRQLAB_EXTRA_DESIGNS
#endif
};
#undef IRQLAB_DESIGN

const unsigned int bench_nr_designs =
	sizeof(bench_designs) / sizeof(*bench_designs);

/**
 * bench_design_get - the registry's row of design @d
 * @d: a design's code
 *
 * Return: the row, or NULL when no design has that code.
 */
const struct bench_design_row *bench_design_get(enum bench_design d)
{
	for (unsigned int i = 0; i < bench_nr_designs; i++)
		if (bench_designs[i].code == d)
			return &bench_designs[i];
	return NULL;
}

/**
 * bench_design_name - the name of design @v, as files spell it
 * @v: the value
 *
 * Return: the name, or NULL when no design has that code.
 */
const char *bench_design_name(enum bench_design v)
{
	const struct bench_design_row *r = bench_design_get(v);

	return r ? r->name : NULL;
}

/**
 * bench_design_parse - the design named @s
 * @s: a name as bench_design_name() spells it
 *
 * Return: the enum bench_design, or -1 when no design has that name.
 */
int bench_design_parse(const char *s)
{
	for (unsigned int i = 0; i < bench_nr_designs; i++)
		if (!strcmp(bench_designs[i].name, s))
			return (int)bench_designs[i].code;
	return -1;
}
