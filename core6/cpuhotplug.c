// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated CPU hotplug for genirq6: the online mask, remove_cpu() and
 * add_cpu() of kernel/cpu.c, and what they do to interrupts, as
 * kernel/irq/cpuhotplug.c: a CPU going down moves its interrupts to the
 * CPUs left, and shuts down a managed interrupt whose affinity has none
 * (keeping its disable depth); a CPU coming up starts such interrupts
 * again. Only the masks change: no thread stops (docs/core6.md).
 */
#include "internals.h"
#include <linux/cpu.h>

unsigned int nr_cpu_ids = GENIRQ6_NR_CPUS;
#define ALL_CPUS                                     \
	{                                            \
		{                                    \
			(1UL << GENIRQ6_NR_CPUS) - 1 \
		}                                    \
	}
struct cpumask __cpu_possible_mask = ALL_CPUS;
struct cpumask __cpu_online_mask = ALL_CPUS;
struct cpumask genirq6_cpu_bit_masks[NR_CPUS];
/* one at a time, as the kernel's cpu_hotplug_lock */
static pthread_mutex_t hotplug_lock = PTHREAD_MUTEX_INITIALIZER;
static char cpu_devices[GENIRQ6_NR_CPUS];

_Static_assert(GENIRQ6_NR_CPUS < BITS_PER_LONG, "one word of CPUs");

__attribute__((constructor)) static void cpu_bit_masks_init(void)
{
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		cpumask_set_cpu(cpu, &genirq6_cpu_bit_masks[cpu]);
}

bool cpu_online(unsigned int cpu)
{
	return cpumask_test_cpu(cpu, cpu_online_mask);
}

bool cpu_is_hotpluggable(unsigned int cpu)
{
	return cpu > 0 && cpu < nr_cpu_ids;
}

struct device *get_cpu_device(unsigned int cpu)
{
	return cpu < nr_cpu_ids ? (struct device *)&cpu_devices[cpu] : NULL;
}

/* Whether @d is delivered to @cpu (its effective affinity, else its own). */
static bool irq_needs_fixup(struct irq_data *d, unsigned int cpu)
{
	const struct cpumask *m = irq_data_get_effective_affinity_mask(d);

	if (cpumask_empty(m))
		m = irq_data_get_affinity_mask(d);
	return cpumask_test_cpu(cpu, m);
}

/* Move @desc off @cpu, which is already out of the online mask. */
static void migrate_one_irq(struct irq_desc *desc, unsigned int cpu)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);
	struct irq_chip *chip = irq_data_get_irq_chip(d);
	const struct cpumask *affinity;

	if (!chip || !chip->irq_set_affinity)
		return;
	if (irqd_is_per_cpu(d) || !irqd_is_started(d) ||
	    !irq_needs_fixup(d, cpu))
		return;
	affinity = irq_data_get_affinity_mask(d);
	if (cpumask_any_and(affinity, cpu_online_mask) >= nr_cpu_ids) {
		/* a managed interrupt is shut down, its affinity kept */
		if (irqd_affinity_is_managed(d)) {
			irqd_set_managed_shutdown(d);
			irq_shutdown_and_deactivate(desc);
			return;
		}
		affinity = cpu_online_mask;
	}
	if (irq_do_set_affinity(d, affinity, false))
		genirq6_pr("IRQ%u: set affinity failed\n", d->irq);
}

/* Start a managed interrupt of @cpu's again, or restore its affinity. */
static void irq_restore_affinity_of_irq(struct irq_desc *desc, unsigned int cpu)
{
	struct irq_data *data = irq_desc_get_irq_data(desc);
	const struct cpumask *affinity = irq_data_get_affinity_mask(data);

	if (!irqd_affinity_is_managed(data) || !desc->action ||
	    !irq_data_get_irq_chip(data) || !cpumask_test_cpu(cpu, affinity))
		return;
	if (irqd_is_managed_and_shutdown(data)) {
		irq_startup_managed(desc);
		return;
	}
	if (!irqd_is_single_target(data))
		irq_set_affinity_locked(data, affinity, false);
}

static void for_each_active_desc(void (*fn)(struct irq_desc *, unsigned int),
				 unsigned int cpu)
{
	for (unsigned int irq = irq_get_next_irq(0); irq < nr_irqs;
	     irq = irq_get_next_irq(irq + 1)) {
		struct irq_desc *desc = irq_to_desc(irq);
		unsigned long flags;

		if (!desc)
			continue;
		chip_bus_lock(desc);
		raw_spin_lock_irqsave(&desc->lock, flags);
		fn(desc, cpu);
		raw_spin_unlock_irqrestore(&desc->lock, flags);
		chip_bus_sync_unlock(desc);
	}
}

int remove_cpu(unsigned int cpu)
{
	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	if (!cpu_is_hotpluggable(cpu))
		return -EBUSY;
	pthread_mutex_lock(&hotplug_lock);
	if (cpu_online(cpu)) {
		cpumask_clear_cpu(cpu, &__cpu_online_mask);
		for_each_active_desc(migrate_one_irq, cpu);
	}
	pthread_mutex_unlock(&hotplug_lock);
	return 0;
}

int add_cpu(unsigned int cpu)
{
	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	pthread_mutex_lock(&hotplug_lock);
	if (!cpu_online(cpu)) {
		cpumask_set_cpu(cpu, &__cpu_online_mask);
		for_each_active_desc(irq_restore_affinity_of_irq, cpu);
	}
	pthread_mutex_unlock(&hotplug_lock);
	return 0;
}

/* Every CPU online again (genirq6_reset()). */
void genirq6_cpus_reset(void)
{
	cpumask_copy(&__cpu_online_mask, cpu_possible_mask);
}
