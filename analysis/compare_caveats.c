// SPDX-License-Identifier: GPL-2.0
/*
 * What irqlab compare prints beside its verdict and never uses in it:
 * whether the sides are two sittings, and how much of each side's
 * events a host-noise gap touched.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "analysis/compare_internal.h"

/*
 * Whether the sides' runs do not alternate in time: every base run
 * started before every run of @now, or after. Runs without a start
 * time: unknown, false. ISO 8601 UTC stamps compare as strings.
 */
static bool sittings(const struct side *base, const struct side *now)
{
	const char *bmin = NULL, *bmax = NULL, *nmin = NULL, *nmax = NULL;

	for (size_t i = 0; i < base->n; i++) {
		const char *t = base->r[i].started;

		if (!t)
			return false;
		bmin = !bmin || strcmp(t, bmin) < 0 ? t : bmin;
		bmax = !bmax || strcmp(t, bmax) > 0 ? t : bmax;
	}
	for (size_t i = 0; i < now->n; i++) {
		const char *t = now->r[i].started;

		if (!t)
			return false;
		nmin = !nmin || strcmp(t, nmin) < 0 ? t : nmin;
		nmax = !nmax || strcmp(t, nmax) > 0 ? t : nmax;
	}
	return bmin && nmin &&
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
