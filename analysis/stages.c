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
#define _GNU_SOURCE /* qsort_r */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "sink.h"

const char *const stages_fig_names[STAGES_NR_FIGS] = {
	"mean", "p50", "p90", "p99", "p999",
};

/* The quantiles of stages_fig_names[1..], in permille. */
static const unsigned int fig_permille[STAGES_NR_FIGS] = { 0, 500, 900, 990,
							   999 };

/* Standard normal quantile of a two-sided 95% interval. */
#define Z95 1.959964

const char *const stages_op_names[STAGES_NR_OPS] = {
	"startup",   "shutdown", "enable",   "disable",	     "ack",
	"mask",	     "mask_ack", "unmask",   "eoi",	     "end",
	"retrigger", "set_type", "set_wake", "set_affinity",
};

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
/* Raises arrive in seq order; a jump this far is a corrupt field. */
#define SEQ_GAP_MAX (1u << 20)
#define NO_RAISE UINT64_MAX

/* Raw values (ns) and how many intervals each one spans. */
struct raw_series {
	uint64_t *v;
	uint32_t *k;
	size_t n, cap;
};

#define NR_MERGE 16 /* CPUs per group merged run by run; more are sorted */

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
};

/* Grow @*p (of @size-byte items) to hold @need; amortised doubling. */
int stages_grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 8;
	void *q;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	q = realloc(*(void **)p, c * size);
	if (!q)
		return -ENOMEM;
	*(void **)p = q;
	*cap = c;
	return 0;
}

static int series_push(struct raw_series *s, uint64_t v, uint32_t k)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		uint64_t *nv = realloc(s->v, cap * sizeof(*nv));
		uint32_t *nk;

		if (!nv)
			return -ENOMEM;
		s->v = nv;
		nk = realloc(s->k, cap * sizeof(*nk));
		if (!nk)
			return -ENOMEM;
		s->k = nk;
		s->cap = cap;
	}
	s->v[s->n] = v;
	s->k[s->n++] = k;
	return 0;
}

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

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

static int ctx_intern(struct stages *s, const char *scenario,
		      const char *design, const char *chip, uint32_t *out)
{
	struct ctx *c;

	scenario = str_or_empty(scenario);
	design = str_or_empty(design);
	chip = str_or_empty(chip);
	for (size_t i = 0; i < s->nctx; i++) {
		c = &s->ctx[i];
		if (!strcmp(c->scenario, scenario) &&
		    !strcmp(c->design, design) && !strcmp(c->chip, chip)) {
			*out = (uint32_t)i;
			return 0;
		}
	}
	if (s->nctx >= UINT32_MAX ||
	    stages_grow(&s->ctx, &s->ctxcap, s->nctx + 1, sizeof(*s->ctx)))
		return -ENOMEM;
	c = &s->ctx[s->nctx];
	c->scenario = strdup(scenario);
	c->design = strdup(design);
	c->chip = strdup(chip);
	c->events = c->interrupts = 0;
	if (!c->scenario || !c->design || !c->chip) {
		free(c->scenario);
		free(c->design);
		free(c->chip);
		return -ENOMEM;
	}
	*out = (uint32_t)s->nctx++;
	return 0;
}

static int flow_intern(struct stages *s, const char *flow, int32_t *out)
{
	char *copy;

	flow = str_or_empty(flow);
	for (size_t i = 0; i < s->nflows; i++)
		if (!strcmp(s->flows[i], flow)) {
			*out = (int32_t)i;
			return 0;
		}
	if (s->nflows >= INT32_MAX ||
	    stages_grow(&s->flows, &s->flowcap, s->nflows + 1,
			sizeof(*s->flows)))
		return -ENOMEM;
	copy = strdup(flow);
	if (!copy)
		return -ENOMEM;
	s->flows[s->nflows] = copy;
	*out = (int32_t)s->nflows++;
	return 0;
}

int stages_create(struct stages **out)
{
	struct stages *s = calloc(1, sizeof(*s));
	uint32_t outside;

	*out = NULL;
	if (!s)
		return -ENOMEM;
	if (ctx_intern(s, "", "", "", &outside)) {
		stages_destroy(s);
		return -ENOMEM;
	}
	*out = s;
	return 0;
}

static void frame_free(struct frame *f)
{
	free(f->ts);
	free(f->lat);
}

void stages_destroy(struct stages *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nctx; i++) {
		free(s->ctx[i].scenario);
		free(s->ctx[i].design);
		free(s->ctx[i].chip);
	}
	free(s->ctx);
	for (size_t i = 0; i < s->nflows; i++)
		free(s->flows[i]);
	free(s->flows);
	for (size_t i = 0; i < s->nstreams; i++)
		for (unsigned int j = 0; j < MAX_NEST; j++)
			frame_free(&s->streams[i].f[j]);
	free(s->streams);
	for (size_t i = 0; i < s->nraises; i++)
		free(s->raises[i].ts), free(s->raises[i].late);
	free(s->raises);
	for (size_t i = 0; i < s->ngroups; i++)
		for (int j = 0; j < NR_SERIES; j++) {
			free(s->groups[i].s[j].v);
			free(s->groups[i].s[j].k);
		}
	free(s->groups);
	free(s->hash);
	free(s->calib_hist);
	free(s);
}

static struct stream *stream_get(struct stages *s, uint64_t key)
{
	struct stream *st;

	if (s->last_stream < s->nstreams &&
	    s->streams[s->last_stream].key == key)
		return &s->streams[s->last_stream];
	for (size_t i = 0; i < s->nstreams; i++)
		if (s->streams[i].key == key) {
			s->last_stream = i;
			return &s->streams[i];
		}
	if (stages_grow(&s->streams, &s->streamcap, s->nstreams + 1,
			sizeof(*s->streams)))
		return NULL;
	st = &s->streams[s->nstreams];
	memset(st, 0, sizeof(*st));
	st->key = key;
	s->last_stream = s->nstreams++;
	return st;
}

static struct raises *raises_get(struct stages *s, uint64_t irq, uint64_t dev,
				 bool create)
{
	struct raises *r;

	if (s->last_raise < s->nraises && s->raises[s->last_raise].irq == irq &&
	    s->raises[s->last_raise].dev == dev)
		return &s->raises[s->last_raise];
	for (size_t i = 0; i < s->nraises; i++)
		if (s->raises[i].irq == irq && s->raises[i].dev == dev) {
			s->last_raise = i;
			return &s->raises[i];
		}
	if (!create || stages_grow(&s->raises, &s->raisecap, s->nraises + 1,
				   sizeof(*s->raises)))
		return NULL;
	r = &s->raises[s->nraises];
	memset(r, 0, sizeof(*r));
	r->irq = irq;
	r->dev = dev;
	s->last_raise = s->nraises++;
	return r;
}

static int raise_event(struct stages *s, const struct stages_ev *ev)
{
	struct raises *r = raises_get(s, ev->irq, ev->dev, true);

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

static uint64_t group_hash(uint32_t ctx, int32_t flow, uint64_t cpu)
{
	uint64_t h = ((uint64_t)ctx << 32 | (uint32_t)flow) ^
		     (cpu * 0x9e3779b97f4a7c15ULL);

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	return h ^ (h >> 32);
}

static int hash_insert(uint32_t *hash, size_t cap, const struct igroup *g,
		       uint32_t idx)
{
	size_t i = group_hash(g->ctx, g->flow, g->cpu) & (cap - 1);

	while (hash[i])
		i = (i + 1) & (cap - 1);
	hash[i] = idx + 1;
	return 0;
}

static struct igroup *group_get(struct stages *s, uint32_t ctx, int32_t flow,
				uint64_t cpu)
{
	size_t i;
	struct igroup *g;

	if (s->hashcap) {
		i = group_hash(ctx, flow, cpu) & (s->hashcap - 1);
		for (; s->hash[i]; i = (i + 1) & (s->hashcap - 1)) {
			g = &s->groups[s->hash[i] - 1];
			if (g->ctx == ctx && g->flow == flow && g->cpu == cpu)
				return g;
		}
	}
	if (s->ngroups >= UINT32_MAX - 1 ||
	    stages_grow(&s->groups, &s->groupcap, s->ngroups + 1,
			sizeof(*s->groups)))
		return NULL;
	/* Keep the table at most half full. */
	if (2 * (s->ngroups + 1) > s->hashcap) {
		size_t cap = s->hashcap ? 2 * s->hashcap : 64;
		uint32_t *h = calloc(cap, sizeof(*h));

		if (!h)
			return NULL;
		for (size_t j = 0; j < s->ngroups; j++)
			hash_insert(h, cap, &s->groups[j], (uint32_t)j);
		free(s->hash);
		s->hash = h;
		s->hashcap = cap;
	}
	g = &s->groups[s->ngroups];
	memset(g, 0, sizeof(*g));
	g->ctx = ctx;
	g->flow = flow;
	g->cpu = cpu;
	hash_insert(s->hash, s->hashcap, g, (uint32_t)s->ngroups++);
	return g;
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

static void stream_drop_all(struct stages *s, struct stream *st)
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
		acc_add(&f->acc[f->opener], d, 1);
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
			stream_drop_all(s, st);
		}
	}
	return n;
}

static int entry_event(struct stages *s, const struct stages_ev *ev)
{
	struct stream *st = stream_get(s, ev->stream);
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
		stream_drop_all(s, st);
	if (st->depth == MAX_NEST)
		stream_drop_all(s, st);
	f = &st->f[st->depth++];
	f->cpu = ev->cpu;
	f->irq = ev->irq;
	f->t0 = f->last = ev->ts;
	f->ctx = s->cur_ctx;
	f->flow = -1;
	f->opener = S_ENTRY;
	f->opened = f->in_action = f->after_exit = false;
	memset(f->acc, 0, sizeof(f->acc));
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
	struct raises *r = raises_get(s, ev->irq, ev->dev, false);
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
	struct stream *st = stream_get(s, ev->stream);
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
			ret = flow_intern(s, ev->flow, &f->flow);
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
		acc_add(&f->acc[S_ACTION], f->tent.raw, f->tent.k);
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
	acc_add(&f->acc[S_EXIT], f->tent.raw, f->tent.k);
	g = group_get(s, f->ctx, f->flow, f->cpu);
	if (!g)
		return -ENOMEM;
	g->interrupts++;
	for (int i = 0; i <= S_EXIT; i++)
		if (f->acc[i].k) {
			ret = series_push(&g->s[i], f->acc[i].raw, f->acc[i].k);
			if (ret)
				return ret;
		}
	ret = series_push(&g->s[S_TOTAL], f->last - f->t0,
			  (uint32_t)(f->nts - 1));
	for (size_t i = 0; i < f->nlat && !ret; i++) {
		ret = series_push(&g->s[S_DISPATCH], f->lat[i].d.raw,
				  f->lat[i].d.k);
		if (!ret)
			ret = series_push(&g->s[S_LATENCY], f->lat[i].l.raw,
					  f->lat[i].l.k);
	}
	return ret;
}

static int exit_event(struct stages *s, const struct stages_ev *ev)
{
	struct stream *st = stream_get(s, ev->stream);
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
		ret = ctx_intern(s, ev->scenario, ev->design, ev->chip, &c);
		if (ret)
			return ret;
		s->cur_ctx = c;
		/* Every device's seqs restart at 0 in a new block. */
		for (size_t i = 0; i < s->nraises; i++)
			s->raises[i].n = 0;
		return 0;
	case STAGES_EV_BLOCK_END:
		s->cur_ctx = 0;
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

/*
 * Subtract @cost once per interval of each value, clamping at 0: the
 * series' own statistics, kept for older readers. The figures, which
 * are not clamped, were taken from the raw values before.
 */
static void series_settle(struct raw_series *r, double cost)
{
	for (size_t i = 0; i < r->n; i++) {
		double sub = cost * r->k[i];
		uint64_t c = sub >= 18446744073709551615.0 ?
				     UINT64_MAX :
				     (uint64_t)llround(sub);

		r->v[i] = r->v[i] > c ? r->v[i] - c : 0;
	}
	free(r->k);
	r->k = NULL;
}

/*
 * The 95% distribution-free interval of the nearest-rank quantile
 * @permille/1000 of @n values: 0-based ranks [*lo, *hi] from the normal
 * approximation of the binomial count of values below the quantile. Only
 * exchangeable values are assumed, as the sink does everywhere.
 */
static void os_ranks(size_t n, unsigned int permille, size_t *lo, size_t *hi)
{
	double p = permille / 1000.0, np = (double)n * p;
	double h = Z95 * sqrt(np * (1 - p));
	size_t r = irqstat_rank(n, permille);
	double l = floor(np - h) - 1, u = ceil(np + h);

	*lo = l < 0 ? 0 : (size_t)l;
	*hi = u > (double)(n - 1) ? n - 1 : (size_t)u;
	if (*lo > r)
		*lo = r;
	if (*hi < r)
		*hi = r;
}

/* The 0-based nearest rank of the quantile @q (0 < q < 1) of @n. */
static uint64_t rank_frac(uint64_t n, double q)
{
	double r = ceil(q * (double)n);

	return r > 1 ? (uint64_t)r - 1 : 0;
}

/* The 0-based @r-th smallest calibrate spacing; overflows rank last. */
static double calib_at(const struct stages *s, uint64_t r)
{
	uint64_t seen = 0;

	for (size_t i = 0; i < STAGES_CALIB_MAX; i++) {
		seen += s->calib_hist[i];
		if (seen > r)
			return (double)i;
	}
	return STAGES_CALIB_MAX; /* a lower bound */
}

static void calibration(const struct stages *s, struct stages_calibration *c)
{
	uint64_t n = s->calib_pairs;
	size_t lo, hi;

	memset(c, 0, sizeof(*c));
	if (!n)
		return;
	c->pairs = n;
	c->overflow = s->calib_over;
	c->mean = (double)s->calib_sum / (double)n;
	c->median = n % 2 ? calib_at(s, n / 2) :
			    (calib_at(s, n / 2 - 1) + calib_at(s, n / 2)) / 2;
	c->p25 = calib_at(s, irqstat_rank(n, 250));
	c->p75 = calib_at(s, irqstat_rank(n, 750));
	c->p025 = calib_at(s, rank_frac(n, 0.025));
	c->p975 = calib_at(s, rank_frac(n, 0.975));
	/* The interval's half-width, in standard errors: 1.96. */
	os_ranks(n, 500, &lo, &hi);
	c->median_se = (calib_at(s, hi) - calib_at(s, lo)) / (2 * Z95);
}

void stages_figure_judge(struct stages_figure *f)
{
	f->pm = fmax(f->value - f->lo, f->hi - f->value);
	f->resolved = f->lo > 0 && f->value >= f->resolution;
}

void stages_figure_add(struct stages_figure *sum, const struct stages_figure *f)
{
	sum->value += f->value;
	sum->lo += f->lo;
	sum->hi += f->hi;
	sum->k += f->k;
	sum->resolution += f->resolution;
	stages_figure_judge(sum);
}

void stages_figure_format(const struct stages_figure *f, int decimals,
			  bool terse, char *buf, size_t len)
{
	if (f->resolved)
		snprintf(buf, len, terse ? "%.*f±%.*f" : "%.*f ± %.*f",
			 decimals, f->value, decimals, f->pm);
	else if (terse)
		snprintf(buf, len, "unresolved(±%.0f)", f->pm);
	else
		snprintf(buf, len, STAGES_UNRESOLVED " (± %.0f ns)", f->pm);
}

/* A value with its cost subtracted, and how many costs that was. */
struct xk {
	double x;
	uint32_t k;
};

static int xk_cmp(const void *a, const void *b)
{
	double x = ((const struct xk *)a)->x, y = ((const struct xk *)b)->x;

	return (x > y) - (x < y);
}

/*
 * The figures of series @i of groups [@a, @b) together, from their raw
 * values, with @c's median subtracted k times from a value of k
 * intervals. A higher cost lowers every value: the band's low end takes
 * k times p975 - median off, its high end adds k times median - p025.
 * The central 95% rather than the quartiles: a stage's quantile carries
 * the cost of its events as they fell, and for p90 of a stage of fixed
 * length that is the cost's own p90.
 */
static int series_figures(const struct igroup *a, const struct igroup *b, int i,
			  const struct stages_calibration *c,
			  struct stages_figure *fig)
{
	double down = c->p975 - c->median, up = c->median - c->p025;
	long double sum = 0, ss = 0, ksum = 0;
	size_t n = 0, at = 0;
	struct xk *v;

	for (const struct igroup *g = a; g < b; g++)
		n += g->s[i].n;
	memset(fig, 0, STAGES_NR_FIGS * sizeof(*fig));
	if (!n)
		return 0;
	v = malloc(n * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (const struct igroup *g = a; g < b; g++)
		for (size_t j = 0; j < g->s[i].n; j++) {
			uint32_t k = g->s[i].k[j];

			v[at].x = (double)g->s[i].v[j] - k * c->median;
			v[at++].k = k;
			sum += v[at - 1].x;
			ksum += k;
		}
	qsort(v, n, sizeof(*v), xk_cmp);

	fig[0].value = (double)(sum / n);
	for (size_t j = 0; j < n; j++)
		ss += (v[j].x - sum / n) * (v[j].x - sum / n);
	fig[0].k = (double)(ksum / n);
	fig[0].lo = fig[0].hi = fig[0].value;
	if (n > 1) {
		double se = sqrt((double)(ss / (n - 1)) / (double)n);

		fig[0].lo -= Z95 * se;
		fig[0].hi += Z95 * se;
	}
	for (int f = 1; f < STAGES_NR_FIGS; f++) {
		size_t r = irqstat_rank(n, fig_permille[f]), lo, hi;
		uint32_t k = 0;

		os_ranks(n, fig_permille[f], &lo, &hi);
		for (size_t j = lo; j <= hi; j++)
			k = v[j].k > k ? v[j].k : k;
		fig[f].value = v[r].x;
		fig[f].lo = v[lo].x;
		fig[f].hi = v[hi].x;
		fig[f].k = k;
	}
	for (int f = 0; f < STAGES_NR_FIGS; f++) {
		fig[f].lo -= fig[f].k * down;
		fig[f].hi += fig[f].k * up;
		fig[f].resolution = fig[f].k * (c->p975 - c->p025);
		stages_figure_judge(&fig[f]);
	}
	free(v);
	return 0;
}

static const char *group_flow(const struct stages *s, const struct igroup *g)
{
	return g->flow < 0 ? "" : s->flows[g->flow];
}

static int group_cmp(const void *a, const void *b, void *arg)
{
	const struct stages *st = arg;
	const struct igroup *x = a, *y = b;
	const struct ctx *cx = &st->ctx[x->ctx], *cy = &st->ctx[y->ctx];
	int c = strcmp(cx->scenario, cy->scenario);

	if (!c)
		c = strcmp(cx->design, cy->design);
	if (!c)
		c = strcmp(cx->chip, cy->chip);
	if (!c)
		c = strcmp(group_flow(st, x), group_flow(st, y));
	if (!c)
		c = (x->cpu > y->cpu) - (x->cpu < y->cpu);
	return c;
}

static struct stages_series *out_series(struct stages_group *g, int i)
{
	if (i == S_ENTRY)
		return &g->entry;
	if (i < S_ACTION)
		return &g->op[i - S_OP0];
	switch (i) {
	case S_ACTION:
		return &g->action;
	case S_EXIT:
		return &g->exit;
	case S_TOTAL:
		return &g->total;
	case S_DISPATCH:
		return &g->dispatch;
	default:
		return &g->latency;
	}
}

static int out_names(struct stages_group *o, const struct stages *s,
		     const struct igroup *g)
{
	const struct ctx *c = &s->ctx[g->ctx];

	o->scenario = strdup(c->scenario);
	o->design = strdup(c->design);
	o->chip = strdup(c->chip);
	o->flow = strdup(group_flow(s, g));
	return o->scenario && o->design && o->chip && o->flow ? 0 : -ENOMEM;
}

/*
 * Series @i of groups [@a, @b), each sorted, merged into @out in order:
 * a few CPUs' runs, so the smallest head is found by looking at each.
 */
static void merge(uint64_t *out, const struct igroup *a, const struct igroup *b,
		  int i)
{
	size_t at[NR_MERGE] = { 0 }, k = (size_t)(b - a);

	if (k > NR_MERGE) { /* more CPUs than that: concatenate and sort */
		size_t n = 0;

		for (const struct igroup *g = a; g < b; g++) {
			memcpy(out + n, g->s[i].v, g->s[i].n * sizeof(*out));
			n += g->s[i].n;
		}
		irqstat_sort(out, n);
		return;
	}
	for (;;) {
		size_t best = k;

		for (size_t r = 0; r < k; r++)
			if (at[r] < a[r].s[i].n &&
			    (best == k ||
			     a[r].s[i].v[at[r]] < a[best].s[i].v[at[best]]))
				best = r;
		if (best == k)
			return;
		*out++ = a[best].s[i].v[at[best]++];
	}
}

/* The all-CPU group of groups [@a, @b), which share all but the CPU. */
static int out_all(struct stages_group *o, const struct stages *s,
		   const struct igroup *a, const struct igroup *b)
{
	int ret = out_names(o, s, a);

	o->cpu = -1;
	for (const struct igroup *g = a; g < b; g++)
		o->interrupts += g->interrupts;
	for (int i = 0; i < NR_SERIES && !ret; i++) {
		struct stages_series *os = out_series(o, i);
		size_t n = 0;

		for (const struct igroup *g = a; g < b; g++)
			n += g->s[i].n;
		if (!n)
			continue;
		os->v = malloc(n * sizeof(*os->v));
		if (!os->v)
			return -ENOMEM;
		merge(os->v, a, b, i);
		os->n = os->cap = n;
		irqstat_compute_sorted(os->v, os->n, &os->st);
	}
	return ret;
}

/* A per-CPU group: its arrays move into the result. */
static int out_cpu(struct stages_group *o, const struct stages *s,
		   struct igroup *g)
{
	int ret = out_names(o, s, g);

	o->cpu = g->cpu > INT32_MAX ? INT32_MAX : (int)g->cpu;
	o->interrupts = g->interrupts;
	for (int i = 0; i < NR_SERIES; i++) {
		struct stages_series *os = out_series(o, i);

		os->v = g->s[i].v;
		os->n = g->s[i].n;
		os->cap = g->s[i].cap;
		g->s[i].v = NULL;
		g->s[i].n = g->s[i].cap = 0;
		irqstat_compute_sorted(os->v, os->n, &os->st);
	}
	return ret;
}

static bool same_but_cpu(const struct igroup *a, const struct igroup *b)
{
	return a->ctx == b->ctx && a->flow == b->flow;
}

/*
 * The figures of groups [@i, @j) of @s, which share all but the CPU, into
 * @o: the all-CPU group, then one per CPU, as stages_finish() lays them
 * out. One CPU alone gives the all-CPU group the same figures.
 */
static int run_figures(struct stages *s, size_t i, size_t j,
		       struct stages_group *o,
		       const struct stages_calibration *c)
{
	const struct igroup *g = s->groups;
	int ret = 0;

	for (int k = 0; k < NR_SERIES && !ret; k++) {
		for (size_t x = i; x < j && !ret; x++)
			ret = series_figures(&g[x], &g[x + 1], k, c,
					     out_series(&o[1 + x - i], k)->fig);
		if (ret)
			break;
		if (j - i == 1)
			memcpy(out_series(o, k)->fig, out_series(&o[1], k)->fig,
			       sizeof(out_series(o, k)->fig));
		else
			ret = series_figures(&g[i], &g[j], k, c,
					     out_series(o, k)->fig);
	}
	return ret;
}

/* Every block (context 0 is outside any) that recorded something. */
static int out_blocks(const struct stages *s, struct stages_result *out)
{
	out->blocks = calloc(s->nctx, sizeof(*out->blocks));
	if (!out->blocks)
		return -ENOMEM;
	for (size_t i = 1; i < s->nctx; i++) {
		const struct ctx *c = &s->ctx[i];
		struct stages_block *b = &out->blocks[out->nblocks];

		if (!c->events)
			continue;
		*b = (struct stages_block){ strdup(c->scenario),
					    strdup(c->design), strdup(c->chip),
					    c->events, c->interrupts };
		out->nblocks++;
		if (!b->scenario || !b->design || !b->chip) {
			stages_result_free(out);
			return -ENOMEM;
		}
	}
	return 0;
}

int stages_finish(struct stages *s, struct stages_result *out)
{
	size_t runs = 0, at = 0;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < s->nstreams; i++)
		stream_drop_all(s, &s->streams[i]);
	calibration(s, &out->calib);
	out->event_cost_ns = out->calib.median;
	out->calibrate_events = s->calib;
	out->events = s->events;
	out->discarded_events = s->discarded_events;
	out->discarded_packets = s->discarded_packets;
	out->unmatched = s->unmatched;

	for (size_t i = 0; i < s->ngroups; i++)
		s->ctx[s->groups[i].ctx].interrupts += s->groups[i].interrupts;
	ret = out_blocks(s, out);
	if (ret)
		return ret;
	if (s->ngroups)
		qsort_r(s->groups, s->ngroups, sizeof(*s->groups), group_cmp,
			s);
	/* The hash indexes are stale now; nothing may look groups up. */
	free(s->hash);
	s->hash = NULL;
	s->hashcap = 0;
	for (size_t i = 0; i < s->ngroups; i++)
		runs += !i || !same_but_cpu(&s->groups[i - 1], &s->groups[i]);
	if (!s->ngroups)
		return 0;
	out->groups = calloc(s->ngroups + runs, sizeof(*out->groups));
	if (!out->groups) {
		stages_result_free(out);
		return -ENOMEM;
	}
	out->ngroups = s->ngroups + runs;
	for (size_t i = 0; i < s->ngroups && !ret;) {
		size_t j = i + 1;

		while (j < s->ngroups &&
		       same_but_cpu(&s->groups[i], &s->groups[j]))
			j++;
		/* The figures need each value's interval count: first. */
		ret = run_figures(s, i, j, &out->groups[at], &out->calib);
		if (ret)
			break;
		/* Each CPU's series sorted once, then merged for all CPUs. */
		for (size_t g = i; g < j; g++)
			for (int k = 0; k < NR_SERIES; k++) {
				series_settle(&s->groups[g].s[k],
					      out->event_cost_ns);
				irqstat_sort(s->groups[g].s[k].v,
					     s->groups[g].s[k].n);
			}
		ret = out_all(&out->groups[at++], s, &s->groups[i],
			      &s->groups[j]);
		for (; i < j && !ret; i++)
			ret = out_cpu(&out->groups[at++], s, &s->groups[i]);
	}
	if (ret)
		stages_result_free(out);
	return ret;
}

void stages_result_free(struct stages_result *r)
{
	for (size_t i = 0; r->groups && i < r->ngroups; i++) {
		struct stages_group *g = &r->groups[i];

		free(g->scenario);
		free(g->design);
		free(g->chip);
		free(g->flow);
		for (int j = 0; j < NR_SERIES; j++)
			free(out_series(g, j)->v);
	}
	free(r->groups);
	for (size_t i = 0; r->blocks && i < r->nblocks; i++) {
		free(r->blocks[i].scenario);
		free(r->blocks[i].design);
		free(r->blocks[i].chip);
	}
	free(r->blocks);
	memset(r, 0, sizeof(*r));
}

static json_t *figure_json(const struct stages_figure *f)
{
	return json_pack(
		"{so sf sf sf sf sf sb so}", "value",
		f->resolved ? json_real(f->value) : json_null(), "lo", f->lo,
		"hi", f->hi, "pm", f->pm, "k", f->k, "resolution_ns",
		f->resolution, "resolved", f->resolved, "why",
		f->resolved ? json_null() : json_string(STAGES_UNRESOLVED));
}

static json_t *stat_json(const struct stages_series *s)
{
	const struct irqstat *st = &s->st;
	json_t *j = json_pack("{sI sI sI sI sI sI sI sf sf}", "count",
			      (json_int_t)st->count, "min", (json_int_t)st->min,
			      "p50", (json_int_t)st->p50, "p90",
			      (json_int_t)st->p90, "p99", (json_int_t)st->p99,
			      "p999", (json_int_t)st->p999, "max",
			      (json_int_t)st->max, "mean", st->mean, "stddev",
			      st->stddev);
	json_t *figs = json_object();

	if (!j || !figs || !st->count) {
		json_decref(figs);
		return j;
	}
	for (int f = 0; f < STAGES_NR_FIGS; f++)
		if (json_object_set_new(figs, stages_fig_names[f],
					figure_json(&s->fig[f]))) {
			json_decref(figs);
			json_decref(j);
			return NULL;
		}
	if (json_object_set_new(j, "figures", figs)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static json_t *group_json(const struct stages_group *g)
{
	json_t *j, *ops = json_object();

	for (int o = 0; ops && o < STAGES_NR_OPS; o++)
		if (g->op[o].st.count &&
		    json_object_set_new(ops, stages_op_names[o],
					stat_json(&g->op[o]))) {
			json_decref(ops);
			return NULL;
		}
	if (!ops)
		return NULL;
	j = json_pack("{ss ss ss ss si sI so so so so so so so}", "scenario",
		      g->scenario, "design", g->design, "chip", g->chip, "flow",
		      g->flow, "cpu", g->cpu, "interrupts",
		      (json_int_t)g->interrupts, "entry", stat_json(&g->entry),
		      "ops", ops, "action", stat_json(&g->action), "exit",
		      stat_json(&g->exit), "total", stat_json(&g->total),
		      "dispatch", stat_json(&g->dispatch), "latency",
		      stat_json(&g->latency));
	return j;
}

int stages_result_write_json(const struct stages_result *r, FILE *f)
{
	json_t *root, *calib, *groups = json_array(), *blocks = json_array();
	const struct stages_calibration *c = &r->calib;
	int ret = 0;

	for (size_t i = 0; groups && blocks && i < r->ngroups; i++)
		if (json_array_append_new(groups, group_json(&r->groups[i])))
			goto nomem;
	for (size_t i = 0; groups && blocks && i < r->nblocks; i++) {
		const struct stages_block *b = &r->blocks[i];

		if (json_array_append_new(
			    blocks,
			    json_pack("{ss ss ss sI sI}", "scenario",
				      b->scenario, "design", b->design, "chip",
				      b->chip, "events", (json_int_t)b->events,
				      "interrupts", (json_int_t)b->interrupts)))
			goto nomem;
	}
	if (!groups || !blocks)
		goto nomem;
	calib = json_pack("{sI sI sf sf sf sf sf sf sf sf sf}", "pairs",
			  (json_int_t)c->pairs, "overflow",
			  (json_int_t)c->overflow, "median_ns", c->median,
			  "mean_ns", c->mean, "p25_ns", c->p25, "p75_ns",
			  c->p75, "iqr_ns", c->p75 - c->p25, "p025_ns", c->p025,
			  "p975_ns", c->p975, "spread_ns", c->p975 - c->p025,
			  "median_se_ns", c->median_se);
	if (!calib)
		goto nomem;
	root = json_pack("{si sf so sI sI sI sI sI so so}", "format", 1,
			 "event_cost_ns", r->event_cost_ns, "calibration",
			 calib, "calibrate_events",
			 (json_int_t)r->calibrate_events, "events",
			 (json_int_t)r->events, "discarded_events",
			 (json_int_t)r->discarded_events, "discarded_packets",
			 (json_int_t)r->discarded_packets, "unmatched",
			 (json_int_t)r->unmatched, "groups", groups, "blocks",
			 blocks);
	if (!root)
		return -ENOMEM;
	if (json_dumpf(root, f, JSON_INDENT(1)) || fputc('\n', f) == EOF)
		ret = -EIO;
	json_decref(root);
	return ret;
nomem:
	json_decref(groups);
	json_decref(blocks);
	return -ENOMEM;
}

static const char *dash(const char *s)
{
	return *s ? s : "-";
}

/* The sum of the chip ops' figures @fig (a mean or a quantile). */
static bool ops_figure(const struct stages_group *g, int fig,
		       struct stages_figure *sum)
{
	bool any = false;

	memset(sum, 0, sizeof(*sum));
	for (int o = 0; o < STAGES_NR_OPS; o++)
		if (g->op[o].st.count) {
			stages_figure_add(sum, &g->op[o].fig[fig]);
			any = true;
		}
	return any;
}

static void print_fig(FILE *f, const struct stages_figure *x, int decimals)
{
	char buf[64];

	stages_figure_format(x, decimals, true, buf, sizeof(buf));
	fprintf(f, " %s", buf);
}

void stages_result_print(const struct stages_result *r, FILE *f)
{
	const struct stages_calibration *c = &r->calib;

	fprintf(f,
		"# irqlab trace stages: %" PRIu64 " events, %" PRIu64
		" discarded events, %" PRIu64 " discarded packets, %" PRIu64
		" unmatched\n"
		"# event cost %.1f ns (%" PRIu64
		" calibrate events; median of %" PRIu64
		" spacings, central 95%% %.1f-%.1f, IQR %.1f-%.1f, mean %.1f, standard error of the median %.2f), subtracted from every interval\n"
		"# a figure is value±u ns, u the half-width of its 95%% band widened by k x the central 95%%'s sides; unresolved(±u): " STAGES_UNRESOLVED
		", its band reaching 0 or its value below k x (p97.5 - p2.5) (docs/analysis.md)\n"
		"# entry, ops, action, exit: mean ns; total, dispatch, latency: p50 and p99 ns\n"
		"# scenario design chip flow cpu interrupts entry ops action exit total_p50 total_p99 dispatch_p50 dispatch_p99 latency_p50 latency_p99 ops_detail\n",
		r->events, r->discarded_events, r->discarded_packets,
		r->unmatched, r->event_cost_ns, r->calibrate_events, c->pairs,
		c->p025, c->p975, c->p25, c->p75, c->mean, c->median_se);
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct stages_group *g = &r->groups[i];
		const struct stages_series *q[] = { &g->total, &g->dispatch,
						    &g->latency };
		struct stages_figure ops;
		int any = 0;

		fprintf(f, "%s %s %s %s %d %" PRIu64, dash(g->scenario),
			dash(g->design), dash(g->chip), dash(g->flow), g->cpu,
			g->interrupts);
		print_fig(f, &g->entry.fig[STAGES_FIG_MEAN], 1);
		if (ops_figure(g, STAGES_FIG_MEAN, &ops))
			print_fig(f, &ops, 1);
		else
			fputs(" -", f);
		print_fig(f, &g->action.fig[STAGES_FIG_MEAN], 1);
		print_fig(f, &g->exit.fig[STAGES_FIG_MEAN], 1);
		for (size_t x = 0; x < sizeof(q) / sizeof(*q); x++) {
			print_fig(f, &q[x]->fig[STAGES_FIG_P50], 0);
			print_fig(f, &q[x]->fig[STAGES_FIG_P99], 0);
		}
		fputc(' ', f);
		for (int o = 0; o < STAGES_NR_OPS; o++) {
			char buf[64];

			if (!g->op[o].st.count)
				continue;
			stages_figure_format(&g->op[o].fig[STAGES_FIG_MEAN], 1,
					     true, buf, sizeof(buf));
			fprintf(f, "%s%s=%s", any++ ? "," : "",
				stages_op_names[o], buf);
		}
		fputs(any ? "\n" : "-\n", f);
	}
}
