/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The skeleton every controller model shares (skeleton.c), private to
 * chips/: making a model's struct with its counters, putting a line on
 * one of the model's driver forms (the 2.6.18 irq_chip with its flow
 * handler, or the legacy hw_interrupt_type under __do_IRQ(); the third,
 * the modern driver on genirq6, is chips/form6.h's), and giving
 * a line back when the model is destroyed. A model's register-level file
 * (hw/) and its driver forms (drv/) build on these instead of each
 * repeating them.
 */
#ifndef CHIPS_SKELETON_H
#define CHIPS_SKELETON_H

#include <stddef.h>
#include <chips/model.h>

/**
 * chip_model_alloc - allocate a model whose struct begins with its chip_model
 * @size: the size of the model's struct
 * @base: its chip_model as it should start (name, ops, cost_fields,
 *	irq_base, nr_inputs); @base->cost is ignored
 * @cost_offset: the offset of the model's cost struct in it
 *
 * Zeroes the struct, copies @base to its start, points ->cost at the cost
 * struct and gives the model its line counts (chip_lines_init()).
 * Return: the struct, or NULL with errno ENOMEM.
 */
void *chip_model_alloc(size_t size, const struct chip_model *base,
		       size_t cost_offset);

/* Free a model made by chip_model_alloc(): its line counts, then it. */
void chip_model_free(struct chip_model *m);

/**
 * struct chip_forms - the driver forms a model's lines are put on
 * @chip:	the 2.6.18 irq_chip, run by a genirq flow handler (design flow)
 * @legacy:	the 2.6.17 hw_interrupt_type form, run by __do_IRQ()
 *		(design do_irq)
 * @flow_name:	the name the flow form gives the descriptor (i8259's "XT");
 *		NULL: the name is left as it is
 */
struct chip_forms {
	struct irq_chip *chip;
	struct irq_chip *legacy;
	const char *flow_name;
};

/**
 * chip_forms_set - put @irq on the form of @design
 * @irq: the line
 * @forms: the model's forms
 * @design: which; CHIP_DESIGN_V6 puts the flow form on the 2.6.18 side,
 *	the modern form being attached apart (chips/form6.h, the registry
 *	row's @v6)
 * @flow: the flow handler for design flow (unused for do_irq)
 */
void chip_forms_set(unsigned int irq, const struct chip_forms *forms,
		    enum chip_design design, irq_flow_handler_t flow);

/* What chip_line_release() also does, besides handle_bad_irq. */
enum {
	CHIP_REL_INTA = 1 << 0, /* drop the CPU's acknowledge cycle first */
	CHIP_REL_DUMMY = 1 << 1, /* uninstall through dummy_irq_chip */
	CHIP_REL_DATA = 1 << 2, /* clear the handler data */
	CHIP_REL_KEEP_CHIP = 1 << 3, /* leave the chip on the line */
};

/**
 * chip_line_release - give a line back when its model is destroyed
 * @irq: the line
 * @how: CHIP_REL_* flags
 *
 * Uninstalls the flow (handle_bad_irq masks and acks the line through
 * whatever chip it has then: CHIP_REL_DUMMY for a chip whose ops the
 * uninstall must not call), clears the chip data, and leaves
 * no_irq_chip unless CHIP_REL_KEEP_CHIP.
 */
void chip_line_release(unsigned int irq, unsigned int how);

#endif /* CHIPS_SKELETON_H */
