// SPDX-License-Identifier: GPL-2.0
/*
 * The host, round by round, as the harness recorded it at each round
 * (bench/run/probe.c, summary.json "host"). Inside one run the designs of a
 * round share its host and the paired statistics take it out; across
 * runs nothing does, so comparisons across runs (irqlab compare, the
 * stability table) set apart the rounds the hypervisor took, by a
 * figure no build can move, and report the rest as caveats beside the
 * verdict: a filter that a change under test can move would decide the
 * verdict it is meant to protect (docs/statistics.md).
 */
#include <math.h>
#include <stdlib.h>
#include "host.h"

/* Set block @b of @d apart from every per-block quantile. */
static void drop_block(struct run_design *d, unsigned int b)
{
	for (int q = 0; q < RUN_NQ; q++) {
		if (d->bq[q] && b < d->nblocks)
			d->bq[q][b] = NAN;
		if (d->bq_quiet[q] && b < d->nblocks)
			d->bq_quiet[q][b] = NAN;
	}
}

/* The run's rounds: per scenario, its first design's figures (shared). */
static size_t rounds(const struct run *r)
{
	size_t n = 0;

	for (size_t s = 0; s < r->nsc; s++)
		if (r->sc[s].nd)
			n += r->sc[s].d[0].nhost;
	return n;
}

/* Figure @h of every round of @r into @v; how many. */
static size_t figure(const struct run *r, enum run_host h, double *v)
{
	size_t n = 0;

	for (size_t s = 0; s < r->nsc; s++) {
		const struct run_design *d = r->sc[s].nd ? &r->sc[s].d[0] :
							   NULL;

		for (unsigned int b = 0; d && d->host[h] && b < d->nhost; b++)
			v[n++] = d->host[h][b];
	}
	return n;
}

void ana_host_set_apart(struct run *r, struct ana_host *out)
{
	size_t n = rounds(r);
	double *v = malloc((n ? n : 1) * sizeof(*v));
	struct ana_host h = { .steal_max_ns = NAN,
			      .run_delay_ns = NAN,
			      .compute_ns = NAN,
			      .handoff_ns = NAN,
			      .handoff_lo = NAN,
			      .handoff_hi = NAN };

	for (size_t s = 0; s < r->nsc; s++) {
		const struct run_design *d0 = r->sc[s].nd ? &r->sc[s].d[0] :
							    NULL;

		for (unsigned int b = 0; d0 && b < d0->nhost; b++) {
			double st = d0->host[RUN_HOST_STEAL] ?
					    d0->host[RUN_HOST_STEAL][b] :
					    NAN;

			h.rounds++;
			if (!(st >= 0))
				continue;
			h.steal_known++;
			if (!(st <= h.steal_max_ns))
				h.steal_max_ns = st;
			if (st <= ANA_HOST_STEAL_NS)
				continue;
			h.stolen++;
			for (size_t k = 0; k < r->sc[s].nd; k++)
				drop_block(&r->sc[s].d[k], b);
		}
	}
	if (v) {
		h.run_delay_ns = irqstat_median_finite(
			v, figure(r, RUN_HOST_RUN_DELAY, v));
		h.compute_ns = irqstat_median_finite(
			v, figure(r, RUN_HOST_COMPUTE, v));
		n = figure(r, RUN_HOST_HANDOFF, v);
		for (size_t i = 0; i < n; i++) {
			/* 0: one PU, no hand-off to speak of. */
			if (!(v[i] > 0))
				continue;
			if (!(v[i] >= h.handoff_lo))
				h.handoff_lo = v[i];
			if (!(v[i] <= h.handoff_hi))
				h.handoff_hi = v[i];
		}
		h.handoff_ns = irqstat_median_finite(v, n);
	}
	free(v);
	if (out)
		*out = h;
}
