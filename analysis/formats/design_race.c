// SPDX-License-Identifier: GPL-2.0
/*
 * A design's "race" object of summary.json (docs/results.md): the books
 * of a scenario with key race, written and read here. Absent in every
 * other design's object and in folders from before it, which read as no
 * race.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "design.h"

struct race_count {
	const char *key;
	size_t off;
};

#define COUNT(f)                                 \
	{                                        \
#f, offsetof(struct run_race, f) \
	}

/* In summary.json's order. */
static const struct race_count counts[] = {
	COUNT(moves),	      COUNT(old_cpu_runs),    COUNT(longest_loop),
	COUNT(mask_accesses), COUNT(resend_accesses), COUNT(waits),
	COUNT(wait_ns),
};

#define NCOUNTS (sizeof(counts) / sizeof(counts[0]))

static uint64_t *count_of(struct run_race *r, size_t i)
{
	return (uint64_t *)((char *)r + counts[i].off);
}

json_t *race_json(const struct run_race *r)
{
	json_t *o = json_object();
	int bad = !o || json_object_set_new(o, "race", jf_new_str(r->race));

	for (size_t i = 0; !bad && i < NCOUNTS; i++)
		bad = json_object_set_new(
			o, counts[i].key,
			jf_new_u64(*count_of((struct run_race *)r, i)));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int race_read(struct jf_reader *rd, json_t *o, const char *where,
	      struct run_design *d)
{
	json_t *j;
	char w[160];
	int ret = jf_obj(rd, o, where, "race", JF_OPTIONAL, &j);

	if (ret || !j)
		return ret;
	snprintf(w, sizeof(w), "%srace.", where);
	d->has_race = true;
	ret = jf_str(rd, j, w, "race", JF_REQUIRED, &d->race.race);
	for (size_t i = 0; !ret && i < NCOUNTS; i++)
		ret = jf_u64(rd, j, w, counts[i].key, JF_REQUIRED,
			     count_of(&d->race, i));
	return ret;
}
