/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tail of every design of a run, explained (tail_run.c, docs/tail.md):
 * its events above the design's p99, and over --break-us where the run
 * had one, each cut into causes (tail.h) from samples.bin, with its own
 * stages from the trace where the run was traced (stages.h, struct
 * stages_watch). The report's "Why the tail" (report_tail.c) writes it.
 */
#ifndef ANALYSIS_TAIL_RUN_H
#define ANALYSIS_TAIL_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/run.h"
#include "stages/stages.h"
#include "analysis/tail.h"

/* One tail event: where it is in samples.bin, and why it was slow. */
struct tail_event {
	size_t rec; /* its record */
	uint16_t block;
	uint8_t dev;
	uint32_t seq;
	uint64_t latency_ns;
	struct tail_why why;
	long watch; /* its place in tail_run.watch; -1: not watched */
};

/**
 * struct tail_design - one design's tail
 * @sc, @d:	the design, in the run (borrowed)
 * @threshold_ns: its p99: an event above it is of the tail
 * @ev, @n:	the tail's events, in samples.bin's order
 * @sum:	their causes summed (after tail_run_explain())
 * @watched:	its events were looked for in the trace (a design listed
 *		twice in its scenario cannot be told apart there: not)
 * @seen:	how many of them the trace had
 * @st:		the stages the trace saw of them, summed (struct
 *		stages_watch's times; the key fields are unused)
 */
struct tail_design {
	const struct run_scenario *sc;
	const struct run_design *d;
	uint64_t threshold_ns;
	struct tail_event *ev;
	size_t n, cap;
	struct tail_sum sum;
	bool watched;
	size_t seen;
	struct stages_watch st;
};

/**
 * struct tail_run - every design's tail
 * @td:		per design, scenario by scenario in the run's order:
 *		r->sc[i].d[k] is @td[@first[i] + k]
 * @ntd:	how many
 * @first:	per scenario, its first design's place in @td
 * @late_known:	samples.bin records how late each fire was (version 4)
 * @break_ns:	--break-us's threshold, 0: none
 * @watch:	the tail events to look for in the trace (stages.h)
 * @nwatch:	how many
 * @explained:	tail_run_explain() ran
 */
struct tail_run {
	struct tail_design *td;
	size_t ntd;
	size_t *first;
	bool late_known;
	uint64_t break_ns;
	struct stages_watch *watch;
	size_t nwatch;
	bool explained;
};

int tail_run_select(const struct run *r, struct tail_run *t, char *err,
		    size_t errlen);
int tail_run_explain(const struct run *r, struct tail_run *t, bool traced,
		     char *err, size_t errlen);
void tail_run_free(struct tail_run *t);

#endif /* ANALYSIS_TAIL_RUN_H */
