/* SPDX-License-Identifier: GPL-2.0 */
/* Running one scenario, all its designs interleaved (scenario.c). */
#ifndef BENCH_SCENARIO_H
#define BENCH_SCENARIO_H

#include "bench.h"

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
};

/*
 * Run @r->sc: build its chip, start its CPU threads, run every design in
 * blocks (A B A B ...) on identical stimuli, check the books after each
 * block. Return 0; -EINTR if stopped early (results so far are in @r->res);
 * -EPROTO if the books did not balance, other -errno on failure, with one
 * sentence in @err.
 */
int bench_scenario_run(struct bench_scenario_run *r, char *err, size_t errlen);

#endif /* BENCH_SCENARIO_H */
