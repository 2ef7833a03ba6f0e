// SPDX-License-Identifier: GPL-2.0
/*
 * genirq6's arch glue on libgenirq's simulated CPUs (<genirq/cpu.h>): a
 * vector bound to genirq6 is taken through the CPU's acknowledge hook
 * (irq_cpu_set_inta()), which runs genirq6's own entry and tells the CPU
 * to dispatch nothing further; irq_enter()/irq_exit() count in the same
 * per-thread hard interrupt depth as libgenirq's. Also the waits the
 * kernel does with wait queues (futexes here), jiffies, the warning
 * sink, and genirq6_reset(). In no kernel; stands where x86's
 * common_interrupt() and kernel/softirq.c's irq_enter()/irq_exit() do.
 */
#include <linux/futex.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "internals.h"

static struct {
	struct irq_desc *desc;
	void (*root)(void *ctx);
	void *ctx;
} vectors[NR_IRQS];

/*
 * genirq6_migration_waits(): any CPU adds; @waiting counts the waits
 * under way, so that a reader counts each wait whole or not at all.
 */
static uint64_t waits, wait_ns;
static unsigned int waiting;

void genirq6_wait_begin(void)
{
	__atomic_fetch_add(&waiting, 1, __ATOMIC_RELAXED);
}

void genirq6_count_wait(uint64_t ns)
{
	__atomic_fetch_add(&waits, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&wait_ns, ns, __ATOMIC_RELAXED);
	__atomic_fetch_sub(&waiting, 1, __ATOMIC_RELEASE);
}

void genirq6_migration_waits(uint64_t *n, uint64_t *ns)
{
	/* a wait begun under a descriptor lock ends when its handler does */
	while (__atomic_load_n(&waiting, __ATOMIC_ACQUIRE))
		sched_yield();
	*n = __atomic_load_n(&waits, __ATOMIC_RELAXED);
	*ns = __atomic_load_n(&wait_ns, __ATOMIC_RELAXED);
}

static void irq_enter(void)
{
	__irq_this_cpu.hardirq++;
}

/* The outermost exit runs the software resend queue (the tasklet). */
static void irq_exit(void)
{
	if (--__irq_this_cpu.hardirq == 0 &&
	    unlikely(__atomic_load_n(&irq_resend_queued, __ATOMIC_RELAXED)))
		irq_resend_flush();
}

void genirq6_vector_entry(unsigned int vector)
{
	struct irq_desc *desc;
	void (*root)(void *ctx);
	unsigned long flags;

	if (unlikely(vector >= NR_IRQS))
		return;
	local_irq_save(flags);
	irq_enter();
	desc = __atomic_load_n(&vectors[vector].desc, __ATOMIC_ACQUIRE);
	root = __atomic_load_n(&vectors[vector].root, __ATOMIC_ACQUIRE);
	if (likely(desc))
		generic_handle_irq_desc(desc);
	else if (root)
		root(vectors[vector].ctx);
	irq_exit();
	local_irq_restore(flags);
}

static int vector_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	(void)cpu;
	(void)ctx;
	genirq6_vector_entry(irq);
	return -1; /* taken: libgenirq dispatches nothing */
}

int genirq6_vector_bind(unsigned int vector, struct irq_desc *desc)
{
	if (vector >= NR_IRQS)
		return -EINVAL;
	__atomic_store_n(&vectors[vector].root, NULL, __ATOMIC_RELEASE);
	__atomic_store_n(&vectors[vector].desc, desc, __ATOMIC_RELEASE);
	return irq_cpu_set_inta(vector, desc ? vector_inta : NULL, NULL);
}

int genirq6_vector_bind_root(unsigned int vector, void (*root)(void *ctx),
			     void *ctx)
{
	if (vector >= NR_IRQS)
		return -EINVAL;
	__atomic_store_n(&vectors[vector].desc, NULL, __ATOMIC_RELEASE);
	vectors[vector].ctx = ctx;
	__atomic_store_n(&vectors[vector].root, root, __ATOMIC_RELEASE);
	return irq_cpu_set_inta(vector, root ? vector_inta : NULL, NULL);
}

void genirq6_futex_wait(int *word, int val)
{
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

void genirq6_futex_wake(int *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Milliseconds (HZ 1000), read only on the unhandled-interrupt path. */
unsigned long genirq6_jiffies(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (unsigned long)ts.tv_sec * 1000 +
	       (unsigned long)ts.tv_nsec / 1000000;
}

void genirq6_pr(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("genirq6: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

bool genirq6_warn_on(bool cond, const char *file, int line, const char *what)
{
	if (unlikely(cond))
		genirq6_pr("WARNING at %s:%d: %s\n", file, line, what);
	return cond;
}

/* Stop the threads of every action of every line, and free them. */
static void actions_reset(void)
{
	for (unsigned int irq = irq_get_next_irq(0); irq < nr_irqs;
	     irq = irq_get_next_irq(irq + 1)) {
		struct irq_desc *desc = irq_to_desc(irq);
		struct irqaction *action;

		if (!desc)
			continue;
		action = desc->action;
		desc->action = NULL;
		while (action && action != &chained_action) {
			struct irqaction *next = action->next;

			irq_stop_thread(action);
			if (action->secondary) {
				irq_stop_thread(action->secondary);
				free(action->secondary);
			}
			free(action);
			action = next;
		}
	}
}

void genirq6_reset(void)
{
	actions_reset();
	irq_resend_flush();
	genirq6_descs_reset();
	genirq6_domains_reset();
	genirq6_cpus_reset();
	for (unsigned int v = 0; v < NR_IRQS; v++)
		if (vectors[v].desc || vectors[v].root)
			genirq6_vector_bind(v, NULL);
	irq_set_force_threads(false);
	noirqdebug = false;
	genirq6_set_lookup(GENIRQ6_LOOKUP_TREE);
	__atomic_store_n(&waits, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&wait_ns, 0, __ATOMIC_RELAXED);
}
