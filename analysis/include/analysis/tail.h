/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why an event was slow (tail.c, docs/tail.md): its fire -> handler entry
 * latency cut into causes, in ns that add up to it, from what samples.bin
 * recorded of the event and of the other events of its line's block. No
 * run folder and no trace here: the report (tail_run.c) and --break-us
 * (bench/run/break.c) hand it the records, the tests synthetic ones.
 */
#ifndef ANALYSIS_TAIL_H
#define ANALYSIS_TAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "analysis/run.h"
#include "analysis/samples.h"

/*
 * The causes, in the order an event's latency is charged to them: each
 * takes what it measured, at most what the ones before it left.
 */
enum tail_cause {
	TAIL_LATE, /* the stimulus fired late: late_ns (origin intended) */
	TAIL_QUEUE, /* behind the line's previous handler run, or coalesced */
	TAIL_REGS, /* register accesses at their costed time */
	TAIL_NOISE, /* host noise: gaps of its CPU or the device thread */
	TAIL_DISPATCH, /* the rest: delivery, the flow handler, the chain */
	TAIL_NR,
};

/* Each cause in words, as the report and --break-us print it. */
extern const char *const tail_cause_names[TAIL_NR];

/**
 * struct tail_why - one event's latency by cause
 * @latency_ns:	its latency to the handler entry, from its line's origin
 *		(latency_entry()): from the fire, or from the intended time
 * @ns:		per cause; they add up to @latency_ns
 * @coalesced:	it was claimed by a handler run for an earlier event of its
 *		device: what host noise left of its time after the fire
 *		is charged to TAIL_QUEUE, none to TAIL_REGS or the rest
 * @behind:	it fired while an earlier handler run of its line was in
 *		progress
 * @late_known:	the fire's lateness was recorded (samples.bin version 4, or
 *		the trace's raise); else TAIL_LATE is 0 and stays in the rest
 * @from_fire:	its latency counts from the fire: the stimulus's lateness
 *		is not in it, and TAIL_LATE is 0 by construction
 * @late_ns:	how late the stimulus fired it, in the latency or not (0
 *		where @late_known is false)
 */
struct tail_why {
	uint64_t latency_ns, late_ns;
	uint64_t ns[TAIL_NR];
	bool coalesced, behind, late_known, from_fire;
};

/* A handler run that claimed events of one device, in time order. */
struct tail_claim {
	uint64_t entry, exit; /* ns since the run began */
	uint32_t leader; /* its earliest event: the one it was taken for */
};

/**
 * struct tail_block - the records of one line in one block, indexed
 * @ev:		the records (borrowed): one scenario x design x block,
 *		every device, any order, serviced or not
 * @n:		how many
 * @late_known:	@ev's late_ns were recorded (or filled in from a trace)
 * @origin:	where the latencies of its design start (run_design.origin)
 * @claim:	the handler runs that claimed them, by entry time
 * @nclaims:	how many
 * @claim_of:	per record, its claim; UINT32_MAX: never serviced
 */
struct tail_block {
	const struct sample *ev;
	size_t n;
	bool late_known;
	enum run_origin origin;
	struct tail_claim *claim;
	size_t nclaims;
	uint32_t *claim_of;
};

/**
 * struct tail_sum - the causes of many events together
 * @events:	how many
 * @latency_ns:	their latencies summed
 * @ns:		each cause summed over them
 * @late_ns:	how late the stimulus fired them, summed (in their
 *		latencies only where they count from the intended time)
 * @worst:	the slowest one's causes
 * @coalesced, @behind: how many were coalesced, fired behind a run
 */
struct tail_sum {
	uint64_t events;
	uint64_t latency_ns, late_ns;
	uint64_t ns[TAIL_NR];
	struct tail_why worst;
	uint64_t coalesced, behind;
};

int tail_block_init(struct tail_block *b, const struct sample *ev, size_t n,
		    bool late_known, enum run_origin origin);
void tail_block_free(struct tail_block *b);
int tail_explain(const struct tail_block *b, size_t i, struct tail_why *w);
void tail_sum_add(struct tail_sum *s, const struct tail_why *w);
void tail_by_size(const struct tail_why *w, int order[TAIL_NR]);
void tail_fmt(char *buf, size_t len, uint64_t ns, uint64_t of);
void tail_print(FILE *f, const char *indent, const struct tail_why *w);

#endif /* ANALYSIS_TAIL_H */
