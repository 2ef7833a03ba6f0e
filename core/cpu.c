// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated-CPU "arch" glue: per-thread CPU identity and interrupt
 * flag, per-CPU pending vectors, do_IRQ() with irq_enter()/irq_exit(), and
 * the spinlock slow path. Stands where arch/i386/kernel/irq.c and
 * kernel/softirq.c (irq_enter/irq_exit) stand in 2.6.18.
 */
#include <errno.h>
#include <sched.h>
#include "internals.h"

__thread struct irq_cpu_state __irq_this_cpu
	__attribute__((tls_model("initial-exec")));
struct irq_cpu_pending __irq_cpu_pending[NR_CPUS];
static unsigned long online_bits[BITS_TO_LONGS(NR_CPUS)];

static void set_online(unsigned int cpu)
{
	__atomic_fetch_or(&online_bits[cpu / BITS_PER_LONG],
			  1UL << (cpu % BITS_PER_LONG), __ATOMIC_RELAXED);
}

void cpu_reset(void)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		__atomic_store_n(&online_bits[i], 0, __ATOMIC_RELAXED);
	set_online(0);
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++)
			__atomic_store_n(&__irq_cpu_pending[cpu].bits[i], 0,
					 __ATOMIC_RELAXED);
}

int irq_cpu_attach(unsigned int cpu)
{
	if (cpu >= NR_CPUS)
		return -EINVAL;
	__irq_this_cpu.cpu = cpu;
	set_online(cpu);
	return 0;
}

bool cpu_online(unsigned int cpu)
{
	return cpu < NR_CPUS &&
	       (__atomic_load_n(&online_bits[cpu / BITS_PER_LONG],
				__ATOMIC_RELAXED) >>
			(cpu % BITS_PER_LONG) &
		1);
}

cpumask_t cpu_online_mask_get(void)
{
	cpumask_t m;

	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		m.bits[i] = __atomic_load_n(&online_bits[i], __ATOMIC_RELAXED);
	return m;
}

static inline void irq_enter(void)
{
	__irq_this_cpu.hardirq++;
}

/*
 * Leaving the outermost interrupt runs the software resend queue, where
 * the kernel's irq_exit() would run the resend tasklet's softirq.
 */
static inline void irq_exit(void)
{
	if (--__irq_this_cpu.hardirq == 0 && unlikely(irq_resend_pending()))
		irq_resend_flush();
}

/* Entry with interrupts already off: what the CPU does on a vector. */
static void handle_vector(unsigned int irq)
{
	unsigned int cpu = smp_processor_id();

	irq_enter();
	irqlab_trace_entry(cpu, irq);
	generic_handle_irq(irq);
	irqlab_trace_exit(cpu, irq);
	irq_exit();
}

void do_IRQ(unsigned int irq)
{
	unsigned long flags;

	if (unlikely(irq >= NR_IRQS)) {
		printk(EMERG, "do_IRQ: cannot handle IRQ %u\n", irq);
		irq_err_count_inc();
		return;
	}
	local_irq_save(flags);
	handle_vector(irq);
	local_irq_restore(flags);
}

int irq_cpu_raise(unsigned int cpu, unsigned int irq)
{
	if (cpu >= NR_CPUS || irq >= NR_IRQS)
		return -EINVAL;
	__atomic_fetch_or(&__irq_cpu_pending[cpu].bits[irq / BITS_PER_LONG],
			  1UL << (irq % BITS_PER_LONG), __ATOMIC_RELEASE);
	if (cpu == smp_processor_id() && !irqs_disabled())
		__irq_cpu_take_pending();
	return 0;
}

/* Take the lowest pending vector of this CPU off its set, or return -1. */
static int pending_pop(struct irq_cpu_pending *p)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++) {
		unsigned long word =
			__atomic_load_n(&p->bits[i], __ATOMIC_RELAXED);

		while (word) {
			unsigned long bit = 1UL << __builtin_ctzl(word);

			if (__atomic_fetch_and(&p->bits[i], ~bit,
					       __ATOMIC_ACQUIRE) &
			    bit)
				return i * BITS_PER_LONG + __builtin_ctzl(bit);
			word &= ~bit;
		}
	}
	return -1;
}

/*
 * Called with interrupts enabled. Each vector is taken with interrupts
 * off, as a CPU does; a handler that enables them again (handle_IRQ_event
 * without SA_INTERRUPT) may take further vectors nested inside, bounded by
 * the flow handlers' INPROGRESS checks.
 */
void __irq_cpu_take_pending(void)
{
	struct irq_cpu_pending *p = &__irq_cpu_pending[smp_processor_id()];
	int irq;

	while (!irqs_disabled() && (irq = pending_pop(p)) >= 0) {
		local_irq_disable();
		handle_vector((unsigned int)irq);
		__irq_this_cpu.irqs_off = false;
	}
}

bool irq_cpu_poll(void)
{
	if (irqs_disabled() || !__irq_cpu_has_pending())
		return false;
	__irq_cpu_take_pending();
	return true;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

void __spin_lock_contended(spinlock_t *lock)
{
	unsigned int spins = 0;

	do {
		while (__atomic_load_n(&lock->locked, __ATOMIC_RELAXED)) {
			if (++spins < 1024) {
				cpu_relax();
			} else {
				spins = 0;
				sched_yield();
			}
		}
	} while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE));
}
