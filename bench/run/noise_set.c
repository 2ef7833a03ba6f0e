// SPDX-License-Identifier: GPL-2.0
/*
 * A scenario's host-noise recorders (genirq/noise.h), as osnoise keeps
 * them: every spinning thread records the gaps in its own loop; after
 * each block they are read, converted to the run's ns with the two
 * clocks read at the block's start and end, and kept as spans, so that
 * each event's fire -> entry window can be held against them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "noise_set.h"

#define NOISE_THRESHOLD_NS 5000 /* a loop turn longer than this: a gap */

int bench_noise_init(struct noise_set *ns, unsigned int cpus, uint64_t t0,
		     double per_ns)
{
	memset(ns, 0, sizeof(*ns));
	ns->nr = cpus + 1;
	ns->t0 = t0;
	ns->nz = calloc(ns->nr, sizeof(*ns->nz));
	if (!ns->nz)
		return -ENOMEM;
	for (unsigned int i = 0; i < ns->nr; i++) {
		ns->span[i] = malloc(IRQ_NOISE_CAP * sizeof(*ns->span[i]));
		if (!ns->span[i])
			return -ENOMEM;
	}
	for (unsigned int i = 0; i < ns->nr; i++)
		ns->nz[i].threshold = (uint64_t)(NOISE_THRESHOLD_NS * per_ns);
	return 0;
}

void bench_noise_free(struct noise_set *ns)
{
	for (unsigned int i = 0; i < ns->nr; i++)
		free(ns->span[i]);
	free(ns->nz);
}

void bench_noise_block_begin(struct noise_set *ns)
{
	for (unsigned int i = 0; i < ns->nr; i++)
		ns->mark[i] = irq_noise_mark(&ns->nz[i]);
	ns->tick0 = irq_noise_ticks();
	ns->ns0 = bench_now_ns();
}

static void noise_add(struct bench_noise *b, uint64_t len)
{
	b->count++;
	b->total_ns += len;
	if (len > b->max_ns)
		b->max_ns = len;
}

/*
 * The block is over: its gaps, converted to the run's ns with the two
 * clocks read at its start and now, become spans, and the design's
 * counts grow.
 */
void bench_noise_block_end(struct noise_set *ns, struct bench_result *res)
{
	uint64_t tick1 = irq_noise_ticks(), ns1 = bench_now_ns();
	double per_tick =
		tick1 > ns->tick0 ?
			(double)(ns1 - ns->ns0) / (double)(tick1 - ns->tick0) :
			1;

	for (unsigned int i = 0; i < ns->nr; i++) {
		const struct irq_noise *nz = &ns->nz[i];
		unsigned long m1 = irq_noise_mark(nz), m0 = ns->mark[i];
		struct bench_noise *b = i + 1 == ns->nr ? &res->noise_dev :
							  &res->noise_cpu;

		ns->nspan[i] = 0;
		if (m1 - m0 > IRQ_NOISE_CAP) {
			b->lost += m1 - m0 - IRQ_NOISE_CAP;
			m0 = m1 - IRQ_NOISE_CAP;
		}
		for (unsigned long k = m0; k < m1; k++) {
			struct irq_noise_gap g;
			double off;
			uint64_t len;
			struct span *sp;

			/* The CPU goes on spinning: a slot it refilled is lost. */
			if (!irq_noise_read(nz, k, &g)) {
				b->lost++;
				continue;
			}
			off = ((double)g.start - (double)ns->tick0) * per_tick;
			len = (uint64_t)((double)g.len * per_tick);
			sp = &ns->span[i][ns->nspan[i]++];

			sp->start = (int64_t)ns->ns0 - (int64_t)ns->t0 +
				    (int64_t)off;
			sp->end = sp->start + (int64_t)len;
			noise_add(b, len);
		}
	}
	res->noise_threshold_ns = NOISE_THRESHOLD_NS;
	res->noise_span_ns += ns1 - ns->ns0;
}

/* Host noise of recorder @i inside [from, to] (ns since t0). */
static uint64_t noise_overlap(const struct noise_set *ns, unsigned int i,
			      uint64_t from, uint64_t to)
{
	const struct span *sp = ns->span[i];
	size_t lo = 0, hi = ns->nspan[i];
	uint64_t sum = 0;

	/* Spans of one thread are in time order and never overlap. */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (sp[mid].end <= (int64_t)from)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < ns->nspan[i] && sp[k].start < (int64_t)to;
	     k++) {
		int64_t a = sp[k].start > (int64_t)from ? sp[k].start :
							  (int64_t)from;
		int64_t b = sp[k].end < (int64_t)to ? sp[k].end : (int64_t)to;

		sum += b > a ? (uint64_t)(b - a) : 0;
	}
	return sum;
}

/* The noise inside @e's fire -> entry: its CPU's and the device's. */
uint32_t bench_event_noise(const struct noise_set *ns,
			   const struct bench_event *e)
{
	uint64_t sum = noise_overlap(ns, ns->nr - 1, e->intended, e->entry);

	if (e->cpu + 1u < ns->nr)
		sum += noise_overlap(ns, e->cpu, e->intended, e->entry);
	return sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
}
