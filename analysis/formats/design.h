/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One design's object of summary.json (design.c): summary.c's, private to
 * the format's owner.
 */
#ifndef ANALYSIS_DESIGN_H
#define ANALYSIS_DESIGN_H

#include <jansson.h>
#include "jfield.h"
#include "analysis/run.h"

json_t *design_json(const struct run_scenario *sc, const struct run_design *d);
int design_read(struct jf_reader *rd, json_t *o, const char *where,
		struct run_design *d);

/* The "race" object (design_race.c): written if @d->has_race, optional. */
json_t *race_json(const struct run_race *r);
int race_read(struct jf_reader *rd, json_t *o, const char *where,
	      struct run_design *d);

#endif /* ANALYSIS_DESIGN_H */
