// SPDX-License-Identifier: GPL-2.0
/*
 * handle_edge_irq(), compiled twice (CMakeLists.txt): as itself, and with
 * GENIRQ6_EDGE_NOFIX as handle_edge_irq_nofix(), the same flow, which
 * irq_can_handle_pm() (flow.h) does not recognise as handle_edge_irq and
 * so never lets wait for the previous target CPU: the edge flow of the
 * kernels before the 2025 live-lock fix, for the scenario that compares
 * the two. Follows kernel/irq/chip.c.
 */
#include "flow.h"

#ifdef GENIRQ6_EDGE_NOFIX
#define EDGE_FLOW genirq6_handle_edge_irq_nofix
#else
#define EDGE_FLOW genirq6_handle_edge_irq
#endif

/**
 * handle_edge_irq - the edge flow
 * @desc: the descriptor
 *
 * Acks the edge first: a new one may latch while the handler runs. An
 * edge that arrives meanwhile, on another CPU, marks the line pending
 * and masks it there; this CPU then unmasks it and runs the handler
 * again, until nothing is pending.
 */
void EDGE_FLOW(struct irq_desc *desc)
{
	guard(raw_spinlock)(&desc->lock);

	if (!irq_can_handle(desc)) {
		istate_set(desc, IRQS_PENDING);
		mask_ack_irq(desc);
		return;
	}
	kstat_incr_irqs_this_cpu(desc);
	desc->irq_data.chip->irq_ack(&desc->irq_data);
	do {
		if (unlikely(!desc->action)) {
			mask_irq(desc);
			return;
		}
		/* masked by the other CPU for an edge that came meanwhile */
		if (unlikely(istate_read(desc) & IRQS_PENDING)) {
			if (!irqd_irq_disabled(&desc->irq_data) &&
			    irqd_irq_masked(&desc->irq_data))
				unmask_irq(desc);
		}
		handle_irq_event(desc);
	} while ((istate_read(desc) & IRQS_PENDING) &&
		 !irqd_irq_disabled(&desc->irq_data));
}
