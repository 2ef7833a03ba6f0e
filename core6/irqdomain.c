// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt domains: a controller's hwirq numbers, a linear reverse map
 * from them to each level's irq_data, and hierarchies in which each
 * domain has its parent and each interrupt one irq_data per level.
 * Follows kernel/irq/irqdomain.c of the release named in docs/core6.md;
 * no radix-tree reverse map, no fwnode matching, no fwspec translation
 * (docs/core6.md).
 */
#include <stdlib.h>
#include "internals.h"

const struct irq_domain_ops irq_domain_simple_ops = { 0 };

static struct irq_domain *irq_default_domain;
/* every domain, for genirq6_reset() */
static struct irq_domain *domains[64];
static pthread_mutex_t domain_lock = PTHREAD_MUTEX_INITIALIZER;

static struct irq_domain *__irq_domain_create(unsigned int size,
					      const struct irq_domain_ops *ops,
					      void *host_data)
{
	struct irq_domain *domain;

	domain = calloc(1, sizeof(*domain) + size * sizeof(domain->revmap[0]));
	if (!domain)
		return NULL;
	domain->name = "genirq6";
	domain->ops = ops;
	domain->host_data = host_data;
	domain->hwirq_max = size;
	domain->revmap_size = size;
	pthread_mutex_lock(&domain_lock);
	for (unsigned int i = 0; i < sizeof(domains) / sizeof(domains[0]); i++)
		if (!domains[i]) {
			domains[i] = domain;
			break;
		}
	pthread_mutex_unlock(&domain_lock);
	return domain;
}

/**
 * irq_domain_create_linear - a domain of @size hwirqs, reverse-mapped
 *	through an array
 * @fwnode: the firmware node (unused here)
 * @size: hwirqs 0..@size-1
 * @ops: its methods
 * @host_data: the controller driver's data
 *
 * Return: the domain, or NULL.
 */
struct irq_domain *irq_domain_create_linear(struct fwnode_handle *fwnode,
					    unsigned int size,
					    const struct irq_domain_ops *ops,
					    void *host_data)
{
	(void)fwnode;
	return __irq_domain_create(size, ops, host_data);
}

/**
 * irq_domain_create_hierarchy - a linear domain stacked on @parent
 * @parent: the domain towards the CPU
 * @flags: IRQ_DOMAIN_FLAG_*
 * @size: hwirqs
 * @fwnode: unused
 * @ops: its methods, with ->alloc and ->free
 * @host_data: the driver's data
 *
 * Return: the domain, or NULL.
 */
struct irq_domain *
irq_domain_create_hierarchy(struct irq_domain *parent, unsigned int flags,
			    unsigned int size, struct fwnode_handle *fwnode,
			    const struct irq_domain_ops *ops, void *host_data)
{
	struct irq_domain *domain = __irq_domain_create(size, ops, host_data);

	(void)fwnode;
	if (domain) {
		domain->parent = parent;
		domain->flags = flags | IRQ_DOMAIN_FLAG_HIERARCHY;
	}
	return domain;
}

/* Remove a domain whose interrupts are all gone. */
void irq_domain_remove(struct irq_domain *domain)
{
	WARN_ON(domain->mapcount);
	pthread_mutex_lock(&domain_lock);
	for (unsigned int i = 0; i < sizeof(domains) / sizeof(domains[0]); i++)
		if (domains[i] == domain)
			domains[i] = NULL;
	pthread_mutex_unlock(&domain_lock);
	if (irq_default_domain == domain)
		irq_default_domain = NULL;
	free(domain);
}

void irq_set_default_domain(struct irq_domain *domain)
{
	irq_default_domain = domain;
}

static void irq_domain_set_mapping(struct irq_domain *domain,
				   irq_hw_number_t hwirq,
				   struct irq_data *irq_data)
{
	if (hwirq < domain->revmap_size)
		__atomic_store_n(&domain->revmap[hwirq], irq_data,
				 __ATOMIC_RELEASE);
}

static void irq_domain_clear_mapping(struct irq_domain *domain,
				     irq_hw_number_t hwirq)
{
	irq_domain_set_mapping(domain, hwirq, NULL);
}

/**
 * irq_resolve_mapping - the descriptor of @hwirq in @domain
 * @domain: the domain, or NULL for the default one
 * @hwirq: the controller's number
 *
 * One load from the reverse map and the irq_data's common pointer: what
 * every root and chained handler pays per interrupt. Return: the
 * descriptor, or NULL when @hwirq is not mapped.
 */
struct irq_desc *irq_resolve_mapping(struct irq_domain *domain,
				     irq_hw_number_t hwirq)
{
	struct irq_data *data;

	if (!domain)
		domain = irq_default_domain;
	if (unlikely(!domain || hwirq >= domain->revmap_size))
		return NULL;
	data = __atomic_load_n(&domain->revmap[hwirq], __ATOMIC_ACQUIRE);
	return likely(data) ? irq_data_to_desc(data) : NULL;
}

/* Return: the interrupt number of @hwirq in @domain, or 0. */
unsigned int irq_find_mapping(struct irq_domain *domain, irq_hw_number_t hwirq)
{
	struct irq_desc *desc = irq_resolve_mapping(domain, hwirq);

	return desc ? irq_desc_get_irq(desc) : 0;
}

/**
 * irq_domain_alloc_descs - allocate descriptors for a domain's interrupts
 * @virq: the number wanted, or -1 for any
 * @cnt: how many
 * @hwirq: the first hwirq, a hint where to look for free numbers
 * @node: NUMA node
 * @affinity: @cnt affinities, or NULL
 *
 * Return: the first number, or -errno.
 */
int irq_domain_alloc_descs(int virq, unsigned int cnt, irq_hw_number_t hwirq,
			   int node, const struct irq_affinity_desc *affinity)
{
	unsigned int hint;

	if (virq >= 0)
		return __irq_alloc_descs(virq, (unsigned int)virq, cnt, node,
					 NULL, affinity);
	hint = (unsigned int)(hwirq % nr_irqs);
	if (hint == 0)
		hint++;
	virq = __irq_alloc_descs(-1, hint, cnt, node, NULL, affinity);
	if (virq <= 0 && hint > 1)
		virq = __irq_alloc_descs(-1, 1, cnt, node, NULL, affinity);
	return virq;
}

static int irq_domain_associate(struct irq_domain *domain, unsigned int virq,
				irq_hw_number_t hwirq)
{
	struct irq_data *irq_data = irq_get_irq_data(virq);
	int ret;

	if (WARN_ON(hwirq >= domain->hwirq_max) || WARN_ON(!irq_data) ||
	    WARN_ON(irq_data->domain))
		return -EINVAL;
	irq_data->hwirq = hwirq;
	irq_data->domain = domain;
	if (domain->ops->map) {
		ret = domain->ops->map(domain, virq, hwirq);
		if (ret) {
			irq_data->domain = NULL;
			irq_data->hwirq = 0;
			return ret;
		}
	}
	domain->mapcount++;
	irq_domain_set_mapping(domain, hwirq, irq_data);
	irq_clear_status_flags(virq, _IRQ_NOREQUEST);
	return 0;
}

/**
 * irq_create_mapping - map @hwirq of a domain without hierarchy
 * @domain: the domain, or NULL for the default one
 * @hwirq: the controller's number
 *
 * Return: the interrupt number (an existing mapping's), or 0 on failure.
 */
unsigned int irq_create_mapping(struct irq_domain *domain,
				irq_hw_number_t hwirq)
{
	unsigned int virq;
	int ret;

	if (!domain)
		domain = irq_default_domain;
	if (!domain)
		return 0;
	virq = irq_find_mapping(domain, hwirq);
	if (virq)
		return virq;
	ret = irq_domain_alloc_descs(-1, 1, hwirq, NUMA_NO_NODE, NULL);
	if (ret <= 0)
		return 0;
	if (irq_domain_associate(domain, (unsigned int)ret, hwirq)) {
		irq_free_desc((unsigned int)ret);
		return 0;
	}
	return (unsigned int)ret;
}

static void irq_domain_disassociate(struct irq_domain *domain, unsigned int irq)
{
	struct irq_data *irq_data = irq_get_irq_data(irq);
	irq_hw_number_t hwirq = irq_data->hwirq;

	irq_set_status_flags(irq, _IRQ_NOREQUEST);
	irq_set_chip_and_handler(irq, NULL, NULL);
	synchronize_irq(irq);
	if (domain->ops->unmap)
		domain->ops->unmap(domain, irq);
	irq_data->domain = NULL;
	irq_data->hwirq = 0;
	domain->mapcount--;
	irq_domain_clear_mapping(domain, hwirq);
}

/* Undo irq_create_mapping() or irq_domain_alloc_irqs() of one @virq. */
void irq_dispose_mapping(unsigned int virq)
{
	struct irq_data *irq_data = irq_get_irq_data(virq);
	struct irq_domain *domain;

	if (!virq || !irq_data || !irq_data->domain)
		return;
	domain = irq_data->domain;
	if (irq_domain_is_hierarchy(domain)) {
		irq_domain_free_irqs(virq, 1);
	} else {
		irq_domain_disassociate(domain, virq);
		irq_free_desc(virq);
	}
}

/* One irq_data per parent level, chained through ->parent_data. */
static int irq_domain_alloc_irq_data(struct irq_domain *domain,
				     unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *irq_data = irq_get_irq_data(virq + i);

		irq_data->domain = domain;
		for (struct irq_domain *parent = domain->parent; parent;
		     parent = parent->parent) {
			struct irq_data *p = calloc(1, sizeof(*p));

			if (!p)
				return -ENOMEM;
			p->irq = irq_data->irq;
			p->common = irq_data->common;
			p->domain = parent;
			p->chip = &no_irq_chip;
			irq_data->parent_data = p;
			irq_data = p;
		}
	}
	return 0;
}

/* Free the parent levels' irq_data of @virq (irqdesc.c, when freeing). */
void genirq6_domain_free_irq_data(unsigned int virq)
{
	struct irq_data *irq_data = irq_get_irq_data(virq);
	struct irq_data *tail;

	if (!irq_data)
		return;
	tail = irq_data->parent_data;
	irq_data->parent_data = NULL;
	irq_data->domain = NULL;
	while (tail) {
		struct irq_data *tmp = tail;

		tail = tail->parent_data;
		free(tmp);
	}
}

static int irq_domain_alloc_irqs_hierarchy(struct irq_domain *domain,
					   unsigned int irq_base,
					   unsigned int nr, void *arg)
{
	if (!domain->ops->alloc)
		return -ENOSYS;
	return domain->ops->alloc(domain, irq_base, nr, arg);
}

static void irq_domain_free_irqs_hierarchy(struct irq_domain *domain,
					   unsigned int irq_base,
					   unsigned int nr)
{
	if (domain->ops->free)
		domain->ops->free(domain, irq_base, nr);
}

/* Publish every level's mapping of @virq and make it requestable. */
static void irq_domain_insert_irq(unsigned int virq)
{
	for (struct irq_data *data = irq_get_irq_data(virq); data;
	     data = data->parent_data) {
		data->domain->mapcount++;
		irq_domain_set_mapping(data->domain, data->hwirq, data);
	}
	irq_clear_status_flags(virq, _IRQ_NOREQUEST);
}

static void irq_domain_remove_irq(unsigned int virq)
{
	for (struct irq_data *data = irq_get_irq_data(virq); data;
	     data = data->parent_data) {
		if (!data->domain)
			continue;
		data->domain->mapcount--;
		irq_domain_clear_mapping(data->domain, data->hwirq);
	}
}

/**
 * __irq_domain_alloc_irqs - allocate interrupts through a hierarchy
 * @domain: the top domain, or NULL for the default one
 * @irq_base: the number wanted, or -1
 * @nr: how many
 * @node: NUMA node
 * @arg: for the domains' ->alloc
 * @realloc: @irq_base's descriptors exist already
 * @affinity: @nr affinities, or NULL
 *
 * Return: the first number, or -errno.
 */
int __irq_domain_alloc_irqs(struct irq_domain *domain, int irq_base,
			    unsigned int nr, int node, void *arg, bool realloc,
			    const struct irq_affinity_desc *affinity)
{
	int virq, ret;

	if (!domain)
		domain = irq_default_domain;
	if (!domain)
		return -EINVAL;
	if (realloc && irq_base >= 0) {
		virq = irq_base;
	} else {
		virq = irq_domain_alloc_descs(irq_base, nr, 0, node, affinity);
		if (virq < 0)
			return virq;
	}
	ret = irq_domain_alloc_irq_data(domain, (unsigned int)virq, nr);
	if (!ret)
		ret = irq_domain_alloc_irqs_hierarchy(
			domain, (unsigned int)virq, nr, arg);
	if (ret < 0) {
		if (!realloc)
			irq_free_descs((unsigned int)virq, nr);
		return ret;
	}
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_insert_irq((unsigned int)virq + i);
	return virq;
}

/* Free interrupts allocated with irq_domain_alloc_irqs(). */
void irq_domain_free_irqs(unsigned int virq, unsigned int nr)
{
	struct irq_data *data = irq_get_irq_data(virq);
	struct irq_domain *domain;

	if (WARN_ON(!data || !data->domain || !data->domain->ops->free))
		return;
	domain = data->domain;
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_remove_irq(virq + i);
	irq_domain_free_irqs_hierarchy(domain, virq, nr);
	irq_free_descs(virq, nr);
}

int irq_domain_alloc_irqs_parent(struct irq_domain *domain,
				 unsigned int irq_base, unsigned int nr,
				 void *arg)
{
	if (!domain->parent)
		return -ENOSYS;
	return irq_domain_alloc_irqs_hierarchy(domain->parent, irq_base, nr,
					       arg);
}

void irq_domain_free_irqs_parent(struct irq_domain *domain,
				 unsigned int irq_base, unsigned int nr)
{
	if (domain->parent)
		irq_domain_free_irqs_hierarchy(domain->parent, irq_base, nr);
}

/* Return: @virq's irq_data at @domain's level, or NULL. */
struct irq_data *irq_domain_get_irq_data(struct irq_domain *domain,
					 unsigned int virq)
{
	for (struct irq_data *d = irq_get_irq_data(virq); d; d = d->parent_data)
		if (d->domain == domain)
			return d;
	return NULL;
}

/* Return: 0, or -ENOENT when @virq has no level of @domain. */
int irq_domain_set_hwirq_and_chip(struct irq_domain *domain, unsigned int virq,
				  irq_hw_number_t hwirq,
				  const struct irq_chip *chip, void *chip_data)
{
	struct irq_data *irq_data = irq_domain_get_irq_data(domain, virq);

	if (!irq_data)
		return -ENOENT;
	irq_data->hwirq = hwirq;
	irq_data->chip = (struct irq_chip *)(chip ? chip : &no_irq_chip);
	irq_data->chip_data = chip_data;
	return 0;
}

void irq_domain_set_info(struct irq_domain *domain, unsigned int virq,
			 irq_hw_number_t hwirq, const struct irq_chip *chip,
			 void *chip_data, irq_flow_handler_t handler,
			 void *handler_data, const char *handler_name)
{
	irq_domain_set_hwirq_and_chip(domain, virq, hwirq, chip, chip_data);
	__irq_set_handler(virq, handler, 0, handler_name);
	irq_set_handler_data(virq, handler_data);
}

void irq_domain_reset_irq_data(struct irq_data *irq_data)
{
	irq_data->hwirq = 0;
	irq_data->chip = &no_irq_chip;
	irq_data->chip_data = NULL;
}

void irq_domain_free_irqs_common(struct irq_domain *domain, unsigned int virq,
				 unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *d = irq_domain_get_irq_data(domain, virq + i);

		if (d)
			irq_domain_reset_irq_data(d);
	}
	irq_domain_free_irqs_parent(domain, virq, nr);
}

static void __irq_domain_deactivate_irq(struct irq_data *irq_data)
{
	if (irq_data && irq_data->domain) {
		struct irq_domain *domain = irq_data->domain;

		if (domain->ops->deactivate)
			domain->ops->deactivate(domain, irq_data);
		if (irq_data->parent_data)
			__irq_domain_deactivate_irq(irq_data->parent_data);
	}
}

/* Parents first: the level towards the CPU is programmed before ours. */
static int __irq_domain_activate_irq(struct irq_data *irqd, bool reserve)
{
	int ret = 0;

	if (irqd && irqd->domain) {
		struct irq_domain *domain = irqd->domain;

		if (irqd->parent_data)
			ret = __irq_domain_activate_irq(irqd->parent_data,
							reserve);
		if (!ret && domain->ops->activate) {
			ret = domain->ops->activate(domain, irqd, reserve);
			if (ret && irqd->parent_data)
				__irq_domain_deactivate_irq(irqd->parent_data);
		}
	}
	return ret;
}

/* Return: 0, or the first level's ->activate error. */
int irq_domain_activate_irq(struct irq_data *irq_data, bool reserve)
{
	int ret = 0;

	if (!irqd_is_activated(irq_data))
		ret = __irq_domain_activate_irq(irq_data, reserve);
	if (!ret)
		irqd_set_activated(irq_data);
	return ret;
}

void irq_domain_deactivate_irq(struct irq_data *irq_data)
{
	if (irqd_is_activated(irq_data)) {
		__irq_domain_deactivate_irq(irq_data);
		irqd_clr_activated(irq_data);
	}
}

/* Forget every domain (genirq6_reset(), after the descriptors). */
void genirq6_domains_reset(void)
{
	pthread_mutex_lock(&domain_lock);
	for (unsigned int i = 0; i < sizeof(domains) / sizeof(domains[0]);
	     i++) {
		free(domains[i]);
		domains[i] = NULL;
	}
	irq_default_domain = NULL;
	pthread_mutex_unlock(&domain_lock);
}
