/* SPDX-License-Identifier: GPL-2.0 */
/* What the host did in each round, across runs (host.c). */
#ifndef ANALYSIS_HOST_H
#define ANALYSIS_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include "analysis/run.h"

/*
 * A round whose PUs the hypervisor took for longer than this in all
 * (summary.json host.steal_ns) held a stall of the size that dominates
 * this machine's tails (vCPU stalls of 1-7 ms); its blocks are set apart
 * from comparisons across runs. A fixed bound, not one relative to the
 * runs compared: no round of any run, glitched or not, can move it, and
 * no build can move the steal (in spin mode every build keeps the
 * round's vCPUs runnable throughout; the time taken is the hypervisor's).
 */
#define ANA_HOST_STEAL_NS 1e6

/* What the host did over one run's rounds, and what was set apart. */
struct ana_host {
	unsigned int rounds; /* rounds with a probe or a steal figure */
	unsigned int steal_known; /* rounds with a steal figure */
	unsigned int stolen; /* set apart: steal above ANA_HOST_STEAL_NS */
	double steal_max_ns; /* NAN: steal not recorded */
	double run_delay_ns; /* median over rounds; NAN: not recorded */
	double compute_ns; /* median compute probe; NAN: not probed */
	double handoff_ns; /* median one-way hand-off; NAN: not probed */
	double handoff_lo, handoff_hi; /* its range; NAN: not probed */
};

/**
 * ana_host_set_apart - set apart a run's rounds the hypervisor stole from
 * @r: a run, as loaded; the per-block quantiles (bq, bq_quiet) of every
 *	design in a round whose steal_ns exceeds ANA_HOST_STEAL_NS become
 *	NAN. Rounds without a steal figure (folders from before it) are
 *	unknown and kept.
 * @out: what was seen and set apart (NULL: not wanted)
 *
 * Nothing else is set apart: the compute probe runs code compiled with
 * the build under test, the hand-off depends on where the build placed
 * its threads, and a run delay includes the build's own threads; each
 * is only reported (docs/statistics.md, "What is set apart").
 */
void ana_host_set_apart(struct run *r, struct ana_host *out);

#endif /* ANALYSIS_HOST_H */
