/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A scenario's host-noise recorders (noise_set.c): one per simulated CPU
 * and one for the device thread, read after each block into spans of the
 * run's time, which each event's fire -> entry window is held against.
 */
#ifndef BENCH_NOISE_SET_H
#define BENCH_NOISE_SET_H

#include <genirq/noise.h>
#include "bench/bench.h"
#include "device/device.h"

/* A gap, ns since the run's t0. */
struct span {
	int64_t start, end;
};

/*
 * The scenario's host-noise recorders: one per simulated CPU and one for
 * the device thread ([cpus]); per block, the gaps recorded in it as spans
 * of the run's time.
 */
struct noise_set {
	struct irq_noise *nz;
	unsigned int nr;
	uint64_t t0;
	unsigned long mark[BENCH_MAX_CPUS + 1];
	uint64_t tick0, ns0; /* (ticks, CLOCK_MONOTONIC) at the block's start */
	struct span *span[BENCH_MAX_CPUS + 1];
	size_t nspan[BENCH_MAX_CPUS + 1];
};

/* Set up @cpus + 1 recorders for a scenario whose run began at @t0. */
int bench_noise_init(struct noise_set *ns, unsigned int cpus, uint64_t t0,
		     double per_ns);
void bench_noise_free(struct noise_set *ns);
/* A block begins: remember where each ring stands, and both clocks. */
void bench_noise_block_begin(struct noise_set *ns);
/* A block ends: its gaps become spans, and @res's counts grow. */
void bench_noise_block_end(struct noise_set *ns, struct bench_result *res);
/* The noise inside @e's fire -> entry: its CPU's and the device's. */
uint32_t bench_event_noise(const struct noise_set *ns,
			   const struct bench_event *e);

#endif /* BENCH_NOISE_SET_H */
