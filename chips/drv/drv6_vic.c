// SPDX-License-Identifier: GPL-2.0
/*
 * The VIC's register verbs for the modern driver forms (drv6.h), beside
 * drv6_hw.c's: a file of their own, since the VIC's private header and the
 * GPIO bank's both define the models' atomic load.
 */
#include <chips/vic.h>
#include "drv/drv6.h"
#include "hw/vic_hw.h"

void vic6_intenclear(struct chip_model *vic, unsigned int in, unsigned int acc)
{
	vic_intenclear((struct vic *)vic, in, (enum chip_acc)acc, 1u << in);
}

void vic6_intenable(struct chip_model *vic, unsigned int in, unsigned int acc)
{
	vic_intenable((struct vic *)vic, in, (enum chip_acc)acc, 1u << in);
}

void vic6_softint_clear(struct chip_model *vic, unsigned int in,
			unsigned int acc)
{
	struct vic *v = (struct vic *)vic;

	chip_reg_write(vic, in, (enum chip_acc)acc, v->cost.write_ns);
	__atomic_fetch_and(&v->softint, ~(1u << in), __ATOMIC_SEQ_CST);
}

int vic6_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	return vic_inta(cpu, irq, ctx);
}

void vic6_inta_restore(struct chip_model *vic, unsigned int irq)
{
	irq_cpu_set_inta(irq, vic_inta, vic);
}
