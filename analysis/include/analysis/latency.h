/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a latency is (latency.c, docs/results.md): where it starts, and
 * which of a block's quantiles are units a verdict may use. The harness
 * (bench/run/scenario_books.c, bench/run/break.c), the readers (run.c) and the
 * report all take both from here, so that a latency read back from
 * samples.bin is the one summary.json was written with.
 */
#ifndef ANALYSIS_LATENCY_H
#define ANALYSIS_LATENCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/run.h"
#include "analysis/samples.h"

/*
 * Events a block must have above its quantile q for q to be the block's
 * value: with fewer, the block's "p99" is its largest event or next to
 * it, an extreme rather than a quantile, and one host stall decides it.
 */
#define LATENCY_ABOVE_Q 10

/* summary.json's latency_origin, by enum run_origin. */
extern const char *const latency_origin_names[RUN_NORIGIN];

/*
 * Where the latencies of a line start, as the harness decided whether it
 * holds the stimulus back (bench/device/device.c bench_holds_stimulus()).
 */
static inline enum run_origin latency_origin(bool holds_stimulus)
{
	return holds_stimulus ? RUN_FROM_INTENDED : RUN_FROM_FIRE;
}

int latency_origin_of(const char *name);
uint64_t latency_entry(const struct sample *s, enum run_origin o);
uint64_t latency_exit(const struct sample *s, enum run_origin o);
bool latency_resolves(size_t n, unsigned int permille);
uint64_t latency_min_events(unsigned int permille);
double latency_block_quantile(uint64_t *v, size_t n, unsigned int permille);

/**
 * struct latency_resolution - which blocks of a design give quantile q
 * @blocks:	the design's blocks (summary.json blocks_ns's length)
 * @resolved:	of them, those with a value of q
 * @per_block:	serviced events per block run, the mean
 * @needed:	events a block needs for q (latency_min_events())
 */
struct latency_resolution {
	unsigned int blocks, resolved;
	uint64_t per_block, needed;
};

void latency_resolution(const struct run_design *d, enum run_q q,
			struct latency_resolution *out);
void latency_resolution_fmt(char *buf, size_t len,
			    const struct latency_resolution *res,
			    const char *qname);
double latency_block_median(const struct run_design *d, enum run_q q);

#endif /* ANALYSIS_LATENCY_H */
