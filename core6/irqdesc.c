// SPDX-License-Identifier: GPL-2.0
/*
 * The descriptors: a static pool of GENIRQ6_NR_IRQS, allocation by
 * ranges, lookup by number through the array or the tree
 * (genirq6_set_lookup()), and the entry from a number or a domain's
 * hwirq into the flow handler. Follows kernel/irq/irqdesc.c.
 */
#include <pthread.h>
#include "internals.h"

unsigned int nr_irqs = GENIRQ6_NR_IRQS;

static struct irq_desc descs[GENIRQ6_NR_IRQS];
static unsigned long allocated_irqs[BITS_TO_LONGS(GENIRQ6_NR_IRQS)];
/* the kernel's sparse_irq_lock: allocation and freeing */
static pthread_mutex_t sparse_irq_lock = PTHREAD_MUTEX_INITIALIZER;
static enum genirq6_lookup lookup = GENIRQ6_LOOKUP_TREE;

int genirq6_set_lookup(enum genirq6_lookup how)
{
	if (how != GENIRQ6_LOOKUP_ARRAY && how != GENIRQ6_LOOKUP_TREE)
		return -EINVAL;
	__atomic_store_n(&lookup, how, __ATOMIC_RELAXED);
	return 0;
}

enum genirq6_lookup genirq6_get_lookup(void)
{
	return __atomic_load_n(&lookup, __ATOMIC_RELAXED);
}

struct irq_desc *irq_to_desc(unsigned int irq)
{
	if (__atomic_load_n(&lookup, __ATOMIC_RELAXED) == GENIRQ6_LOOKUP_TREE)
		return genirq6_desc_tree_load(irq);
	/* as without SPARSE_IRQ: every number below nr_irqs has one */
	return likely(irq < GENIRQ6_NR_IRQS) ? descs + irq : NULL;
}

static bool irq_allocated(unsigned int irq)
{
	return allocated_irqs[irq / BITS_PER_LONG] >> (irq % BITS_PER_LONG) & 1;
}

static void irq_mark(unsigned int irq, bool on)
{
	unsigned long bit = 1UL << (irq % BITS_PER_LONG);

	if (on)
		allocated_irqs[irq / BITS_PER_LONG] |= bit;
	else
		allocated_irqs[irq / BITS_PER_LONG] &= ~bit;
}

static void desc_set_defaults(unsigned int irq, struct irq_desc *desc,
			      const struct cpumask *affinity)
{
	memset(desc, 0, sizeof(*desc));
	raw_spin_lock_init(&desc->lock);
	desc->irq_data.common = &desc->irq_common_data;
	desc->irq_data.irq = irq;
	desc->irq_data.chip = &no_irq_chip;
	irq_settings_clr_and_set(desc, ~0U, _IRQ_DEFAULT_INIT_FLAGS);
	irqd_set(&desc->irq_data, IRQD_IRQ_DISABLED);
	irqd_set(&desc->irq_data, IRQD_IRQ_MASKED);
	desc->handle_irq = handle_bad_irq;
	desc->depth = 1;
	cpumask_copy(&desc->irq_common_data.affinity,
		     affinity ? affinity : &irq_default_affinity);
}

/* A run of @cnt free numbers from @from; -ENOSPC when there is none. */
static int find_free_range(unsigned int from, unsigned int cnt)
{
	for (unsigned int start = from; start + cnt <= GENIRQ6_NR_IRQS;
	     start++) {
		unsigned int i;

		for (i = 0; i < cnt && !irq_allocated(start + i); i++)
			;
		if (i == cnt)
			return (int)start;
		start += i;
	}
	return -ENOSPC;
}

static int alloc_descs(unsigned int start, unsigned int cnt,
		       const struct irq_affinity_desc *affinity)
{
	for (unsigned int i = 0; affinity && i < cnt; i++)
		if (cpumask_empty(&affinity[i].mask))
			return -EINVAL;
	for (unsigned int i = 0; i < cnt; i++) {
		struct irq_desc *desc = descs + start + i;
		const struct cpumask *mask = NULL;
		unsigned int flags = 0;
		int ret;

		if (affinity) {
			if (affinity->is_managed)
				flags = IRQD_AFFINITY_MANAGED |
					IRQD_MANAGED_SHUTDOWN;
			mask = &affinity->mask;
			affinity++;
		}
		desc_set_defaults(start + i, desc, mask);
		irqd_set(&desc->irq_data, flags);
		ret = genirq6_desc_tree_store(start + i, desc);
		if (ret)
			return ret;
		irq_mark(start + i, true);
	}
	return (int)start;
}

/**
 * __irq_alloc_descs - allocate and set up a range of descriptors
 * @irq: the number to allocate at, or -1 for any
 * @from: the lowest number to allocate from, for @irq -1
 * @cnt: how many
 * @node: NUMA node (ignored)
 * @owner: module (ignored)
 * @affinity: @cnt affinities, or NULL for the default
 *
 * Return: the first number, or -errno.
 */
int __irq_alloc_descs(int irq, unsigned int from, unsigned int cnt, int node,
		      struct module *owner,
		      const struct irq_affinity_desc *affinity)
{
	int start, ret;

	(void)node;
	(void)owner;
	if (!cnt)
		return -EINVAL;
	if (irq >= 0) {
		if (from > (unsigned int)irq)
			return -EINVAL;
		from = (unsigned int)irq;
	}
	pthread_mutex_lock(&sparse_irq_lock);
	start = find_free_range(from, cnt);
	ret = -EEXIST;
	if (irq >= 0 && start != irq)
		goto unlock;
	ret = start;
	if (start >= 0)
		ret = alloc_descs((unsigned int)start, cnt, affinity);
unlock:
	pthread_mutex_unlock(&sparse_irq_lock);
	return ret;
}

/**
 * irq_free_descs - free a range of descriptors
 * @from: the first
 * @cnt: how many
 */
void irq_free_descs(unsigned int from, unsigned int cnt)
{
	if (from >= GENIRQ6_NR_IRQS || from + cnt > GENIRQ6_NR_IRQS)
		return;
	pthread_mutex_lock(&sparse_irq_lock);
	for (unsigned int i = 0; i < cnt; i++) {
		genirq6_domain_free_irq_data(from + i);
		genirq6_desc_tree_store(from + i, NULL);
		desc_set_defaults(from + i, descs + from + i, NULL);
		irq_mark(from + i, false);
	}
	pthread_mutex_unlock(&sparse_irq_lock);
}

/* Return: the first allocated number at or above @offset, or nr_irqs. */
unsigned int irq_get_next_irq(unsigned int offset)
{
	for (; offset < GENIRQ6_NR_IRQS; offset++)
		if (irq_allocated(offset))
			return offset;
	return nr_irqs;
}

/**
 * handle_irq_desc - run @desc's flow handler
 * @desc: the descriptor, or NULL
 *
 * Return: 0; -EINVAL for no descriptor; -EPERM for a line that must be
 * handled in hard interrupt context, called outside it.
 */
int handle_irq_desc(struct irq_desc *desc)
{
	if (!desc)
		return -EINVAL;
	if (WARN_ON_ONCE(!in_hardirq() &&
			 irqd_is_handle_enforce_irqctx(&desc->irq_data)))
		return -EPERM;
	generic_handle_irq_desc(desc);
	return 0;
}

/* Return: as handle_irq_desc(), for the descriptor of @irq. */
int generic_handle_irq(unsigned int irq)
{
	return handle_irq_desc(irq_to_desc(irq));
}

/* generic_handle_irq() from any context: interrupts off around it. */
int generic_handle_irq_safe(unsigned int irq)
{
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	ret = handle_irq_desc(irq_to_desc(irq));
	local_irq_restore(flags);
	return ret;
}

/**
 * generic_handle_domain_irq - handle @hwirq of @domain
 * @domain: the domain
 * @hwirq: the controller's number
 *
 * Through the domain's reverse map, not through irq_to_desc(): what a
 * root or a chained handler calls. Return: as handle_irq_desc().
 */
int generic_handle_domain_irq(struct irq_domain *domain, unsigned int hwirq)
{
	return handle_irq_desc(irq_resolve_mapping(domain, hwirq));
}

/* Free every descriptor (genirq6_reset()). */
void genirq6_descs_reset(void)
{
	pthread_mutex_lock(&sparse_irq_lock);
	for (unsigned int irq = 0; irq < GENIRQ6_NR_IRQS; irq++) {
		if (irq_allocated(irq))
			genirq6_domain_free_irq_data(irq);
		desc_set_defaults(irq, descs + irq, NULL);
	}
	memset(allocated_irqs, 0, sizeof(allocated_irqs));
	genirq6_desc_tree_reset();
	pthread_mutex_unlock(&sparse_irq_lock);
}
