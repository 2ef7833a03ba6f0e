// SPDX-License-Identifier: GPL-2.0
/*
 * Why an event was slow (tail.h, docs/tail.md). An event's latency runs
 * from its fire F (the device thread's stamp as it asserted the line)
 * or, on a line that holds the stimulus back (analysis/formats/latency.c), from
 * its intended time I, to the handler entry E that claimed it, and is
 * cut, in this order, into what samples.bin measured of it:
 *
 *   late      I -> F, the fire: late_ns, the device thread's own clock;
 *             only where the latency counts from I: counted from F, the
 *             stimulus's lateness is not in it, and is the harness's
 *   queue     the part of F -> E that an earlier handler run of the line
 *             was in progress (entry -> exit of the runs before it)
 *   regs      the register accesses of the run that claimed it, at their
 *             costed time (access_ns), less the previous interrupt's
 *             closing ones (close_ns) where it fired after that run's
 *             handler had returned; an event coalesced into a run taken
 *             for an earlier event of its device has none of its own
 *   noise     host noise: noise_ns, the gaps of its CPU and the device
 *             thread inside its window (from its origin to E), at most
 *             what is left
 *   queue     coalesced: what is left of an event claimed by a run taken
 *             for an earlier event, whose dispatch it rode on
 *   dispatch  what is left: delivery, the flow handler, the chain
 *
 * The first three are intervals or costs known to lie inside the event's
 * window; noise_ns is a sum whose place in the window is not recorded
 * (a device-thread gap after the event was delivered delayed nothing),
 * so it comes after them and takes only what they left. A coalesced
 * event's wait is the earlier event's dispatch, which host noise may
 * have made long: noise first, so that a host stall is charged to the
 * host in every event it held up. Each cause is capped by what is left,
 * so the parts add up to the latency exactly.
 */
#define _GNU_SOURCE /* qsort_r */
#include <errno.h>
#include <stdlib.h>
#include "analysis/latency.h"
#include "analysis/tail.h"

const char *const tail_cause_names[TAIL_NR] = {
	[TAIL_LATE] = "stimulus late",
	[TAIL_QUEUE] = "behind the line's previous handler, or coalesced",
	[TAIL_REGS] = "register accesses (costed)",
	[TAIL_NOISE] = "host noise",
	[TAIL_DISPATCH] = "rest of the dispatch",
};

/* Handler entry and exit of a serviced record, ns since the run began. */
static uint64_t entry_of(const struct sample *s)
{
	return s->intended_ns + s->entry_ns;
}

static uint64_t exit_of(const struct sample *s)
{
	return s->intended_ns + s->exit_ns;
}

static unsigned int dev_of(const struct sample *s)
{
	return s->flags >> SAMPLE_DEVICE_SHIFT;
}

static bool serviced(const struct sample *s)
{
	return (s->flags & SAMPLE_SERVICED) && s->entry_ns != SAMPLE_NEVER;
}

/* Serviced records by entry, device, then intended time and seq. */
static int by_entry(const void *a, const void *b, void *arg)
{
	const struct sample *ev = arg;
	const struct sample *x = &ev[*(const uint32_t *)a];
	const struct sample *y = &ev[*(const uint32_t *)b];
	uint64_t ex = entry_of(x), ey = entry_of(y);

	if (ex != ey)
		return ex < ey ? -1 : 1;
	if (dev_of(x) != dev_of(y))
		return dev_of(x) < dev_of(y) ? -1 : 1;
	if (x->intended_ns != y->intended_ns)
		return x->intended_ns < y->intended_ns ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The claims of the sorted serviced records @idx[0..m). */
static int make_claims(struct tail_block *b, const uint32_t *idx, size_t m)
{
	b->claim = malloc((m ? m : 1) * sizeof(*b->claim));
	if (!b->claim)
		return -ENOMEM;
	for (size_t k = 0; k < m; k++) {
		const struct sample *s = &b->ev[idx[k]];
		struct tail_claim *c = b->nclaims ? &b->claim[b->nclaims - 1] :
						    NULL;

		if (!c || entry_of(s) != c->entry ||
		    dev_of(s) != dev_of(&b->ev[c->leader])) {
			c = &b->claim[b->nclaims++];
			c->entry = entry_of(s);
			c->exit = exit_of(s);
			c->leader = idx[k];
		}
		if (exit_of(s) > c->exit)
			c->exit = exit_of(s);
		b->claim_of[idx[k]] = (uint32_t)(b->nclaims - 1);
	}
	return 0;
}

/**
 * tail_block_init - index the records of one line in one block
 * @b: the block, to free with tail_block_free()
 * @ev: every record of one scenario x design x block (borrowed: it must
 *	outlive @b), in any order
 * @n: how many
 * @late_known: @ev's late_ns are recorded (samples.bin version 4, or
 *	filled in from the trace's raises)
 * @origin: where the latencies of their design start (summary.json
 *	latency_origin)
 *
 * Return: 0, or -ENOMEM.
 */
int tail_block_init(struct tail_block *b, const struct sample *ev, size_t n,
		    bool late_known, enum run_origin origin)
{
	uint32_t *idx;
	size_t m = 0;
	int ret;

	*b = (struct tail_block){
		.ev = ev,
		.n = n,
		.late_known = late_known,
		.origin = origin,
	};
	b->claim_of = malloc((n ? n : 1) * sizeof(*b->claim_of));
	idx = malloc((n ? n : 1) * sizeof(*idx));
	if (!b->claim_of || !idx) {
		free(idx);
		tail_block_free(b);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		b->claim_of[i] = UINT32_MAX;
		if (serviced(&ev[i]))
			idx[m++] = (uint32_t)i;
	}
	qsort_r(idx, m, sizeof(*idx), by_entry, (void *)ev);
	ret = make_claims(b, idx, m);
	free(idx);
	if (ret)
		tail_block_free(b);
	return ret;
}

/**
 * tail_block_free - free what tail_block_init() allocated
 * @b: the block (freeing one already freed does nothing)
 */
void tail_block_free(struct tail_block *b)
{
	free(b->claim);
	free(b->claim_of);
	b->claim = NULL;
	b->claim_of = NULL;
	b->nclaims = 0;
}

/*
 * The time of F -> @c's entry that the line's earlier runs were in
 * progress; *@prev_exit: the latest of their exits (0: none). Runs of a
 * line are one at a time, so walking back stops at the first that ended
 * before F.
 */
static uint64_t behind_runs(const struct tail_block *b, size_t c, uint64_t f,
			    uint64_t *prev_exit)
{
	uint64_t cursor = b->claim[c].entry, q = 0;

	*prev_exit = 0;
	for (size_t j = c; j-- > 0;) {
		const struct tail_claim *p = &b->claim[j];
		uint64_t lo = p->entry > f ? p->entry : f;
		uint64_t hi = p->exit < cursor ? p->exit : cursor;

		if (p->entry >= b->claim[c].entry)
			continue; /* another device's run taken at once */
		if (p->exit > *prev_exit)
			*prev_exit = p->exit;
		if (hi > lo)
			q += hi - lo;
		if (p->entry < cursor)
			cursor = p->entry;
		if (cursor <= f || p->exit <= f)
			break;
	}
	return q;
}

/* Charge up to @want of what is left of @w's latency to @c. */
static void charge(struct tail_why *w, uint64_t *left, enum tail_cause c,
		   uint64_t want)
{
	uint64_t take = want < *left ? want : *left;

	w->ns[c] += take;
	*left -= take;
}

/**
 * tail_explain - the causes of record @i's latency
 * @b: its block
 * @i: a serviced record of it
 * @w: the causes, which add up to its latency
 *
 * Return: 0, or -EINVAL if @i was never serviced.
 */
int tail_explain(const struct tail_block *b, size_t i, struct tail_why *w)
{
	const struct sample *s = &b->ev[i];
	const struct tail_claim *c;
	uint64_t left, f, prev_exit, queue, regs;

	*w = (struct tail_why){
		.late_known = b->late_known,
		.from_fire = b->origin == RUN_FROM_FIRE,
	};
	if (i >= b->n || b->claim_of[i] == UINT32_MAX)
		return -EINVAL;
	c = &b->claim[b->claim_of[i]];
	w->latency_ns = left = latency_entry(s, b->origin);
	w->late_ns = b->late_known ? s->late_ns : 0;
	/* Counted from the fire, the latency holds none of its lateness. */
	if (!w->from_fire)
		charge(w, &left, TAIL_LATE, w->late_ns);
	f = s->intended_ns +
	    (w->from_fire ? s->entry_ns - w->latency_ns : w->ns[TAIL_LATE]);
	queue = behind_runs(b, b->claim_of[i], f, &prev_exit);
	w->behind = prev_exit > f;
	w->coalesced = c->leader != i;
	charge(w, &left, TAIL_QUEUE, queue);
	/* Its run's own accesses; the previous one's end only if after F. */
	regs = s->access_ns > s->close_ns ? s->access_ns - s->close_ns : 0;
	if (w->behind)
		regs += s->close_ns;
	charge(w, &left, TAIL_REGS, w->coalesced ? 0 : regs);
	charge(w, &left, TAIL_NOISE, s->noise_ns);
	charge(w, &left, w->coalesced ? TAIL_QUEUE : TAIL_DISPATCH, left);
	return 0;
}

/**
 * tail_sum_add - add one event's causes to a sum
 * @s: the sum (zeroed to start)
 * @w: the event's
 */
void tail_sum_add(struct tail_sum *s, const struct tail_why *w)
{
	s->events++;
	s->latency_ns += w->latency_ns;
	s->late_ns += w->late_ns;
	for (int c = 0; c < TAIL_NR; c++)
		s->ns[c] += w->ns[c];
	s->coalesced += w->coalesced;
	s->behind += w->behind;
	if (s->events == 1 || w->latency_ns > s->worst.latency_ns)
		s->worst = *w;
}

/**
 * tail_fmt - "27.49 us (65.52%)", as rtla's auto-analysis writes it
 * @buf: where
 * @len: its size
 * @ns: a cause's time
 * @of: the latency it is part of (0: no share)
 */
void tail_fmt(char *buf, size_t len, uint64_t ns, uint64_t of)
{
	snprintf(buf, len, "%.2f us (%.2f%%)", (double)ns / 1e3,
		 of ? 100.0 * (double)ns / (double)of : 0.0);
}

/**
 * tail_by_size - @w's causes, the largest first
 * @w: an event's causes
 * @order: the causes, by their ns, largest first (ties in cause order)
 */
void tail_by_size(const struct tail_why *w, int order[TAIL_NR])
{
	for (int c = 0; c < TAIL_NR; c++) {
		int at = c;

		while (at > 0 && w->ns[order[at - 1]] < w->ns[c]) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = c;
	}
}

/**
 * tail_print - one event's causes, a line each, the largest first
 * @f: where
 * @indent: before each line
 * @w: the event's causes
 *
 * Causes of 0 ns are left out; a lateness that was not recorded is said.
 */
void tail_print(FILE *f, const char *indent, const struct tail_why *w)
{
	int order[TAIL_NR];
	char buf[64];

	tail_by_size(w, order);
	for (int n = 0; n < TAIL_NR && w->ns[order[n]]; n++) {
		int c = order[n];

		tail_fmt(buf, sizeof(buf), w->ns[c], w->latency_ns);
		fprintf(f, "%s%s: %s%s\n", indent, tail_cause_names[c], buf,
			c == TAIL_QUEUE && w->coalesced ? " (coalesced)" : "");
	}
	if (w->from_fire)
		fprintf(f,
			"%s(counted from the fire; the stimulus fired it %.2f us late, the harness's lateness, not in it)\n",
			indent, (double)w->late_ns / 1e3);
	else if (!w->late_known)
		fprintf(f, "%s(how late the stimulus fired was not recorded)\n",
			indent);
}
