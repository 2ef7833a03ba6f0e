// SPDX-License-Identifier: GPL-2.0
/*
 * Resending an interrupt that came while it could not be handled: in
 * hardware through the chip's (or a parent's) ->irq_retrigger, or in
 * software, queued for the resend tasklet, which genirq6's irq_exit()
 * runs on leaving the outermost interrupt (arch.c), or which
 * irq_resend_flush() runs from process context. Follows
 * kernel/irq/resend.c.
 */
#include "internals.h"

static DEFINE_RAW_SPINLOCK(irq_resend_lock);
static struct irq_desc *irq_resend_list;
/* Something is queued: the one word irq_exit() reads. */
int irq_resend_queued;

/**
 * irq_resend_flush - run the queued software resends (the tasklet)
 *
 * Each descriptor's flow handler runs with interrupts off, as the
 * kernel's tasklet runs it.
 */
void irq_resend_flush(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&irq_resend_lock, flags);
	while (irq_resend_list) {
		struct irq_desc *desc = irq_resend_list;

		irq_resend_list = desc->resend_next;
		desc->resend_next = NULL;
		desc->resend_queued = false;
		raw_spin_unlock(&irq_resend_lock);
		desc->handle_irq(desc);
		raw_spin_lock(&irq_resend_lock);
	}
	__atomic_store_n(&irq_resend_queued, 0, __ATOMIC_RELAXED);
	raw_spin_unlock_irqrestore(&irq_resend_lock, flags);
}

static int irq_sw_resend(struct irq_desc *desc)
{
	if (irqd_is_handle_enforce_irqctx(&desc->irq_data))
		return -EINVAL;
	/* a nested line is resent through its parent */
	if (irq_settings_is_nested_thread(desc)) {
		if (!desc->parent_irq)
			return -EINVAL;
		desc = irq_to_desc(desc->parent_irq);
		if (!desc)
			return -EINVAL;
	}
	scoped_guard(raw_spinlock, &irq_resend_lock)
	{
		if (!desc->resend_queued) {
			desc->resend_queued = true;
			desc->resend_next = irq_resend_list;
			irq_resend_list = desc;
		}
		__atomic_store_n(&irq_resend_queued, 1, __ATOMIC_RELAXED);
	}
	return 0;
}

/* Take @desc off the software resend queue (shutdown). */
void clear_irq_resend(struct irq_desc *desc)
{
	guard(raw_spinlock)(&irq_resend_lock);
	for (struct irq_desc **p = &irq_resend_list; *p;
	     p = &(*p)->resend_next) {
		if (*p == desc) {
			*p = desc->resend_next;
			desc->resend_next = NULL;
			desc->resend_queued = false;
			break;
		}
	}
}

static int try_retrigger(struct irq_desc *desc)
{
	if (desc->irq_data.chip->irq_retrigger)
		return desc->irq_data.chip->irq_retrigger(&desc->irq_data);
	return irq_chip_retrigger_hierarchy(&desc->irq_data);
}

/**
 * check_irq_resend - resend a pending interrupt
 * @desc: the descriptor, locked, interrupts off
 * @inject: resend even if nothing is pending (irq_inject_interrupt())
 *
 * A level line is not resent: while asserted the hardware delivers it
 * again. Return: 0; -EINVAL for a level line or when neither hardware
 * nor software can resend; -EBUSY while a resend is under way.
 */
int check_irq_resend(struct irq_desc *desc, bool inject)
{
	int err = 0;

	if (irq_settings_is_level(desc)) {
		istate_clear(desc, IRQS_PENDING);
		return -EINVAL;
	}
	if (istate_read(desc) & IRQS_REPLAY)
		return -EBUSY;
	if (!(istate_read(desc) & IRQS_PENDING) && !inject)
		return 0;
	istate_clear(desc, IRQS_PENDING);
	if (!try_retrigger(desc))
		err = irq_sw_resend(desc);
	if (!err)
		istate_set(desc, IRQS_REPLAY);
	return err;
}
