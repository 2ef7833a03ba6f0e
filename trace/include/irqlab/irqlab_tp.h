/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The irqlab LTTng-UST tracepoint provider: one event per stage of every
 * flow and of the machinery around it (docs/trace.md lists them with the
 * order each flow emits them). Laid out as LTTng-UST's own examples: the
 * provider define, the multi-read guard, the events, and the include of
 * tracepoint-event.h outside the guard.
 *
 * Probe linkage is dynamic: trace/define.c defines the tracepoints in the
 * program, trace/provider.c builds the probes into
 * lttng-ust-provider-irqlab.so, which `irqlab run --trace` loads. An
 * untraced run pays a predicted branch per stage and links no lttng-ust.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER irqlab

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "irqlab/irqlab_tp.h"

#if !defined(IRQLAB_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define IRQLAB_TP_H

#include <lttng/tracepoint.h>
#include <irqlab/chip_ops.h>

/* clang-format off: the layout of LTTng-UST's examples */

/* enum irqlab_trace_chip_op, by name: chip_ops.h's rows. */
#define IRQLAB_TP_CHIP_OP(op, OP) \
	lttng_ust_field_enum_value(#op, IRQLAB_OP_##op)
LTTNG_UST_TRACEPOINT_ENUM(
	irqlab, chip_op,
	LTTNG_UST_TP_ENUM_VALUES(IRQLAB_CHIP_OPS(IRQLAB_TP_CHIP_OP)))
#undef IRQLAB_TP_CHIP_OP

LTTNG_UST_TRACEPOINT_ENUM(
	irqlab, irqreturn,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("IRQ_NONE", 0)
			lttng_ust_field_enum_value("IRQ_HANDLED", 1)
				lttng_ust_field_enum_value("IRQ_WAKE_THREAD",
							   2)))

/*
 * A device fired its event @seq on line @irq, @late ns after the event's
 * intended time (what samples.bin measures latency from).
 */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, raise,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, dev, unsigned long,
			  seq, unsigned long, late),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(unsigned int, irq, irq)
			lttng_ust_field_integer(unsigned int, dev, dev)
				lttng_ust_field_integer(unsigned long, seq, seq)
					lttng_ust_field_integer(unsigned long,
								late, late)))

/* A device's handler drained events first .. first + count - 1. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, service,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, dev, unsigned long,
			  first, unsigned long, count),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(unsigned int, irq, irq)
			lttng_ust_field_integer(unsigned int, dev, dev)
				lttng_ust_field_integer(unsigned long, first,
							first)
					lttng_ust_field_integer(unsigned long,
								count, count)))

/* A simulated CPU takes a vector (do_IRQ) and leaves it. */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(
	irqlab, cpu_irq,
	LTTNG_UST_TP_ARGS(unsigned int, cpu, unsigned int, irq),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, cpu, cpu)
				    lttng_ust_field_integer(unsigned int, irq,
							    irq)))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, cpu_irq, irqlab, entry,
				    LTTNG_UST_TP_ARGS(unsigned int, cpu,
						      unsigned int, irq))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, cpu_irq, irqlab, exit,
				    LTTNG_UST_TP_ARGS(unsigned int, cpu,
						      unsigned int, irq))

/* The flow handler that ran: level, edge, fasteoi, simple, percpu, do_irq, bad. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, flow, LTTNG_UST_TP_ARGS(unsigned int, irq, const char *, flow),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_string(flow, flow)))

/* A chip operation, named by the chip_op enum. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, chip_op,
	LTTNG_UST_TP_ARGS(unsigned int, irq, int, op, const char *, chip),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_enum(irqlab, chip_op, int,
							 op, op)
					    lttng_ust_field_string(chip, chip)))

LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, action_entry,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, index),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_integer(unsigned int, index,
							    index)))

LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, action_exit,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, index, int, ret),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(unsigned int, irq, irq)
			lttng_ust_field_integer(unsigned int, index, index)
				lttng_ust_field_enum(irqlab, irqreturn, int,
						     ret, ret)))

/* An interrupt found its line busy or disabled: IRQ_PENDING set. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, pending,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, status),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_integer_hex(unsigned int,
								status,
								status)))

/* The software resend queue replays a line. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, replay, LTTNG_UST_TP_ARGS(unsigned int, irq),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)))

/* check_irq_resend(): by the chip's retrigger (hardware) or in software. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, resend, LTTNG_UST_TP_ARGS(unsigned int, irq, int, hardware),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_integer(int, hardware,
							    hardware)))

/* note_interrupt() disabled a line: nobody cared. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, spurious_disable,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, unhandled),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_integer(unsigned int,
							    unhandled,
							    unhandled)))

/* disable_irq() / enable_irq(), with the new depth. */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(
	irqlab, irq_depth,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned int, depth),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_integer(unsigned int, depth,
							    depth)))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, irq_depth, irqlab, disable,
				    LTTNG_UST_TP_ARGS(unsigned int, irq,
						      unsigned int, depth))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, irq_depth, irqlab, enable,
				    LTTNG_UST_TP_ARGS(unsigned int, irq,
						      unsigned int, depth))

LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, affinity,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned long, mask0, int,
			  deferred),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(unsigned int, irq, irq)
			lttng_ust_field_integer_hex(unsigned long, mask0, mask0)
				lttng_ust_field_integer(int, deferred,
							deferred)))

/*
 * Threaded handlers (core/thread.c): the hard handler woke the line's
 * thread; the thread entered and left its thread_fn.
 */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(
	irqlab, irq_thread, LTTNG_UST_TP_ARGS(unsigned int, irq),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, irq_thread, irqlab, thread_wake,
				    LTTNG_UST_TP_ARGS(unsigned int, irq))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, irq_thread, irqlab, thread_entry,
				    LTTNG_UST_TP_ARGS(unsigned int, irq))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, irq_thread, irqlab, thread_exit,
				    LTTNG_UST_TP_ARGS(unsigned int, irq))

/* A oneshot thread is done; @oneshot: the threads the line still waits for. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, thread_done,
	LTTNG_UST_TP_ARGS(unsigned int, irq, unsigned long, oneshot),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, irq, irq)
				    lttng_ust_field_integer_hex(unsigned long,
								oneshot,
								oneshot)))

/* Run markers: one block of one design of one scenario. */
LTTNG_UST_TRACEPOINT_EVENT_CLASS(
	irqlab, block,
	LTTNG_UST_TP_ARGS(const char *, scenario, const char *, design,
			  const char *, chip, unsigned int, block),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(scenario, scenario)
			lttng_ust_field_string(design, design)
				lttng_ust_field_string(chip, chip)
					lttng_ust_field_integer(unsigned int,
								block, block)))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, block, irqlab, block_begin,
				    LTTNG_UST_TP_ARGS(const char *, scenario,
						      const char *, design,
						      const char *, chip,
						      unsigned int, block))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(irqlab, block, irqlab, block_end,
				    LTTNG_UST_TP_ARGS(const char *, scenario,
						      const char *, design,
						      const char *, chip,
						      unsigned int, block))

/* Back-to-back events whose spacing is the cost of one event. */
LTTNG_UST_TRACEPOINT_EVENT(
	irqlab, calibrate, LTTNG_UST_TP_ARGS(unsigned int, i),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(unsigned int, i, i)))

/* clang-format on */

#endif /* IRQLAB_TP_H */

#include <lttng/tracepoint-event.h>
