/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoint hooks the genirq core calls at every flow stage.
 *
 * This header is the only thing core/ and bench/ know of tracing. Each
 * hook is a static inline function: with IRQLAB_TRACE=ON it is one
 * LTTng-UST tracepoint (irqlab_tp.h), which costs a predicted branch while
 * no session enables it; with IRQLAB_TRACE=OFF it is empty and the call
 * site compiles to nothing.
 */
#ifndef IRQLAB_TRACE_H
#define IRQLAB_TRACE_H

#include <irqlab/chip_ops.h>

#ifndef IRQLAB_TRACE_ENABLED
#define IRQLAB_TRACE_ENABLED 0
#endif

#if IRQLAB_TRACE_ENABLED
#include <irqlab/irqlab_tp.h>
#define IRQLAB_TP(event, ...) lttng_ust_tracepoint(irqlab, event, __VA_ARGS__)
#else
#define IRQLAB_TP(event, ...) \
	do {                  \
	} while (0)
#endif

static inline void irqlab_trace_entry(unsigned int cpu, unsigned int irq)
{
	(void)cpu;
	(void)irq;
	IRQLAB_TP(entry, cpu, irq);
}

static inline void irqlab_trace_exit(unsigned int cpu, unsigned int irq)
{
	(void)cpu;
	(void)irq;
	IRQLAB_TP(exit, cpu, irq);
}

static inline void irqlab_trace_flow(unsigned int irq, const char *flow)
{
	(void)irq;
	(void)flow;
	IRQLAB_TP(flow, irq, flow);
}

static inline void irqlab_trace_chip_op(unsigned int irq,
					enum irqlab_trace_chip_op op,
					const char *chip)
{
	(void)irq;
	(void)op;
	(void)chip;
	IRQLAB_TP(chip_op, irq, (int)op, chip);
}

static inline void irqlab_trace_action_entry(unsigned int irq,
					     unsigned int index)
{
	(void)irq;
	(void)index;
	IRQLAB_TP(action_entry, irq, index);
}

static inline void irqlab_trace_action_exit(unsigned int irq,
					    unsigned int index, int ret)
{
	(void)irq;
	(void)index;
	(void)ret;
	IRQLAB_TP(action_exit, irq, index, ret);
}

static inline void irqlab_trace_pending(unsigned int irq, unsigned int status)
{
	(void)irq;
	(void)status;
	IRQLAB_TP(pending, irq, status);
}

static inline void irqlab_trace_replay(unsigned int irq)
{
	(void)irq;
	IRQLAB_TP(replay, irq);
}

static inline void irqlab_trace_resend(unsigned int irq, int hardware)
{
	(void)irq;
	(void)hardware;
	IRQLAB_TP(resend, irq, hardware);
}

static inline void irqlab_trace_spurious_disable(unsigned int irq,
						 unsigned int unhandled)
{
	(void)irq;
	(void)unhandled;
	IRQLAB_TP(spurious_disable, irq, unhandled);
}

static inline void irqlab_trace_disable(unsigned int irq, unsigned int depth)
{
	(void)irq;
	(void)depth;
	IRQLAB_TP(disable, irq, depth);
}

static inline void irqlab_trace_enable(unsigned int irq, unsigned int depth)
{
	(void)irq;
	(void)depth;
	IRQLAB_TP(enable, irq, depth);
}

static inline void irqlab_trace_affinity(unsigned int irq, unsigned long mask0,
					 int deferred)
{
	(void)irq;
	(void)mask0;
	(void)deferred;
	IRQLAB_TP(affinity, irq, mask0, deferred);
}

/* Threaded handlers: woken, entered, left, and a oneshot thread done. */
static inline void irqlab_trace_thread_wake(int irq)
{
	(void)irq;
	IRQLAB_TP(thread_wake, (unsigned int)irq);
}

static inline void irqlab_trace_thread_entry(int irq)
{
	(void)irq;
	IRQLAB_TP(thread_entry, (unsigned int)irq);
}

static inline void irqlab_trace_thread_exit(int irq)
{
	(void)irq;
	IRQLAB_TP(thread_exit, (unsigned int)irq);
}

static inline void irqlab_trace_thread_done(int irq, unsigned long oneshot)
{
	(void)irq;
	(void)oneshot;
	IRQLAB_TP(thread_done, (unsigned int)irq, oneshot);
}

/* A device fired event @seq, @late ns after its intended time (bench/). */
static inline void irqlab_trace_raise(unsigned int irq, unsigned int dev,
				      unsigned long seq, unsigned long late)
{
	(void)irq;
	(void)dev;
	(void)seq;
	(void)late;
	IRQLAB_TP(raise, irq, dev, seq, late);
}

/* A device's handler drained @count events from @first. */
static inline void irqlab_trace_service(unsigned int irq, unsigned int dev,
					unsigned long first,
					unsigned long count)
{
	(void)irq;
	(void)dev;
	(void)first;
	(void)count;
	IRQLAB_TP(service, irq, dev, first, count);
}

static inline void irqlab_trace_block_begin(const char *scenario,
					    const char *design,
					    const char *chip,
					    unsigned int block)
{
	(void)scenario;
	(void)design;
	(void)chip;
	(void)block;
	IRQLAB_TP(block_begin, scenario, design, chip, block);
}

static inline void irqlab_trace_block_end(const char *scenario,
					  const char *design, const char *chip,
					  unsigned int block)
{
	(void)scenario;
	(void)design;
	(void)chip;
	(void)block;
	IRQLAB_TP(block_end, scenario, design, chip, block);
}

static inline void irqlab_trace_calibrate(unsigned int i)
{
	(void)i;
	IRQLAB_TP(calibrate, i);
}

#endif /* IRQLAB_TRACE_H */
