// SPDX-License-Identifier: GPL-2.0
/*
 * The flow handler registry (genirq/flows.h): one row per flow. A new
 * flow is a file of its own and a row here; irq_flow_name(), the traced
 * copies (traced.c), `irqlab list` and the dispatch benchmark
 * (bench/perf/dispatch.c) read the rows. A flow on the dispatch path, built
 * twice (dispatch.h), takes FLOW(); one outside it UNTRACED_FLOW().
 *
 * A test binary adds rows of its own by compiling this file again with
 * GENIRQ_EXTRA_FLOWS naming a file of GENIRQ_FLOW_ROW(handle, name,
 * flags) lines (tests/bench/toy_flow.row); the shipped core has none.
 */
#include <string.h>
#include <genirq/flows.h>
#include "internals.h"

#if IRQLAB_TRACE_ENABLED
#define TRACED_COPY(h) h##_traced
#else
#define TRACED_COPY(h) NULL
#endif

#define FLOW(h, n, f)                       \
	{                                   \
		h, TRACED_COPY(h), #h, n, f \
	}
#define UNTRACED_FLOW(h, n, f)    \
	{                         \
		h, NULL, #h, n, f \
	}

#ifdef GENIRQ_EXTRA_FLOWS
#define GENIRQ_FLOW_ROW(h, n, f) \
	void h(unsigned int irq, struct irq_desc *desc);
#include GENIRQ_EXTRA_FLOWS
#undef GENIRQ_FLOW_ROW
#endif

/* In irqlab measure's order: the first is what the others scale from. */
/* clang-format off */
const struct irq_flow_type irq_flow_types[] = {
	FLOW(handle_simple_irq,		"simple",	IRQ_FLOW_MEASURED),
	FLOW(handle_level_irq,		"level",	IRQ_FLOW_MEASURED |
							IRQ_FLOW_ONESHOT_MASKS),
	FLOW(handle_edge_irq,		"edge",		IRQ_FLOW_MEASURED),
	FLOW(handle_fasteoi_irq,	"fasteoi",	IRQ_FLOW_MEASURED |
							IRQ_FLOW_ONESHOT_MASKS |
							IRQ_FLOW_ONESHOT_NEEDS_MASK),
	FLOW(handle_percpu_irq,		"percpu",	IRQ_FLOW_MEASURED),
	FLOW(handle_edge_masking_irq,	"edge-masking",	0),
	FLOW(handle_bad_irq,		"bad",		0),
#ifdef GENIRQ_EXTRA_FLOWS
#define GENIRQ_FLOW_ROW(h, n, f) UNTRACED_FLOW(h, n, f),
#include GENIRQ_EXTRA_FLOWS
#undef GENIRQ_FLOW_ROW
#endif
};
/* clang-format on */

const unsigned int irq_nr_flow_types =
	sizeof(irq_flow_types) / sizeof(irq_flow_types[0]);

/**
 * irq_flow_type_of - the row of a flow handler
 * @handle: a flow handler or its traced copy
 *
 * Return: its row, or NULL for __do_IRQ() (NULL), a chained handler or
 * any other function the table does not hold.
 */
const struct irq_flow_type *irq_flow_type_of(irq_flow_handler_t handle)
{
	if (!handle)
		return NULL;
	for (unsigned int i = 0; i < irq_nr_flow_types; i++)
		if (irq_flow_types[i].handle == handle ||
		    irq_flow_types[i].traced == handle)
			return &irq_flow_types[i];
	return NULL;
}
