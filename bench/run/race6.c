// SPDX-License-Identifier: GPL-2.0
/*
 * The affinity races on the modern family (race6.h): a move is genirq6's
 * irq_set_affinity(), which hands the mask to the modern driver's
 * ->irq_set_affinity (the IO-APIC's through the vector domain, which
 * keeps the line single-target, or the GIC's GICD_ITARGETSR byte) and
 * updates the effective affinity that the edge flow's migration wait
 * reads. A fasteoi race's line gets IRQD_RESEND_WHEN_IN_PROGRESS, as the
 * GICv3 ITS driver gives its LPIs, unless the design is v6-nofix.
 */
#include <linux/irq.h>
#include <linux/interrupt.h>
#include <genirq6/arch.h>
#include "race6.h"

static int move6(unsigned int irq, unsigned int cpu)
{
	return irq_set_affinity(irq, cpumask_of(cpu));
}

static void prepare6(unsigned int irq, bool resend)
{
	struct irq_data *d = irq_get_irq_data(irq);

	if (!d)
		return;
	if (resend)
		irqd_set_resend_when_in_progress(d);
	else
		irqd_clear(d, IRQD_RESEND_WHEN_IN_PROGRESS);
}

const struct bench_race_family bench_race_v6 = {
	.move = move6,
	.prepare = prepare6,
	.waits = genirq6_migration_waits,
};

int bench_race6_nofix(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (desc && desc->handle_irq == handle_edge_irq)
		irq_set_handler(irq, handle_edge_irq_nofix);
	return desc && desc->handle_irq == handle_edge_irq_nofix;
}
