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

/*
 * Judge one design's rounds against @c, counting into @h; with @drop,
 * set the ones not comparable apart.
 */
static void design_rounds(struct run_design *d, const struct ana_host *c,
			  bool drop, struct ana_host *h)
{
	for (unsigned int b = 0; d->host[RUN_HOST_COMPUTE] && b < d->nhost;
	     b++) {
		double v = d->host[RUN_HOST_COMPUTE][b];
		double ho = d->host[RUN_HOST_HANDOFF][b];
		bool near;

		if (!(v > 0))
			continue;
		h->rounds++;
		if (v / c->best_compute_ns > h->worst)
			h->worst = v / c->best_compute_ns;
		if (ho > 0 && !(ho >= h->handoff_lo))
			h->handoff_lo = ho;
		if (ho > 0 && !(ho <= h->handoff_hi))
			h->handoff_hi = ho;
		if (v > ANA_HOST_SLOW * c->best_compute_ns) {
			h->slow++;
			if (drop)
				drop_block(d, b);
			continue;
		}
		/* One PU (no hand-off) or none measured: either regime. */
		if (!(ho > 0) || !isfinite(c->best_handoff_ns))
			continue;
		near = ho <= ANA_HOST_NEAR * c->best_handoff_ns;
		h->nnear += near;
		h->nfar += !near;
		if (near != c->near) {
			h->regime++;
			if (drop)
				drop_block(d, b);
		}
	}
}

/* A run's rounds: each scenario's first design's, shared by all. */
static void run_rounds(struct run *r, const struct ana_host *c, bool drop,
		       struct ana_host *h)
{
	*h = *c;
	h->rounds = h->slow = h->regime = h->nnear = h->nfar = 0;
	h->worst = 0;
	h->handoff_lo = h->handoff_hi = NAN;
	for (size_t s = 0; isfinite(c->best_compute_ns) && s < r->nsc; s++)
		for (size_t k = 0; k < r->sc[s].nd; k++) {
			struct ana_host x = *h;

			design_rounds(&r->sc[s].d[k], c, drop, &x);
			if (!k)
				*h = x;
		}
}

void ana_host_choose(const struct run *r, size_t n, double best,
		     struct ana_host *h)
{
	unsigned int min_near = ~0u, min_far = ~0u;
	double bh = NAN;

	for (size_t i = 0; i < n; i++)
		for (size_t s = 0; s < r[i].nsc; s++)
			for (size_t k = 0; k < r[i].sc[s].nd; k++) {
				const struct run_design *d = &r[i].sc[s].d[k];

				for (unsigned int b = 0;
				     d->host[RUN_HOST_HANDOFF] && b < d->nhost;
				     b++) {
					double v = d->host[RUN_HOST_HANDOFF][b];

					if (v > 0 && !(v >= bh))
						bh = v;
				}
			}
	*h = (struct ana_host){ .best_compute_ns = best,
				.best_handoff_ns = bh,
				.near = true };
	for (size_t i = 0; isfinite(bh) && i < n; i++) {
		struct ana_host x;

		/* Counting only: the runs are not changed. */
		run_rounds((struct run *)&r[i], h, false, &x);
		min_near = x.nnear < min_near ? x.nnear : min_near;
		min_far = x.nfar < min_far ? x.nfar : min_far;
	}
	h->near = min_near >= min_far;
}

void ana_host_set_apart(struct run *r, size_t n, const struct ana_host *c,
			struct ana_host *out)
{
	for (size_t i = 0; i < n; i++) {
		struct ana_host h;

		run_rounds(&r[i], c, true, &h);
		if (out)
			out[i] = h;
	}
}
