// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's API: trigger type, disable and enable with depth,
 * synchronisation, affinity, and request and free of actions. The irq
 * threads are in thread.c. Follows kernel/irq/manage.c of the release
 * named in docs/core6.md.
 */
#include <stdlib.h>
#include "internals.h"

struct cpumask irq_default_affinity = CPU_MASK_ALL;

/**
 * __irq_set_trigger - program the trigger type
 * @desc: the descriptor, locked
 * @flags: IRQ_TYPE_* (other bits ignored)
 *
 * Return: 0, or the chip's error.
 */
int __irq_set_trigger(struct irq_desc *desc, unsigned long flags)
{
	struct irq_chip *chip = desc->irq_data.chip;
	int ret, unmask = 0;

	if (!chip || !chip->irq_set_type)
		return 0;
	flags &= IRQ_TYPE_SENSE_MASK;
	if (chip->flags & IRQCHIP_SET_TYPE_MASKED) {
		if (!irqd_irq_masked(&desc->irq_data))
			mask_irq(desc);
		if (!irqd_irq_disabled(&desc->irq_data))
			unmask = 1;
	}
	ret = chip->irq_set_type(&desc->irq_data, (unsigned int)flags);
	switch (ret) {
	case IRQ_SET_MASK_OK:
	case IRQ_SET_MASK_OK_DONE:
		irqd_clear(&desc->irq_data, IRQD_TRIGGER_MASK);
		irqd_set(&desc->irq_data, (unsigned int)flags);
		/* fall through */
	case IRQ_SET_MASK_OK_NOCOPY:
		flags = irqd_get_trigger_type(&desc->irq_data);
		irq_settings_set_trigger_mask(desc, (unsigned int)flags);
		irqd_clear(&desc->irq_data, IRQD_LEVEL);
		irq_settings_clr_level(desc);
		if (flags & IRQ_TYPE_LEVEL_MASK) {
			irq_settings_set_level(desc);
			irqd_set(&desc->irq_data, IRQD_LEVEL);
		}
		ret = 0;
		break;
	default:
		genirq6_pr("setting trigger mode %lu for irq %u failed\n",
			   flags, irq_desc_get_irq(desc));
	}
	if (unmask)
		unmask_irq(desc);
	return ret;
}

/* One disable more; the first disables the line (lazily). */
void __disable_irq(struct irq_desc *desc)
{
	if (!desc->depth++)
		irq_disable(desc);
}

/*
 * One disable less; the last starts the line, through irq_startup(): it
 * may be NOAUTOEN and never started, or managed and shut down.
 */
void __enable_irq(struct irq_desc *desc)
{
	switch (desc->depth) {
	case 0:
err_out:
		genirq6_pr("Unbalanced enable for IRQ %u\n",
			   irq_desc_get_irq(desc));
		break;
	case 1:
		if (istate_read(desc) & IRQS_SUSPENDED)
			goto err_out;
		irq_settings_set_noprobe(desc);
		irq_startup(desc, IRQ_RESEND, IRQ_START_FORCE);
		break;
	default:
		desc->depth--;
	}
}

static bool __disable_irq_nosync(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return false;
	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	__disable_irq(desc);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
	return true;
}

/* Disable @irq; do not wait for a handler in progress. */
void disable_irq_nosync(unsigned int irq)
{
	__disable_irq_nosync(irq);
}

/* Disable @irq and wait for its handlers, threads included. */
void disable_irq(unsigned int irq)
{
	if (__disable_irq_nosync(irq))
		synchronize_irq(irq);
}

/* Disable @irq and wait for its hard handler. Return: threads run. */
bool disable_hardirq(unsigned int irq)
{
	if (__disable_irq_nosync(irq))
		return synchronize_hardirq(irq);
	return false;
}

/* Undo one disable_irq() of @irq. */
void enable_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	chip_bus_lock(desc);
	raw_spin_lock_irqsave(&desc->lock, flags);
	if (!WARN_ON(!desc->irq_data.chip))
		__enable_irq(desc);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	chip_bus_sync_unlock(desc);
}

/* Spin until no CPU runs the hard handler; recheck under the lock. */
static void __synchronize_hardirq(struct irq_desc *desc)
{
	bool inprogress;

	do {
		unsigned long flags;

		while (irqd_irq_inprogress(&desc->irq_data))
			cpu_relax();
		raw_spin_lock_irqsave(&desc->lock, flags);
		inprogress = irqd_irq_inprogress(&desc->irq_data);
		raw_spin_unlock_irqrestore(&desc->lock, flags);
	} while (inprogress);
}

/* Return: whether threads of @irq are still active. */
bool synchronize_hardirq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return false;
	__synchronize_hardirq(desc);
	return __atomic_load_n(&desc->threads_active, __ATOMIC_SEQ_CST) != 0;
}

static void __synchronize_irq(struct irq_desc *desc)
{
	int active;

	__synchronize_hardirq(desc);
	while ((active = __atomic_load_n(&desc->threads_active,
					 __ATOMIC_SEQ_CST)) != 0)
		genirq6_futex_wait(&desc->threads_active, active);
}

/* Wait for the hard handler and the threads of @irq to finish. */
void synchronize_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (desc)
		__synchronize_irq(desc);
}

/**
 * irq_do_set_affinity - program @mask into the chip
 * @data: the irq_data
 * @mask: the CPUs (only the online ones are handed to the chip)
 * @force: even to an offline CPU
 *
 * Return: 0, or the chip's error.
 */
int irq_do_set_affinity(struct irq_data *data, const struct cpumask *mask,
			bool force)
{
	struct irq_desc *desc = irq_data_to_desc(data);
	struct irq_chip *chip = data->chip;
	struct cpumask tmp;
	int ret;

	if (!chip || !chip->irq_set_affinity)
		return -EINVAL;
	if (!force && !cpumask_and(&tmp, mask, cpu_online_mask))
		return -EINVAL;
	ret = chip->irq_set_affinity(data, force ? mask : &tmp, force);
	switch (ret) {
	case IRQ_SET_MASK_OK:
	case IRQ_SET_MASK_OK_DONE:
		cpumask_copy(&desc->irq_common_data.affinity, mask);
		/* fall through */
	case IRQ_SET_MASK_OK_NOCOPY:
		ret = 0;
	}
	return ret;
}

int irq_set_affinity_locked(struct irq_data *data, const struct cpumask *mask,
			    bool force)
{
	struct irq_chip *chip = data->chip;
	int ret;

	if (!chip || !chip->irq_set_affinity)
		return -EINVAL;
	/* not activated yet, on a chip that programs it at activation */
	if (!irqd_is_activated(data) && irqd_affinity_on_activate(data)) {
		cpumask_copy(&data->common->affinity, mask);
		irq_data_update_effective_affinity(data, mask);
		return 0;
	}
	ret = irq_do_set_affinity(data, mask, force);
	irqd_set(data, IRQD_AFFINITY_SET);
	return ret;
}

static int __irq_set_affinity(unsigned int irq, const struct cpumask *mask,
			      bool force)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;
	int ret;

	if (!desc)
		return -EINVAL;
	raw_spin_lock_irqsave(&desc->lock, flags);
	ret = irq_set_affinity_locked(irq_desc_get_irq_data(desc), mask, force);
	raw_spin_unlock_irqrestore(&desc->lock, flags);
	return ret;
}

/* Return: 0, or -EINVAL for no descriptor, no ->irq_set_affinity or no
 * online CPU in @cpumask. */
int irq_set_affinity(unsigned int irq, const struct cpumask *cpumask)
{
	return __irq_set_affinity(irq, cpumask, false);
}

int irq_force_affinity(unsigned int irq, const struct cpumask *cpumask)
{
	return __irq_set_affinity(irq, cpumask, true);
}

/* The affinity a line starts with: its own if set, else the default. */
int irq_setup_affinity(struct irq_desc *desc)
{
	struct irq_data *d = &desc->irq_data;
	const struct cpumask *set = &irq_default_affinity;
	struct cpumask mask;

	if (!d->chip || !d->chip->irq_set_affinity || irqd_is_per_cpu(d) ||
	    irqd_has_set(d, IRQD_NO_BALANCING))
		return 0;
	if (irqd_affinity_is_managed(d) || irqd_affinity_was_set(d))
		set = &desc->irq_common_data.affinity;
	cpumask_and(&mask, cpu_online_mask, set);
	if (cpumask_empty(&mask))
		cpumask_copy(&mask, cpu_online_mask);
	return irq_do_set_affinity(d, &mask, false);
}

/* Return: 0, -EINVAL, or the chip's error; the first level that has it. */
int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which,
			  bool *state)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_data *data;

	if (!desc)
		return -EINVAL;
	for (data = &desc->irq_data; data; data = data->parent_data)
		if (data->chip && data->chip->irq_get_irqchip_state)
			return data->chip->irq_get_irqchip_state(
				data, (int)which, state);
	return -EINVAL;
}

int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which,
			  bool val)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_data *data;

	if (!desc)
		return -EINVAL;
	for (data = &desc->irq_data; data; data = data->parent_data)
		if (data->chip && data->chip->irq_set_irqchip_state)
			return data->chip->irq_set_irqchip_state(
				data, (int)which, val);
	return -EINVAL;
}
