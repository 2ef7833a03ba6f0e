// SPDX-License-Identifier: GPL-2.0
/*
 * The maple tree stand-in: interrupt number -> descriptor in a radix
 * tree of 16-way nodes, three levels for GENIRQ6_NR_IRQS (4,096 slots).
 * A SPARSE_IRQ kernel keeps its descriptors in a maple tree (sparse_irqs,
 * kernel/irq/irqdesc.c), a B-tree of 16-slot nodes whose lookup walks
 * one node per level; for the dense, small interrupt numbers of a
 * machine that is two or three dependent loads, as here. What differs
 * (docs/core6.md): a maple node is searched through its pivots, a radix
 * node is indexed; the cost of irq_to_desc() is the chain of loads,
 * which both have. Readers take no lock (the kernel's RCU readers);
 * stores are serialised by the caller's allocation lock and publish with
 * a release store. Nodes are never freed until genirq6_reset().
 */
#include <stdlib.h>
#include "internals.h"

#define TREE_SHIFT 4
#define TREE_SLOTS (1U << TREE_SHIFT)
#define TREE_MASK (TREE_SLOTS - 1)
#define TREE_LEVELS 3

_Static_assert(GENIRQ6_NR_IRQS <= (1U << (TREE_SHIFT * TREE_LEVELS)),
	       "the tree holds 16^3 descriptors");

struct tree_node {
	void *slot[TREE_SLOTS];
};

static struct tree_node *tree_root;
/* every node, to free them at reset */
static struct tree_node *all_nodes[1 + TREE_SLOTS + TREE_SLOTS * TREE_SLOTS];
static unsigned int nr_nodes;

static struct tree_node *node_new(void)
{
	struct tree_node *n = calloc(1, sizeof(*n));

	if (n)
		all_nodes[nr_nodes++] = n;
	return n;
}

/**
 * genirq6_desc_tree_store - map @irq to @desc (NULL: remove it)
 * @irq: the interrupt number
 * @desc: its descriptor
 *
 * Return: 0, -ENOMEM, or -EINVAL for an @irq out of range.
 */
int genirq6_desc_tree_store(unsigned int irq, struct irq_desc *desc)
{
	struct tree_node **link = &tree_root;
	struct tree_node *node = NULL;

	if (irq >= GENIRQ6_NR_IRQS)
		return -EINVAL;
	for (int level = TREE_LEVELS - 1; level >= 0; level--) {
		node = *link;
		if (!node) {
			if (!desc)
				return 0;
			node = node_new();
			if (!node)
				return -ENOMEM;
			__atomic_store_n(link, node, __ATOMIC_RELEASE);
		}
		if (level)
			link = (struct tree_node **)&node
				       ->slot[(irq >> (level * TREE_SHIFT)) &
					      TREE_MASK];
	}
	__atomic_store_n(&node->slot[irq & TREE_MASK], desc, __ATOMIC_RELEASE);
	return 0;
}

/* Return: the descriptor of @irq, or NULL. */
struct irq_desc *genirq6_desc_tree_load(unsigned int irq)
{
	struct tree_node *node = __atomic_load_n(&tree_root, __ATOMIC_ACQUIRE);

	if (unlikely(irq >= GENIRQ6_NR_IRQS))
		return NULL;
	for (int level = TREE_LEVELS - 1; level > 0 && node; level--)
		node = __atomic_load_n(
			(struct tree_node **)&node
				->slot[(irq >> (level * TREE_SHIFT)) &
				       TREE_MASK],
			__ATOMIC_ACQUIRE);
	if (!node)
		return NULL;
	return __atomic_load_n((struct irq_desc **)&node->slot[irq & TREE_MASK],
			       __ATOMIC_ACQUIRE);
}

/* Free the whole tree: no reader may run. */
void genirq6_desc_tree_reset(void)
{
	for (unsigned int i = 0; i < nr_nodes; i++)
		free(all_nodes[i]);
	nr_nodes = 0;
	tree_root = NULL;
}
