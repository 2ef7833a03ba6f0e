/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IRQ subsystem internal functions and variables (kernel/irq/internals.h,
 * 2.6.18). Nothing outside core/ includes this file.
 */
#ifndef GENIRQ_INTERNALS_H
#define GENIRQ_INTERNALS_H

#include <errno.h>
#include <stdbool.h>
#include <genirq/irq.h>
#include <irqlab/trace.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/*
 * Nothing declared here is used outside libgenirq: hidden, so that the
 * position-independent library reads its globals directly, not through
 * the GOT (one instruction each, on the hot path).
 */
#pragma GCC visibility push(hidden)

/* Boot parameters and config switches (runtime options here). */
extern int noirqdebug;
extern int irqfixup;
extern bool genirq_pending_moves;

/* Per-CPU interrupt counts: kstat_cpu(cpu).irqs[irq]. */
extern unsigned int kstat_irqs_table[NR_CPUS][NR_IRQS];

/*
 * Counters bumped on hot paths that other threads read (kstat, the
 * spurious counters) use relaxed atomic loads and stores, not read-modify-
 * write: a plain load and store on x86, like the kernel's `++`, but
 * well-defined for a concurrent reader. An update can be lost only where
 * the kernel's could too (per-CPU lines dispatched on two CPUs at once).
 */
static inline unsigned int counter_inc(unsigned int *p)
{
	unsigned int v = __atomic_load_n(p, __ATOMIC_RELAXED) + 1;

	__atomic_store_n(p, v, __ATOMIC_RELAXED);
	return v;
}

static inline void counter_set(unsigned int *p, unsigned int v)
{
	__atomic_store_n(p, v, __ATOMIC_RELAXED);
}

static inline unsigned int counter_read(const unsigned int *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline void kstat_incr_irqs_this_cpu(unsigned int irq)
{
	counter_inc(&__irq_this_cpu.kstat[irq]); /* this CPU's row */
}

/*
 * Chip operations go through here so each one is traced. The call itself
 * is the kernel's `desc->chip->op(irq)`.
 */
#define chip_op(desc, irq, op)                              \
	do {                                                \
		irqlab_trace_chip_op((irq), IRQLAB_OP_##op, \
				     (desc)->chip->name);   \
		(desc)->chip->op(irq);                      \
	} while (0)

#define chip_op_ret(desc, irq, op, ...)                                   \
	(irqlab_trace_chip_op((irq), IRQLAB_OP_##op, (desc)->chip->name), \
	 (desc)->chip->op((irq), ##__VA_ARGS__))

/*
 * The action chain is written under the descriptor lock with release
 * stores and read without it (handle_IRQ_event(), per-CPU lines,
 * disable_irq()) with acquire loads.
 */
static inline struct irqaction *desc_action(struct irq_desc *desc)
{
	return __atomic_load_n(&desc->action, __ATOMIC_ACQUIRE);
}

static inline struct irqaction *action_next(const struct irqaction *a)
{
	return __atomic_load_n(&a->next, __ATOMIC_ACQUIRE);
}

void __printf_genirq(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
#define printk(level, ...) __printf_genirq(GENIRQ_LOG_##level, __VA_ARGS__)

void __genirq_warn(const char *file, int line, const char *cond);
#define WARN_ON(cond)                                             \
	({                                                        \
		bool __c = !!(cond);                              \
		if (unlikely(__c))                                \
			__genirq_warn(__FILE__, __LINE__, #cond); \
		__c;                                              \
	})

/*
 * A chip's ->set_type run under the descriptor lock (set_irq_type(),
 * setup_irq(), probe_irq_on()), with the lock recorded as this thread's:
 * the setters it may call (set_irq_chip(), __set_irq_handler(),
 * set_irq_flags(), set_irq_chip_data(), set_irq_data()) then find the
 * lock already held by their caller and do not take it again, as on the
 * UP kernels those drivers were written for (chip.c, docs/core.md).
 */
int desc_set_type(struct irq_desc *desc, unsigned int irq, unsigned int type);
extern __thread struct irq_desc *irq_set_type_desc;

/* Lock @desc for a setter, unless its ->set_type holds it: see above. */
#define desc_setter_lock(desc, flags)                              \
	({                                                         \
		bool __take = irq_set_type_desc != (desc);         \
		if (__take)                                        \
			spin_lock_irqsave(&(desc)->lock, (flags)); \
		__take;                                            \
	})

#define desc_setter_unlock(desc, flags, taken)                          \
	do {                                                            \
		if (taken)                                              \
			spin_unlock_irqrestore(&(desc)->lock, (flags)); \
	} while (0)

void print_irq_desc(unsigned int irq, struct irq_desc *desc);
void ack_bad_irq(unsigned int irq);
void irq_err_count_inc(void);

/* Software resend queue (resend.c). */
void irq_resend_queue(unsigned int irq);
extern int irq_resend_scheduled;
/* Checked at every irq_exit(): has a resend been queued since the flush? */
static inline bool irq_resend_pending(void)
{
	return __atomic_load_n(&irq_resend_scheduled, __ATOMIC_RELAXED) != 0;
}
void irq_resend_reset(void);
/* CONFIG_HARDIRQS_SW_RESEND of the architecture chosen (arch.c). */
bool irq_arch_sw_resend(void);
/* Is a thread in irq_cpu_run() for @cpu, to run what is queued for it? */
bool irq_cpu_served(unsigned int cpu);
/*
 * A fixed time a step of the path pays by busy-waiting (the vector
 * entry's, irq_cpu_set_entry_cost(); the entropy pool's,
 * genirq_set_entropy_cost()): @ns is stored after @wait (release) and
 * read first (acquire), so a CPU that sees a time also sees the wait to
 * pay it with, and it is off while the two change.
 */
struct genirq_cost {
	unsigned int ns;
	void (*wait)(unsigned int ns);
};

static inline int genirq_cost_set(struct genirq_cost *c, unsigned int ns,
				  void (*wait)(unsigned int ns))
{
	if (ns && !wait)
		return -EINVAL;
	__atomic_store_n(&c->ns, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&c->wait, wait, __ATOMIC_RELAXED);
	__atomic_store_n(&c->ns, ns, __ATOMIC_RELEASE);
	return 0;
}

static inline void genirq_cost_pay(struct genirq_cost *c)
{
	unsigned int ns = __atomic_load_n(&c->ns, __ATOMIC_ACQUIRE);

	if (unlikely(ns))
		__atomic_load_n(&c->wait, __ATOMIC_RELAXED)(ns);
}

/* The vector entry's own cost (cpu.c). */
extern struct genirq_cost irq_entry_cost;

/*
 * The dispatch path's two copies (dispatch.h, traced.c). The _traced ones
 * exist where IRQLAB_TRACE is on. irq_vector_entry() is do_IRQ()'s body.
 */
void irq_vector_entry(unsigned int irq);
void irq_vector_entry_traced(unsigned int irq);
void handle_simple_irq_traced(unsigned int irq, struct irq_desc *desc);
void handle_level_irq_traced(unsigned int irq, struct irq_desc *desc);
void handle_fasteoi_irq_traced(unsigned int irq, struct irq_desc *desc);
void handle_edge_irq_traced(unsigned int irq, struct irq_desc *desc);
void handle_percpu_irq_traced(unsigned int irq, struct irq_desc *desc);
void handle_edge_masking_irq_traced(unsigned int irq, struct irq_desc *desc);
void handle_bad_irq_traced(unsigned int irq, struct irq_desc *desc);
irqreturn_t handle_IRQ_event_traced(unsigned int irq, struct irqaction *action);
unsigned int __do_IRQ_traced(unsigned int irq);
irq_flow_handler_t irq_flow_untraced(irq_flow_handler_t handle);
irq_flow_handler_t irq_flow_copy(irq_flow_handler_t handle);
irqreturn_t handle_IRQ_event_copy(unsigned int irq, struct irqaction *action);
/* Wake simulated CPU @cpu if it sleeps in its idle loop (cpu.c). */
void irq_cpu_kick(unsigned int cpu);

/*
 * Threaded handlers (thread.c). IRQTF_* are action->thread_flags bits:
 * the thread is to run its handler; the missing thread_fn was reported.
 */
#define IRQTF_RUNTHREAD 0x1UL
#define IRQTF_WARNED 0x2UL
irqreturn_t irq_default_primary_handler(int irq, void *dev_id);
irqreturn_t irq_nested_primary_handler(int irq, void *dev_id);
void irq_warn_no_thread(unsigned int irq, struct irqaction *action);
void irq_wake_thread(struct irq_desc *desc, struct irqaction *action);
/* Wake-ups deferred to the exit: __irq_this_cpu.threads_deferred of them. */
void irq_threads_wake_deferred(void);
int irq_thread_create(struct irqaction *action);
void irq_thread_stop(struct irqaction *action);
void irq_wait_for_threads(struct irq_desc *desc);

/* Sleep on / wake a futex word (cpu.c). */
void genirq_futex_wait(unsigned int *word, unsigned int val);
void genirq_futex_wake(unsigned int *word);
/*
 * One turn of a wait for another thread (a lock holder, a handler in
 * progress): PAUSE, every 1024th turn a sched_yield(), every 16th of
 * those a 50 us sleep, which lets a holder preempted on this core by a
 * higher-priority thread (a SCHED_FIFO irq thread) run too.
 */
void genirq_relax(unsigned int *spins);

/* Defaults for the per-module state genirq_reset() restores. */
void thread_reset(void);
void spurious_reset(void);
void migration_reset(void);
void printk_reset(void);
void cpu_reset(void);
void arch_reset(void);
void random_reset(void);

/*
 * __do_IRQ() tests IRQ_PER_CPU without the lock, as 2.6.18 does: that bit
 * changes only in setup_irq(), but other bits of the word change under the
 * lock on other CPUs meanwhile, which is a data race on the word that
 * ThreadSanitizer rightly reports. It is the kernel's race, kept on
 * purpose; the sanitizer is told so here and nowhere else.
 */
#if defined(__SANITIZE_THREAD__)
#define __kernel_race static __attribute__((no_sanitize_thread, noipa, unused))
#else
#define __kernel_race static inline
#endif
__kernel_race unsigned int desc_status_unlocked(const struct irq_desc *desc)
{
	return desc->status;
}

static inline unsigned int desc_status_locked(struct irq_desc *desc)
{
	unsigned int status;

	spin_lock(&desc->lock);
	status = desc->status;
	spin_unlock(&desc->lock);
	return status;
}

#pragma GCC visibility pop

#endif /* GENIRQ_INTERNALS_H */
