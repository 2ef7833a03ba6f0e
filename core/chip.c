// SPDX-License-Identifier: GPL-2.0
/*
 * Chip setup and the flow handlers. Follows kernel/irq/chip.c of 2.6.18
 * (Thomas Gleixner, Ingo Molnar, Russell King): the order of the lock, the
 * chip calls, the status bits, kstat and handle_IRQ_event() in each flow
 * handler is the kernel's, so a trace of chip operations here is the trace
 * the kernel would have produced.
 *
 * Deviation: handle_edge_irq() returns with IRQ_INPROGRESS still set when
 * the action chain vanished between two loop passes, as 2.6.18 does;
 * setup_irq() clears it for the next user, as in the kernel.
 *
 * From later kernels, each leaving a line without these settings exactly
 * as 2.6.18 handles it:
 * - IRQ_ONESHOT (2.6.32): handle_level_irq() leaves the line masked, and
 *   handle_fasteoi_irq() masks it before the handlers, while a oneshot
 *   thread woken for it has not finished; irq_finalize_oneshot() unmasks.
 * - IRQ_LAZY_DISABLE (2.6.21's default): the default ->disable does not
 *   mask, and handle_fasteoi_irq() masks a line when an interrupt arrives
 *   while it is disabled (the level and edge flows mask it anyway); the
 *   default ->shutdown still masks, as 2.6.21's default_shutdown() does.
 * - handle_nested_irq() (2.6.31) for lines demultiplexed in a thread; it
 *   runs every action of the line, as later kernels do (2.6.31 ran the
 *   first).
 *
 * In no kernel: irq_oneshot_masks(), which says what the flows here do
 * for a oneshot line. The naive edge design compared with these flows,
 * handle_edge_masking_irq(), is in edge_masking.c.
 */
#include <errno.h>
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

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to install chip for IRQ%u\n", irq);
		WARN_ON(1);
		return -EINVAL;
	}

	if (!chip)
		chip = &no_irq_chip;

	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	irq_chip_set_defaults(chip);
	desc->chip = chip;
	spin_unlock_irqrestore(&desc->lock, flags);

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
		ret = chip_op_ret(desc, irq, set_type, type);
		spin_unlock_irqrestore(&desc->lock, flags);
	}
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

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to install controller data for IRQ%u\n",
		       irq);
		return -EINVAL;
	}

	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	desc->handler_data = data;
	spin_unlock_irqrestore(&desc->lock, flags);
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

	if (irq >= NR_IRQS || !desc->chip) {
		printk(ERR, "BUG: bad set_irq_chip_data(IRQ#%u)\n", irq);
		return -EINVAL;
	}

	spin_lock_irqsave(&desc->lock, flags);
	desc->chip_data = data;
	spin_unlock_irqrestore(&desc->lock, flags);

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
 * default disable function: masks at once, or on a lazy line not at all
 * (the flow handler masks when an interrupt comes while it is disabled)
 */
static void default_disable(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (!(desc->status & IRQ_LAZY_DISABLE))
		chip_op(desc, irq, mask);
}

/*
 * default shutdown function: a line that is shut down is masked, lazy or
 * not
 */
static void default_shutdown(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

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
 * enable -> unmask, disable -> mask (not on a lazy line), startup ->
 * enable, shutdown -> the chip's disable, or mask where that is the
 * default, end -> no-op; a NULL name -> the chip's typename.
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

static inline void mask_ack_irq(struct irq_desc *desc, unsigned int irq)
{
	if (desc->chip->mask_ack) {
		chip_op(desc, irq, mask_ack);
	} else {
		chip_op(desc, irq, mask);
		chip_op(desc, irq, ack);
	}
}

/**
 * handle_simple_irq - Simple and software-decoded IRQs.
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Simple interrupts are either sent from a demultiplexing interrupt
 * handler or come from hardware, where no interrupt hardware control
 * is necessary.
 *
 * Note: The caller is expected to handle the ack, clear, mask and
 * unmask issues if necessary.
 */
void handle_simple_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "simple");
	spin_lock(&desc->lock);

	if (unlikely(desc->status & IRQ_INPROGRESS))
		goto out_unlock;
	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);
	kstat_incr_irqs_this_cpu(irq);

	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED)))
		goto out_unlock;

	desc->status |= IRQ_INPROGRESS;
	spin_unlock(&desc->lock);

	action_ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_level_irq - Level type irq handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Level type interrupts are active as long as the hardware line has
 * the active level. This may require to mask the interrupt and unmask
 * it after the associated handler has acknowledged the device, so the
 * interrupt line is back to inactive.
 */
void handle_level_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "level");
	spin_lock(&desc->lock);
	mask_ack_irq(desc, irq);

	if (unlikely(desc->status & IRQ_INPROGRESS))
		goto out_unlock;
	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);
	kstat_incr_irqs_this_cpu(irq);

	/*
	 * If its disabled or no action available
	 * keep it masked and get out of here
	 */
	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED))) {
		desc->status |= IRQ_PENDING;
		irqlab_trace_pending(irq, desc->status);
		goto out_unlock;
	}

	desc->status |= IRQ_INPROGRESS;
	desc->status &= ~IRQ_PENDING;
	spin_unlock(&desc->lock);

	action_ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
	/* A oneshot thread still to finish: it unmasks (later kernels). */
	if (unlikely(desc->threads_oneshot))
		desc->status |= IRQ_MASKED;
	else if (!(desc->status & IRQ_DISABLED) && desc->chip->unmask)
		chip_op(desc, irq, unmask);
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_fasteoi_irq - irq handler for transparent controllers
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Only a single callback will be issued to the chip: an ->eoi()
 * call when the interrupt has been serviced. This enables support
 * for modern forms of interrupt handlers, which handle the flow
 * details in hardware, transparently.
 */
void handle_fasteoi_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "fasteoi");
	spin_lock(&desc->lock);

	if (unlikely(desc->status & IRQ_INPROGRESS))
		goto out;

	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);
	kstat_incr_irqs_this_cpu(irq);

	/*
	 * If its disabled or no action available
	 * keep it masked and get out of here
	 */
	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED))) {
		desc->status |= IRQ_PENDING;
		irqlab_trace_pending(irq, desc->status);
		/* A lazy line was left unmasked by disable_irq(). */
		if (unlikely(desc->status & IRQ_LAZY_DISABLE) &&
		    desc->chip->mask) {
			chip_op(desc, irq, mask);
			desc->status |= IRQ_MASKED;
		}
		goto out;
	}

	/*
	 * Oneshot: masked until its threads are done (later kernels,
	 * which also guard a chip without ->mask).
	 */
	if (unlikely(desc->status & IRQ_ONESHOT) && desc->chip->mask) {
		chip_op(desc, irq, mask);
		desc->status |= IRQ_MASKED;
	}
	desc->status |= IRQ_INPROGRESS;
	desc->status &= ~IRQ_PENDING;
	spin_unlock(&desc->lock);

	action_ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
	/* No oneshot thread woken (a primary handler did it all): unmask. */
	if (unlikely(desc->status & IRQ_ONESHOT) && !desc->threads_oneshot &&
	    (desc->status & (IRQ_MASKED | IRQ_DISABLED)) == IRQ_MASKED) {
		chip_op(desc, irq, eoi);
		chip_op(desc, irq, unmask);
		desc->status &= ~IRQ_MASKED;
		goto out_unlock;
	}
out:
	chip_op(desc, irq, eoi);
out_unlock:
	spin_unlock(&desc->lock);
}

bool irq_oneshot_masks(unsigned int irq)
{
	struct irq_desc *desc;
	irq_flow_handler_t flow;
	unsigned long flags;
	bool masks;

	if (irq >= NR_IRQS)
		return false;
	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	flow = __atomic_load_n(&desc->handle_irq, __ATOMIC_RELAXED);
	masks = flow == handle_level_irq ||
		(flow == handle_fasteoi_irq && desc->chip->mask);
	spin_unlock_irqrestore(&desc->lock, flags);
	return masks;
}

/**
 * handle_edge_irq - edge type IRQ handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Interrupt occures on the falling and/or rising edge of a hardware
 * signal. The occurence is latched into the irq controller hardware
 * and must be acked in order to be reenabled. After the ack another
 * interrupt can happen on the same source even before the first one
 * is handled by the assosiacted event handler. If this happens it
 * might be necessary to disable (mask) the interrupt depending on the
 * controller hardware. This requires to reenable the interrupt inside
 * of the loop which handles the interrupts which have arrived while
 * the handler was running. If all pending interrupts are handled, the
 * loop is left.
 */
void handle_edge_irq(unsigned int irq, struct irq_desc *desc)
{
	irqlab_trace_flow(irq, "edge");
	spin_lock(&desc->lock);

	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);

	/*
	 * If we're currently running this IRQ, or its disabled,
	 * we shouldn't process the IRQ. Mark it pending, handle
	 * the necessary masking and go out
	 */
	if (unlikely((desc->status & (IRQ_INPROGRESS | IRQ_DISABLED)) ||
		     !desc->action)) {
		desc->status |= (IRQ_PENDING | IRQ_MASKED);
		irqlab_trace_pending(irq, desc->status);
		mask_ack_irq(desc, irq);
		goto out_unlock;
	}

	kstat_incr_irqs_this_cpu(irq);

	/* Start handling the irq */
	chip_op(desc, irq, ack);

	/* Mark the IRQ currently in progress.*/
	desc->status |= IRQ_INPROGRESS;

	do {
		struct irqaction *action = desc->action;
		irqreturn_t action_ret;

		if (unlikely(!action)) {
			chip_op(desc, irq, mask);
			goto out_unlock;
		}

		/*
		 * When another irq arrived while we were handling
		 * one, we could have masked the irq.
		 * Renable it, if it was not disabled in meantime.
		 */
		if (unlikely((desc->status &
			      (IRQ_PENDING | IRQ_MASKED | IRQ_DISABLED)) ==
			     (IRQ_PENDING | IRQ_MASKED))) {
			chip_op(desc, irq, unmask);
			desc->status &= ~IRQ_MASKED;
		}

		desc->status &= ~IRQ_PENDING;
		spin_unlock(&desc->lock);
		action_ret = handle_IRQ_event(irq, action);
		if (!noirqdebug)
			note_interrupt(irq, desc, action_ret);
		spin_lock(&desc->lock);

	} while ((desc->status & (IRQ_PENDING | IRQ_DISABLED)) == IRQ_PENDING);

	desc->status &= ~IRQ_INPROGRESS;
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_percpu_irq - Per CPU local irq handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Per CPU interrupts on SMP machines without locking requirements
 */
void handle_percpu_irq(unsigned int irq, struct irq_desc *desc)
{
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "percpu");
	kstat_incr_irqs_this_cpu(irq);

	if (desc->chip->ack)
		chip_op(desc, irq, ack);

	action_ret = handle_IRQ_event(irq, desc_action(desc));
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	if (desc->chip->eoi)
		chip_op(desc, irq, eoi);
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

	spin_lock_irqsave(&desc->lock, flags);

	/* Uninstall? */
	if (handle == handle_bad_irq) {
		if (desc->chip != &no_irq_chip) {
			chip_op(desc, irq, mask);
			chip_op(desc, irq, ack);
		}
		desc->status |= IRQ_DISABLED;
		desc->depth = 1;
	}
	/* NULL: the __do_IRQ() baseline (see generic_handle_irq()). */
	__atomic_store_n(&desc->handle_irq, handle, __ATOMIC_RELAXED);
	desc->name = irq_flow_name(handle);

	if (handle != handle_bad_irq && is_chained) {
		desc->status &= ~IRQ_DISABLED;
		desc->status |= IRQ_NOREQUEST | IRQ_NOPROBE;
		desc->depth = 0;
		chip_op(desc, irq, unmask);
	}
	spin_unlock_irqrestore(&desc->lock, flags);
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
