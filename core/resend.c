// SPDX-License-Identifier: GPL-2.0
/*
 * Resending of edge interrupts that arrived while their line was disabled.
 * Follows kernel/irq/resend.c of 2.6.18; CONFIG_HARDIRQS_SW_RESEND is the
 * architecture's (arch.c: ARM and generic have it, i386 not). The
 * kernel's resend tasklet is the software queue here, run by the simulated
 * CPU when it leaves its outermost interrupt, by irq_resend_flush(), and,
 * when it was queued from process context (enable_irq() in a driver's
 * thread), by the simulated CPU's idle loop, which the queueing wakes: a
 * tasklet scheduled outside an interrupt wakes ksoftirqd.
 */
#include "internals.h"

/* Bitmap of interrupts to be resent, lowest number replayed first. */
static unsigned long irqs_resend[BITS_TO_LONGS(NR_IRQS)];

/*
 * Set after a bit is queued, cleared by a flush before it scans: what
 * every irq_exit() reads, one word, as the kernel's irq_exit() reads the
 * softirq-pending word before running the resend tasklet.
 */
int irq_resend_scheduled;

void irq_resend_queue(unsigned int irq)
{
	__atomic_fetch_or(&irqs_resend[irq / BITS_PER_LONG],
			  1UL << (irq % BITS_PER_LONG), __ATOMIC_RELEASE);
	/* seq_cst: ordered before irq_cpu_kick()'s load of ->sleeping. */
	__atomic_store_n(&irq_resend_scheduled, 1, __ATOMIC_SEQ_CST);
	if (!in_irq())
		irq_cpu_kick(smp_processor_id());
}

void irq_resend_reset(void)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++)
		__atomic_store_n(&irqs_resend[i], 0, __ATOMIC_RELAXED);
	__atomic_store_n(&irq_resend_scheduled, 0, __ATOMIC_RELAXED);
}

/* Take the lowest queued interrupt off the queue, or return -1. */
static int irq_resend_pop(void)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++) {
		unsigned long word =
			__atomic_load_n(&irqs_resend[i], __ATOMIC_ACQUIRE);

		while (word) {
			unsigned long bit = 1UL << __builtin_ctzl(word);

			if (__atomic_fetch_and(&irqs_resend[i], ~bit,
					       __ATOMIC_ACQ_REL) &
			    bit)
				return i * BITS_PER_LONG + __builtin_ctzl(bit);
			word &= ~bit; /* another CPU took it */
		}
	}
	return -1;
}

/*
 * Run software resends of IRQ's: each replay runs as a hard interrupt on
 * the calling CPU, with local interrupts off, as the kernel's tasklet ran
 * desc->handle_irq().
 */
void irq_resend_flush(void)
{
	int irq;

	/* Before the scan: a resend queued during it schedules another. */
	__atomic_exchange_n(&irq_resend_scheduled, 0, __ATOMIC_ACQ_REL);
	while ((irq = irq_resend_pop()) >= 0) {
		unsigned long flags;

		local_irq_save(flags);
		__irq_this_cpu.hardirq++;
		irqlab_trace_replay((unsigned int)irq);
		generic_handle_irq((unsigned int)irq);
		__irq_this_cpu.hardirq--;
		local_irq_restore(flags);
	}
	/* Called outside an interrupt: the threads it woke run now. */
	if (!in_irq() && __irq_this_cpu.threads_deferred)
		irq_threads_wake_deferred();
}

/**
 * check_irq_resend - IRQ resend
 * @desc: descriptor of the line being enabled
 * @irq: its number
 *
 * Is called with interrupts disabled and desc->lock held. Enables the
 * line, then, for a PENDING line not already being replayed, marks REPLAY
 * and asks the chip to retrigger it; when the chip has no ->retrigger or
 * it returns 0, queues a software resend where the architecture has one
 * (genirq_set_arch(): not on i386, where the interrupt is dropped). Level lines are resent too, as
 * in 2.6.18, unless irq_set_level_noresend() chose the later kernels'
 * rule for the line: then a level line's PENDING is dropped, since level
 * hardware asserts again while the device still wants service.
 */
void check_irq_resend(struct irq_desc *desc, unsigned int irq)
{
	unsigned int status = desc->status;

	/*
	 * Make sure the interrupt is enabled, before resending it:
	 */
	chip_op(desc, irq, enable);

	/* Later kernels: level interrupts are resent by the hardware. */
	if (unlikely((status & (IRQ_LEVEL | IRQ_LEVEL_NORESEND)) ==
		     (IRQ_LEVEL | IRQ_LEVEL_NORESEND))) {
		desc->status &= ~IRQ_PENDING;
		return;
	}

	if ((status & (IRQ_PENDING | IRQ_REPLAY)) == IRQ_PENDING) {
		int hardware;

		desc->status = (status & ~IRQ_PENDING) | IRQ_REPLAY;

		hardware = desc->chip->retrigger &&
			   chip_op_ret(desc, irq, retrigger);
		irqlab_trace_resend(irq, hardware);
		/*
		 * Without CONFIG_HARDIRQS_SW_RESEND (i386) nothing replays
		 * it: REPLAY stays set until the line's next interrupt.
		 */
		if (!hardware && irq_arch_sw_resend())
			irq_resend_queue(irq);
	}
}
