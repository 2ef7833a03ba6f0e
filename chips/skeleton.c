// SPDX-License-Identifier: GPL-2.0
/*
 * The skeleton every controller model shares (skeleton.h): a model's
 * struct made with its counters, a line put on one of its driver forms,
 * and a line given back on destroy.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/cpu.h>
#include "skeleton.h"

void *chip_model_alloc(size_t size, const struct chip_model *base,
		       size_t cost_offset)
{
	struct chip_model *m = calloc(1, size);

	if (!m) {
		errno = ENOMEM;
		return NULL;
	}
	*m = *base;
	m->cost = (char *)m + cost_offset;
	if (chip_lines_init(m)) {
		free(m);
		errno = ENOMEM;
		return NULL;
	}
	return m;
}

void chip_model_free(struct chip_model *m)
{
	chip_lines_free(m);
	free(m);
}

void chip_forms_set(unsigned int irq, const struct chip_forms *forms,
		    enum chip_design design, irq_flow_handler_t flow)
{
	if (design == CHIP_DESIGN_DO_IRQ) {
		set_irq_chip(irq, forms->legacy);
		set_irq_handler(irq, NULL);
	} else if (forms->flow_name) {
		set_irq_chip_and_handler_name(irq, forms->chip, flow,
					      forms->flow_name);
	} else {
		set_irq_chip(irq, forms->chip);
		set_irq_handler(irq, flow);
	}
}

void chip_line_release(unsigned int irq, unsigned int how)
{
	if (how & CHIP_REL_INTA)
		irq_cpu_set_inta(irq, NULL, NULL);
	if (how & CHIP_REL_DUMMY)
		set_irq_chip(irq, &dummy_irq_chip);
	set_irq_handler(irq, handle_bad_irq);
	if (how & CHIP_REL_DATA)
		set_irq_data(irq, NULL);
	set_irq_chip_data(irq, NULL);
	if (!(how & CHIP_REL_KEEP_CHIP))
		set_irq_chip(irq, NULL);
}
