// SPDX-License-Identifier: GPL-2.0
/*
 * Setting up a line (chip, type, handler, settings), its startup,
 * shutdown, enable and disable with the masked-state bookkeeping that
 * elides redundant chip writes, and the hierarchy helpers that call a
 * parent level's chip. Follows kernel/irq/chip.c of the release named in
 * docs/core6.md; the flow handlers of that file are in flow.c and
 * flow_edge.c.
 */
#include "internals.h"

static irqreturn_t bad_chained_irq(int irq, void *dev_id)
{
	(void)dev_id;
	genirq6_pr("Chained irq %d should not call an action\n", irq);
	return IRQ_NONE;
}

/* The action of a chained line: a flow that calls it is a bug. */
struct irqaction chained_action = {
	.handler = bad_chained_irq,
};

/* The descriptor of @irq, locked; NULL for none. */
static struct irq_desc *desc_get_lock(unsigned int irq, unsigned long *flags)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (desc)
		raw_spin_lock_irqsave(&desc->lock, *flags);
	return desc;
}

static void desc_unlock(struct irq_desc *desc, unsigned long flags)
{
	raw_spin_unlock_irqrestore(&desc->lock, flags);
}

/**
 * irq_set_chip - set the chip of interrupt @irq
 * @irq: the interrupt number
 * @chip: the chip, or NULL for no_irq_chip
 *
 * Return: 0, or -EINVAL when @irq has no descriptor.
 */
int irq_set_chip(unsigned int irq, const struct irq_chip *chip)
{
	unsigned long flags;
	struct irq_desc *desc = desc_get_lock(irq, &flags);

	if (!desc)
		return -EINVAL;
	desc->irq_data.chip = (struct irq_chip *)(chip ? chip : &no_irq_chip);
	desc_unlock(desc, flags);
	return 0;
}

/**
 * irq_set_irq_type - set the trigger type of interrupt @irq
 * @irq: the interrupt number
 * @type: IRQ_TYPE_*
 *
 * Return: 0, -EINVAL without a descriptor, or the chip's error.
 */
int irq_set_irq_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;
	int ret;

	if (!desc)
		return -EINVAL;
	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	ret = __irq_set_trigger(desc, type);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
	return ret;
}

/* Return: 0, or -EINVAL when @irq has no descriptor. */
int irq_set_handler_data(unsigned int irq, void *data)
{
	unsigned long flags;
	struct irq_desc *desc = desc_get_lock(irq, &flags);

	if (!desc)
		return -EINVAL;
	desc->irq_common_data.handler_data = data;
	desc_unlock(desc, flags);
	return 0;
}

/* Return: 0, or -EINVAL when @irq has no descriptor. */
int irq_set_chip_data(unsigned int irq, void *data)
{
	unsigned long flags;
	struct irq_desc *desc = desc_get_lock(irq, &flags);

	if (!desc)
		return -EINVAL;
	desc->irq_data.chip_data = data;
	desc_unlock(desc, flags);
	return 0;
}

/* Return: the top-level irq_data of @irq, or NULL. */
struct irq_data *irq_get_irq_data(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc ? &desc->irq_data : NULL;
}

static void irq_state_clr_disabled(struct irq_desc *desc)
{
	irqd_clear(&desc->irq_data, IRQD_IRQ_DISABLED);
}

static void irq_state_clr_masked(struct irq_desc *desc)
{
	irqd_clear(&desc->irq_data, IRQD_IRQ_MASKED);
}

enum {
	IRQ_STARTUP_NORMAL,
	IRQ_STARTUP_MANAGED,
	IRQ_STARTUP_ABORT,
};

/*
 * A managed interrupt starts only while a CPU of its affinity is online;
 * otherwise it stays shut down, with depth 1, until cpuhotplug.c brings
 * one up. It is activated here, not at request time.
 */
static int __irq_startup_managed(struct irq_desc *desc,
				 const struct cpumask *aff, bool force)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);

	if (!irqd_affinity_is_managed(d))
		return IRQ_STARTUP_NORMAL;
	irqd_clr_managed_shutdown(d);
	if (!cpumask_intersects(aff, cpu_online_mask)) {
		/* enable_irq() on a managed line that is shut down */
		WARN_ON_ONCE(force);
		return IRQ_STARTUP_ABORT;
	}
	if (WARN_ON(irq_domain_activate_irq(d, false)))
		return IRQ_STARTUP_ABORT;
	return IRQ_STARTUP_MANAGED;
}

/**
 * irq_startup_managed - start a managed line again after CPU hotplug
 * @desc: the descriptor, locked
 *
 * Undoes the depth that the shutdown on hot-unplug added, and starts the
 * line only when that was the last: a line disabled before the CPU went
 * down stays disabled when it comes back.
 */
void irq_startup_managed(struct irq_desc *desc)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);

	irqd_clr_managed_shutdown(d);
	desc->depth--;
	if (!desc->depth)
		irq_startup(desc, IRQ_RESEND, IRQ_START_COND);
}

static void irq_enable(struct irq_desc *desc)
{
	if (!irqd_irq_disabled(&desc->irq_data)) {
		unmask_irq(desc);
	} else {
		irq_state_clr_disabled(desc);
		if (desc->irq_data.chip->irq_enable) {
			desc->irq_data.chip->irq_enable(&desc->irq_data);
			irq_state_clr_masked(desc);
		} else {
			unmask_irq(desc);
		}
	}
}

static int __irq_startup(struct irq_desc *desc)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);
	int ret = 0;

	WARN_ON_ONCE(!irqd_is_activated(d));
	if (d->chip->irq_startup) {
		ret = (int)d->chip->irq_startup(d);
		irq_state_clr_disabled(desc);
		irq_state_clr_masked(desc);
	} else {
		irq_enable(desc);
	}
	irqd_set(d, IRQD_IRQ_STARTED);
	return ret;
}

/**
 * irq_startup - start interrupt @desc, or enable it when started
 * @desc: the descriptor, locked
 * @resend: resend an interrupt that came while it was off
 * @force: the caller insists (enable_irq()); a managed line without an
 *	online CPU is still not started, with a warning
 *
 * Return: the chip's ->irq_startup() result, or 0.
 */
int irq_startup(struct irq_desc *desc, bool resend, bool force)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);
	const struct cpumask *aff = irq_data_get_affinity_mask(d);
	int ret = 0;

	desc->depth = 0;
	if (irqd_is_started(d)) {
		irq_enable(desc);
	} else {
		switch (__irq_startup_managed(desc, aff, force)) {
		case IRQ_STARTUP_NORMAL:
			if (d->chip->flags & IRQCHIP_AFFINITY_PRE_STARTUP)
				irq_setup_affinity(desc);
			ret = __irq_startup(desc);
			if (!(d->chip->flags & IRQCHIP_AFFINITY_PRE_STARTUP))
				irq_setup_affinity(desc);
			break;
		case IRQ_STARTUP_MANAGED:
			irq_do_set_affinity(d, aff, false);
			ret = __irq_startup(desc);
			break;
		case IRQ_STARTUP_ABORT:
			desc->depth = 1;
			irqd_set_managed_shutdown(d);
			return 0;
		}
	}
	if (resend)
		check_irq_resend(desc, false);
	return ret;
}

/* Activate a line at request time, unless managed (at startup, then). */
int irq_activate(struct irq_desc *desc)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);

	if (!irqd_affinity_is_managed(d))
		return irq_domain_activate_irq(d, false);
	return 0;
}

int irq_activate_and_startup(struct irq_desc *desc, bool resend)
{
	if (WARN_ON(irq_activate(desc)))
		return 0;
	return irq_startup(desc, resend, IRQ_START_FORCE);
}

static void __irq_disable(struct irq_desc *desc, bool mask);

/**
 * irq_shutdown - shut a started line down
 * @desc: the descriptor, locked
 *
 * Adds one to the disable depth, so that a managed shutdown on CPU
 * hot-unplug keeps a disable_irq() of the driver across it.
 */
void irq_shutdown(struct irq_desc *desc)
{
	if (irqd_is_started(&desc->irq_data)) {
		clear_irq_resend(desc);
		desc->depth++;
		if (desc->irq_data.chip->irq_shutdown) {
			desc->irq_data.chip->irq_shutdown(&desc->irq_data);
			irq_state_set_disabled(desc);
			irq_state_set_masked(desc);
		} else {
			__irq_disable(desc, true);
		}
		irqd_clear(&desc->irq_data, IRQD_IRQ_STARTED);
	}
}

/* Shut down and deactivate: also a line that never started was active. */
void irq_shutdown_and_deactivate(struct irq_desc *desc)
{
	irq_shutdown(desc);
	irq_domain_deactivate_irq(&desc->irq_data);
}

static void __irq_disable(struct irq_desc *desc, bool mask)
{
	if (irqd_irq_disabled(&desc->irq_data)) {
		if (mask)
			mask_irq(desc);
	} else {
		irq_state_set_disabled(desc);
		if (desc->irq_data.chip->irq_disable) {
			desc->irq_data.chip->irq_disable(&desc->irq_data);
			irq_state_set_masked(desc);
		} else if (mask) {
			mask_irq(desc);
		}
	}
}

/**
 * irq_disable - mark interrupt @desc disabled
 * @desc: the descriptor, locked
 *
 * Lazy unless the chip has ->irq_disable or the line is
 * IRQ_DISABLE_UNLAZY: only the state changes, and the line stays
 * unmasked in hardware until an interrupt actually comes, when the flow
 * masks it and marks it pending. Most disabled lines never fire, and
 * their chip write is saved.
 */
void irq_disable(struct irq_desc *desc)
{
	__irq_disable(desc, irq_settings_disable_unlazy(desc));
}

void irq_percpu_enable(struct irq_desc *desc, unsigned int cpu)
{
	if (desc->irq_data.chip->irq_enable)
		desc->irq_data.chip->irq_enable(&desc->irq_data);
	else
		desc->irq_data.chip->irq_unmask(&desc->irq_data);
	cpumask_set_cpu(cpu, &desc->percpu_enabled);
}

void irq_percpu_disable(struct irq_desc *desc, unsigned int cpu)
{
	if (desc->irq_data.chip->irq_disable)
		desc->irq_data.chip->irq_disable(&desc->irq_data);
	else
		desc->irq_data.chip->irq_mask(&desc->irq_data);
	cpumask_clear_cpu(cpu, &desc->percpu_enabled);
}

/* Mask unless IRQD_IRQ_MASKED says it is: the elided chip write. */
void mask_irq(struct irq_desc *desc)
{
	if (irqd_irq_masked(&desc->irq_data))
		return;
	if (desc->irq_data.chip->irq_mask) {
		desc->irq_data.chip->irq_mask(&desc->irq_data);
		irq_state_set_masked(desc);
	}
}

/* Unmask unless it is not masked. */
void unmask_irq(struct irq_desc *desc)
{
	if (!irqd_irq_masked(&desc->irq_data))
		return;
	if (desc->irq_data.chip->irq_unmask) {
		desc->irq_data.chip->irq_unmask(&desc->irq_data);
		irq_state_clr_masked(desc);
	}
}

/* The oneshot thread's end: its EOI first on an EOI_THREADED chip. */
void unmask_threaded_irq(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (chip->flags & IRQCHIP_EOI_THREADED)
		chip->irq_eoi(&desc->irq_data);
	unmask_irq(desc);
}

static void __irq_do_set_handler(struct irq_desc *desc,
				 irq_flow_handler_t handle, int is_chained,
				 const char *name)
{
	if (!handle) {
		handle = handle_bad_irq;
	} else {
		struct irq_data *irq_data = &desc->irq_data;

		/* The outermost chip may not be set yet; an inner one is. */
		while (irq_data) {
			if (irq_data->chip != &no_irq_chip)
				break;
			if (WARN_ON(is_chained))
				return;
			irq_data = irq_data->parent_data;
		}
		if (WARN_ON(!irq_data || irq_data->chip == &no_irq_chip))
			return;
	}
	if (handle == handle_bad_irq) {
		if (desc->irq_data.chip != &no_irq_chip)
			mask_ack_irq(desc);
		irq_state_set_disabled(desc);
		if (is_chained)
			__atomic_store_n(&desc->action, NULL, __ATOMIC_RELEASE);
		desc->depth = 1;
	}
	desc->handle_irq = handle;
	desc->name = name;
	if (handle != handle_bad_irq && is_chained) {
		unsigned int type = irqd_get_trigger_type(&desc->irq_data);

		/* ->irq_set_type may have changed the handler: set it back */
		if (type != IRQ_TYPE_NONE) {
			__irq_set_trigger(desc, type);
			desc->handle_irq = handle;
		}
		irq_settings_set_noprobe(desc);
		irq_settings_set_norequest(desc);
		irq_settings_set_nothread(desc);
		__atomic_store_n(&desc->action, &chained_action,
				 __ATOMIC_RELEASE);
		irq_activate_and_startup(desc, IRQ_RESEND);
	}
}

/**
 * __irq_set_handler - set the flow handler of interrupt @irq
 * @irq: the interrupt number
 * @handle: the flow handler; NULL uninstalls (handle_bad_irq)
 * @is_chained: a cascade: the line starts now and cannot be requested
 * @name: the flow's name, for /proc/interrupts
 */
void __irq_set_handler(unsigned int irq, irq_flow_handler_t handle,
		       int is_chained, const char *name)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	__irq_do_set_handler(desc, handle, is_chained, name);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
}

void irq_set_chained_handler_and_data(unsigned int irq,
				      irq_flow_handler_t handle, void *data)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	desc->irq_common_data.handler_data = data;
	__irq_do_set_handler(desc, handle, 1, NULL);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
}

void irq_set_chip_and_handler_name(unsigned int irq,
				   const struct irq_chip *chip,
				   irq_flow_handler_t handle, const char *name)
{
	irq_set_chip(irq, chip);
	__irq_set_handler(irq, handle, 0, name);
}

/**
 * irq_modify_status - change the settings of interrupt @irq
 * @irq: the interrupt number
 * @clr: IRQ_* settings to clear
 * @set: IRQ_* settings to set (IRQF_MODIFY_MASK bounds both)
 *
 * The IRQD_* state that mirrors them follows.
 */
void irq_modify_status(unsigned int irq, unsigned long clr, unsigned long set)
{
	unsigned long flags, trigger, tmp;
	struct irq_desc *desc = desc_get_lock(irq, &flags);

	if (!desc)
		return;
	WARN_ON_ONCE(!desc->depth && (set & _IRQ_NOAUTOEN));
	irq_settings_clr_and_set(desc, (unsigned int)clr, (unsigned int)set);
	trigger = irqd_get_trigger_type(&desc->irq_data);
	irqd_clear(&desc->irq_data, IRQD_NO_BALANCING | IRQD_PER_CPU |
					    IRQD_TRIGGER_MASK | IRQD_LEVEL);
	if (irq_settings_has_no_balance_set(desc))
		irqd_set(&desc->irq_data, IRQD_NO_BALANCING);
	if (irq_settings_is_per_cpu(desc))
		irqd_set(&desc->irq_data, IRQD_PER_CPU);
	if (irq_settings_is_level(desc))
		irqd_set(&desc->irq_data, IRQD_LEVEL);
	tmp = irq_settings_get_trigger_mask(desc);
	if (tmp != IRQ_TYPE_NONE)
		trigger = tmp;
	irqd_set(&desc->irq_data, (unsigned int)trigger);
	desc_unlock(desc, flags);
}

/* The hierarchy helpers: do it on the parent level's chip. */
void irq_chip_enable_parent(struct irq_data *data)
{
	data = data->parent_data;
	if (data->chip->irq_enable)
		data->chip->irq_enable(data);
	else
		data->chip->irq_unmask(data);
}

void irq_chip_disable_parent(struct irq_data *data)
{
	data = data->parent_data;
	if (data->chip->irq_disable)
		data->chip->irq_disable(data);
	else
		data->chip->irq_mask(data);
}

void irq_chip_ack_parent(struct irq_data *data)
{
	data = data->parent_data;
	data->chip->irq_ack(data);
}

void irq_chip_mask_parent(struct irq_data *data)
{
	data = data->parent_data;
	data->chip->irq_mask(data);
}

void irq_chip_mask_ack_parent(struct irq_data *data)
{
	data = data->parent_data;
	data->chip->irq_mask_ack(data);
}

void irq_chip_unmask_parent(struct irq_data *data)
{
	data = data->parent_data;
	data->chip->irq_unmask(data);
}

void irq_chip_eoi_parent(struct irq_data *data)
{
	data = data->parent_data;
	data->chip->irq_eoi(data);
}

int irq_chip_set_affinity_parent(struct irq_data *data,
				 const struct cpumask *dest, bool force)
{
	data = data->parent_data;
	if (data->chip->irq_set_affinity)
		return data->chip->irq_set_affinity(data, dest, force);
	return -ENOSYS;
}

int irq_chip_set_type_parent(struct irq_data *data, unsigned int type)
{
	data = data->parent_data;
	if (data->chip->irq_set_type)
		return data->chip->irq_set_type(data, type);
	return -ENOSYS;
}

/* The first level with ->irq_retrigger does it. Return: its result, or 0. */
int irq_chip_retrigger_hierarchy(struct irq_data *data)
{
	for (data = data->parent_data; data; data = data->parent_data)
		if (data->chip && data->chip->irq_retrigger)
			return data->chip->irq_retrigger(data);
	return 0;
}
