// SPDX-License-Identifier: GPL-2.0
/*
 * The flow handlers but the edge flow (flow_edge.c): nested, simple,
 * untracked, level, fasteoi, percpu, percpu_devid, fasteoi_ack and
 * fasteoi_mask. Follows kernel/irq/chip.c of the release named in
 * docs/core6.md.
 */
#include "flow.h"

/**
 * handle_nested_irq - run a nested line's thread handler
 * @irq: the interrupt number
 *
 * Called in the parent's irq thread (a GPIO expander behind a slow bus):
 * the thread handlers run in the caller's context.
 */
void handle_nested_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *action;
	irqreturn_t action_ret;

	scoped_guard(raw_spinlock_irq, &desc->lock)
	{
		if (!irq_can_handle_actions(desc))
			return;
		kstat_incr_irqs_this_cpu(desc);
		__atomic_fetch_add(&desc->threads_active, 1, __ATOMIC_SEQ_CST);
	}
	action_ret = IRQ_NONE;
	for_each_action_of_desc(desc, action) action_ret |=
		action->thread_fn((int)action->irq, action->dev_id);
	if (!irq_settings_no_debug(desc))
		note_interrupt(desc, action_ret);
	wake_threads_waitq(desc);
}

/**
 * handle_simple_irq - no chip operation at all
 * @desc: the descriptor
 *
 * A line demultiplexed by a parent's handler, or hardware that needs no
 * control: the caller acks, masks and unmasks where needed.
 */
void handle_simple_irq(struct irq_desc *desc)
{
	guard(raw_spinlock)(&desc->lock);

	if (!irq_can_handle_pm(desc)) {
		if (irqd_needs_resend_when_in_progress(&desc->irq_data))
			istate_set(desc, IRQS_PENDING);
		return;
	}
	if (!irq_can_handle_actions(desc))
		return;
	kstat_incr_irqs_this_cpu(desc);
	handle_irq_event(desc);
}

/**
 * handle_untracked_irq - simple, without statistics or the spurious check
 * @desc: the descriptor
 *
 * For a demultiplexer that does not know which of its lines fired.
 */
void handle_untracked_irq(struct irq_desc *desc)
{
	scoped_guard(raw_spinlock, &desc->lock)
	{
		if (!irq_can_handle(desc))
			return;
		istate_clear(desc, IRQS_PENDING);
		irqd_set(&desc->irq_data, IRQD_IRQ_INPROGRESS);
	}
	__handle_irq_event_percpu(desc);
	scoped_guard(raw_spinlock, &desc->lock)
		irqd_clear(&desc->irq_data, IRQD_IRQ_INPROGRESS);
}

/*
 * Unmask a level line after its handler unless disabled meanwhile or a
 * oneshot thread still runs (then the thread's end unmasks it).
 */
static void cond_unmask_irq(struct irq_desc *desc)
{
	if (!irqd_irq_disabled(&desc->irq_data) &&
	    irqd_irq_masked(&desc->irq_data) && !desc->threads_oneshot)
		unmask_irq(desc);
}

/**
 * handle_level_irq - the level flow
 * @desc: the descriptor
 *
 * Masked and acked before the handler, as the line stays asserted until
 * the handler quietens the device; unmasked after.
 */
void handle_level_irq(struct irq_desc *desc)
{
	guard(raw_spinlock)(&desc->lock);
	mask_ack_irq(desc);

	if (!irq_can_handle(desc))
		return;
	kstat_incr_irqs_this_cpu(desc);
	handle_irq_event(desc);
	cond_unmask_irq(desc);
}

/*
 * The EOI of a fasteoi line after its handler. A oneshot line was masked
 * before it: unmask if no thread runs; else the EOI stays with the
 * thread on an IRQCHIP_EOI_THREADED chip, and is done now on others.
 */
static void cond_unmask_eoi_irq(struct irq_desc *desc, struct irq_chip *chip)
{
	if (!(istate_read(desc) & IRQS_ONESHOT)) {
		chip->irq_eoi(&desc->irq_data);
		return;
	}
	if (!irqd_irq_disabled(&desc->irq_data) &&
	    irqd_irq_masked(&desc->irq_data) && !desc->threads_oneshot) {
		chip->irq_eoi(&desc->irq_data);
		unmask_irq(desc);
	} else if (!(chip->flags & IRQCHIP_EOI_THREADED)) {
		chip->irq_eoi(&desc->irq_data);
	}
}

/* An EOI for an interrupt not handled: none on an EOI_IF_HANDLED chip. */
static inline void cond_eoi_irq(struct irq_chip *chip, struct irq_data *data)
{
	if (!(chip->flags & IRQCHIP_EOI_IF_HANDLED))
		chip->irq_eoi(data);
}

/**
 * handle_fasteoi_irq - the flow of a controller that needs only an EOI
 * @desc: the descriptor
 *
 * An interrupt that comes while the handler runs on another CPU (its
 * affinity just moved) is not handled here; on a line with
 * IRQD_RESEND_WHEN_IN_PROGRESS it is marked pending, and that CPU resends
 * it when its handler is done: otherwise it would be lost, as the EOI
 * here retires it in the controller.
 */
void handle_fasteoi_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	guard(raw_spinlock)(&desc->lock);

	if (!irq_can_handle_pm(desc)) {
		if (irqd_needs_resend_when_in_progress(&desc->irq_data))
			istate_set(desc, IRQS_PENDING);
		cond_eoi_irq(chip, &desc->irq_data);
		return;
	}
	/* disabled (lazily) or no action: mask it now, and keep it pending */
	if (!irq_can_handle_actions(desc)) {
		mask_irq(desc);
		cond_eoi_irq(chip, &desc->irq_data);
		return;
	}
	kstat_incr_irqs_this_cpu(desc);
	if (istate_read(desc) & IRQS_ONESHOT)
		mask_irq(desc);
	handle_irq_event(desc);
	cond_unmask_eoi_irq(desc, chip);
	/* the race above: resend what came on the other CPU */
	if (unlikely(istate_read(desc) & IRQS_PENDING))
		check_irq_resend(desc, false);
}

/**
 * handle_percpu_irq - a per-CPU line, no lock
 * @desc: the descriptor
 */
void handle_percpu_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = irq_desc_get_chip(desc);

	/* per-CPU lines are not serialised: tot_count is not touched */
	__kstat_incr_irqs_this_cpu(desc);
	if (chip->irq_ack)
		chip->irq_ack(&desc->irq_data);
	handle_irq_event_percpu(desc);
	if (chip->irq_eoi)
		chip->irq_eoi(&desc->irq_data);
}

/**
 * handle_percpu_devid_irq - a per-CPU line with a cookie per CPU
 * @desc: the descriptor
 *
 * The handler gets this CPU's element of the action's percpu_dev_id. A
 * CPU the action was not requested for has its line disabled.
 */
void handle_percpu_devid_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = irq_desc_get_chip(desc);
	unsigned int irq = irq_desc_get_irq(desc);
	unsigned int cpu = smp_processor_id();
	struct irqaction *action;

	__kstat_incr_irqs_this_cpu(desc);
	if (chip->irq_ack)
		chip->irq_ack(&desc->irq_data);
	for_each_action_of_desc(
		desc,
		action) if (cpumask_test_cpu(cpu, &action->affinity)) break;
	if (likely(action)) {
		action->handler((int)irq, (char *)action->percpu_dev_id +
						  cpu * action->percpu_stride);
	} else {
		bool enabled = cpumask_test_cpu(cpu, &desc->percpu_enabled);

		if (enabled)
			irq_percpu_disable(desc, cpu);
		genirq6_pr("Spurious%s percpu IRQ%u on CPU%u\n",
			   enabled ? " and unmasked" : "", irq, cpu);
	}
	if (chip->irq_eoi)
		chip->irq_eoi(&desc->irq_data);
}

/**
 * handle_fasteoi_ack_irq - fasteoi with an ack, for stacked edge lines
 * @desc: the descriptor
 */
void handle_fasteoi_ack_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	guard(raw_spinlock)(&desc->lock);

	if (!irq_can_handle_pm(desc)) {
		cond_eoi_irq(chip, &desc->irq_data);
		return;
	}
	if (unlikely(!irq_can_handle_actions(desc))) {
		mask_irq(desc);
		cond_eoi_irq(chip, &desc->irq_data);
		return;
	}
	kstat_incr_irqs_this_cpu(desc);
	if (istate_read(desc) & IRQS_ONESHOT)
		mask_irq(desc);
	desc->irq_data.chip->irq_ack(&desc->irq_data);
	handle_irq_event(desc);
	cond_unmask_eoi_irq(desc, chip);
}

/**
 * handle_fasteoi_mask_irq - fasteoi with mask_ack, for stacked level lines
 * @desc: the descriptor
 */
void handle_fasteoi_mask_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	guard(raw_spinlock)(&desc->lock);
	mask_ack_irq(desc);

	if (!irq_can_handle(desc)) {
		cond_eoi_irq(chip, &desc->irq_data);
		return;
	}
	kstat_incr_irqs_this_cpu(desc);
	handle_irq_event(desc);
	cond_unmask_eoi_irq(desc, chip);
}
