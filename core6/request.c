// SPDX-License-Identifier: GPL-2.0
/*
 * Installing and removing actions: request_threaded_irq() with its
 * checks of a shared line, the oneshot thread mask, forced threading and
 * IRQCHIP_ONESHOT_SAFE; free_irq(), which shuts the line down with its
 * last action; and the per-CPU forms. Follows __setup_irq(),
 * __free_irq() and their callers in kernel/irq/manage.c.
 */
#include <stdlib.h>
#include "internals.h"

/* Threads: forced ones, the nested primary, and the thread itself. */
static int setup_irq_threads(struct irq_desc *desc, struct irqaction *new,
			     unsigned int irq)
{
	int ret;

	if (irq_settings_can_thread(desc)) {
		ret = irq_setup_forced_threading(new);
		if (ret)
			return ret;
	}
	if (irq_settings_is_nested_thread(desc)) {
		if (!new->thread_fn)
			return -EINVAL;
		/* the nested thread's caller runs it: no thread of its own */
		new->handler = irq_nested_primary_handler;
		return 0;
	}
	if (new->thread_fn) {
		ret = irq_setup_thread(new, irq, false);
		if (ret)
			return ret;
		if (new->secondary) {
			ret = irq_setup_thread(new->secondary, irq, true);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * A second action on the line must agree with the first: shared, same
 * trigger, same oneshot and percpu. Return: the link to append at and,
 * in @thread_mask, the oneshot bits already taken; NULL on a mismatch.
 */
static struct irqaction **check_shared(struct irq_desc *desc,
				       struct irqaction *new,
				       unsigned long *thread_mask)
{
	struct irqaction **old_ptr = &desc->action, *old = *old_ptr;
	unsigned int oldtype;

	if (irqd_trigger_type_was_set(&desc->irq_data)) {
		oldtype = irqd_get_trigger_type(&desc->irq_data);
	} else {
		oldtype = new->flags &IRQF_TRIGGER_MASK;
		irqd_set_trigger_type(&desc->irq_data, oldtype);
	}
	if (!((old->flags & new->flags) & IRQF_SHARED) ||
	    oldtype != (new->flags &IRQF_TRIGGER_MASK))
		return NULL;
	if ((old->flags & IRQF_ONESHOT) && (new->flags &IRQF_COND_ONESHOT))
		new->flags |= IRQF_ONESHOT;
	else if ((old->flags ^ new->flags) & IRQF_ONESHOT)
		return NULL;
	if ((old->flags & IRQF_PERCPU) != (new->flags &IRQF_PERCPU))
		return NULL;
	do {
		*thread_mask |= old->thread_mask;
		old_ptr = &old->next;
		old = *old_ptr;
	} while (old);
	return old_ptr;
}

/* The first action of the line: trigger, activation, state, startup. */
static int setup_first_action(struct irq_desc *desc, struct irqaction *new)
{
	int ret;

	if (new->flags & IRQF_TRIGGER_MASK) {
		ret = __irq_set_trigger(desc, new->flags &IRQF_TRIGGER_MASK);
		if (ret)
			return ret;
	}
	ret = irq_activate(desc);
	if (ret)
		return ret;
	istate_clear(desc, IRQS_AUTODETECT | IRQS_WAITING | IRQS_ONESHOT |
				   IRQS_SPURIOUS_DISABLED);
	irqd_clear(&desc->irq_data, IRQD_IRQ_INPROGRESS);
	if (new->flags & IRQF_PERCPU) {
		irqd_set(&desc->irq_data, IRQD_PER_CPU);
		irq_settings_set_per_cpu(desc);
		if (new->flags & IRQF_NO_DEBUG)
			irq_settings_set_no_debug(desc);
	}
	if (noirqdebug)
		irq_settings_set_no_debug(desc);
	if (new->flags & IRQF_ONESHOT)
		istate_set(desc, IRQS_ONESHOT);
	if (new->flags & IRQF_NOBALANCING) {
		irq_settings_set_no_balancing(desc);
		irqd_set(&desc->irq_data, IRQD_NO_BALANCING);
	}
	if (!(new->flags &IRQF_NO_AUTOEN) && irq_settings_can_autoenable(desc))
		irq_startup(desc, IRQ_RESEND, IRQ_START_COND);
	else
		desc->depth = 1; /* undo nested disables */
	return 0;
}

/* Give the oneshot action its bit; refuse a thread-only action without
 * ONESHOT, whose level line would storm until the thread ran. */
static int setup_oneshot(struct irq_desc *desc, struct irqaction *new,
			 unsigned long thread_mask)
{
	if (new->flags & IRQF_ONESHOT) {
		if (thread_mask == ~0UL)
			return -EBUSY;
		new->thread_mask = 1UL << __builtin_ctzl(~thread_mask);
	} else if (new->handler == irq_default_primary_handler &&
		   !(desc->irq_data.chip->flags & IRQCHIP_ONESHOT_SAFE)) {
		genirq6_pr("Threaded irq requested with handler=NULL and "
			   "!ONESHOT for %s (irq %u)\n",
			   new->name, new->irq);
		return -EINVAL;
	}
	return 0;
}

static int __setup_irq(unsigned int irq, struct irq_desc *desc,
		       struct irqaction *new)
{
	struct irqaction **old_ptr = &desc->action;
	unsigned long flags, thread_mask = 0;
	bool shared = false;
	int ret;

	if (desc->irq_data.chip == &no_irq_chip)
		return -ENOSYS;
	new->irq = irq;
	ret = setup_irq_threads(desc, new, irq);
	if (ret)
		goto out_thread;
	/* a chip that masks by itself needs no oneshot mask */
	if (desc->irq_data.chip->flags & IRQCHIP_ONESHOT_SAFE)
		new->flags &= ~IRQF_ONESHOT;

	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	if (desc->action) {
		old_ptr = check_shared(desc, new, &thread_mask);
		ret = -EBUSY;
		if (!old_ptr)
			goto out_unlock;
		shared = true;
	}
	ret = setup_oneshot(desc, new, thread_mask);
	if (ret)
		goto out_unlock;
	if (!shared) {
		ret = setup_first_action(desc, new);
		if (ret)
			goto out_unlock;
	}
	__atomic_store_n(old_ptr, new, __ATOMIC_RELEASE);
	/* a new handler: the stuck-line detector starts afresh */
	desc->irq_count = 0;
	desc->irqs_unhandled = 0;
	if (shared && (istate_read(desc) & IRQS_SPURIOUS_DISABLED)) {
		istate_clear(desc, IRQS_SPURIOUS_DISABLED);
		__enable_irq(desc);
	}
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
	return 0;

out_unlock:
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
out_thread:
	irq_stop_thread(new);
	if (new->secondary)
		irq_stop_thread(new->secondary);
	return ret;
}

/**
 * request_threaded_irq - install a handler on interrupt @irq
 * @irq: the interrupt number
 * @handler: the primary handler; NULL for a thread-only handler (then
 *	IRQF_ONESHOT is needed unless the chip is IRQCHIP_ONESHOT_SAFE)
 * @thread_fn: the thread handler, or NULL
 * @irqflags: IRQF_*
 * @devname: the device's name
 * @dev_id: the cookie; required for a shared line
 *
 * Return: 0 or -errno.
 */
int request_threaded_irq(unsigned int irq, irq_handler_t handler,
			 irq_handler_t thread_fn, unsigned long irqflags,
			 const char *devname, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *action;
	int ret;

	if (((irqflags & IRQF_SHARED) && !dev_id) ||
	    ((irqflags & IRQF_SHARED) && (irqflags & IRQF_NO_AUTOEN)) ||
	    ((irqflags & IRQF_NO_SUSPEND) && (irqflags & IRQF_COND_SUSPEND)))
		return -EINVAL;
	if (!desc || !irq_settings_can_request(desc) ||
	    irq_settings_is_per_cpu_devid(desc))
		return -EINVAL;
	if (!handler) {
		if (!thread_fn)
			return -EINVAL;
		handler = irq_default_primary_handler;
	}
	action = calloc(1, sizeof(*action));
	if (!action)
		return -ENOMEM;
	action->handler = handler;
	action->thread_fn = thread_fn;
	action->flags = (unsigned int)irqflags;
	action->name = devname;
	action->dev_id = dev_id;
	ret = __setup_irq(irq, desc, action);
	if (ret) {
		free(action->secondary);
		free(action);
	}
	return ret;
}

static struct irqaction *__free_irq(struct irq_desc *desc, void *dev_id)
{
	unsigned int irq = irq_desc_get_irq(desc);
	struct irqaction *action, **action_ptr;
	unsigned long flags;

	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	action_ptr = &desc->action;
	for (;;) {
		action = *action_ptr;
		if (!action) {
			genirq6_pr("Trying to free already-free IRQ %u\n", irq);
			raw_spin_unlock_irqrestore(&desc->lock, flags);
			chip_bus_sync_unlock(desc);
			return NULL;
		}
		if (action->dev_id == dev_id)
			break;
		action_ptr = &action->next;
	}
	__atomic_store_n(action_ptr, action->next, __ATOMIC_RELEASE);
	/* the last action: the line goes down */
	if (!desc->action) {
		irq_settings_clr_disable_unlazy(desc);
		irq_shutdown_and_deactivate(desc);
	}
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);

	/* a handler on another CPU, or its thread, may still run it */
	synchronize_irq(irq);
	irq_stop_thread(action);
	if (action->secondary) {
		irq_stop_thread(action->secondary);
		free(action->secondary);
	}
	return action;
}

/**
 * free_irq - remove the action of @dev_id from interrupt @irq
 * @irq: the interrupt number
 * @dev_id: the cookie it was requested with
 *
 * Waits for its handlers and stops its threads; the last action shuts
 * the line down. Return: the device name it was requested with, or NULL
 * when it had no such action.
 */
const void *free_irq(unsigned int irq, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *action;
	const void *ret;

	if (!desc || WARN_ON(irq_settings_is_per_cpu_devid(desc)))
		return NULL;
	action = __free_irq(desc, dev_id);
	if (!action)
		return NULL;
	ret = action->name;
	free(action);
	return ret;
}

/**
 * __request_percpu_irq - install a per-CPU handler on interrupt @irq
 * @irq: the interrupt number, set up with irq_set_percpu_devid()
 * @handler: the handler
 * @flags: IRQF_* (IRQF_TIMER at most)
 * @devname: the device's name
 * @percpu_dev_id: NR_CPUS cookies, one per CPU
 * @stride: the size of one
 *
 * The line is then enabled per CPU with enable_percpu_irq(). Return: 0
 * or -errno.
 */
int __request_percpu_irq(unsigned int irq, irq_handler_t handler,
			 unsigned long flags, const char *devname,
			 void *percpu_dev_id, size_t stride)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *action;
	int ret;

	if (!desc || !percpu_dev_id || !irq_settings_can_request(desc) ||
	    !irq_settings_is_per_cpu_devid(desc))
		return -EINVAL;
	if (flags && flags != IRQF_TIMER)
		return -EINVAL;
	action = calloc(1, sizeof(*action));
	if (!action)
		return -ENOMEM;
	action->handler = handler;
	action->flags = (unsigned int)flags | IRQF_PERCPU | IRQF_NO_SUSPEND;
	action->name = devname;
	action->percpu_dev_id = percpu_dev_id;
	action->percpu_stride = stride;
	cpumask_copy(&action->affinity, cpu_possible_mask);
	ret = __setup_irq(irq, desc, action);
	if (ret)
		free(action);
	return ret;
}

/* Remove the per-CPU action of @percpu_dev_id from @irq. */
void free_percpu_irq(unsigned int irq, void *percpu_dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *action = NULL, **p;
	unsigned long flags;

	if (!desc || !irq_settings_is_per_cpu_devid(desc))
		return;
	raw_spin_lock_irqsave(&desc->lock, flags);
	for (p = &desc->action; *p; p = &(*p)->next) {
		if ((*p)->percpu_dev_id == percpu_dev_id) {
			action = *p;
			__atomic_store_n(p, action->next, __ATOMIC_RELEASE);
			break;
		}
	}
	if (action &&
	    cpumask_intersects(&desc->percpu_enabled, cpu_online_mask))
		genirq6_pr("percpu IRQ %u still enabled\n", irq);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	free(action);
}

/* Enable per-CPU @irq on this CPU; @type: IRQ_TYPE_*, or NONE to keep. */
void enable_percpu_irq(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned int cpu = smp_processor_id();
	unsigned long flags;

	if (!desc)
		return;
	raw_spin_lock_irqsave(&desc->lock, flags);
	type &= IRQ_TYPE_SENSE_MASK;
	if (type == IRQ_TYPE_NONE)
		type = irqd_get_trigger_type(&desc->irq_data);
	if (type == IRQ_TYPE_NONE || !__irq_set_trigger(desc, type))
		irq_percpu_enable(desc, cpu);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
}

/* Disable per-CPU @irq on this CPU. */
void disable_percpu_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	raw_spin_lock_irqsave(&desc->lock, flags);
	irq_percpu_disable(desc, smp_processor_id());
	raw_spin_unlock_irqrestore(&desc->lock, flags);
}
