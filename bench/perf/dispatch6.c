// SPDX-License-Identifier: GPL-2.0
/*
 * The pure dispatch cost of the modern family's flows (dispatch6.h), set
 * beside dispatch.c's 2.6.18 flows in irqlab bench's table: a genirq6
 * descriptor with the flow, on a chip whose operations do nothing, with
 * one action that only returns IRQ_HANDLED, entered through
 * genirq6_vector_entry() (x86's common_interrupt(): irq_enter, the
 * vector's descriptor, the flow, irq_exit) many times on this thread.
 * What is left is the modern core's own path: the flow with its state
 * checks (IRQD_IRQ_MASKED, IRQS_PENDING, the migration wait's), its
 * chip calls, handle_irq_event(), the write-free note_interrupt().
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <genirq6/arch.h>
#include <genirq/clock.h>
#include "dispatch6.h"

#define DISPATCH6_VECTOR 1
#define DISPATCH6_ROUNDS 5 /* BENCH_DISPATCH_ROUNDS, dispatch.h */

static void null6_op(struct irq_data *d)
{
	(void)d;
}

/* clang-format off */
static struct irq_chip null6_chip = {
	.name		= "null",
	.irq_enable	= null6_op,
	.irq_disable	= null6_op,
	.irq_ack	= null6_op,
	.irq_mask	= null6_op,
	.irq_mask_ack	= null6_op,
	.irq_unmask	= null6_op,
	.irq_eoi	= null6_op,
};
/* clang-format on */

/* Not static: callgrind leaves it out by this name. */
irqreturn_t handled6(int irq, void *dev_id);

irqreturn_t handled6(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

const char *const bench_dispatch6_flows[] = {
	"v6-simple", "v6-level", "v6-edge", "v6-fasteoi", "v6-percpu", NULL,
};

static const irq_flow_handler_t flow6[] = {
	handle_simple_irq,  handle_level_irq,  handle_edge_irq,
	handle_fasteoi_irq, handle_percpu_irq,
};

static int flow_index(const char *name)
{
	for (int i = 0; bench_dispatch6_flows[i]; i++)
		if (!strcmp(bench_dispatch6_flows[i], name))
			return i;
	return -1;
}

int bench_dispatch6_known(const char *name)
{
	return flow_index(name) >= 0;
}

/* The fastest of the rounds of @n entries, ns per entry. */
static double rounds(unsigned int n)
{
	uint64_t best = UINT64_MAX;

	for (int r = 0; r < DISPATCH6_ROUNDS; r++) {
		uint64_t t0 = irq_clock_ns(), t;

		for (unsigned int i = 0; i < n; i++)
			genirq6_vector_entry(DISPATCH6_VECTOR);
		t = irq_clock_ns() - t0;
		if (t < best)
			best = t;
	}
	return (double)best / n;
}

int bench_dispatch6_measure(const char *name, unsigned int n, double *ns)
{
	int k = flow_index(name), irq, ret;

	if (k < 0 || !n)
		return -EINVAL;
	genirq6_reset();
	irq_cpu_attach(0);
	irq = irq_alloc_desc(NUMA_NO_NODE);
	if (irq <= 0)
		return irq < 0 ? irq : -ENOMEM;
	irq_set_chip_and_handler((unsigned int)irq, &null6_chip, flow6[k]);
	if (flow6[k] == handle_percpu_irq)
		irq_set_status_flags((unsigned int)irq, IRQ_PER_CPU);
	ret = request_irq((unsigned int)irq, handled6, 0, "dispatch", NULL);
	if (!ret)
		ret = genirq6_vector_bind(DISPATCH6_VECTOR,
					  irq_to_desc((unsigned int)irq));
	if (!ret) {
		*ns = rounds(n);
		genirq6_vector_bind(DISPATCH6_VECTOR, NULL);
		free_irq((unsigned int)irq, NULL);
	}
	irq_free_desc((unsigned int)irq);
	genirq6_reset();
	return ret;
}
