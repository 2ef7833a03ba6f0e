/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stage machine of sink.irqlab.stages: decoded irqlab events in,
 * per-stage series out (stages.c and the stages_*.c it is made of). No
 * Babeltrace2 here: the sink (sink.h) decodes its messages into struct
 * stages_ev, and the tests feed it synthetic events. Nothing outside
 * analysis/ and its tests includes this header.
 */
#ifndef ANALYSIS_STAGES_MACHINE_H
#define ANALYSIS_STAGES_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "stages.h"

/* What an event is to the state machine, from its name. */
enum stages_ev_type {
	STAGES_EV_NONE, /* not an irqlab event: ignored, not counted */
	STAGES_EV_OTHER, /* any other irqlab event: cuts an interval */
	STAGES_EV_RAISE,
	STAGES_EV_SERVICE,
	STAGES_EV_ENTRY,
	STAGES_EV_EXIT,
	STAGES_EV_FLOW,
	STAGES_EV_CHIP_OP,
	STAGES_EV_ACTION_ENTRY,
	STAGES_EV_ACTION_EXIT,
	STAGES_EV_BLOCK_BEGIN,
	STAGES_EV_BLOCK_END,
	STAGES_EV_CALIBRATE,
};

/**
 * struct stages_ev - one decoded event
 * @type:	from stages_ev_type()
 * @ts:		its time stamp, ns from the clock's origin
 * @stream:	the stream it came from, one per OS CPU (the sink uses the
 *		trace and the packet context's cpu_id): an interrupt's
 *		events are the entry's, the exit's, and those of its
 *		stream in between
 * @irq, @dev:	raise, service (and entry, exit: @irq)
 * @seq:	raise: the event's seq; service: first; calibrate: i
 * @count:	service: how many seqs from @seq were drained
 * @cpu:	entry, exit: the simulated CPU
 * @op:		chip_op: the enum value (stages_op_names)
 * @flow:	flow: the flow handler's name
 * @scenario, @design, @chip: block_begin, block_end; NULL reads as ""
 * @block:	block_begin, block_end: the block's index
 *
 * Fields an event does not carry are ignored; strings are only borrowed
 * for the call.
 */
struct stages_ev {
	enum stages_ev_type type;
	uint64_t ts;
	uint64_t stream;
	uint64_t irq, dev, seq, count, cpu;
	uint64_t late; /* raise: ns after the event's intended time */
	uint64_t block; /* block_begin, block_end: the block */
	int64_t op;
	const char *flow;
	const char *scenario, *design, *chip;
};

struct stages;

/* "irqlab:entry" -> STAGES_EV_ENTRY; STAGES_EV_NONE without "irqlab:". */
enum stages_ev_type stages_ev_type(const char *name);

/* 0, or -ENOMEM. */
int stages_create(struct stages **out);

/*
 * Whether stages_finish() gives each series its values (struct
 * stages_series @v), as it does unless told not to: they cost memory,
 * and the sink's output needs only their statistics.
 */
void stages_keep_values(struct stages *s, bool keep);

/* Feed one event, in time stamp order. 0, or -ENOMEM. */
int stages_event(struct stages *s, const struct stages_ev *ev);

/*
 * Fill @w's results as the events go by (stages_watch.c); @w must stay
 * until stages_finish(). 0, or -ENOMEM.
 */
int stages_watch_set(struct stages *s, struct stages_watch *w, size_t n);

/* Counts from discarded-events and discarded-packets messages. */
void stages_discarded(struct stages *s, uint64_t events, uint64_t packets);

/**
 * stages_finish - the result of everything fed so far
 *
 * Interrupts still open count as unmatched; the tracepoint cost is
 * subtracted and the series sorted. @s is spent: only stages_destroy()
 * may follow. Return: 0, or -ENOMEM (@out is then empty).
 */
int stages_finish(struct stages *s, struct stages_result *out);

void stages_destroy(struct stages *s);

int stages_grow_slow(void *p, size_t *cap, size_t need, size_t size);

/*
 * Grow @*p (of @size-byte items) to hold @need; amortised doubling. 0, or
 * -ENOMEM. Inline, so that the common case, room enough, costs no call.
 */
static inline int stages_grow(void *p, size_t *cap, size_t need, size_t size)
{
	return need <= *cap ? 0 : stages_grow_slow(p, cap, need, size);
}

#endif /* ANALYSIS_STAGES_MACHINE_H */
