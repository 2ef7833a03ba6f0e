/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoint hooks the genirq core calls at every flow stage.
 *
 * This header is the only thing core/ knows of tracing. Each hook is a
 * static inline function so the call sites compile to nothing when the
 * hooks are empty: today they are empty with IRQLAB_TRACE=ON and OFF alike,
 * and the LTTng-UST provider (trace/, a later change) fills them in for ON
 * while OFF keeps them empty. Arguments are evaluated only where the hook
 * uses them, so a call site may pass expressions freely.
 */
#ifndef IRQLAB_TRACE_H
#define IRQLAB_TRACE_H

#ifndef IRQLAB_TRACE_ENABLED
#define IRQLAB_TRACE_ENABLED 0
#endif

/**
 * enum irqlab_trace_chip_op - the chip operation a chip_op event names
 *
 * Order is part of the trace format (an LTTng enum maps these values).
 */
enum irqlab_trace_chip_op {
	IRQLAB_OP_startup,
	IRQLAB_OP_shutdown,
	IRQLAB_OP_enable,
	IRQLAB_OP_disable,
	IRQLAB_OP_ack,
	IRQLAB_OP_mask,
	IRQLAB_OP_mask_ack,
	IRQLAB_OP_unmask,
	IRQLAB_OP_eoi,
	IRQLAB_OP_end,
	IRQLAB_OP_retrigger,
	IRQLAB_OP_set_type,
	IRQLAB_OP_set_wake,
	IRQLAB_OP_set_affinity,
};

static inline void irqlab_trace_entry(unsigned int cpu, unsigned int irq)
{
	(void)cpu;
	(void)irq;
}

static inline void irqlab_trace_exit(unsigned int cpu, unsigned int irq)
{
	(void)cpu;
	(void)irq;
}

static inline void irqlab_trace_flow(unsigned int irq, const char *flow)
{
	(void)irq;
	(void)flow;
}

static inline void irqlab_trace_chip_op(unsigned int irq,
					enum irqlab_trace_chip_op op,
					const char *chip)
{
	(void)irq;
	(void)op;
	(void)chip;
}

static inline void irqlab_trace_action_entry(unsigned int irq,
					     unsigned int index)
{
	(void)irq;
	(void)index;
}

static inline void irqlab_trace_action_exit(unsigned int irq,
					    unsigned int index, int ret)
{
	(void)irq;
	(void)index;
	(void)ret;
}

static inline void irqlab_trace_pending(unsigned int irq, unsigned int status)
{
	(void)irq;
	(void)status;
}

static inline void irqlab_trace_replay(unsigned int irq)
{
	(void)irq;
}

static inline void irqlab_trace_resend(unsigned int irq, int hardware)
{
	(void)irq;
	(void)hardware;
}

static inline void irqlab_trace_spurious_disable(unsigned int irq,
						 unsigned int unhandled)
{
	(void)irq;
	(void)unhandled;
}

static inline void irqlab_trace_disable(unsigned int irq, unsigned int depth)
{
	(void)irq;
	(void)depth;
}

static inline void irqlab_trace_enable(unsigned int irq, unsigned int depth)
{
	(void)irq;
	(void)depth;
}

static inline void irqlab_trace_affinity(unsigned int irq, unsigned long mask0,
					 int deferred)
{
	(void)irq;
	(void)mask0;
	(void)deferred;
}

#endif /* IRQLAB_TRACE_H */
