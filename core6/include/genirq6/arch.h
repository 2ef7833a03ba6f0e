/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq6's arch glue on libgenirq's simulated CPUs, and its switches.
 *
 * A controller model raises a vector on a simulated CPU with
 * irq_cpu_raise() (<genirq/cpu.h>), as for the 2.6.18 core. A vector
 * bound to genirq6 with genirq6_vector_bind() is taken by genirq6's
 * entry, the x86 common_interrupt() path: the vector's descriptor
 * (per-vector table, as x86's vector_irq[]) and its flow handler, or a
 * root handler (an arm64-style set_handle_irq() root, which reads the
 * controller and calls generic_handle_domain_irq()).
 */
#ifndef GENIRQ6_ARCH_H
#define GENIRQ6_ARCH_H

#include <linux/irqdesc.h>

/* How irq_to_desc() finds a descriptor. */
enum genirq6_lookup {
	GENIRQ6_LOOKUP_ARRAY, /* the array: the kernel without SPARSE_IRQ */
	GENIRQ6_LOOKUP_TREE, /* the tree: SPARSE_IRQ's maple tree */
};

/* Return: 0, or -EINVAL for an unknown @how. Set it before dispatching. */
int genirq6_set_lookup(enum genirq6_lookup how);
enum genirq6_lookup genirq6_get_lookup(void);

/**
 * genirq6_vector_bind - deliver vector @vector of the simulated CPUs to @desc
 * @vector: the vector (below libgenirq's NR_IRQS)
 * @desc: the descriptor its flow handler runs for, or NULL to unbind
 *
 * Return: 0, or -EINVAL for a bad @vector.
 */
int genirq6_vector_bind(unsigned int vector, struct irq_desc *desc);

/**
 * genirq6_vector_bind_root - deliver @vector to a root handler
 * @vector: the vector
 * @root: called in hard interrupt context with @ctx; it finds the hwirq
 *	(reading the controller) and calls generic_handle_domain_irq()
 * @ctx: passed to @root
 *
 * Return: 0, or -EINVAL for a bad @vector.
 */
int genirq6_vector_bind_root(unsigned int vector, void (*root)(void *ctx),
			     void *ctx);

/**
 * genirq6_vector_entry - the CPU takes vector @vector: genirq6's do_IRQ
 * @vector: the vector
 *
 * Interrupts off, irq_enter(), the bound descriptor's flow or root
 * handler, irq_exit() (which runs the software resend queue on leaving
 * the outermost interrupt), interrupts restored. Called by the simulated
 * CPU for a bound vector; callable directly from a thread attached as a
 * CPU.
 */
void genirq6_vector_entry(unsigned int vector);

/* In hard interrupt context of genirq6 or of libgenirq. */
static inline bool in_hardirq(void)
{
	return in_irq();
}

/**
 * genirq6_migration_waits - the waits for a handler in progress elsewhere
 * @n: out: how many irq_can_handle_pm() made (the edge flow's migration
 *	wait of the 2025 fix, and a poll in progress), since start or reset
 * @ns: out: their time, spun with the descriptor lock dropped
 *
 * Instrumentation, in no kernel: the affinity race scenarios report it
 * (docs/core6.md). A wait still under way is waited for first (it ends
 * when the handler it waits for does), so that two readings bracket
 * whole waits: one that ends after a block's last reading is not
 * counted in the next block's. genirq6_reset() zeroes both.
 */
void genirq6_migration_waits(uint64_t *n, uint64_t *ns);

/*
 * Free every descriptor, domain and action, stop the irq threads and
 * bring every CPU online: a fresh genirq6 for the next test.
 */
void genirq6_reset(void);

#endif /* GENIRQ6_ARCH_H */
