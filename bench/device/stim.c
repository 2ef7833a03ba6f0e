// SPDX-License-Identifier: GPL-2.0
/*
 * Stimulus patterns: periodic (one event per period), Poisson (exponential
 * gaps of the given mean, from a seeded splitmix64), burst (every period,
 * burst events burst_gap_ns apart), storm (periodic assertions without
 * cause; the device decides what an assertion means) and replay (a
 * recording's arrivals, replay.c). Times are doubles in ns from the block
 * start, so long runs do not accumulate rounding.
 */
#include <math.h>
#include "stim.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t bench_stim_seed(uint64_t seed, unsigned int block, unsigned int dev)
{
	uint64_t x = seed ^ ((uint64_t)block << 32) ^ ((uint64_t)dev << 16);

	splitmix64(&x);
	return splitmix64(&x);
}

void bench_stim_init(struct bench_stim *s, enum bench_pattern pattern,
		     double rate_hz, unsigned int burst,
		     unsigned int burst_gap_ns, double phase_ns, uint64_t seed)
{
	*s = (struct bench_stim){
		.pattern = pattern,
		.period_ns = 1e9 / rate_hz,
		.burst = pattern == BENCH_PAT_BURST && burst ? burst : 1,
		.burst_gap_ns = burst_gap_ns,
		.t = phase_ns,
		.rng = seed,
	};
}

/* Uniform in (0, 1]: never 0, so that log() is finite. */
static double uniform(uint64_t *rng)
{
	return ((double)(splitmix64(rng) >> 11) + 1.0) * 0x1p-53;
}

void bench_stim_replay(struct bench_stim *s, const struct bench_replay *rec,
		       double speed, unsigned int block, uint64_t block_ns)
{
	double loop = (double)rec->loop_ns;
	size_t lo = 0, hi = rec->n;

	s->rec = rec;
	s->speed = speed;
	s->origin = (double)block * (double)block_ns * speed;
	s->pass = floor(s->origin / loop) * loop;
	/* The first arrival at or after the slice's start, compared as next() adds. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->pass + (double)rec->t[mid] >= s->origin)
			hi = mid;
		else
			lo = mid + 1;
	}
	s->k = lo;
	if (s->k == rec->n) {
		s->k = 0;
		s->pass += loop;
	}
}

static uint64_t replay_next(struct bench_stim *s)
{
	double x;

	if (!s->rec) /* bench_stim_replay() not called: nothing fires */
		return UINT64_C(1) << 62;
	x = (s->pass + (double)s->rec->t[s->k] - s->origin) / s->speed;
	if (++s->k == s->rec->n) {
		s->k = 0;
		s->pass += (double)s->rec->loop_ns;
	}
	/* A pass's start rounded a hair before the slice's: its start. */
	return x > 0 ? (uint64_t)x : 0;
}

uint64_t bench_stim_next(struct bench_stim *s)
{
	double t;

	if (s->pattern == BENCH_PAT_REPLAY)
		return replay_next(s);
	if (s->in_burst == s->burst) {
		s->in_burst = 0;
		if (s->pattern == BENCH_PAT_POISSON)
			s->t += -log(uniform(&s->rng)) * s->period_ns;
		else
			s->t += s->period_ns;
	}
	t = s->t + (double)s->in_burst * s->burst_gap_ns;
	s->in_burst++;
	return (uint64_t)t;
}

uint64_t bench_stim_capacity(enum bench_pattern pattern, double rate_hz,
			     unsigned int burst, double ns)
{
	double mean = rate_hz * ns / 1e9;

	if (pattern == BENCH_PAT_POISSON)
		mean += 6 * sqrt(mean) + 16;
	if (pattern == BENCH_PAT_BURST && burst)
		mean *= burst;
	return (uint64_t)ceil(mean) + (pattern == BENCH_PAT_BURST ? burst : 1) +
	       2;
}
