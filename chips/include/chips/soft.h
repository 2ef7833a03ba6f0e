/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The software chip: interrupt sources with no controller hardware, for
 * handle_simple_irq. Either direct lines, each raised on its CPU, or
 * software-demultiplexed sources behind one parent line whose chained
 * handler reads a status word and runs each pending child.
 */
#ifndef CHIPS_SOFT_H
#define CHIPS_SOFT_H

#include <chips/model.h>

/* The architecture a run of it behaves as: software-decoded lines belong to no architecture: generic keeps them as irqlab ran them. */
#define SOFT_ARCH GENIRQ_ARCH_GENERIC

/**
 * struct soft_cost - cost of the software status/enable words
 * @status_read_ns: reading the status word (demultiplexer)
 * @status_write_ns: clearing a status bit (demultiplexer)
 * @enable_write_ns: writing the enable word (mask/unmask)
 */
struct soft_cost {
	unsigned int status_read_ns;
	unsigned int status_write_ns;
	unsigned int enable_write_ns;
};

/**
 * soft_create - software lines irq_base .. irq_base + nr - 1
 * @irq_base: first irq number
 * @nr: number of lines, 1..32
 * @cpu: the CPU they are raised on
 * @parent_irq: a line to demultiplex behind, or -1 for direct lines
 *
 * Lines start on CHIP_DESIGN_FLOW (handle_simple_irq). With a parent,
 * the parent gets a chained handler (set_irq_chained_handler()) on a
 * dummy_irq_chip unless it already has a chip; asserting child pin n sets
 * status bit n and raises the parent.
 *
 * Return: the model, or NULL with errno set (EINVAL, ENOMEM).
 */
struct chip_model *soft_create(unsigned int irq_base, unsigned int nr,
			       unsigned int cpu, int parent_irq);

extern const struct chip_cost_field soft_cost_fields[];

#endif /* CHIPS_SOFT_H */
