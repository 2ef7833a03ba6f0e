/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the stage state machine (stages.h, sink.h): its state, shared by
 * the files that make it up, as the kernel's kernel/irq/internals.h is:
 * stages.c (the events), stages_tables.c (contexts, flows, streams,
 * raises and groups: lookups and lifetime), stages_figures.c (the
 * calibration and each series' figures), stages_finish.c (the result)
 * and stages_output.c (JSON and the text table). Nothing outside them
 * includes this header.
 */
#ifndef ANALYSIS_STAGES_INTERNAL_H
#define ANALYSIS_STAGES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sink.h"

/* The series of a group: the stages, then the two raise-based ones. */
enum {
	S_ENTRY,
	S_OP0,
	S_ACTION = S_OP0 + STAGES_NR_OPS,
	S_EXIT,
	S_TOTAL,
	S_DISPATCH,
	S_LATENCY,
	NR_SERIES,
	/* An opener only: action until an action_entry, else exit. */
	S_TENTATIVE = NR_SERIES,
};

#define MAX_NEST 16 /* interrupts open on one stream */

/* Raw values (ns) and how many intervals each one spans. */
struct raw_series {
	uint64_t *v;
	uint32_t *k;
	size_t n, cap;
};

struct igroup {
	uint32_t ctx;
	int32_t flow; /* index into flows; -1: no flow event */
	uint64_t cpu;
	uint64_t interrupts;
	struct raw_series s[NR_SERIES];
};

struct acc {
	uint64_t raw;
	uint32_t k;
};

/* One serviced seq, waiting for its interrupt's exit. */
struct lat {
	struct acc d, l;
};

struct frame {
	uint64_t cpu, irq, t0, last;
	uint32_t ctx;
	int32_t flow;
	int opener; /* the series the interval in progress is charged to */
	bool opened; /* a chip_op or action_entry was seen: entry is over */
	bool in_action, after_exit;
	struct acc acc[S_EXIT + 1], tent;
	uint64_t *ts; /* every event's stamp, for latency's interval count */
	size_t nts, tscap;
	struct lat *lat;
	size_t nlat, latcap;
};

struct stream {
	uint64_t key;
	unsigned int depth;
	struct frame f[MAX_NEST];
};

/* The raise time of every seq of one device in this block. */
struct raises {
	uint64_t irq, dev;
	uint64_t *ts; /* the raise's stamp, NO_RAISE: none or serviced */
	uint64_t *late; /* how late the raise was on its intended time */
	size_t n, cap, latecap;
};

struct ctx {
	char *scenario, *design, *chip;
	uint64_t events, interrupts;
};

struct stages {
	uint64_t events, discarded_events, discarded_packets, unmatched;
	uint64_t calib, calib_pairs, calib_sum, calib_prev_i, calib_prev_ts;
	uint64_t *calib_hist; /* STAGES_CALIB_MAX buckets of 1 ns */
	uint64_t calib_over; /* spacings of STAGES_CALIB_MAX ns or more */

	struct ctx *ctx; /* [0]: outside any block */
	size_t nctx, ctxcap;
	uint32_t cur_ctx;
	char **flows;
	size_t nflows, flowcap;

	struct stream *streams;
	size_t nstreams, streamcap, last_stream;
	struct raises *raises;
	size_t nraises, raisecap, last_raise;

	struct igroup *groups;
	size_t ngroups, groupcap;
	uint32_t *hash; /* group index + 1; 0: empty */
	size_t hashcap;

	/*
	 * Events whose own stages are wanted (stages_watch.c): the
	 * caller's, their order by key, their raw times, and the range of
	 * that order in the current block.
	 */
	struct stages_watch *watch;
	size_t nwatch;
	uint32_t *worder;
	struct watch_raw *wraw;
	size_t wlo, whi;
};

/* One watched event's raw times: its raise's lateness, then as frames. */
struct watch_raw {
	uint64_t late;
	struct acc dispatch, st[S_ACTION + 1];
};

/* A block begins (its events become watchable) or ends. */
void stages_watch_block(struct stages *s, const struct stages_ev *ev);
/* @f's service of @dev's @seq, raised at @raise_ts @late after intended. */
void stages_watch_service(struct stages *s, const struct frame *f, uint64_t dev,
			  uint64_t seq, uint64_t raise_ts, uint64_t late);
/* The watched events' times, @cost_ns subtracted per interval. */
void stages_watch_finish(struct stages *s, double cost_ns);

int stages_series_push(struct raw_series *s, uint64_t v, uint32_t k);
/* Context [0] is outside any block; 0, or -ENOMEM. */
int stages_ctx_intern(struct stages *s, const char *scenario,
		      const char *design, const char *chip, uint32_t *out);
int stages_flow_intern(struct stages *s, const char *flow, int32_t *out);
/* The stream @key, made if new; NULL: no memory. */
struct stream *stages_stream_get(struct stages *s, uint64_t key);
/* The raises of @irq/@dev, made if new and @create; NULL: none. */
struct raises *stages_raises_get(struct stages *s, uint64_t irq, uint64_t dev,
				 bool create);
/* The group of @ctx x @flow x @cpu, made if new; NULL: no memory. */
struct igroup *stages_group_get(struct stages *s, uint32_t ctx, int32_t flow,
				uint64_t cpu);
/* The interrupts still open on @st, dropped as unmatched. */
void stages_stream_drop_all(struct stages *s, struct stream *st);
/* The calibrate spacings' distribution. */
void stages_calibration(const struct stages *s, struct stages_calibration *c);
/*
 * The figures of series @i of groups [@a, @b) together, with @c's median
 * subtracted per interval; 0 or -ENOMEM.
 */
int stages_series_figures(const struct igroup *a, const struct igroup *b, int i,
			  const struct stages_calibration *c,
			  struct stages_figure *fig);

#endif /* ANALYSIS_STAGES_INTERNAL_H */
