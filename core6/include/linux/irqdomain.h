/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt domains (include/linux/irqdomain.h): a controller's hwirq
 * numbers mapped to interrupt numbers through a linear reverse map, and
 * hierarchies of domains, each level with its own irq_data, chip and
 * parent. Only what genirq6 implements is declared (docs/core6.md).
 */
#ifndef _GENIRQ6_LINUX_IRQDOMAIN_H
#define _GENIRQ6_LINUX_IRQDOMAIN_H

#include <linux/irq.h>
#include <linux/interrupt.h>

struct fwnode_handle;

/**
 * struct irq_domain_ops - a domain's methods
 * @map: a new mapping of @hw to @virq (domains without hierarchy)
 * @unmap: its removal
 * @alloc: hierarchy: set up @nr interrupts from @virq, @arg being the
 *	caller's description (a struct irq_fwspec or the domain's own)
 * @free: hierarchy: undo @alloc
 * @activate: program the hardware for @irqd (at request or startup)
 * @deactivate: undo @activate
 */
struct irq_domain_ops {
	int (*map)(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw);
	void (*unmap)(struct irq_domain *d, unsigned int virq);
	int (*alloc)(struct irq_domain *d, unsigned int virq, unsigned int nr,
		     void *arg);
	void (*free)(struct irq_domain *d, unsigned int virq, unsigned int nr);
	int (*activate)(struct irq_domain *d, struct irq_data *irqd,
			bool reserve);
	void (*deactivate)(struct irq_domain *d, struct irq_data *irq_data);
};

enum {
	IRQ_DOMAIN_FLAG_HIERARCHY = (1 << 0),
};

/**
 * struct irq_domain - an interrupt controller's number space
 * @name: for messages
 * @ops: its methods
 * @host_data: the controller driver's data
 * @flags: IRQ_DOMAIN_FLAG_*
 * @mapcount: mapped interrupts
 * @parent: hierarchy: the domain below (towards the CPU)
 * @hwirq_max: the highest hwirq plus one
 * @revmap_size: entries of @revmap
 * @revmap: hwirq -> irq_data of this domain's level
 */
struct irq_domain {
	const char *name;
	const struct irq_domain_ops *ops;
	void *host_data;
	unsigned int flags;
	unsigned int mapcount;
	struct irq_domain *parent;
	irq_hw_number_t hwirq_max;
	unsigned int revmap_size;
	struct irq_data *revmap[];
};

extern const struct irq_domain_ops irq_domain_simple_ops;

struct irq_domain *irq_domain_create_linear(struct fwnode_handle *fwnode,
					    unsigned int size,
					    const struct irq_domain_ops *ops,
					    void *host_data);
struct irq_domain *
irq_domain_create_hierarchy(struct irq_domain *parent, unsigned int flags,
			    unsigned int size, struct fwnode_handle *fwnode,
			    const struct irq_domain_ops *ops, void *host_data);
void irq_domain_remove(struct irq_domain *domain);
void irq_set_default_domain(struct irq_domain *domain);

unsigned int irq_create_mapping(struct irq_domain *domain,
				irq_hw_number_t hwirq);
void irq_dispose_mapping(unsigned int virq);
unsigned int irq_find_mapping(struct irq_domain *domain, irq_hw_number_t hwirq);
struct irq_desc *irq_resolve_mapping(struct irq_domain *domain,
				     irq_hw_number_t hwirq);

int irq_domain_alloc_descs(int virq, unsigned int nr, irq_hw_number_t hwirq,
			   int node, const struct irq_affinity_desc *affinity);
int __irq_domain_alloc_irqs(struct irq_domain *domain, int irq_base,
			    unsigned int nr, int node, void *arg, bool realloc,
			    const struct irq_affinity_desc *affinity);
static inline int irq_domain_alloc_irqs(struct irq_domain *domain,
					unsigned int nr, int node, void *arg)
{
	return __irq_domain_alloc_irqs(domain, -1, nr, node, arg, false, NULL);
}
void irq_domain_free_irqs(unsigned int virq, unsigned int nr);
int irq_domain_alloc_irqs_parent(struct irq_domain *domain,
				 unsigned int irq_base, unsigned int nr,
				 void *arg);
void irq_domain_free_irqs_parent(struct irq_domain *domain,
				 unsigned int irq_base, unsigned int nr);
void irq_domain_free_irqs_common(struct irq_domain *domain, unsigned int virq,
				 unsigned int nr);
struct irq_data *irq_domain_get_irq_data(struct irq_domain *domain,
					 unsigned int virq);
int irq_domain_set_hwirq_and_chip(struct irq_domain *domain, unsigned int virq,
				  irq_hw_number_t hwirq,
				  const struct irq_chip *chip, void *chip_data);
void irq_domain_set_info(struct irq_domain *domain, unsigned int virq,
			 irq_hw_number_t hwirq, const struct irq_chip *chip,
			 void *chip_data, irq_flow_handler_t handler,
			 void *handler_data, const char *handler_name);
void irq_domain_reset_irq_data(struct irq_data *irq_data);
int irq_domain_activate_irq(struct irq_data *irq_data, bool reserve);
void irq_domain_deactivate_irq(struct irq_data *irq_data);

static inline bool irq_domain_is_hierarchy(struct irq_domain *domain)
{
	return domain->flags & IRQ_DOMAIN_FLAG_HIERARCHY;
}

#endif /* _GENIRQ6_LINUX_IRQDOMAIN_H */
