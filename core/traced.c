// SPDX-License-Identifier: GPL-2.0
/*
 * No cost for tracing when nobody traces: the kernel's static keys,
 * through the pointers an interrupt goes through anyway. The dispatch
 * path is built twice (dispatch.h), without tracepoints and with them.
 * genirq_set_tracing() installs one copy or the other in every
 * descriptor's handle_irq and in the two pointers that do_IRQ() and
 * generic_handle_irq() call the vector entry and __do_IRQ() through, and
 * the handler setters install the copy of the current mode on a line set
 * up later. An untraced run thus executes exactly the instructions of a
 * core built without tracepoints; a traced run, every tracepoint.
 *
 * In no kernel (docs/core.md): the kernel patches a jump into its code
 * where we change a pointer the code already calls through.
 */
#include <errno.h>
#include <genirq/flows.h>
#include "internals.h"

void (*irq_vector_entry_copy)(unsigned int irq) = irq_vector_entry;
unsigned int (*__do_IRQ_copy)(unsigned int irq) = __do_IRQ;
static bool tracing;

/**
 * irq_flow_untraced - the flow handler a descriptor's handle_irq stands for
 * @handle: what a descriptor holds: a flow handler or its traced copy
 *
 * Return: the flow handler, as the rest of the tree names it.
 */
irq_flow_handler_t irq_flow_untraced(irq_flow_handler_t handle)
{
	const struct irq_flow_type *t = irq_flow_type_of(handle);

	return t ? t->handle : handle;
}

/**
 * irq_flow_copy - what a descriptor is to hold for flow handler @handle
 * @handle: a flow handler, or its traced copy, or NULL (__do_IRQ())
 *
 * Return: its traced copy while genirq_set_tracing() is on, else the
 * handler itself; a handler without a copy (a chained handler of a chip,
 * a flow outside the dispatch path: flows.c) as it is.
 */
irq_flow_handler_t irq_flow_copy(irq_flow_handler_t handle)
{
	const struct irq_flow_type *t = irq_flow_type_of(handle);

	if (!t)
		return handle;
	if (t->traced && __atomic_load_n(&tracing, __ATOMIC_RELAXED))
		return t->traced;
	return t->handle;
}

/**
 * handle_IRQ_event_copy - handle_IRQ_event() of the current mode
 * @irq: the interrupt number
 * @action: its action chain
 *
 * For the one caller outside the dispatch path, misrouted_irq(): a
 * traced run keeps its action events. Return: as handle_IRQ_event().
 */
irqreturn_t handle_IRQ_event_copy(unsigned int irq, struct irqaction *action)
{
#if IRQLAB_TRACE_ENABLED
	if (__atomic_load_n(&tracing, __ATOMIC_RELAXED))
		return handle_IRQ_event_traced(irq, action);
#endif
	return handle_IRQ_event(irq, action);
}

int genirq_set_tracing(bool on)
{
	if (on && !IRQLAB_TRACE_ENABLED)
		return -EOPNOTSUPP;
	/*
	 * Before the descriptors: a handler installed under a descriptor
	 * lock after this loop took it reads the new mode, and one
	 * installed before is turned over by the loop.
	 */
	__atomic_store_n(&tracing, on, __ATOMIC_RELAXED);
#if IRQLAB_TRACE_ENABLED
	__atomic_store_n(&irq_vector_entry_copy,
			 on ? irq_vector_entry_traced : irq_vector_entry,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&__do_IRQ_copy, on ? __do_IRQ_traced : __do_IRQ,
			 __ATOMIC_RELAXED);
#endif
	for (unsigned int irq = 0; irq < NR_IRQS; irq++) {
		struct irq_desc *desc = irq_desc + irq;
		unsigned long flags;

		spin_lock_irqsave(&desc->lock, flags);
		__atomic_store_n(&desc->handle_irq,
				 irq_flow_copy(__atomic_load_n(
					 &desc->handle_irq, __ATOMIC_RELAXED)),
				 __ATOMIC_RELAXED);
		spin_unlock_irqrestore(&desc->lock, flags);
	}
	return 0;
}
