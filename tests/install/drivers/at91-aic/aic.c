// SPDX-License-Identifier: GPL-2.0
/*
 * An Advanced Interrupt Controller driver written here in the shape of a
 * 2.6.18 ARM machine's: every source is a level-flow line whose ->ack
 * masks it (IDCR), the vector register holds the source number so that
 * the entry code can read the line from IVR, and ->set_type programs the
 * source type in SMR, refusing the two inverted types on sources inside
 * the chip. There is no ->set_wake (CONFIG_PM off). The priority stack
 * that IVR pushes and EOICR pops is the board's; this file only clears it
 * once at start.
 */
#include <linux/init.h>
#include <asm/hardware.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>

#include "generic.h"

/* The AIC keeps an eight-deep stack of levels being serviced. */
#define AIC_STACK_DEPTH 8

static unsigned int aic_bit(unsigned int irq)
{
	return 1u << irq;
}

static void aic_disable_source(unsigned int irq)
{
	at91_sys_write(AT91_AIC_IDCR, aic_bit(irq));
}

static void aic_enable_source(unsigned int irq)
{
	at91_sys_write(AT91_AIC_IECR, aic_bit(irq));
}

/* Sources wired inside the SoC: only the external pins invert. */
static int aic_internal(unsigned int irq)
{
	return irq != AT91_ID_FIQ && irq < AT91_ID_IRQ0;
}

static int aic_set_type(unsigned int irq, unsigned int type)
{
	static const struct {
		unsigned int irqt, srctype;
		int inverted;
	} types[] = {
		{ IRQT_HIGH, AT91_AIC_SRCTYPE_HIGH, 0 },
		{ IRQT_RISING, AT91_AIC_SRCTYPE_RISING, 0 },
		{ IRQT_LOW, AT91_AIC_SRCTYPE_LOW, 1 },
		{ IRQT_FALLING, AT91_AIC_SRCTYPE_FALLING, 1 },
	};
	unsigned int i, mode;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (types[i].irqt != type)
			continue;
		if (types[i].inverted && aic_internal(irq))
			return -EINVAL;
		mode = at91_sys_read(AT91_AIC_SMR(irq));
		mode = (mode & ~AT91_AIC_SRCTYPE) | types[i].srctype;
		at91_sys_write(AT91_AIC_SMR(irq), mode);
		return 0;
	}
	return -EINVAL; /* IRQT_BOTHEDGE and anything else */
}

static struct irq_chip aic_chip = {
	.name = "AIC",
	.ack = aic_disable_source,
	.mask = aic_disable_source,
	.unmask = aic_enable_source,
	.set_type = aic_set_type,
};

void __init at91_aic_init(unsigned int priority[NR_AIC_IRQS])
{
	unsigned int n;

	/* Empty the priority stack, whatever the boot loader left on it. */
	for (n = 0; n < AIC_STACK_DEPTH; n++)
		at91_sys_write(AT91_AIC_EOICR, 0);

	for (n = 0; n < NR_AIC_IRQS; n++) {
		at91_sys_write(AT91_AIC_SVR(n), n);
		at91_sys_write(AT91_AIC_SMR(n),
			       AT91_AIC_SRCTYPE_LOW | priority[n]);
		set_irq_chip(n, &aic_chip);
		set_irq_handler(n, do_level_IRQ);
		set_irq_flags(n, IRQF_VALID | IRQF_PROBE);
	}

	/* IVR reads NR_AIC_IRQS when nothing is pending: the spurious line. */
	at91_sys_write(AT91_AIC_SPU, NR_AIC_IRQS);
	at91_sys_write(AT91_AIC_DCR, 0);
	at91_sys_write(AT91_AIC_IDCR, ~0u);
	at91_sys_write(AT91_AIC_ICCR, ~0u);
}
