// SPDX-License-Identifier: GPL-2.0
/*
 * The descriptor table, the kstat counters, the dummy chips and
 * genirq_reset(). In 2.6.18 these are in kernel/irq/handle.c; they are
 * apart here, as 2.6.36 split them into kernel/irq/irqdesc.c, because
 * handle.c holds the dispatch path, which is built twice (dispatch.h).
 */
#include <stdlib.h>
#include "internals.h"

struct irq_desc irq_desc[NR_IRQS];
unsigned int kstat_irqs_table[NR_CPUS][NR_IRQS];

/* Generic no controller code */
static void noop(unsigned int irq)
{
	(void)irq;
}

static unsigned int noop_ret(unsigned int irq)
{
	(void)irq;
	return 0;
}

static void ack_bad(unsigned int irq)
{
	print_irq_desc(irq, irq_desc + irq);
	ack_bad_irq(irq);
}

/* Generic no controller implementation */
/* clang-format off */
struct irq_chip no_irq_chip = {
	.name		= "none",
	.startup	= noop_ret,
	.shutdown	= noop,
	.enable		= noop,
	.disable	= noop,
	.ack		= ack_bad,
	.end		= noop,
};

/* Generic dummy implementation which can be used for real dumb
 * interrupt sources */
struct irq_chip dummy_irq_chip = {
	.name		= "dummy",
	.startup	= noop_ret,
	.shutdown	= noop,
	.enable		= noop,
	.disable	= noop,
	.ack		= noop,
	.mask		= noop,
	.unmask		= noop,
	.end		= noop,
};
/* clang-format on */

irqreturn_t no_action(int cpl, void *dev_id)
{
	(void)cpl;
	(void)dev_id;
	return IRQ_NONE;
}

unsigned int kstat_irqs_cpu(unsigned int irq, int cpu)
{
	if (irq >= NR_IRQS || cpu < 0 || cpu >= NR_CPUS)
		return 0;
	return __atomic_load_n(&kstat_irqs_table[cpu][irq], __ATOMIC_RELAXED);
}

unsigned int kstat_irqs(unsigned int irq)
{
	unsigned int sum = 0;

	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		sum += kstat_irqs_cpu(irq, cpu);
	return sum;
}

/* Stop every action's thread; free the actions request_irq() made. */
static void free_allocated_actions(struct irq_desc *desc)
{
	struct irqaction *action = desc->action, *next;

	for (; action; action = next) {
		next = action->next;
		irq_thread_stop(action);
		if (action->flags & __SA_ALLOCATED)
			free(action);
	}
}

void genirq_reset(void)
{
	for (unsigned int irq = 0; irq < NR_IRQS; irq++) {
		struct irq_desc *desc = irq_desc + irq;

		free_allocated_actions(desc);
		*desc = (struct irq_desc){
			.status = IRQ_DISABLED,
			.chip = &no_irq_chip,
			/* with tracepoints if genirq_set_tracing() */
			.handle_irq = irq_flow_copy(handle_bad_irq),
			.depth = 1,
			.lock = SPIN_LOCK_UNLOCKED,
			.affinity = CPU_MASK_ALL,
		};
	}
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		for (unsigned int irq = 0; irq < NR_IRQS; irq++)
			__atomic_store_n(&kstat_irqs_table[cpu][irq], 0,
					 __ATOMIC_RELAXED);
	no_irq_affinity = 0;
	irq_resend_reset();
	thread_reset();
	spurious_reset();
	migration_reset();
	printk_reset();
	cpu_reset();
	arch_reset();
	random_reset();
}

/*
 * The kernel's table is statically initialised; ours is set up by the same
 * code genirq_reset() runs, before main().
 */
__attribute__((constructor)) static void genirq_init(void)
{
	genirq_reset();
}
