// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab export perfetto`: a run's LTTng trace as Perfetto's TrackEvent
 * protobuf (export.h). The trace is read once through the trace sink's
 * graph and decoder (stages_graph_run_tap()); each event becomes track
 * descriptors, slices, instants and flows here, written field by field
 * (pb.h) with Perfetto's field numbers from its protos
 * (trace_packet.proto, track_descriptor.proto, track_event.proto,
 * debug_annotation.proto). The timeline's slices are the raw intervals
 * between events, each with the tracer's own cost inside; the
 * statistics with that cost subtracted are the report's and LAMI's.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/export.h"
#include "stages/sink.h"
#include "pb.h"

/* Field numbers of perfetto.protos, and TrackEvent.Type. */
enum {
	TRACE_PACKET = 1,
	PKT_TIMESTAMP = 8,
	PKT_SEQ_ID = 10,
	PKT_TRACK_EVENT = 11,
	PKT_SEQ_FLAGS = 13,
	PKT_TRACK_DESCRIPTOR = 60,
	TD_UUID = 1,
	TD_NAME = 2,
	TD_PARENT = 5,
	TE_DEBUG = 4,
	TE_TYPE = 9,
	TE_TRACK = 11,
	TE_NAME = 23,
	TE_FLOW = 47,
	TE_TERM_FLOW = 48,
	DA_UINT = 3,
	DA_STRING = 6,
	DA_NAME = 10,
};
enum { TE_BEGIN = 1, TE_END = 2, TE_INSTANT = 3 };
#define SEQ_INCREMENTAL_STATE_CLEARED 1
#define SEQ_ID 1 /* the one sequence of the file */

/*
 * A service ends the flows of every event it drained: a threaded
 * handler drained 271 at once in a quick run. The bound only keeps a
 * corrupt count from looping for ever.
 */
#define FLOWS_PER_SERVICE (1u << 20)

enum track_kind { TK_ROOT, TK_BLOCKS, TK_CPU, TK_DEV, TK_THREAD };

static uint64_t uuid(enum track_kind k, uint64_t n)
{
	return (uint64_t)(k + 1) << 40 | (n & 0xffffffffffULL);
}

/* A stage of an interrupt as the stage machine cuts it (stages.h). */
enum stage { ST_NONE, ST_ENTRY, ST_OP, ST_ACTION, ST_EXIT };

#define MAX_NEST 4

struct irq_open {
	uint64_t cpu, irq;
	enum stage stage;
	bool acted; /* an action_exit was seen: what follows is the exit */
	const char *flow; /* the flow event's, a name of the trace */
};

/* The interrupts open on one stream (an OS CPU), innermost last. */
struct stream {
	uint64_t key;
	unsigned int depth;
	struct irq_open open[MAX_NEST];
};

/* Per irq: its thread's open slice and the wake that will start it. */
struct irq_thread {
	bool running;
	uint64_t wake_flow; /* 0: none pending */
	uint64_t wakes;
};

struct pf {
	FILE *out;
	bool dispatch_cost;
	struct export_perfetto_counts c;
	struct pb ev, pkt, wrap, ann;
	uint64_t *known; /* the uuids of the tracks described */
	size_t nknown, knowncap;
	struct stream *st;
	size_t nst, stcap;
	struct irq_thread *th;
	size_t nth;
	uint64_t blockno, last_ts;
	bool skip, in_block, first;
	int err;
};

/* splitmix64's finaliser: flow ids from what names a flow. */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return (x ^ (x >> 31)) | 1; /* never 0 */
}

/* Raise flows have the top bit clear, thread wakes' set. */
#define FLOW_WAKE (1ULL << 63)

static uint64_t raise_flow(const struct pf *p, uint64_t dev, uint64_t seq)
{
	return mix(mix(mix(p->blockno) ^ dev) ^ seq) & ~FLOW_WAKE;
}

static int grow(void *pp, size_t *cap, size_t need, size_t size)
{
	void *q;
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*(void **)pp, n * size);
	if (!q)
		return -ENOMEM;
	*(void **)pp = q;
	*cap = n;
	return 0;
}

/* @p->pkt, made a TracePacket of the Trace, onto the file. */
static void packet_write(struct pf *p)
{
	if (p->err)
		return;
	pb_uint(&p->pkt, PKT_SEQ_ID, SEQ_ID);
	if (p->first) {
		pb_uint(&p->pkt, PKT_SEQ_FLAGS, SEQ_INCREMENTAL_STATE_CLEARED);
		p->first = false;
	}
	pb_reset(&p->wrap);
	pb_msg(&p->wrap, TRACE_PACKET, &p->pkt);
	if (p->wrap.err)
		p->err = p->wrap.err;
	else if (fwrite(p->wrap.b, 1, p->wrap.n, p->out) != p->wrap.n)
		p->err = -EIO;
}

static void track_name(enum track_kind k, uint64_t n, char *buf, size_t len)
{
	switch (k) {
	case TK_ROOT:
		snprintf(buf, len, "irqlab run");
		break;
	case TK_BLOCKS:
		snprintf(buf, len, "blocks");
		break;
	case TK_CPU:
		snprintf(buf, len, "CPU %" PRIu64 " (simulated)", n);
		break;
	case TK_DEV:
		snprintf(buf, len, "device %" PRIu64, n);
		break;
	case TK_THREAD:
		snprintf(buf, len, "irq/%" PRIu64 " thread", n);
		break;
	}
}

/* The track's descriptor, the first time it is used. */
static uint64_t track(struct pf *p, enum track_kind k, uint64_t n)
{
	uint64_t u = uuid(k, n);
	char name[64];

	for (size_t i = 0; i < p->nknown; i++)
		if (p->known[i] == u)
			return u;
	if (grow(&p->known, &p->knowncap, p->nknown + 1, sizeof(*p->known))) {
		p->err = -ENOMEM;
		return u;
	}
	p->known[p->nknown++] = u;
	track_name(k, n, name, sizeof(name));
	pb_reset(&p->ev);
	pb_uint(&p->ev, TD_UUID, u);
	pb_str(&p->ev, TD_NAME, name);
	if (k != TK_ROOT)
		pb_uint(&p->ev, TD_PARENT, uuid(TK_ROOT, 0));
	pb_reset(&p->pkt);
	pb_msg(&p->pkt, PKT_TRACK_DESCRIPTOR, &p->ev);
	packet_write(p);
	p->c.tracks++;
	return u;
}

/* A TrackEvent begun in @p->ev: its type, track and name. */
static void te(struct pf *p, int type, uint64_t track_uuid, const char *name)
{
	pb_reset(&p->ev);
	pb_uint(&p->ev, TE_TYPE, (uint64_t)type);
	pb_uint(&p->ev, TE_TRACK, track_uuid);
	if (name)
		pb_str(&p->ev, TE_NAME, name);
	if (type == TE_BEGIN)
		p->c.slices++;
	else if (type == TE_INSTANT)
		p->c.instants++;
}

static void te_uint(struct pf *p, const char *key, uint64_t v)
{
	pb_reset(&p->ann);
	pb_str(&p->ann, DA_NAME, key);
	pb_uint(&p->ann, DA_UINT, v);
	pb_msg(&p->ev, TE_DEBUG, &p->ann);
}

static void te_str(struct pf *p, const char *key, const char *v)
{
	pb_reset(&p->ann);
	pb_str(&p->ann, DA_NAME, key);
	pb_str(&p->ann, DA_STRING, v ? v : "");
	pb_msg(&p->ev, TE_DEBUG, &p->ann);
}

/* The event of @p->ev at @ts, as a packet. */
static void te_emit(struct pf *p, uint64_t ts)
{
	pb_reset(&p->pkt);
	pb_uint(&p->pkt, PKT_TIMESTAMP, ts);
	pb_msg(&p->pkt, PKT_TRACK_EVENT, &p->ev);
	packet_write(p);
}

static struct stream *stream_get(struct pf *p, uint64_t key)
{
	for (size_t i = 0; i < p->nst; i++)
		if (p->st[i].key == key)
			return &p->st[i];
	if (grow(&p->st, &p->stcap, p->nst + 1, sizeof(*p->st))) {
		p->err = -ENOMEM;
		return NULL;
	}
	memset(&p->st[p->nst], 0, sizeof(*p->st));
	p->st[p->nst].key = key;
	return &p->st[p->nst++];
}

static struct irq_thread *thread_get(struct pf *p, uint64_t irq)
{
	size_t n = p->nth;

	if (irq >= 1u << 16)
		return NULL;
	if (irq >= n) {
		if (grow(&p->th, &p->nth, irq + 1, sizeof(*p->th))) {
			p->err = -ENOMEM;
			return NULL;
		}
		memset(&p->th[n], 0, (p->nth - n) * sizeof(*p->th));
	}
	return &p->th[irq];
}

static uint64_t cpu_track(struct pf *p, uint64_t cpu)
{
	return track(p, TK_CPU, cpu);
}

/* Close @o's open stage; open @next (ST_OP: named op.@op). */
static void stage_to(struct pf *p, struct irq_open *o, uint64_t ts,
		     enum stage next, int64_t op)
{
	static const char *const names[] = {
		[ST_ENTRY] = "entry", [ST_ACTION] = "action", [ST_EXIT] = "exit"
	};
	uint64_t t = cpu_track(p, o->cpu);
	char name[48];

	if (o->stage != ST_NONE) {
		te(p, TE_END, t, NULL);
		te_emit(p, ts);
	}
	o->stage = next;
	if (next == ST_NONE)
		return;
	if (next == ST_OP)
		snprintf(name, sizeof(name), "op.%s",
			 op >= 0 && op < STAGES_NR_OPS ? stages_op_names[op] :
							 "unknown");
	te(p, TE_BEGIN, t, next == ST_OP ? name : names[next]);
	te_emit(p, ts);
}

static void entry_ev(struct pf *p, const struct stages_ev *ev)
{
	struct stream *s = stream_get(p, ev->stream);
	struct irq_open *o;
	char name[32];

	if (!s || s->depth == MAX_NEST)
		return;
	o = &s->open[s->depth++];
	memset(o, 0, sizeof(*o));
	o->cpu = ev->cpu;
	o->irq = ev->irq;
	snprintf(name, sizeof(name), "irq %" PRIu64, ev->irq);
	te(p, TE_BEGIN, cpu_track(p, ev->cpu), name);
	te_uint(p, "irq", ev->irq);
	te_emit(p, ev->ts);
	stage_to(p, o, ev->ts, ST_ENTRY, 0);
}

static void exit_ev(struct pf *p, const struct stages_ev *ev)
{
	struct stream *s = stream_get(p, ev->stream);
	struct irq_open *o;

	if (!s || !s->depth)
		return;
	o = &s->open[--s->depth];
	stage_to(p, o, ev->ts, ST_NONE, 0);
	te(p, TE_END, cpu_track(p, o->cpu), NULL);
	te_str(p, "flow", o->flow);
	te_emit(p, ev->ts);
}

static struct irq_open *open_of(struct pf *p, const struct stages_ev *ev)
{
	struct stream *s = stream_get(p, ev->stream);

	return s && s->depth ? &s->open[s->depth - 1] : NULL;
}

/* chip_op, action_entry, action_exit, and the rest inside an interrupt. */
static void stage_ev(struct pf *p, const struct stages_ev *ev)
{
	struct irq_open *o = open_of(p, ev);

	if (!o)
		return;
	switch (ev->type) {
	case STAGES_EV_CHIP_OP:
		stage_to(p, o, ev->ts, ST_OP, ev->op);
		break;
	case STAGES_EV_ACTION_ENTRY:
		stage_to(p, o, ev->ts, ST_ACTION, 0);
		break;
	case STAGES_EV_ACTION_EXIT:
		o->acted = true;
		stage_to(p, o, ev->ts, ST_EXIT, 0);
		break;
	default:
		/* An op lasts up to the next event; then entry or exit. */
		if (o->stage == ST_OP)
			stage_to(p, o, ev->ts, o->acted ? ST_EXIT : ST_ENTRY,
				 0);
		if (ev->type == STAGES_EV_FLOW)
			o->flow = ev->flow;
		break;
	}
}

static void raise_ev(struct pf *p, const struct stages_ev *ev)
{
	uint64_t t = track(p, TK_DEV, ev->dev);

	te(p, TE_INSTANT, t, "raise");
	te_uint(p, "irq", ev->irq);
	te_uint(p, "seq", ev->seq);
	te_uint(p, "late_ns", ev->late);
	pb_fixed64(&p->ev, TE_FLOW, raise_flow(p, ev->dev, ev->seq));
	p->c.flows++;
	te_emit(p, ev->ts);
}

/*
 * In an interrupt, on its CPU's track; outside one, a threaded handler
 * serving its line: on the irq thread's track.
 */
static void service_ev(struct pf *p, const struct stages_ev *ev)
{
	struct irq_open *o = open_of(p, ev);
	uint64_t n = ev->count < FLOWS_PER_SERVICE ? ev->count :
						     FLOWS_PER_SERVICE;
	uint64_t t;

	stage_ev(p, ev);
	t = o ? cpu_track(p, o->cpu) : track(p, TK_THREAD, ev->irq);
	te(p, TE_INSTANT, t, "service");
	te_uint(p, "dev", ev->dev);
	te_uint(p, "first", ev->seq);
	te_uint(p, "count", ev->count);
	for (uint64_t i = 0; i < n; i++)
		pb_fixed64(&p->ev, TE_TERM_FLOW,
			   raise_flow(p, ev->dev, ev->seq + i));
	te_emit(p, ev->ts);
}

/* An unsigned member of the event's payload, by name. */
static bool member(const bt_event *e, const char *name, uint64_t *v)
{
	const bt_field *pl = bt_event_borrow_payload_field_const(e);
	const bt_field *f =
		pl ? bt_field_structure_borrow_member_field_by_name_const(
			     pl, name) :
		     NULL;
	bt_field_class_type t = f ? bt_field_get_class_type(f) : 0;

	if (!f ||
	    !bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		return false;
	*v = bt_field_integer_unsigned_get_value(f);
	return true;
}

/* thread_wake, thread_entry, thread_exit: the irq thread's track. */
static void thread_ev(struct pf *p, const struct stages_ev *ev,
		      const char *what, const bt_event *raw)
{
	struct irq_open *o = open_of(p, ev);
	struct irq_thread *th;
	uint64_t irq, t;

	if (!member(raw, "irq", &irq) || !(th = thread_get(p, irq)))
		return;
	t = track(p, TK_THREAD, irq);
	if (!strcmp(what, "thread_wake")) {
		stage_ev(p, ev);
		te(p, TE_INSTANT, o ? cpu_track(p, o->cpu) : t, "thread_wake");
		th->wake_flow = mix(mix(irq) ^ ++th->wakes) | FLOW_WAKE;
		pb_fixed64(&p->ev, TE_FLOW, th->wake_flow);
		p->c.flows++;
	} else if (!strcmp(what, "thread_entry") && !th->running) {
		te(p, TE_BEGIN, t, "thread_fn");
		te_uint(p, "irq", irq);
		if (th->wake_flow)
			pb_fixed64(&p->ev, TE_TERM_FLOW, th->wake_flow);
		th->wake_flow = 0;
		th->running = true;
	} else if (!strcmp(what, "thread_exit") && th->running) {
		te(p, TE_END, t, NULL);
		th->running = false;
	} else {
		return;
	}
	te_emit(p, ev->ts);
}

/* block_begin, block_end: the blocks track; dispatch-cost left out. */
static void block_ev(struct pf *p, const struct stages_ev *ev)
{
	uint64_t t = track(p, TK_BLOCKS, 0);
	char name[160];

	if (ev->type == STAGES_EV_BLOCK_END) {
		if (p->in_block && !p->skip) {
			te(p, TE_END, t, NULL);
			te_emit(p, ev->ts);
		}
		p->in_block = p->skip = false;
		return;
	}
	p->blockno++;
	p->in_block = true;
	p->skip = !p->dispatch_cost && ev->scenario &&
		  !strcmp(ev->scenario, "dispatch-cost");
	if (p->skip)
		return;
	snprintf(name, sizeof(name), "%s/%s", ev->scenario ? ev->scenario : "",
		 ev->design ? ev->design : "");
	te(p, TE_BEGIN, t, name);
	te_str(p, "chip", ev->chip);
	te_uint(p, "block", ev->block);
	te_emit(p, ev->ts);
}

static int tap(void *data, const struct stages_ev *ev, const char *name,
	       const bt_event *raw)
{
	struct pf *p = data;

	p->c.events++;
	p->last_ts = ev->ts;
	if (ev->type == STAGES_EV_BLOCK_BEGIN ||
	    ev->type == STAGES_EV_BLOCK_END)
		block_ev(p, ev);
	else if (p->skip || ev->type == STAGES_EV_CALIBRATE)
		;
	else if (ev->type == STAGES_EV_ENTRY)
		entry_ev(p, ev);
	else if (ev->type == STAGES_EV_EXIT)
		exit_ev(p, ev);
	else if (ev->type == STAGES_EV_RAISE)
		raise_ev(p, ev);
	else if (ev->type == STAGES_EV_SERVICE)
		service_ev(p, ev);
	else if (!strncmp(name, "irqlab:thread_", 14))
		thread_ev(p, ev, name + 7, raw);
	else
		stage_ev(p, ev);
	/* The stage machine is not needed: leave every event out of it. */
	return p->err ? p->err : 1;
}

/* Slices still open at the end of the trace end with it. */
static void close_all(struct pf *p)
{
	for (size_t i = 0; i < p->nst; i++)
		while (p->st[i].depth) {
			struct irq_open *o = &p->st[i].open[--p->st[i].depth];

			stage_to(p, o, p->last_ts, ST_NONE, 0);
			te(p, TE_END, cpu_track(p, o->cpu), NULL);
			te_emit(p, p->last_ts);
		}
	for (size_t irq = 0; irq < p->nth; irq++)
		if (p->th[irq].running) {
			te(p, TE_END, uuid(TK_THREAD, irq), NULL);
			te_emit(p, p->last_ts);
		}
	if (p->in_block && !p->skip) {
		te(p, TE_END, uuid(TK_BLOCKS, 0), NULL);
		te_emit(p, p->last_ts);
	}
}

int export_perfetto(const char *root, FILE *out,
		    const struct export_perfetto_opts *o,
		    struct export_perfetto_counts *c, char *err, size_t errlen)
{
	struct pf p = { .out = out, .first = true };
	struct stages_tap t = { .event = tap, .data = &p };
	struct stages_result r;
	int ret;

	p.dispatch_cost = o && o->dispatch_cost;
	track(&p, TK_ROOT, 0);
	ret = stages_graph_run_tap(root, &t, &r, err, errlen);
	if (!ret) {
		stages_result_free(&r);
		close_all(&p);
	}
	if (!ret && p.err)
		ret = p.err;
	if (!ret && fflush(out))
		ret = -EIO;
	if (ret && p.err)
		snprintf(err, errlen, "%s",
			 p.err == -ENOMEM ? "out of memory" :
					    "cannot write the trace");
	if (c)
		*c = p.c;
	pb_free(&p.ev);
	pb_free(&p.pkt);
	pb_free(&p.wrap);
	pb_free(&p.ann);
	free(p.known);
	free(p.st);
	free(p.th);
	return ret;
}
