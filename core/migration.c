// SPDX-License-Identifier: GPL-2.0
/*
 * Deferred interrupt migration (CONFIG_GENERIC_PENDING_IRQ): a new
 * affinity is recorded and performed at the line's next interrupt, when
 * reprogramming the controller cannot race with an arriving edge. Follows
 * kernel/irq/migration.c of 2.6.18; as there, chips call move_native_irq()
 * from their ->ack (edge) or move_masked_irq() while masked (level).
 */
#include "internals.h"

bool genirq_pending_moves;

void genirq_set_pending_irq_moves(bool on)
{
	genirq_pending_moves = on;
}

void migration_reset(void)
{
	genirq_pending_moves = false;
}

/**
 * set_pending_irq - record a move of @irq to @mask for its next interrupt
 * @irq: interrupt number
 * @mask: the new affinity
 */
void set_pending_irq(unsigned int irq, cpumask_t mask)
{
	struct irq_desc *desc = irq_desc + irq;
	unsigned long flags;

	if (irq >= NR_IRQS)
		return;

	spin_lock_irqsave(&desc->lock, flags);
	desc->status |= IRQ_MOVE_PENDING;
	desc->pending_mask = mask;
	spin_unlock_irqrestore(&desc->lock, flags);
}

/**
 * move_masked_irq - perform a pending move of a masked line
 * @irq: interrupt number
 *
 * Called with the descriptor lock held (from the flow handler's chip
 * calls). Programs the chip with the online part of the pending mask and
 * stores it as the line's affinity.
 */
void move_masked_irq(int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	cpumask_t tmp, online;

	if (likely(!(desc->status & IRQ_MOVE_PENDING)))
		return;

	/*
	 * Paranoia: cpu-local interrupts shouldn't be calling in here anyway.
	 */
	if (CHECK_IRQ_PER_CPU(desc->status)) {
		WARN_ON(1);
		return;
	}

	desc->status &= ~IRQ_MOVE_PENDING;

	if (unlikely(cpus_empty(desc->pending_mask)))
		return;

	if (!desc->chip->set_affinity)
		return;

	online = cpu_online_mask_get();
	cpus_and(tmp, desc->pending_mask, online);

	/*
	 * If there was a valid mask to work with, please
	 * do the disable, re-program, enable sequence.
	 * This is *not* particularly important for level triggered
	 * but in a edge trigger case, we might be setting rte
	 * when an active trigger is comming in. This could
	 * cause some ioapics to mal-function.
	 * Being paranoid i guess!
	 */
	if (likely(!cpus_empty(tmp))) {
		desc->affinity = tmp;
		chip_op_ret(desc, (unsigned int)irq, set_affinity, tmp);
	}
	cpus_clear(desc->pending_mask);
}

/**
 * move_native_irq - perform a pending move of a live line
 * @irq: interrupt number
 *
 * Disables the line around move_masked_irq() unless it is disabled
 * already. Called with the descriptor lock held.
 */
void move_native_irq(int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (likely(!(desc->status & IRQ_MOVE_PENDING)))
		return;

	if (likely(!(desc->status & IRQ_DISABLED)))
		chip_op(desc, (unsigned int)irq, disable);

	move_masked_irq(irq);

	if (likely(!(desc->status & IRQ_DISABLED)))
		chip_op(desc, (unsigned int)irq, enable);
}
