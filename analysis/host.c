// SPDX-License-Identifier: GPL-2.0
/*
 * The host's speed, round by round, as the harness probed it at each
 * round's start (bench/probe.c, summary.json "host"). A virtual machine's
 * vCPUs can run slower for tens of seconds at a time, and every latency
 * of such rounds moves with them, whatever the design: two identical runs
 * then differ by more than their blocks can show. Inside one run the
 * designs share each round, and the paired statistics take the host's
 * state out; across runs nothing does, so comparisons across runs (irqlab
 * compare, the stability table) set such rounds apart and say how many.
 */
#include <math.h>
#include "analysis/host.h"

double ana_host_best(const struct run *r, size_t n)
{
	double best = NAN;

	for (size_t i = 0; i < n; i++)
		for (size_t s = 0; s < r[i].nsc; s++)
			for (size_t k = 0; k < r[i].sc[s].nd; k++) {
				const struct run_design *d = &r[i].sc[s].d[k];

				for (unsigned int b = 0;
				     d->host[RUN_HOST_COMPUTE] && b < d->nhost;
				     b++) {
					double v = d->host[RUN_HOST_COMPUTE][b];

					if (v > 0 && !(v >= best))
						best = v;
				}
			}
	return best;
}

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

/* One design's rounds: set the slow ones apart, and count into @h. */
static void design_set_apart(struct run_design *d, double best,
			     struct ana_host *h)
{
	for (unsigned int b = 0; d->host[RUN_HOST_COMPUTE] && b < d->nhost;
	     b++) {
		double v = d->host[RUN_HOST_COMPUTE][b];
		double ho = d->host[RUN_HOST_HANDOFF][b];

		if (!(v > 0))
			continue;
		h->rounds++;
		if (v / best > h->worst)
			h->worst = v / best;
		if (ho > 0 && !(ho >= h->handoff_lo))
			h->handoff_lo = ho;
		if (ho > 0 && !(ho <= h->handoff_hi))
			h->handoff_hi = ho;
		if (v > ANA_HOST_SLOW * best) {
			h->slow++;
			drop_block(d, b);
		}
	}
}

void ana_host_set_apart(struct run *r, size_t n, double best,
			struct ana_host *out)
{
	for (size_t i = 0; i < n; i++) {
		struct ana_host h = { best, 0, 0, 0, NAN, NAN };

		/* A scenario's rounds: its first design's, shared by all. */
		for (size_t s = 0; isfinite(best) && s < r[i].nsc; s++)
			for (size_t k = 0; k < r[i].sc[s].nd; k++) {
				struct ana_host x = h;

				design_set_apart(&r[i].sc[s].d[k], best, &x);
				if (!k)
					h = x;
			}
		if (out)
			out[i] = h;
	}
}
