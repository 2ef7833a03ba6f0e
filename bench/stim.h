/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stimulus schedules (stim.c): when a device fires next. A schedule is a
 * pure function of its seed, so every design of a block sees the same
 * fire times.
 */
#ifndef BENCH_STIM_H
#define BENCH_STIM_H

#include <stdint.h>
#include "bench.h"

struct bench_stim {
	enum bench_pattern pattern;
	double period_ns; /* 1 / rate */
	unsigned int burst; /* events per burst */
	unsigned int burst_gap_ns;
	unsigned int in_burst; /* events of the current burst already due */
	double t; /* the current (burst) start, ns from the block start */
	uint64_t rng; /* splitmix64 state */
};

/* bench_stim_seed - the seed of device @dev in block @block (any design). */
uint64_t bench_stim_seed(uint64_t seed, unsigned int block, unsigned int dev);
/* @phase_ns: where the first period starts (spreads periodic devices). */
void bench_stim_init(struct bench_stim *s, enum bench_pattern pattern,
		     double rate_hz, unsigned int burst,
		     unsigned int burst_gap_ns, double phase_ns, uint64_t seed);
/* The next fire time, in ns from the block start; non-decreasing. */
uint64_t bench_stim_next(struct bench_stim *s);
/* Upper bound on the events fired in @ns (six sigma for Poisson). */
uint64_t bench_stim_capacity(enum bench_pattern pattern, double rate_hz,
			     unsigned int burst, double ns);

#endif /* BENCH_STIM_H */
