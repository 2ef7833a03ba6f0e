/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A chip model's modern driver form: the irqchip driver of a current
 * kernel (Linux v6.17, docs/core6.md) programming the same register model
 * through genirq6 (core6/), beside the 2.6.18 irq_chip and the legacy
 * hw_interrupt_type of the model's other forms (chips/skeleton.h). One
 * model, two drivers: what the register counts differ by between a line
 * on the 2.6.18 form and the same line on this one is what the modern
 * driver and flow cost or save.
 *
 * Needs neither core's headers: the harness, which includes libgenirq's,
 * calls it, and the forms themselves (chips/drv/<chip>_v6.c) include
 * genirq6's.
 */
#ifndef CHIPS_FORM6_H
#define CHIPS_FORM6_H

struct chip_model;

/**
 * struct chip_form6 - a model's modern (genirq6) driver form
 * @name:	the kernel driver it follows, for `irqlab list` and the docs
 * @attach:	put input @irq (a 2.6.18 irq of @m, on its flow form) on the
 *		modern driver: a genirq6 descriptor through the driver's irq
 *		domain, the chip and flow the modern driver sets for trigger
 *		@type (IRQ_TYPE_*, the same values in both cores; 0: the
 *		line's own), and the vector bound to genirq6's entry, which
 *		pays @entry_ns as libgenirq's entry does. Return: the genirq6
 *		irq, or -errno
 * @detach:	give the line back to the 2.6.18 form: the descriptor and
 *		domain freed, the vector's acknowledge cycle the model's own.
 *		After genirq6's free_irq() of every action
 */
struct chip_form6 {
	const char *name;
	int (*attach)(struct chip_model *m, unsigned int irq, unsigned int type,
		      unsigned int entry_ns);
	void (*detach)(struct chip_model *m, unsigned int irq);
};

/* The forms, one per chip that has one (chips/drv/<chip>_v6.c). */
extern const struct chip_form6 soft_form6;
extern const struct chip_form6 ioapic_form6;
extern const struct chip_form6 gic_form6;
extern const struct chip_form6 i8259_form6;
extern const struct chip_form6 gpio_form6;

#endif /* CHIPS_FORM6_H */
