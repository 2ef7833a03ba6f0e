/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The software chip's private header: its state, shared by hw/soft.c (the
 * model) and drv/soft.c (its chip and chained handler).
 */
#ifndef CHIPS_HW_SOFT_HW_H
#define CHIPS_HW_SOFT_HW_H

#include <chips/soft.h>

struct soft {
	struct chip_model base;
	struct soft_cost cost;
	unsigned int cpu;
	int parent_irq;
	unsigned int status; /* latched sources; atomic */
	unsigned int enable; /* unmasked lines; under the descriptor locks */
};

static inline struct soft *irq_to_soft(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

extern struct irq_chip soft_chip; /* drv/soft.c */

/* Shared between the model's files; each is documented where it is. */
void soft_deliver(struct soft *s, unsigned int pin);
void soft_demux(unsigned int irq, struct irq_desc *desc);

#endif /* CHIPS_HW_SOFT_HW_H */
