// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated CPU's vector entry: do_IRQ() with irq_enter()/irq_exit().
 * Stands where arch/i386/kernel/irq.c's do_IRQ() and kernel/softirq.c's
 * irq_enter()/irq_exit() stand in 2.6.18. Apart from the rest of the
 * simulated CPU (cpu.c) because it is the dispatch path, which is built
 * twice (dispatch.h).
 */
#include "dispatch.h"

static inline void irq_enter(void)
{
	__irq_this_cpu.hardirq++;
}

/*
 * Leaving the outermost interrupt runs the software resend queue, where
 * the kernel's irq_exit() would run the resend tasklet's softirq, then
 * wakes the irq threads the handlers woke (where the kernel would switch
 * to them on the way out).
 */
static inline void irq_exit(void)
{
	if (--__irq_this_cpu.hardirq == 0) {
		if (unlikely(irq_resend_pending()))
			irq_resend_flush();
		if (unlikely(__irq_this_cpu.threads_deferred))
			irq_threads_wake_deferred();
	}
}

/*
 * The entry's fixed cost, where the hardware and the arch's entry stub
 * pay it: before irq_enter(), interrupts off. Not a genirq step (2.6.18
 * has no such call); the arch glue's, so the flows stay the kernel's.
 */
static inline void irq_entry_pay(void)
{
	genirq_cost_pay(&irq_entry_cost);
}

/**
 * irq_vector_entry - do_IRQ()'s body: the simulated CPU takes vector @irq
 * @irq: interrupt number
 *
 * Interrupts off as the hardware turns them off on a vector (they may be
 * off already: a vector taken from the pending set), irq_enter(), the
 * line's flow handler, irq_exit(), interrupts restored. do_IRQ() and the
 * pending set call it through irq_vector_entry_copy, which is this copy
 * or the traced one, whose entry and exit events frame the flow's.
 */
void irq_vector_entry(unsigned int irq)
{
	unsigned int cpu = smp_processor_id();
	unsigned long flags;

	if (unlikely(irq >= NR_IRQS)) {
		printk(EMERG, "do_IRQ: cannot handle IRQ %u\n", irq);
		irq_err_count_inc();
		return;
	}
	local_irq_save(flags);
	irq_entry_pay();
	irq_enter();
	irqlab_trace_entry(cpu, irq);
	generic_handle_irq(irq);
	irqlab_trace_exit(cpu, irq);
	irq_exit();
	local_irq_restore(flags);
}
