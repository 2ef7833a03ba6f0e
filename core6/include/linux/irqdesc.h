/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct irq_desc of the modern kernel (include/linux/irqdesc.h), its
 * lookup by number (irq_to_desc(): an array or a tree, docs/core6.md) and
 * the entry into the flows: generic_handle_irq(),
 * generic_handle_domain_irq().
 */
#ifndef _GENIRQ6_LINUX_IRQDESC_H
#define _GENIRQ6_LINUX_IRQDESC_H

#include <stddef.h>
#include <linux/irq.h>

struct irqaction;

/**
 * struct irq_desc - the descriptor of one interrupt
 * @irq_common_data: what all levels of its hierarchy share
 * @irq_data: the top level's irq_data (the flows' chip)
 * @kstat_irqs: interrupts taken, per CPU
 * @handle_irq: the flow handler
 * @action: the action chain
 * @status_use_accessors: the settings (_IRQ_*, settings.h)
 * @core_internal_state__do_not_mess_with_it: the IRQS_* state (istate)
 * @depth: disable depth: enable_irq() calls needed to enable it
 * @wake_depth: enable_irq_wake() nesting
 * @tot_count: interrupts of a line that is not per-CPU
 * @irq_count: interrupts seen by the stuck-line detector's window
 * @last_unhandled: when the last unhandled one came (jiffies)
 * @irqs_unhandled: unhandled ones in the window
 * @threads_handled: threaded handlers that returned IRQ_HANDLED
 * @threads_handled_last: its value the detector saw last, and
 *	SPURIOUS_DEFERRED
 * @lock: the descriptor lock
 * @percpu_enabled: per-CPU lines: where it is enabled
 * @threads_oneshot: oneshot threads still running (bit per action)
 * @threads_active: woken threads that have not finished
 * @resend_next: the software resend queue's link
 * @resend_queued: on the software resend queue
 * @parent_irq: a nested line's parent, for resending through it
 * @name: the flow's name
 */
struct irq_desc {
	struct irq_common_data irq_common_data;
	struct irq_data irq_data;
	unsigned int kstat_irqs[NR_CPUS];
	irq_flow_handler_t handle_irq;
	struct irqaction *action;
	unsigned int status_use_accessors;
	unsigned int core_internal_state__do_not_mess_with_it;
	unsigned int depth;
	unsigned int wake_depth;
	unsigned int tot_count;
	unsigned int irq_count;
	unsigned long last_unhandled;
	unsigned int irqs_unhandled;
	int threads_handled;
	int threads_handled_last;
	raw_spinlock_t lock;
	struct cpumask percpu_enabled;
	unsigned long threads_oneshot;
	int threads_active;
	struct irq_desc *resend_next;
	bool resend_queued;
	unsigned int parent_irq;
	const char *name;
};

extern unsigned int nr_irqs;

/**
 * irq_to_desc - the descriptor of interrupt @irq
 * @irq: the interrupt number
 *
 * Looks it up the way genirq6_set_lookup() chose: in the array (the
 * kernel without SPARSE_IRQ) or in the tree (the maple tree of a
 * SPARSE_IRQ kernel). Return: the descriptor, or NULL when none is
 * allocated.
 */
struct irq_desc *irq_to_desc(unsigned int irq);

static inline unsigned int irq_desc_get_irq(struct irq_desc *desc)
{
	return desc->irq_data.irq;
}

static inline struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc)
{
	return &desc->irq_data;
}

static inline struct irq_chip *irq_desc_get_chip(struct irq_desc *desc)
{
	return desc->irq_data.chip;
}

static inline void *irq_desc_get_chip_data(struct irq_desc *desc)
{
	return desc->irq_data.chip_data;
}

static inline void *irq_desc_get_handler_data(struct irq_desc *desc)
{
	return desc->irq_common_data.handler_data;
}

static inline struct irq_desc *irq_data_to_desc(struct irq_data *data)
{
	return (struct irq_desc *)((char *)data->common -
				   offsetof(struct irq_desc, irq_common_data));
}

static inline unsigned int irq_desc_kstat_cpu(struct irq_desc *desc,
					      unsigned int cpu)
{
	return __atomic_load_n(&desc->kstat_irqs[cpu], __ATOMIC_RELAXED);
}

/* Run the flow handler of @desc: the kernel's generic_handle_irq_desc(). */
static inline void generic_handle_irq_desc(struct irq_desc *desc)
{
	desc->handle_irq(desc);
}

int handle_irq_desc(struct irq_desc *desc);
int generic_handle_irq(unsigned int irq);
int generic_handle_irq_safe(unsigned int irq);
int generic_handle_domain_irq(struct irq_domain *domain, unsigned int hwirq);

int __irq_alloc_descs(int irq, unsigned int from, unsigned int cnt, int node,
		      struct module *owner,
		      const struct irq_affinity_desc *affinity);
void irq_free_descs(unsigned int irq, unsigned int cnt);
unsigned int irq_get_next_irq(unsigned int offset);

#define irq_alloc_descs(irq, from, cnt, node) \
	__irq_alloc_descs((irq), (from), (cnt), (node), NULL, NULL)
#define irq_alloc_desc(node) irq_alloc_descs(-1, 1, 1, (node))
#define irq_free_desc(irq) irq_free_descs((irq), 1)

/*
 * The hard handlers walk the list without the descriptor's lock while
 * request_irq() and free_irq() link and unlink under it, as in the
 * kernel; the links are atomics here (acquire loads, release stores:
 * plain moves on x86-64) so that the walk is not a data race in C.
 */
#define for_each_action_of_desc(desc, act)                               \
	for ((act) = __atomic_load_n(&(desc)->action, __ATOMIC_ACQUIRE); \
	     (act); (act) = __atomic_load_n(&(act)->next, __ATOMIC_ACQUIRE))

static inline bool irq_is_percpu(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return __atomic_load_n(&desc->status_use_accessors, __ATOMIC_RELAXED) &
	       IRQ_PER_CPU;
}

static inline bool irq_is_percpu_devid(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return __atomic_load_n(&desc->status_use_accessors, __ATOMIC_RELAXED) &
	       IRQ_PER_CPU_DEVID;
}

#endif /* _GENIRQ6_LINUX_IRQDESC_H */
