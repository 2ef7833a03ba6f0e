/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq6's private header, as kernel/irq/internals.h: the IRQS_* core
 * state, the irq thread flags, and the functions the files of core6/
 * share. Nothing outside core6/ includes it (the build does not export
 * this directory).
 */
#ifndef GENIRQ6_INTERNALS_H
#define GENIRQ6_INTERNALS_H

#include <errno.h>
#include <limits.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/interrupt.h>
#include <linux/irqdomain.h>
#include <genirq6/arch.h>

#define istate core_internal_state__do_not_mess_with_it

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#define WARN_ON(c) genirq6_warn_on(!!(c), __FILE__, __LINE__, #c)
#define WARN_ON_ONCE(c) WARN_ON(c)
bool genirq6_warn_on(bool cond, const char *file, int line, const char *what);
void genirq6_pr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

extern bool noirqdebug;
extern int irq_poll_cpu;
extern struct irqaction chained_action;
extern struct cpumask irq_default_affinity;

/* irqaction::thread_flags bits */
enum {
	IRQTF_RUNTHREAD,
	IRQTF_WARNED,
	IRQTF_AFFINITY,
	IRQTF_FORCED_THREAD,
	IRQTF_READY,
};

/* desc->istate */
enum {
	IRQS_AUTODETECT = 0x00000001,
	IRQS_SPURIOUS_DISABLED = 0x00000002,
	IRQS_POLL_INPROGRESS = 0x00000008,
	IRQS_ONESHOT = 0x00000020,
	IRQS_REPLAY = 0x00000040,
	IRQS_WAITING = 0x00000080,
	IRQS_PENDING = 0x00000200,
	IRQS_SUSPENDED = 0x00000800,
	IRQS_TIMINGS = 0x00001000,
	IRQS_NMI = 0x00002000,
	IRQS_SYSFS = 0x00004000,
};

/*
 * istate is tested without the descriptor's lock in two places, as in
 * v6.17: note_interrupt()'s IRQS_POLL_INPROGRESS after
 * handle_irq_event() dropped it, and irq_finalize_oneshot()'s
 * IRQS_ONESHOT before it takes it. Every access is therefore a relaxed
 * atomic, which C's memory model asks of a word read while another
 * thread writes it. Writers hold the lock, so a set or a clear is a
 * load and a store, not a locked read-modify-write: on x86-64 the same
 * instructions as the kernel's plain accesses.
 */
static inline unsigned int istate_read(const struct irq_desc *desc)
{
	return __atomic_load_n(&desc->istate, __ATOMIC_RELAXED);
}

static inline void istate_set(struct irq_desc *desc, unsigned int bits)
{
	__atomic_store_n(&desc->istate, istate_read(desc) | bits,
			 __ATOMIC_RELAXED);
}

static inline void istate_clear(struct irq_desc *desc, unsigned int bits)
{
	__atomic_store_n(&desc->istate, istate_read(desc) & ~bits,
			 __ATOMIC_RELAXED);
}

#include "settings.h"

/* A wait for a handler in progress elsewhere begins; it ended, of @ns. */
void genirq6_wait_begin(void);
void genirq6_count_wait(uint64_t ns);

#define IRQ_RESEND true
#define IRQ_NORESEND false
#define IRQ_START_FORCE true
#define IRQ_START_COND false

/* Atomic bit operations on unsigned long words, as the kernel's. */
static inline bool test_and_set_bit(int nr, unsigned long *w)
{
	return __atomic_fetch_or(w, 1UL << nr, __ATOMIC_SEQ_CST) & (1UL << nr);
}

static inline bool test_and_clear_bit(int nr, unsigned long *w)
{
	return __atomic_fetch_and(w, ~(1UL << nr), __ATOMIC_SEQ_CST) &
	       (1UL << nr);
}

static inline bool test_bit(int nr, const unsigned long *w)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE) & (1UL << nr);
}

static inline void set_bit(int nr, unsigned long *w)
{
	__atomic_fetch_or(w, 1UL << nr, __ATOMIC_SEQ_CST);
}

/* chip.c */
int __irq_set_trigger(struct irq_desc *desc, unsigned long flags);
void __disable_irq(struct irq_desc *desc);
void __enable_irq(struct irq_desc *desc);
int irq_activate(struct irq_desc *desc);
int irq_activate_and_startup(struct irq_desc *desc, bool resend);
int irq_startup(struct irq_desc *desc, bool resend, bool force);
void irq_startup_managed(struct irq_desc *desc);
void irq_shutdown(struct irq_desc *desc);
void irq_shutdown_and_deactivate(struct irq_desc *desc);
void irq_disable(struct irq_desc *desc);
void irq_percpu_enable(struct irq_desc *desc, unsigned int cpu);
void irq_percpu_disable(struct irq_desc *desc, unsigned int cpu);
void mask_irq(struct irq_desc *desc);
void unmask_irq(struct irq_desc *desc);
void unmask_threaded_irq(struct irq_desc *desc);

static inline void irq_state_set_disabled(struct irq_desc *desc)
{
	irqd_set(&desc->irq_data, IRQD_IRQ_DISABLED);
}

static inline void irq_state_set_masked(struct irq_desc *desc)
{
	irqd_set(&desc->irq_data, IRQD_IRQ_MASKED);
}

/* Mask and ack in one chip call where the chip has it. */
static inline void mask_ack_irq(struct irq_desc *desc)
{
	if (desc->irq_data.chip->irq_mask_ack) {
		desc->irq_data.chip->irq_mask_ack(&desc->irq_data);
		irq_state_set_masked(desc);
	} else {
		mask_irq(desc);
		if (desc->irq_data.chip->irq_ack)
			desc->irq_data.chip->irq_ack(&desc->irq_data);
	}
}

static inline void chip_bus_lock(struct irq_desc *desc)
{
	if (unlikely(desc->irq_data.chip->irq_bus_lock))
		desc->irq_data.chip->irq_bus_lock(&desc->irq_data);
}

static inline void chip_bus_sync_unlock(struct irq_desc *desc)
{
	if (unlikely(desc->irq_data.chip->irq_bus_sync_unlock))
		desc->irq_data.chip->irq_bus_sync_unlock(&desc->irq_data);
}

/* handle.c */
irqreturn_t __handle_irq_event_percpu(struct irq_desc *desc);
irqreturn_t handle_irq_event_percpu(struct irq_desc *desc);
irqreturn_t handle_irq_event(struct irq_desc *desc);
void __irq_wake_thread(struct irq_desc *desc, struct irqaction *action);
void wake_threads_waitq(struct irq_desc *desc);

/* spurious.c */
void note_interrupt(struct irq_desc *desc, irqreturn_t action_ret);

/* resend.c */
int check_irq_resend(struct irq_desc *desc, bool inject);
void clear_irq_resend(struct irq_desc *desc);
/* Run the queued software resends (the resend tasklet). */
void irq_resend_flush(void);
extern int irq_resend_queued;

/* manage.c, thread.c */
int irq_do_set_affinity(struct irq_data *data, const struct cpumask *mask,
			bool force);
int irq_set_affinity_locked(struct irq_data *data, const struct cpumask *mask,
			    bool force);
int irq_setup_affinity(struct irq_desc *desc);
irqreturn_t irq_default_primary_handler(int irq, void *dev_id);
irqreturn_t irq_nested_primary_handler(int irq, void *dev_id);
irqreturn_t irq_forced_secondary_handler(int irq, void *dev_id);
int irq_setup_forced_threading(struct irqaction *new);
int irq_setup_thread(struct irqaction *new, unsigned int irq, bool secondary);
void irq_stop_thread(struct irqaction *action);

/* irqdesc.c */
static inline void __kstat_incr_irqs_this_cpu(struct irq_desc *desc)
{
	desc->kstat_irqs[smp_processor_id()]++;
}

static inline void kstat_incr_irqs_this_cpu(struct irq_desc *desc)
{
	__kstat_incr_irqs_this_cpu(desc);
	desc->tot_count++;
}

/* desc_tree.c: the maple tree stand-in */
int genirq6_desc_tree_store(unsigned int irq, struct irq_desc *desc);
struct irq_desc *genirq6_desc_tree_load(unsigned int irq);
void genirq6_desc_tree_reset(void);
void genirq6_descs_reset(void);

/* irqdomain.c */
void genirq6_domains_reset(void);
void genirq6_domain_free_irq_data(unsigned int virq);

/* arch.c: waiting on a word, as the kernel's wait queues do */
void genirq6_futex_wait(int *word, int val);
void genirq6_futex_wake(int *word);
unsigned long genirq6_jiffies(void);
#define HZ 1000
#define jiffies genirq6_jiffies()
#define time_after(a, b) ((long)((b) - (a)) < 0)

/* cpuhotplug.c */
void genirq6_cpus_reset(void);

#endif /* GENIRQ6_INTERNALS_H */
