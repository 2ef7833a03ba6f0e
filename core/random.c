// SPDX-License-Identifier: GPL-2.0
/*
 * The interrupt side of the entropy pool: add_interrupt_randomness(), as
 * handle_IRQ_event() of 2.6.18 calls it for a line one of whose handling
 * actions asked for IRQF_SAMPLE_RANDOM (drivers/char/random.c there).
 * There is no pool here: what the harness measures is the time the call
 * takes on the interrupt path, so the mixing is a costed stand-in, a
 * busy-wait of a configured time (genirq_set_entropy_cost(); the
 * realistic profile's figure and how it was measured are in
 * configs/cost/realistic.ini), and a count per line that says it ran.
 */
#include <errno.h>
#include "internals.h"

static struct genirq_cost entropy_cost;

static unsigned long entropy_samples[NR_IRQS];

int genirq_set_entropy_cost(unsigned int ns, void (*wait)(unsigned int ns))
{
	return genirq_cost_set(&entropy_cost, ns, wait);
}

void add_interrupt_randomness(int irq)
{
	if (irq < 0 || irq >= NR_IRQS)
		return;
	__atomic_fetch_add(&entropy_samples[irq], 1, __ATOMIC_RELAXED);
	genirq_cost_pay(&entropy_cost);
}

unsigned long genirq_entropy_samples(unsigned int irq)
{
	return irq < NR_IRQS ? __atomic_load_n(&entropy_samples[irq],
					       __ATOMIC_RELAXED) :
			       0;
}

void random_reset(void)
{
	genirq_set_entropy_cost(0, NULL);
	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		__atomic_store_n(&entropy_samples[irq], 0, __ATOMIC_RELAXED);
}
