/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The flow handlers the core knows, one row each (core/flows.c): what
 * show_interrupts() and the harness call them, their copy with
 * tracepoints, and what irqlab measures. Not a kernel interface: 2.6.18
 * names its flows in a switch of show_interrupts(); here every place
 * that names a flow reads this table.
 */
#ifndef GENIRQ_FLOWS_H
#define GENIRQ_FLOWS_H

#include <genirq/irq.h>

/* irqlab list names it and irqlab measure times it (bench/perf/dispatch.c). */
#define IRQ_FLOW_MEASURED 0x1
/*
 * It holds a line with IRQF_ONESHOT users masked from the hard handler
 * until the last thread it woke is done (irq_oneshot_masks())...
 */
#define IRQ_FLOW_ONESHOT_MASKS 0x2
/* ... but only on a chip with a ->mask (handle_fasteoi_irq()). */
#define IRQ_FLOW_ONESHOT_NEEDS_MASK 0x4

/**
 * struct irq_flow_type - one flow handler
 * @handle:	the handler, as descriptors and chips name it
 * @traced:	its copy with tracepoints (core/dispatch.h), or NULL for a
 *		flow outside the dispatch path: @handle then serves both modes
 * @func:	its C name, "handle_level_irq"
 * @name:	show_interrupts()'s and the trace's name, "level"
 * @flags:	IRQ_FLOW_*
 */
struct irq_flow_type {
	irq_flow_handler_t handle;
	irq_flow_handler_t traced;
	const char *func;
	const char *name;
	unsigned int flags;
};

extern const struct irq_flow_type irq_flow_types[];
extern const unsigned int irq_nr_flow_types;

/* The row of a flow handler or its traced copy (flows.c). */
const struct irq_flow_type *irq_flow_type_of(irq_flow_handler_t handle);

#endif /* GENIRQ_FLOWS_H */
