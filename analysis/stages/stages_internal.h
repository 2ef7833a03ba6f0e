/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the stage state machine (stages.h, stages_machine.h): its state,
 * shared by the files that make it up, as the kernel's
 * kernel/irq/internals.h is: stages.c (the events), stages_tables.c
 * (contexts, flows, streams, raises and groups: lookups and lifetime),
 * stages_figures.c (the calibration and each series' figures),
 * stages_sort.c (the series sorted for them), stages_finish.c (the
 * result) and stages_output.c (JSON and the text table). Nothing outside
 * them includes this header.
 */
#ifndef ANALYSIS_STAGES_INTERNAL_H
#define ANALYSIS_STAGES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "stages_machine.h"

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

_Static_assert(S_EXIT < 32, "struct frame's used has a bit per stage");

#define MAX_NEST 16 /* interrupts open on one stream */

/*
 * Raw values (ns) and how many intervals each one spans, as recorded: one
 * 32-bit word each, the value in the low SERIES_V_BITS bits and the count
 * above it, in chunks that are never copied as the series grows (chunk
 * c holds series_chunk_len(c) words). Memory is most of what recording
 * costs: a page's first touch costs as much as hundreds of events. A
 * value or count too wide for a word (67 ms, 62 intervals) is kept in
 * @wide, its word SERIES_WIDE | its index there.
 */
struct wide_value {
	uint64_t v;
	uint32_t k;
};

struct raw_series {
	uint32_t **chunk;
	size_t nchunks, chunkcap;
	uint32_t *at, *end; /* the free part of the last chunk */
	size_t n;
	uint64_t vmax; /* the largest value and count pushed */
	uint32_t kmax;
	struct wide_value *wide;
	size_t nwide, widecap;
};

#define SERIES_V_BITS 26
#define SERIES_V_MASK ((1U << SERIES_V_BITS) - 1)
#define SERIES_K_WIDE (UINT32_MAX >> SERIES_V_BITS)
#define SERIES_WIDE (SERIES_K_WIDE << SERIES_V_BITS)
#define SERIES_CHUNK_MIN 64 /* words; each chunk twice the one before */
#define SERIES_CHUNK_MAX 16384

static inline size_t series_chunk_len(size_t c)
{
	return c < 8 ? (size_t)SERIES_CHUNK_MIN << c : SERIES_CHUNK_MAX;
}

/*
 * Where every series' chunks come from: slabs of STAGES_SLAB bytes, each
 * asked to be one transparent huge page (stages_series.c).
 */
struct series_arena {
	void **slab;
	size_t nslabs, slabcap;
	char *at, *end; /* the free part of the last slab */
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
	uint32_t used; /* bit i: acc[i] holds this interrupt's time */
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
	bool keep_values; /* stages_keep_values() */
	uint64_t events, discarded_events, discarded_packets, unmatched;
	uint64_t calib, calib_pairs, calib_sum, calib_prev_i, calib_prev_ts;
	uint64_t *calib_hist; /* STAGES_CALIB_MAX buckets of 1 ns */
	uint64_t calib_over; /* spacings of STAGES_CALIB_MAX ns or more */

	struct ctx *ctx; /* [0]: outside any block */
	size_t nctx, ctxcap;
	uint32_t cur_ctx;
	char **flows;
	size_t nflows, flowcap, last_flow;

	struct stream *streams;
	size_t nstreams, streamcap, last_stream;
	struct raises *raises;
	size_t nraises, raisecap, last_raise;

	struct igroup *groups;
	size_t ngroups, groupcap, last_group;
	struct series_arena arena;
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

int stages_series_grow_slow(struct series_arena *a, struct raw_series *s);
int stages_series_push_wide(struct raw_series *s, uint64_t v, uint32_t k);
void stages_arena_free(struct series_arena *a);

/* Append @v of @k intervals to @s, its chunks from @a; 0, or -ENOMEM. */
static inline int stages_series_push(struct series_arena *a,
				     struct raw_series *s, uint64_t v,
				     uint32_t k)
{
	if (s->at == s->end && stages_series_grow_slow(a, s))
		return -ENOMEM;
	s->vmax = v > s->vmax ? v : s->vmax;
	s->kmax = k > s->kmax ? k : s->kmax;
	s->n++;
	if (v > SERIES_V_MASK || k >= SERIES_K_WIDE)
		return stages_series_push_wide(s, v, k);
	*s->at++ = (uint32_t)v | k << SERIES_V_BITS;
	return 0;
}

/* The value of word @w of @s, and its interval count. */
static inline uint64_t stages_series_v(const struct raw_series *s, uint32_t w,
				       uint32_t *k)
{
	if ((w & SERIES_WIDE) == SERIES_WIDE) {
		*k = s->wide[w & SERIES_V_MASK].k;
		return s->wide[w & SERIES_V_MASK].v;
	}
	*k = w >> SERIES_V_BITS;
	return w & SERIES_V_MASK;
}

void stages_series_free(struct raw_series *s);

/* How many of @s's words chunk @c holds, @done being in the ones before. */
static inline size_t series_chunk_used(const struct raw_series *s, size_t c,
				       size_t done)
{
	size_t len = series_chunk_len(c);

	return s->n - done < len ? s->n - done : len;
}

/* Context [0] is outside any block; 0, or -ENOMEM. */
int stages_ctx_intern(struct stages *s, const char *scenario,
		      const char *design, const char *chip, uint32_t *out);
int stages_flow_intern(struct stages *s, const char *flow, int32_t *out);
struct stream *stages_stream_get_slow(struct stages *s, uint64_t key);

/*
 * The stream @key, made if new; NULL: no memory. An interrupt's events
 * come from one stream: the last one found is tried first, inline.
 */
static inline struct stream *stages_stream_get(struct stages *s, uint64_t key)
{
	if (s->last_stream < s->nstreams &&
	    s->streams[s->last_stream].key == key)
		return &s->streams[s->last_stream];
	return stages_stream_get_slow(s, key);
}
/* The raises of @irq/@dev, made if new and @create; NULL: none. */
struct raises *stages_raises_get(struct stages *s, uint64_t irq, uint64_t dev,
				 bool create);
struct igroup *stages_group_get_slow(struct stages *s, uint32_t ctx,
				     int32_t flow, uint64_t cpu);

/*
 * The group of @ctx x @flow x @cpu, made if new; NULL: no memory. One
 * line's interrupts follow each other: the last one found is tried
 * first, inline.
 */
static inline struct igroup *stages_group_get(struct stages *s, uint32_t ctx,
					      int32_t flow, uint64_t cpu)
{
	struct igroup *g;

	if (s->last_group < s->ngroups) {
		g = &s->groups[s->last_group];
		if (g->ctx == ctx && g->flow == flow && g->cpu == cpu)
			return g;
	}
	return stages_group_get_slow(s, ctx, flow, cpu);
}
/* The interrupts still open on @st, dropped as unmatched. */
void stages_stream_drop_all(struct stages *s, struct stream *st);
/* The calibrate spacings' distribution. */
void stages_calibration(const struct stages *s, struct stages_calibration *c);
/*
 * A series sorted for its figures (stages_sort.c). Packed (@k NULL):
 * each word is 2x + @off above KEYED_SHIFT and k below, x = v - k * cost
 * being exact in half ns; else each word is the double x made an
 * unsigned integer of the same order, and @k holds the counts. The sums
 * of the values and counts are taken in the order they were recorded.
 */
struct keyed {
	uint64_t *w;
	uint32_t *k;
	size_t n;
	long double sum, ksum;
	int64_t off;
	bool scratch; /* @w and @k are the scratch's: not to be freed */
};

#define KEYED_SHIFT 16
#define STAGES_MERGE_MAX 16 /* CPUs merged head by head; more: sorted */

/*
 * Room reused from one series to the next: the keys of a CPU alone in
 * its run, the sorts' second buffer, which also takes the settled values
 * for their statistics, and a radix pass's counts.
 */
#define RADIX_WIDE 12 /* bits of a digit of the radix sort, at most */

struct stages_scratch {
	uint64_t *keys_w, *sort_w;
	uint32_t *keys_k, *sort_k;
	size_t keys_wcap, sort_wcap, keys_kcap, sort_kcap;
	size_t count[1 << RADIX_WIDE]; /* a radix pass's counts */
};

double stages_key_x(uint64_t key);

/* Value @j of @kd, the cost subtracted, and its interval count. */
static inline double keyed_x(const struct keyed *kd, size_t j)
{
	if (!kd->k)
		return (double)((int64_t)(kd->w[j] >> KEYED_SHIFT) - kd->off) *
		       0.5;
	return stages_key_x(kd->w[j]);
}

static inline uint32_t keyed_k(const struct keyed *kd, size_t j)
{
	return kd->k ? kd->k[j] : (uint32_t)(kd->w[j] & 0xffff);
}

uint64_t *stages_sort(uint64_t *w, uint32_t *k, size_t n, int shift,
		      struct stages_scratch *t);
int stages_run_keys(struct igroup *a, size_t m, int i, double median,
		    struct keyed *kd, struct stages_scratch *t);
void stages_settle(const struct keyed *kd, const struct igroup *a, size_t m,
		   int i, double cost, uint64_t *out);
void stages_keyed_figures(const struct keyed *kd,
			  const struct stages_calibration *c,
			  struct stages_figure *fig);

#endif /* ANALYSIS_STAGES_INTERNAL_H */
