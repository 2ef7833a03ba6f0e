/* SPDX-License-Identifier: GPL-2.0 */
/* Running a scenario round by round, its designs interleaved (scenario.c). */
#ifndef BENCH_SCENARIO_H
#define BENCH_SCENARIO_H

#include "bench/bench.h"

/**
 * struct bench_scenario_run - what running a scenario needs
 * @sc: the scenario
 * @index: its index in summary.json (the samples' scenario field)
 * @topo: for binding threads
 * @pl: its placement, decided before any scenario ran
 * @run: the run folder (samples go there); NULL: samples are not kept
 * @t0: CLOCK_MONOTONIC ns at which the run began
 * @stop: nonzero once a signal (or a break) asked the run to stop
 * @brk: --break-us, or NULL: the first latency over it stops the run
 * @progress: called after each block of each design, with @ctx
 * @res: out, one per design of @sc, in @sc->designs order
 * @acc: what the rounds gathered so far (scenario.c's); NULL before the
 *       first round and after bench_scenario_finish()
 */
struct bench_scenario_run {
	const struct bench_scenario *sc;
	unsigned int index;
	const struct bench_topo *topo;
	const struct bench_placement *pl;
	struct bench_run *run;
	uint64_t t0;
	int *stop;
	struct bench_break *brk;
	void (*progress)(void *ctx);
	void *ctx;
	struct bench_result res[BENCH_MAX_DESIGNS]; /* by slot */
	struct bench_scenario_acc *acc;
	/* The current round's threads' run delay, ns (probe.h), summed as
	 * each of them ends. */
	uint64_t run_delay_ns;
};

/**
 * bench_scenario_round - run round @b of @r->sc: one block of each design
 *
 * Builds the scenario's chip, starts its CPU threads, runs every design
 * once on the round's stimuli (the same for every design) in the round's
 * drawn order, checks the books after each block, and takes it all down
 * again; what the blocks measured adds up in @r across rounds. The run
 * takes the rounds of all its scenarios in turn (round 0 of each, then
 * round 1, ...), so that what the host does over the run's minutes falls
 * on every scenario's blocks alike, and is seen between them.
 *
 * Return: 0; -EINTR if stopped (what finished is kept); -EPROTO if the
 * books did not balance, other -errno on failure, with one sentence in
 * @err.
 */
int bench_scenario_round(struct bench_scenario_run *r, unsigned int b,
			 char *err, size_t errlen);

/* The statistics of @r->res from every round run; frees what they kept. */
void bench_scenario_finish(struct bench_scenario_run *r);

#endif /* BENCH_SCENARIO_H */
