/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry and exit of a chained (cascade) handler on its parent line
 * (include/linux/irqchip/chained_irq.h): a fasteoi parent needs only its
 * EOI at the exit; any other is masked and acked on entry and unmasked
 * on exit. They call the parent chip directly, not through mask_irq():
 * a chained line's masked state is not tracked.
 */
#ifndef _GENIRQ6_LINUX_IRQCHIP_CHAINED_IRQ_H
#define _GENIRQ6_LINUX_IRQCHIP_CHAINED_IRQ_H

#include <linux/irq.h>

static inline void chained_irq_enter(struct irq_chip *chip,
				     struct irq_desc *desc)
{
	if (chip->irq_eoi)
		return;
	if (chip->irq_mask_ack) {
		chip->irq_mask_ack(&desc->irq_data);
	} else {
		chip->irq_mask(&desc->irq_data);
		if (chip->irq_ack)
			chip->irq_ack(&desc->irq_data);
	}
}

static inline void chained_irq_exit(struct irq_chip *chip,
				    struct irq_desc *desc)
{
	if (chip->irq_eoi)
		chip->irq_eoi(&desc->irq_data);
	else
		chip->irq_unmask(&desc->irq_data);
}

#endif /* _GENIRQ6_LINUX_IRQCHIP_CHAINED_IRQ_H */
