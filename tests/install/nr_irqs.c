// SPDX-License-Identifier: GPL-2.0
/*
 * A driver whose arch headers define another NR_IRQS than libgenirq's,
 * before the IRQ headers (-DNR_IRQS_BEFORE) or after them
 * (-DNR_IRQS_AFTER): both must stop the build with a message naming the
 * two values (compat.sh checks it). Without either it compiles.
 */
#ifdef NR_IRQS_BEFORE
#define NR_IRQS 7
#endif
#include <linux/irq.h>
#include <linux/interrupt.h>
#ifdef NR_IRQS_AFTER
#undef NR_IRQS
#define NR_IRQS 7
#endif

static struct irq_chip my_chip = { .name = "mine" };

void my_init_irq(void);

void my_init_irq(void)
{
	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		set_irq_chip(irq, &my_chip);
}
