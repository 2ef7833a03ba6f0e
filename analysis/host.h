/* SPDX-License-Identifier: GPL-2.0 */
/* The host's speed in each round, across runs (host.c). */
#ifndef ANALYSIS_HOST_H
#define ANALYSIS_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include "analysis/run.h"

/*
 * A round whose compute probe took longer than this many times the best
 * round of the runs compared ran on a slower host; its blocks are set
 * apart from comparisons across runs (docs/statistics.md, "Host speed").
 * The probe's own spread on a quiet host is a few percent; a vCPU whose
 * sibling hyperthread is busy runs 1.3-2x slower.
 */
#define ANA_HOST_SLOW 1.25
/*
 * The one-way hand-off between the round's two PUs has regimes: on this
 * project's AMD EPYC guests 45-55 ns when the host keeps the two vCPUs
 * close (one core complex), 200-260 ns when it does not, for minutes at a
 * time, and every cross-thread step of a dispatch pays it (ioapic-level
 * p50 350 ns in one, 1,150-1,500 ns in the other). A round whose
 * hand-off is within this factor of the fastest is in the near regime.
 */
#define ANA_HOST_NEAR 1.5

/* What the host did over a set of runs, and what was set apart. */
struct ana_host {
	double best_compute_ns; /* the fastest round's probe; NAN: none */
	double best_handoff_ns; /* the fastest hand-off; NAN: none */
	bool near; /* the regime kept: near, or far */
	unsigned int rounds; /* probed rounds */
	unsigned int slow; /* set apart: the host ran slower */
	unsigned int regime; /* set apart: the other hand-off regime */
	unsigned int nnear, nfar; /* rounds in each regime */
	double worst; /* the slowest round's probe over the best */
	double handoff_lo, handoff_hi; /* one-way hand-off, ns; NAN: none */
};

/**
 * ana_host_best - the fastest round's compute probe over @n runs
 *
 * Return: ns, or NAN when no run recorded the probe (older folders).
 */
double ana_host_best(const struct run *r, size_t n);

/**
 * ana_host_choose - the hand-off regime a comparison keeps
 * @r, @n: every run of the comparison
 * @best: ana_host_best() over them
 * @h: set: the fastest hand-off, and the regime (near or far) in which
 *	the run with the fewest rounds of it has the most: the one regime
 *	every run can be compared in
 */
void ana_host_choose(const struct run *r, size_t n, double best,
		     struct ana_host *h);

/**
 * ana_host_set_apart - drop the blocks of rounds not comparable
 * @r, @n: runs, as loaded; their per-block quantiles (bq, bq_quiet) of
 *	rounds slower than ANA_HOST_SLOW x @c->best_compute_ns, or of the
 *	other hand-off regime than @c's, become NAN
 * @c: ana_host_choose() over every run of the comparison
 * @out: what was seen, per run (NULL: not wanted); @out[i] for @r[i]
 *
 * The rounds of a scenario are its own; a round is judged by its probe,
 * which all designs of the round share.
 */
void ana_host_set_apart(struct run *r, size_t n, const struct ana_host *c,
			struct ana_host *out);

#endif /* ANALYSIS_HOST_H */
