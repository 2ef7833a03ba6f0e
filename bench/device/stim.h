/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stimulus schedules (stim.c): when a device fires next. A schedule is a
 * pure function of its seed, so every design of a block sees the same
 * fire times.
 */
#ifndef BENCH_STIM_H
#define BENCH_STIM_H

#include <stdint.h>
#include "bench/bench.h"
#include "replay.h"

struct bench_stim {
	enum bench_pattern pattern;
	double period_ns; /* 1 / rate */
	unsigned int burst; /* events per burst */
	unsigned int burst_gap_ns;
	unsigned int in_burst; /* events of the current burst already due */
	double t; /* the current (burst) start, ns from the block start */
	uint64_t rng; /* splitmix64 state */
	/*
	 * Pattern replay: the recording, its next arrival, the start of
	 * the pass it is in, and the block's slice start (recording ns),
	 * and the time scale.
	 */
	const struct bench_replay *rec;
	size_t k;
	double pass, origin, speed;
};

/* bench_stim_seed - the seed of device @dev in block @block (any design). */
uint64_t bench_stim_seed(uint64_t seed, unsigned int block, unsigned int dev);
/* @phase_ns: where the first period starts (spreads periodic devices). */
void bench_stim_init(struct bench_stim *s, enum bench_pattern pattern,
		     double rate_hz, unsigned int burst,
		     unsigned int burst_gap_ns, double phase_ns, uint64_t seed);
/**
 * bench_stim_replay - make @s play block @block's slice of a recording
 * @s: after bench_stim_init() with BENCH_PAT_REPLAY
 * @rec: the recording, selected (bench_replay_select())
 * @speed: the time scale: 2 plays it twice as fast
 * @block: the block's index
 * @block_ns: the stimulus length of every block
 *
 * Block b plays the recording's time from b x block_ns x speed on, the
 * recording looped (bench_replay's @loop_ns), shifted to the block's
 * start and scaled: the blocks of a design play the recording one slice
 * after the other, and every design gets the same slice in block b.
 */
void bench_stim_replay(struct bench_stim *s, const struct bench_replay *rec,
		       double speed, unsigned int block, uint64_t block_ns);
/* The next fire time, in ns from the block start; non-decreasing. */
uint64_t bench_stim_next(struct bench_stim *s);
/* Upper bound on the events fired in @ns (six sigma for Poisson). */
uint64_t bench_stim_capacity(enum bench_pattern pattern, double rate_hz,
			     unsigned int burst, double ns);

#endif /* BENCH_STIM_H */
