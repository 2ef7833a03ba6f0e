// SPDX-License-Identifier: GPL-2.0
/*
 * The stage state machine of sink.irqlab.stages: decoded irqlab events in,
 * per-stage series per scenario x design x chip x flow x CPU out (the
 * stages are defined in stages.h, the output in docs/analysis.md). No
 * Babeltrace2 here: sink.c decodes, the tests feed synthetic events.
 *
 * Each stream (one per OS CPU) holds a stack of the interrupts in
 * progress on it, because the core nests them: handle_IRQ_event()
 * re-enables interrupts around the actions, as 2.6.18 did, so another
 * vector can be taken on the same simulated CPU in the middle of an
 * action and leaves before it. A nested interrupt is one of its own; the
 * interval of the interrupt it interrupted simply contains it. An entry
 * for a different simulated CPU on a stream that has an interrupt open
 * cannot be told apart from a preempted thread, so what was open there
 * is dropped as unmatched rather than given the wrong events; so are
 * the open interrupts of a simulated CPU whose thread shows up on another
 * stream (it migrated in the middle of one).
 *
 * Values are kept raw, with the number of intervals each is made of, and
 * the tracepoint cost is subtracted in stages_finish(), when every
 * calibrate event has been seen whatever order they came in. The
 * calibrate spacings are kept as a histogram of 1 ns buckets (spacings
 * are whole ns), so their median and quartiles are exact and bounded in
 * memory whatever the number of calibrate events.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

const char *const stages_op_names[STAGES_NR_OPS] = { IRQLAB_CHIP_OPS(
	IRQLAB_CHIP_OP_NAME) };

/* Raises arrive in seq order; a jump this far is a corrupt field. */
#define SEQ_GAP_MAX (1u << 20)
#define NO_RAISE UINT64_MAX

enum stages_ev_type stages_ev_type(const char *name)
{
	static const struct {
		const char *name;
		enum stages_ev_type type;
	} map[] = {
		{ "raise", STAGES_EV_RAISE },
		{ "service", STAGES_EV_SERVICE },
		{ "entry", STAGES_EV_ENTRY },
		{ "exit", STAGES_EV_EXIT },
		{ "flow", STAGES_EV_FLOW },
		{ "chip_op", STAGES_EV_CHIP_OP },
		{ "action_entry", STAGES_EV_ACTION_ENTRY },
		{ "action_exit", STAGES_EV_ACTION_EXIT },
		{ "block_begin", STAGES_EV_BLOCK_BEGIN },
		{ "block_end", STAGES_EV_BLOCK_END },
		{ "calibrate", STAGES_EV_CALIBRATE },
	};

	if (!name || strncmp(name, "irqlab:", 7))
		return STAGES_EV_NONE;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(name + 7, map[i].name))
			return map[i].type;
	return STAGES_EV_OTHER;
}

static int raise_event(struct stages *s, const struct stages_ev *ev)
{
	struct raises *r = stages_raises_get(s, ev->irq, ev->dev, true);

	if (!r)
		return -ENOMEM;
	if (ev->seq >= r->n + SEQ_GAP_MAX)
		return 0; /* a corrupt seq: its service will not match */
	if (ev->seq >= r->n) {
		if (stages_grow(&r->ts, &r->cap, (size_t)ev->seq + 1,
				sizeof(*r->ts)) ||
		    stages_grow(&r->late, &r->latecap, (size_t)ev->seq + 1,
				sizeof(*r->late)))
			return -ENOMEM;
		for (size_t i = r->n; i < ev->seq; i++)
			r->ts[i] = NO_RAISE;
		r->n = (size_t)ev->seq + 1;
	}
	r->ts[ev->seq] = ev->ts;
	r->late[ev->seq] = ev->late;
	return 0;
}

static int calibrate_event(struct stages *s, const struct stages_ev *ev)
{
	/* Only back-to-back pairs of one run: i follows i - 1. */
	if (s->calib && ev->seq == s->calib_prev_i + 1 &&
	    ev->ts >= s->calib_prev_ts) {
		uint64_t d = ev->ts - s->calib_prev_ts;

		if (!s->calib_hist) {
			s->calib_hist = calloc(STAGES_CALIB_MAX,
					       sizeof(*s->calib_hist));
			if (!s->calib_hist)
				return -ENOMEM;
		}
		if (d < STAGES_CALIB_MAX)
			s->calib_hist[d]++;
		else
			s->calib_over++;
		s->calib_sum += d;
		s->calib_pairs++;
	}
	s->calib++;
	s->calib_prev_i = ev->seq;
	s->calib_prev_ts = ev->ts;
	return 0;
}

/* Unmatched counts saturate: a corrupt count field must not wrap. */
static void unmatched(struct stages *s, uint64_t n)
{
	s->unmatched = n > UINT64_MAX - s->unmatched ? UINT64_MAX :
						       s->unmatched + n;
}

static void frame_drop(struct stages *s, struct stream *st)
{
	st->depth--;
	unmatched(s, 1);
}

void stages_stream_drop_all(struct stages *s, struct stream *st)
{
	while (st->depth)
		frame_drop(s, st);
}

static int frame_stamp(struct frame *f, uint64_t ts)
{
	if (stages_grow(&f->ts, &f->tscap, f->nts + 1, sizeof(*f->ts)))
		return -ENOMEM;
	f->ts[f->nts++] = ts;
	return 0;
}

static void acc_add(struct acc *a, uint64_t raw, uint32_t k)
{
	a->raw += raw;
	a->k += k;
}

/*
 * Charge @raw of @k intervals to stage @i of @f. Only the stages an
 * interrupt touches are cleared (@f->used), not all of them at its entry.
 */
static void frame_acc(struct frame *f, int i, uint64_t raw, uint32_t k)
{
	if (!(f->used & 1u << i)) {
		f->used |= 1u << i;
		f->acc[i].raw = raw;
		f->acc[i].k = k;
		return;
	}
	acc_add(&f->acc[i], raw, k);
}

/* Close the interval in progress at @ts: charge it to its opener. */
static int frame_cut(struct frame *f, uint64_t ts)
{
	uint64_t d;

	/* A stream is in order; time never runs back inside a frame. */
	if (ts < f->last)
		ts = f->last;
	d = ts - f->last;
	if (f->opener == S_TENTATIVE)
		acc_add(&f->tent, d, 1);
	else
		frame_acc(f, f->opener, d, 1);
	f->last = ts;
	return frame_stamp(f, ts);
}

/*
 * A simulated CPU is one thread, so its open interrupts are all on the
 * stream it runs on. Frames of @cpu on another stream than @here were
 * left there by a thread that migrated in the middle of an interrupt:
 * their events went to two streams and cannot be put together. Drop
 * them; Return: how many.
 */
static unsigned int drop_cpu_elsewhere(struct stages *s, uint64_t cpu,
				       const struct stream *here)
{
	unsigned int n = 0;

	for (size_t i = 0; i < s->nstreams; i++) {
		struct stream *st = &s->streams[i];

		if (st != here && st->depth && st->f[0].cpu == cpu) {
			n += st->depth;
			stages_stream_drop_all(s, st);
		}
	}
	return n;
}

static int entry_event(struct stages *s, const struct stages_ev *ev)
{
	struct stream *st = stages_stream_get(s, ev->stream);
	struct frame *f;

	if (!st)
		return -ENOMEM;
	drop_cpu_elsewhere(s, ev->cpu, st);
	/*
	 * Another simulated CPU's interrupt open here: its thread was
	 * preempted by this one, and what follows cannot be told apart.
	 * The same CPU's: a nested interrupt.
	 */
	if (st->depth && st->f[0].cpu != ev->cpu)
		stages_stream_drop_all(s, st);
	if (st->depth == MAX_NEST)
		stages_stream_drop_all(s, st);
	f = &st->f[st->depth++];
	f->cpu = ev->cpu;
	f->irq = ev->irq;
	f->t0 = f->last = ev->ts;
	f->ctx = s->cur_ctx;
	f->flow = -1;
	f->opener = S_ENTRY;
	f->opened = f->in_action = f->after_exit = false;
	f->used = 0;
	memset(&f->tent, 0, sizeof(f->tent));
	f->nts = 0;
	f->nlat = 0;
	return frame_stamp(f, ev->ts);
}

/* The first stamp of @f after @r: intervals from a raise at @r. */
static uint32_t stamps_after(const struct frame *f, uint64_t r)
{
	size_t lo = 0, hi = f->nts;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->ts[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (uint32_t)(f->nts - lo);
}

static int service_event(struct stages *s, struct frame *f,
			 const struct stages_ev *ev)
{
	struct raises *r = stages_raises_get(s, ev->irq, ev->dev, false);
	uint64_t n = r ? r->n : 0, first = ev->seq, count = ev->count;
	uint64_t end;

	if (first >= n) {
		unmatched(s, count);
		return 0;
	}
	end = count > n - first ? n : first + count;
	unmatched(s, count - (end - first));
	for (uint64_t q = first; q < end; q++) {
		uint64_t t = r->ts[q];
		struct lat *l;

		if (t == NO_RAISE) {
			unmatched(s, 1);
			continue;
		}
		r->ts[q] = NO_RAISE; /* serviced once */
		stages_watch_service(s, f, ev->dev, q, t, r->late[q]);
		if (stages_grow(&f->lat, &f->latcap, f->nlat + 1,
				sizeof(*f->lat)))
			return -ENOMEM;
		l = &f->lat[f->nlat++];
		l->d.raw = f->t0 > t ? f->t0 - t : 0;
		l->d.k = f->t0 > t ? 1 : 0;
		/* From the intended time, as samples.bin measures. */
		l->l.raw = (ev->ts > t ? ev->ts - t : 0) + r->late[q];
		l->l.k = stamps_after(f, t);
	}
	return 0;
}

/* What an event that is none of the stage markers opens. */
static int classify_other(const struct frame *f)
{
	if (!f->opened)
		return S_ENTRY;
	if (f->in_action)
		return S_ACTION;
	return f->after_exit ? S_TENTATIVE : S_EXIT;
}

static int inner_event(struct stages *s, const struct stages_ev *ev)
{
	struct stream *st = stages_stream_get(s, ev->stream);
	struct frame *f;
	int ret;

	if (!st)
		return -ENOMEM;
	if (!st->depth) {
		/* Setup and teardown chip ops run outside interrupts. */
		if (ev->type == STAGES_EV_SERVICE)
			unmatched(s, ev->count);
		return 0;
	}
	f = &st->f[st->depth - 1];
	ret = frame_cut(f, ev->ts);
	if (ret)
		return ret;
	switch (ev->type) {
	case STAGES_EV_FLOW:
		if (f->flow < 0) {
			ret = stages_flow_intern(s, ev->flow, &f->flow);
			if (ret)
				return ret;
		}
		f->opener = classify_other(f);
		break;
	case STAGES_EV_CHIP_OP:
		if (ev->op >= 0 && ev->op < STAGES_NR_OPS) {
			f->opener = S_OP0 + (int)ev->op;
			f->opened = true;
		} else {
			f->opener = classify_other(f);
		}
		break;
	case STAGES_EV_ACTION_ENTRY:
		/* Back into the chain: the step here was the handlers'. */
		frame_acc(f, S_ACTION, f->tent.raw, f->tent.k);
		memset(&f->tent, 0, sizeof(f->tent));
		f->opened = f->in_action = true;
		f->after_exit = false;
		f->opener = S_ACTION;
		break;
	case STAGES_EV_SERVICE:
		ret = service_event(s, f, ev);
		f->opener = S_ACTION;
		break;
	case STAGES_EV_ACTION_EXIT:
		f->in_action = false;
		f->after_exit = true;
		f->opener = S_TENTATIVE;
		break;
	default:
		f->opener = classify_other(f);
		break;
	}
	return ret;
}

static int frame_commit(struct stages *s, struct frame *f, uint64_t ts)
{
	struct igroup *g;
	int ret = frame_cut(f, ts);

	if (ret)
		return ret;
	frame_acc(f, S_EXIT, f->tent.raw, f->tent.k);
	g = stages_group_get(s, f->ctx, f->flow, f->cpu);
	if (!g)
		return -ENOMEM;
	g->interrupts++;
	for (uint32_t u = f->used; u; u &= u - 1) {
		int i = __builtin_ctz(u);

		if (f->acc[i].k) {
			ret = stages_series_push(&s->arena, &g->s[i],
						 f->acc[i].raw, f->acc[i].k);
			if (ret)
				return ret;
		}
	}
	ret = stages_series_push(&s->arena, &g->s[S_TOTAL], f->last - f->t0,
				 (uint32_t)(f->nts - 1));
	for (size_t i = 0; i < f->nlat && !ret; i++) {
		ret = stages_series_push(&s->arena, &g->s[S_DISPATCH],
					 f->lat[i].d.raw, f->lat[i].d.k);
		if (!ret)
			ret = stages_series_push(&s->arena, &g->s[S_LATENCY],
						 f->lat[i].l.raw,
						 f->lat[i].l.k);
	}
	return ret;
}

static int exit_event(struct stages *s, const struct stages_ev *ev)
{
	struct stream *st = stages_stream_get(s, ev->stream);
	struct frame *f;
	int ret;

	if (!st)
		return -ENOMEM;
	if (!st->depth || st->f[0].cpu != ev->cpu) {
		/* Its entry was on another stream (migrated), or none. */
		if (!drop_cpu_elsewhere(s, ev->cpu, st))
			unmatched(s, 1);
		return 0;
	}
	/* Interrupts open above the one this exit closes lost their exit. */
	while (st->depth && st->f[st->depth - 1].irq != ev->irq)
		frame_drop(s, st);
	if (!st->depth) {
		unmatched(s, 1);
		return 0;
	}
	f = &st->f[st->depth - 1];
	ret = frame_commit(s, f, ev->ts);
	st->depth--;
	return ret;
}

int stages_event(struct stages *s, const struct stages_ev *ev)
{
	uint32_t c;
	int ret;

	if (ev->type == STAGES_EV_NONE)
		return 0;
	s->events++;
	if (ev->type != STAGES_EV_BLOCK_BEGIN &&
	    ev->type != STAGES_EV_BLOCK_END)
		s->ctx[s->cur_ctx].events++;
	switch (ev->type) {
	case STAGES_EV_CALIBRATE:
		return calibrate_event(s, ev);
	case STAGES_EV_BLOCK_BEGIN:
		ret = stages_ctx_intern(s, ev->scenario, ev->design, ev->chip,
					&c);
		if (ret)
			return ret;
		s->cur_ctx = c;
		stages_watch_block(s, ev);
		/* Every device's seqs restart at 0 in a new block. */
		for (size_t i = 0; i < s->nraises; i++)
			s->raises[i].n = 0;
		return 0;
	case STAGES_EV_BLOCK_END:
		s->cur_ctx = 0;
		stages_watch_block(s, ev);
		return 0;
	case STAGES_EV_RAISE:
		return raise_event(s, ev);
	case STAGES_EV_ENTRY:
		return entry_event(s, ev);
	case STAGES_EV_EXIT:
		return exit_event(s, ev);
	default:
		return inner_event(s, ev);
	}
}

void stages_discarded(struct stages *s, uint64_t events, uint64_t packets)
{
	s->discarded_events += events;
	s->discarded_packets += packets;
}
