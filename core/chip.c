// SPDX-License-Identifier: GPL-2.0
/*
 * Chip setup: set_irq_chip/type/data, the chip defaults and
 * __set_irq_handler(). Follows kernel/irq/chip.c of 2.6.18 (Thomas
 * Gleixner, Ingo Molnar, Russell King); that file's flow handlers are in
 * flow.c here, because they are the dispatch path, which is built twice
 * (dispatch.h).
 *
 * From later kernels, each leaving a line without these settings exactly
 * as 2.6.18 handles it:
 * - IRQ_LAZY_DISABLE (2.6.21's default): the default ->disable does not
 *   mask; the default ->shutdown still masks, as 2.6.21's
 *   default_shutdown() does. ARM's IRQ_DELAYED_DISABLE (2.6.18, set by
 *   genirq_set_arch()) leaves both unmasked, as 2.6.18 did.
 * - handle_nested_irq() (2.6.31) for lines demultiplexed in a thread; it
 *   runs every action of the line, as later kernels do (2.6.31 ran the
 *   first).
 *
 * In no kernel: irq_oneshot_masks(), which says what the flows of flow.c
 * do for a oneshot line, as their rows in flows.c say it.
 */
#include <errno.h>
#include <genirq/flows.h>
#include "internals.h"

/**
 * set_irq_chip - set the irq chip for an irq
 * @irq: irq number
 * @chip: pointer to irq chip description structure; NULL: no_irq_chip
 *
 * Fills the chip's missing defaults (irq_chip_set_defaults()).
 * Return: 0, or -EINVAL for a bad @irq.
 */
int set_irq_chip(unsigned int irq, struct irq_chip *chip)
{
	struct irq_desc *desc;
	unsigned long flags;
	bool taken;

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to install chip for IRQ%u\n", irq);
		WARN_ON(1);
		return -EINVAL;
	}

	if (!chip)
		chip = &no_irq_chip;

	desc = irq_desc + irq;
	taken = desc_setter_lock(desc, flags);
	irq_chip_set_defaults(chip);
	desc->chip = chip;
	desc_setter_unlock(desc, flags, taken);

	return 0;
}

/**
 * set_irq_type - set the irq type for an irq
 * @irq: irq number
 * @type: interrupt type - see include/linux/interrupt.h
 *
 * Return: the chip's result, -ENXIO when the chip has no ->set_type,
 * -ENODEV for a bad @irq.
 */
int set_irq_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc;
	unsigned long flags;
	int ret = -ENXIO;

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to set irq type for IRQ%u\n", irq);
		return -ENODEV;
	}

	desc = irq_desc + irq;
	if (desc->chip->set_type) {
		spin_lock_irqsave(&desc->lock, flags);
		ret = desc_set_type(desc, irq, type);
		spin_unlock_irqrestore(&desc->lock, flags);
	}
	return ret;
}

/*
 * The descriptor whose lock this thread holds around its chip's
 * ->set_type, NULL outside one. 2.6.18's UP machines (IXP4xx, IXP23xx,
 * PNX4008) compiled spin_lock() to preempt_disable(), and their
 * ->set_type calls set_irq_chip() and set_irq_handler() for the line it
 * is called for, under that lock: on SMP that deadlocks, on UP it
 * worked. The setters honour exactly that re-entry, on this thread and
 * this descriptor; any other path that takes the lock again from
 * ->set_type still spins, as it would have on SMP.
 */
__thread struct irq_desc *irq_set_type_desc;

int desc_set_type(struct irq_desc *desc, unsigned int irq, unsigned int type)
{
	struct irq_desc *outer = irq_set_type_desc;
	int ret;

	irq_set_type_desc = desc;
	ret = chip_op_ret(desc, irq, set_type, type);
	irq_set_type_desc = outer;
	return ret;
}

/**
 * set_irq_data - set irq type data for an irq
 * @irq: Interrupt number
 * @data: Pointer to interrupt specific data
 *
 * Set the hardware irq controller data for an irq
 */
int set_irq_data(unsigned int irq, void *data)
{
	struct irq_desc *desc;
	unsigned long flags;
	bool taken;

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to install controller data for IRQ%u\n",
		       irq);
		return -EINVAL;
	}

	desc = irq_desc + irq;
	taken = desc_setter_lock(desc, flags);
	desc->handler_data = data;
	desc_setter_unlock(desc, flags, taken);
	return 0;
}

/**
 * set_irq_chip_data - set irq chip data for an irq
 * @irq: Interrupt number
 * @data: Pointer to chip specific data
 *
 * Set the hardware irq chip data for an irq; -EINVAL for a bad @irq or a
 * line that has no chip yet.
 */
int set_irq_chip_data(unsigned int irq, void *data)
{
	struct irq_desc *desc = irq_desc + irq;
	unsigned long flags;
	bool taken;

	if (irq >= NR_IRQS || !desc->chip) {
		printk(ERR, "BUG: bad set_irq_chip_data(IRQ#%u)\n", irq);
		return -EINVAL;
	}

	taken = desc_setter_lock(desc, flags);
	desc->chip_data = data;
	desc_setter_unlock(desc, flags, taken);

	return 0;
}

/*
 * default enable function
 */
static void default_enable(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	chip_op(desc, irq, unmask);
	desc->status &= ~IRQ_MASKED;
}

/*
 * default disable function: masks at once, or on a lazy or (ARM) delayed
 * disable line not at all (the flow handler masks when an interrupt comes
 * while it is disabled)
 */
static void default_disable(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (!(desc->status & (IRQ_LAZY_DISABLE | IRQ_DELAYED_DISABLE)))
		chip_op(desc, irq, mask);
}

/*
 * default shutdown function: a line that is shut down is masked, lazy or
 * not; but on ARM's IRQ_DELAYED_DISABLE lines it is not, since 2.6.18's
 * ->shutdown defaulted to the ->disable that did not mask them: the last
 * free_irq() leaves such a line unmasked until its next interrupt.
 */
static void default_shutdown(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (desc->status & IRQ_DELAYED_DISABLE)
		return;
	chip_op(desc, irq, mask);
	desc->status |= IRQ_MASKED;
}

/*
 * default startup function
 */
static unsigned int default_startup(unsigned int irq)
{
	irq_desc[irq].chip->enable(irq);

	return 0;
}

static void default_end(unsigned int irq)
{
	(void)irq;
}

/**
 * irq_chip_set_defaults - fill in the optional operations of @chip
 * @chip: chip to complete
 *
 * enable -> unmask, disable -> mask (not on a lazy or delayed disable
 * line), startup -> enable, shutdown -> the chip's disable, or mask where
 * that is the default (not on a delayed disable line), end -> no-op; a NULL name -> the chip's typename.
 */
void irq_chip_set_defaults(struct irq_chip *chip)
{
	if (!chip->enable)
		chip->enable = default_enable;
	if (!chip->disable)
		chip->disable = default_disable;
	if (!chip->startup)
		chip->startup = default_startup;
	if (!chip->shutdown)
		chip->shutdown = chip->disable == default_disable ?
					 default_shutdown :
					 chip->disable;
	if (!chip->end)
		chip->end = default_end;
	/* For compatibility, ->typename is copied into ->name (2.6.18). */
	if (!chip->name)
		chip->name = chip->typename;
}

bool irq_oneshot_masks(unsigned int irq)
{
	struct irq_desc *desc;
	const struct irq_flow_type *t;
	unsigned long flags;
	bool masks;

	if (irq >= NR_IRQS)
		return false;
	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	/* The flow's row says (IRQ_FLOW_ONESHOT_*, core/flows.c). */
	t = irq_flow_type_of(
		__atomic_load_n(&desc->handle_irq, __ATOMIC_RELAXED));
	masks = t && (t->flags & IRQ_FLOW_ONESHOT_MASKS) &&
		(!(t->flags & IRQ_FLOW_ONESHOT_NEEDS_MASK) || desc->chip->mask);
	spin_unlock_irqrestore(&desc->lock, flags);
	return masks;
}

void handle_nested_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	struct irqaction *action;
	irqreturn_t action_ret = IRQ_NONE;
	unsigned long flags;

	if (irq >= NR_IRQS)
		return;
	WARN_ON(in_interrupt()); /* might_sleep() */
	irqlab_trace_flow(irq, "nested");

	spin_lock_irqsave(&desc->lock, flags);
	kstat_incr_irqs_this_cpu(irq);

	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED))) {
		desc->status |= IRQ_PENDING;
		irqlab_trace_pending(irq, desc->status);
		goto out_unlock;
	}

	desc->status |= IRQ_INPROGRESS;
	spin_unlock_irqrestore(&desc->lock, flags);

	for (unsigned int index = 0; action;
	     action = action_next(action), index++) {
		irqreturn_t ret;

		irqlab_trace_action_entry(irq, index);
		ret = action->thread_fn((int)irq, action->dev_id);
		irqlab_trace_action_exit(irq, index, ret);
		action_ret |= ret;
	}

	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock_irqsave(&desc->lock, flags);
	desc->status &= ~IRQ_INPROGRESS;
out_unlock:
	spin_unlock_irqrestore(&desc->lock, flags);
}

/* Set or clear a later-kernel line setting bit of @irq's status. */
static int set_status_bit(unsigned int irq, unsigned int bit, bool on)
{
	struct irq_desc *desc = irq_desc + irq;
	unsigned long flags;

	if (irq >= NR_IRQS)
		return -EINVAL;
	spin_lock_irqsave(&desc->lock, flags);
	if (on)
		desc->status |= bit;
	else
		desc->status &= ~bit;
	spin_unlock_irqrestore(&desc->lock, flags);
	return 0;
}

int irq_set_nested_thread(unsigned int irq, bool nest)
{
	return set_status_bit(irq, IRQ_NESTED_THREAD, nest);
}

int irq_set_lazy_disable(unsigned int irq, bool lazy)
{
	return set_status_bit(irq, IRQ_LAZY_DISABLE, lazy);
}

int irq_set_level_noresend(unsigned int irq, bool noresend)
{
	return set_status_bit(irq, IRQ_LEVEL_NORESEND, noresend);
}

void __set_irq_handler(unsigned int irq, irq_flow_handler_t handle,
		       int is_chained)
{
	struct irq_desc *desc;
	unsigned long flags;
	bool taken;

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to install type control for IRQ%u\n", irq);
		return;
	}

	desc = irq_desc + irq;

	if (desc->chip == &no_irq_chip) {
		printk(WARNING,
		       "Trying to install %sinterrupt handler for IRQ%u\n",
		       is_chained ? "chained " : "", irq);
		/*
		 * Some ARM implementations install a handler for really dumb
		 * interrupt hardware without setting an irq_chip. This worked
		 * with the ARM no_irq_chip but the check in setup_irq would
		 * prevent us to setup the interrupt at all. Switch it to
		 * dummy_irq_chip for easy transition.
		 */
		desc->chip = &dummy_irq_chip;
	}

	taken = desc_setter_lock(desc, flags);

	/* Uninstall? */
	if (handle == handle_bad_irq) {
		if (desc->chip != &no_irq_chip) {
			chip_op(desc, irq, mask);
			chip_op(desc, irq, ack);
		}
		desc->status |= IRQ_DISABLED;
		desc->depth = 1;
	}
	/*
	 * NULL: the __do_IRQ() baseline (see generic_handle_irq()); a flow
	 * handler with tracepoints while genirq_set_tracing() is on.
	 */
	__atomic_store_n(&desc->handle_irq, irq_flow_copy(handle),
			 __ATOMIC_RELAXED);
	desc->name = irq_flow_name(handle);

	if (handle != handle_bad_irq && is_chained) {
		desc->status &= ~IRQ_DISABLED;
		desc->status |= IRQ_NOREQUEST | IRQ_NOPROBE;
		desc->depth = 0;
		chip_op(desc, irq, unmask);
	}
	desc_setter_unlock(desc, flags, taken);
}

void __set_irq_handler_unlocked(unsigned int irq, irq_flow_handler_t handle)
{
	struct irq_desc *desc = irq_desc + irq;

	/* Atomic as every other writer: generic_handle_irq() reads it. */
	if (__atomic_load_n(&desc->handle_irq, __ATOMIC_RELAXED)) {
		__atomic_store_n(&desc->handle_irq, irq_flow_copy(handle),
				 __ATOMIC_RELAXED);
		desc->name = irq_flow_name(handle);
	}
}

void set_irq_chip_and_handler(unsigned int irq, struct irq_chip *chip,
			      irq_flow_handler_t handle)
{
	set_irq_chip(irq, chip);
	__set_irq_handler(irq, handle, 0);
}

void set_irq_chip_and_handler_name(unsigned int irq, struct irq_chip *chip,
				   irq_flow_handler_t handle, const char *name)
{
	set_irq_chip_and_handler(irq, chip, handle);
	if (irq < NR_IRQS)
		irq_desc[irq].name = name;
}
