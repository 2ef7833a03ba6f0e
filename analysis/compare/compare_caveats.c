// SPDX-License-Identifier: GPL-2.0
/*
 * What irqlab compare prints beside its verdict and never uses in it:
 * whether the sides are two sittings, and how much of each side's
 * events a host-noise gap touched.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "compare_internal.h"

/* The earliest and latest start of @sd's runs; false if one has none. */
static bool side_span(const struct side *sd, const char **min, const char **max)
{
	*min = *max = NULL;
	for (size_t i = 0; i < sd->n; i++) {
		const char *t = sd->r[i].started;

		if (!t)
			return false;
		*min = !*min || strcmp(t, *min) < 0 ? t : *min;
		*max = !*max || strcmp(t, *max) > 0 ? t : *max;
	}
	return *min != NULL;
}

/*
 * Whether the sides' runs do not alternate in time: every base run
 * started before every run of @now, or after. Runs without a start
 * time: unknown, false. ISO 8601 UTC stamps compare as strings.
 */
static bool sittings(const struct side *base, const struct side *now)
{
	const char *bmin, *bmax, *nmin, *nmax;

	return side_span(base, &bmin, &bmax) && side_span(now, &nmin, &nmax) &&
	       (strcmp(bmax, nmin) < 0 || strcmp(nmax, bmin) < 0);
}

/* Each side's share of serviced events a host-noise gap touched. */
static double noise_share(const struct side *sd)
{
	double touched = 0, all = 0;

	for (size_t i = 0; i < sd->n; i++)
		for (size_t s = 0; s < sd->r[i].nsc; s++)
			for (size_t k = 0; k < sd->r[i].sc[s].nd; k++) {
				const struct run_design *d =
					&sd->r[i].sc[s].d[k];

				if (!d->has_noise)
					continue;
				touched += (double)d->noise_events;
				all += (double)d->serviced;
			}
	return all > 0 ? touched / all : NAN;
}

/* The caveats beside the verdict: time order, and host noise. */
void cmp_caveats(const struct side *base, const struct side *now,
		 struct verdicts *v, json_t *jside)
{
	double nb = noise_share(base), nn = noise_share(now);
	bool ordered = sittings(base, now);

	v->ordered |= ordered;
	json_object_set_new(jside, "sittings", json_boolean(ordered));
	json_object_set_new(jside, "noise_share_base", cmp_jnum(nb));
	json_object_set_new(jside, "noise_share_run", cmp_jnum(nn));
	if (ordered)
		printf("\nWARNING: every base run was taken before every run of this side, or after: a comparison of two sittings cannot separate a change from the machine's drift between them (replicates from one sitting say little about another). "
		       "For a verdict on a change, alternate the builds in time: irqlab ab (docs/analysis.md).\n");
	if (isfinite(nb) || isfinite(nn))
		printf("\nCaveat, not used in the verdict: a host-noise gap touched %.1f%% of the base's serviced events and %.1f%% of this side's; "
		       "the last column is each cell's ratio with those events set apart. Which events a gap touches depends on their latency, so the change under test moves it.\n",
		       nb * 100, nn * 100);
}
