/* SPDX-License-Identifier: GPL-2.0 */
/* The host's speed in each round, across runs (host.c). */
#ifndef ANALYSIS_HOST_H
#define ANALYSIS_HOST_H

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

/* What the host did over a set of runs, and what was set apart. */
struct ana_host {
	double best_compute_ns; /* the fastest round's probe; NAN: none */
	unsigned int rounds, slow; /* probed rounds, and the slower ones */
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
 * ana_host_set_apart - drop the blocks of rounds the host ran slow
 * @r, @n: runs, as loaded; their per-block quantiles (bq, bq_quiet) of
 *	rounds slower than ANA_HOST_SLOW x @best become NAN
 * @best: ana_host_best() over every run of the comparison
 * @out: what was seen, per run (NULL: not wanted); @out[i] for @r[i]
 *
 * The rounds of a scenario are its own; a round is slow by its probe,
 * which all designs of the round share.
 */
void ana_host_set_apart(struct run *r, size_t n, double best,
			struct ana_host *out);

#endif /* ANALYSIS_HOST_H */
