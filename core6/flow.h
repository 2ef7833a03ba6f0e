/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every flow handler asks first: may this CPU handle the interrupt
 * now? Shared by flow.c and flow_edge.c, which is compiled twice
 * (CMakeLists.txt): as handle_edge_irq() and as handle_edge_irq_nofix().
 * Follows kernel/irq/chip.c.
 */
#ifndef GENIRQ6_FLOW_H
#define GENIRQ6_FLOW_H

#include <genirq/clock.h>
#include "internals.h"

/*
 * Drop the lock and spin until the other CPU's handler is done; the line
 * may have been disabled or freed meanwhile.
 */
static inline bool irq_wait_on_inprogress(struct irq_desc *desc)
{
	uint64_t t0 = irq_clock_ns(); /* genirq6_migration_waits()'s */

	genirq6_wait_begin(); /* under the lock the handler clears INPROGRESS with */
	do {
		raw_spin_unlock(&desc->lock);
		while (irqd_irq_inprogress(&desc->irq_data))
			cpu_relax();
		raw_spin_lock(&desc->lock);
	} while (irqd_irq_inprogress(&desc->irq_data));
	genirq6_count_wait(irq_clock_ns() - t0);
	return !irqd_irq_disabled(&desc->irq_data) && desc->action;
}

/*
 * The interrupt is in progress on another CPU (or being polled). Only an
 * edge line with a single target whose effective affinity now is this
 * CPU waits for it (the 2025 fix):
 *
 *	CPU 0 (old target)		CPU 1 (new target)
 *	handle_edge_irq()
 *	  handle_irq_event()		handle_edge_irq()
 *					  INPROGRESS: set PENDING,
 *					  mask_ack, return
 *	  PENDING: unmask, run again
 *	  handle_irq_event()		... the next edge, again
 *
 * A device that fires faster than CPU 0's handler keeps CPU 0 in its loop
 * for ever (seen in virtual machines). Waiting on CPU 1 lets CPU 0 leave
 * and CPU 1 handle the next one. handle_edge_irq_nofix() is not
 * handle_edge_irq, so it never waits: the flow before the fix.
 */
static inline bool irq_can_handle_pm(struct irq_desc *desc)
{
	struct irq_data *irqd = &desc->irq_data;
	const struct cpumask *aff;

	if (!irqd_has_set(irqd, IRQD_IRQ_INPROGRESS | IRQD_WAKEUP_ARMED))
		return true;
	/* No suspend here: an armed wakeup line is not handled. */
	if (unlikely(irqd_has_set(irqd, IRQD_WAKEUP_ARMED)))
		return false;
	if (unlikely(istate_read(desc) & IRQS_POLL_INPROGRESS)) {
		if (WARN_ON_ONCE(irq_poll_cpu == (int)smp_processor_id()))
			return false;
		return irq_wait_on_inprogress(desc);
	}
	if (!IS_ENABLED(CONFIG_GENERIC_IRQ_EFFECTIVE_AFF_MASK) ||
	    !irqd_is_single_target(irqd) || desc->handle_irq != handle_edge_irq)
		return false;
	aff = irq_data_get_effective_affinity_mask(irqd);
	if (cpumask_first(aff) != smp_processor_id())
		return false;
	return irq_wait_on_inprogress(desc);
}

static inline bool irq_can_handle_actions(struct irq_desc *desc)
{
	istate_clear(desc, IRQS_REPLAY | IRQS_WAITING);
	if (unlikely(!desc->action || irqd_irq_disabled(&desc->irq_data))) {
		istate_set(desc, IRQS_PENDING);
		return false;
	}
	return true;
}

static inline bool irq_can_handle(struct irq_desc *desc)
{
	if (!irq_can_handle_pm(desc))
		return false;
	return irq_can_handle_actions(desc);
}

#endif /* GENIRQ6_FLOW_H */
