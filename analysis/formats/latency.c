// SPDX-License-Identifier: GPL-2.0
/*
 * What a latency is (latency.h, docs/results.md).
 *
 * Where it starts. An event is intended at I and the device thread
 * asserts it at F = I + late_ns: its stamp read just before it publishes
 * the event and drives the controller input. When the host stalls the
 * device thread, F - I is the harness's lateness, not the design's, and
 * counting from I charges every design with it; so a latency counts from
 * F (RUN_FROM_FIRE). Where the system under test itself held the
 * stimulus back, F - I is the design's doing and counting from F would
 * hide it (coordinated omission): a line whose handlers run on the
 * device thread (wait = inline), and a back-to-back device that fires
 * only once its last event was taken. There a latency counts from I
 * (RUN_FROM_INTENDED), as every latency did in folders written before
 * summary.json said which. The harness decides which per line
 * (bench/device/device.c bench_holds_stimulus()); samples.bin keeps I, late_ns
 * and the entry from I, and latency_entry() gives the latency either way.
 *
 * Which block quantiles are units. A block's quantile q over n events
 * is the block's value only when LATENCY_ABOVE_Q events lie above it,
 * n (1 - q) >= LATENCY_ABOVE_Q; with fewer it is the block's maximum or
 * next to it, and one host stall in the block decides it. Such a block
 * has no value of q (null in blocks_ns): p99 needs 1,000 events a block,
 * p99.9 10,000.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/latency.h"
#include "analysis/stats.h"

/* The quantiles compared block by block (blocks_ns), with their rule. */
const unsigned int run_q_permille[RUN_NQ] = { 500, 990, 999 };

const char *const latency_origin_names[RUN_NORIGIN] = {
	[RUN_FROM_INTENDED] = "intended",
	[RUN_FROM_FIRE] = "fire",
};

/**
 * latency_origin_of - enum run_origin of summary.json's name for it
 * @name: "fire" or "intended"
 *
 * Return: the origin, or -1 for another name.
 */
int latency_origin_of(const char *name)
{
	for (int o = 0; o < RUN_NORIGIN; o++)
		if (!strcmp(name, latency_origin_names[o]))
			return o;
	return -1;
}

/* What to take off a latency from I to count it from F. */
static uint64_t origin_shift(const struct sample *s, enum run_origin o,
			     uint64_t from_intended)
{
	if (o != RUN_FROM_FIRE || from_intended == SAMPLE_NEVER)
		return 0;
	/* A saturated lateness (over 4.29 s) is capped by the latency. */
	return s->late_ns < from_intended ? s->late_ns : from_intended;
}

/**
 * latency_entry - record @s's latency to its handler's entry
 * @s: a record of samples.bin, whose entry_ns counts from its intended time
 * @o: where its design's latencies start (struct run_design.origin)
 *
 * Return: entry_ns, less late_ns when @o is RUN_FROM_FIRE; SAMPLE_NEVER
 * for an event never serviced.
 */
uint64_t latency_entry(const struct sample *s, enum run_origin o)
{
	return s->entry_ns - origin_shift(s, o, s->entry_ns);
}

/**
 * latency_exit - record @s's latency to its handler's exit
 * @s: a record of samples.bin
 * @o: where its design's latencies start
 *
 * Return: exit_ns, less late_ns when @o is RUN_FROM_FIRE.
 */
uint64_t latency_exit(const struct sample *s, enum run_origin o)
{
	return s->exit_ns - origin_shift(s, o, s->exit_ns);
}

/**
 * latency_resolves - whether a block of @n events gives the quantile
 * @n: its events
 * @permille: the quantile, 0 to 1000
 *
 * Return: true when at least LATENCY_ABOVE_Q of them lie above it:
 * n (1 - q) >= LATENCY_ABOVE_Q.
 */
bool latency_resolves(size_t n, unsigned int permille)
{
	if (permille >= 1000)
		return false;
	return (uint64_t)n * (1000 - permille) >= LATENCY_ABOVE_Q * 1000ULL;
}

/**
 * latency_min_events - the fewest events a block needs for a quantile
 * @permille: the quantile, 0 to 999
 *
 * Return: the least n latency_resolves() accepts (UINT64_MAX: none).
 */
uint64_t latency_min_events(unsigned int permille)
{
	uint64_t above = 1000 - (permille < 1000 ? permille : 1000);

	if (!above)
		return UINT64_MAX;
	return (LATENCY_ABOVE_Q * 1000ULL + above - 1) / above;
}

/**
 * latency_block_quantile - a block's quantile, where it is a unit
 * @v: the block's latencies (sorted in place)
 * @n: how many
 * @permille: the quantile
 *
 * Return: the nearest-rank quantile, or NAN when the block has too few
 * events for it (latency_resolves()) or none.
 */
double latency_block_quantile(uint64_t *v, size_t n, unsigned int permille)
{
	if (!latency_resolves(n, permille))
		return NAN;
	return irqstat_quantile(v, n, permille);
}

/**
 * latency_resolution - how many of @d's blocks give quantile @q
 * @d: a design, read (its bq) or filled by the harness
 * @q: the quantile
 * @out: the answer
 */
void latency_resolution(const struct run_design *d, enum run_q q,
			struct latency_resolution *out)
{
	uint64_t blocks = d->blocks ? d->blocks : d->nblocks;

	*out = (struct latency_resolution){
		.blocks = d->bq[q] ? d->nblocks : 0,
		.per_block = blocks ? d->serviced / blocks : 0,
		.needed = latency_min_events(run_q_permille[q]),
	};
	for (unsigned int b = 0; b < out->blocks; b++)
		out->resolved += isfinite(d->bq[q][b]) != 0;
}

/**
 * latency_resolution_fmt - "p99: resolved in 12 of 12 blocks"
 * @buf: where
 * @len: its size
 * @res: latency_resolution()'s answer
 * @qname: the quantile's name ("p99")
 *
 * Or "p99.9: not resolvable (blocks of ~600 events; it needs 10000)",
 * or "p99: no blocks" for a folder without per-block quantiles.
 */
void latency_resolution_fmt(char *buf, size_t len,
			    const struct latency_resolution *res,
			    const char *qname)
{
	if (!res->blocks)
		snprintf(buf, len, "%s: no blocks", qname);
	else if (res->resolved)
		snprintf(buf, len, "%s: resolved in %u of %u blocks", qname,
			 res->resolved, res->blocks);
	else
		snprintf(
			buf, len,
			"%s: not resolvable (blocks of ~%llu events; it needs %llu)",
			qname, (unsigned long long)res->per_block,
			(unsigned long long)res->needed);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/**
 * latency_block_median - the median over @d's blocks of their quantile
 * @d: a design
 * @q: the quantile
 *
 * What the report's ratios set against each other, round by round: the
 * nearest-rank median of the blocks' values of @q.
 * Return: it, or NAN where no block resolves @q (or out of memory).
 */
double latency_block_median(const struct run_design *d, enum run_q q)
{
	double *v, m = NAN;
	size_t n = 0;

	if (!d->bq[q] || !d->nblocks)
		return NAN;
	v = malloc(d->nblocks * sizeof(*v));
	if (!v)
		return NAN;
	for (unsigned int b = 0; b < d->nblocks; b++)
		if (isfinite(d->bq[q][b]))
			v[n++] = d->bq[q][b];
	if (n) {
		qsort(v, n, sizeof(*v), cmp_double);
		m = v[(n + 1) / 2 - 1];
	}
	free(v);
	return m;
}
