// SPDX-License-Identifier: GPL-2.0
/*
 * show_interrupts(): the /proc/interrupts table, as arch/i386/kernel/irq.c
 * of 2.6.18 prints it (counts per online CPU, chip name, flow name, then
 * the actions), and the flow handler names it uses.
 */
#include <genirq/flows.h>
#include "internals.h"

/**
 * irq_flow_name - the name show_interrupts() gives a flow handler
 * @handle: a flow handler (or its traced copy), or NULL for the __do_IRQ()
 *	baseline
 *
 * Return: its row's name in irq_flow_types (flows.c), "do_IRQ" for NULL,
 * "chained" for a handler the table does not hold.
 */
const char *irq_flow_name(irq_flow_handler_t handle)
{
	const struct irq_flow_type *t = irq_flow_type_of(handle);

	if (t)
		return t->name;
	return handle ? "chained" : "do_IRQ";
}

static bool irq_has_counts(unsigned int irq)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		if (kstat_irqs_cpu(irq, cpu))
			return true;
	return false;
}

void show_interrupts(FILE *f)
{
	cpumask_t online = cpu_online_mask_get();
	int cpu;

	fprintf(f, "           ");
	for_each_cpu_mask(cpu, online)
		fprintf(f, "CPU%-8d", cpu);
	fputc('\n', f);

	for (unsigned int irq = 0; irq < NR_IRQS; irq++) {
		struct irq_desc *desc = irq_desc + irq;
		struct irqaction *action;
		unsigned long flags;

		spin_lock_irqsave(&desc->lock, flags);
		action = desc->action;
		if (!action && !irq_has_counts(irq)) {
			spin_unlock_irqrestore(&desc->lock, flags);
			continue;
		}
		fprintf(f, "%3u: ", irq);
		for_each_cpu_mask(cpu, online)
			fprintf(f, "%10u ", kstat_irqs_cpu(irq, cpu));
		fprintf(f, " %8s", desc->chip->name ? desc->chip->name : "");
		fprintf(f, "-%-8s",
			desc->name ? desc->name :
				     irq_flow_name(desc->handle_irq));
		for (; action; action = action->next)
			fprintf(f, "%s%s", action == desc->action ? "  " : ", ",
				action->name ? action->name : "");
		fputc('\n', f);
		spin_unlock_irqrestore(&desc->lock, flags);
	}
	fprintf(f, "ERR: %10lu\n", irq_err_count_read());
}
