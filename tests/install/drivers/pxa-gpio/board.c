// SPDX-License-Identifier: GPL-2.0
/*
 * The board around irq.c: register models of the interrupt controller
 * and the GPIO bank, ARM's init_IRQ() and IRQ entry, and devices on GPIO
 * lines. Checks the edge flow through the chained demultiplexer, an edge
 * that came while its line was disabled being resent at enable_irq(),
 * and autoprobe finding an unclaimed GPIO line through IRQT_PROBE.
 */
#include <errno.h>
#include <stdio.h>
#include <linux/interrupt.h>
#include <asm/io.h>
#include <asm/mach/irq.h>
#include <asm/arch/pxa-regs.h>

#include "check.h"

/* The models. */
static uint32_t icmr, icpr_other, gpdr, grer, gfer, gedr, pins;

static uint32_t icpr(void)
{
	uint32_t p = icpr_other;

	if (gedr & 1)
		p |= 1u << IRQ_GPIO0;
	if (gedr & 2)
		p |= 1u << IRQ_GPIO1;
	if (gedr & ~3u)
		p |= 1u << IRQ_GPIO_2_x;
	return p;
}

static uint32_t *reg(uintptr_t addr)
{
	if (addr == (uintptr_t)ICMR)
		return &icmr;
	if (addr == (uintptr_t)GPDR0)
		return &gpdr;
	if (addr == (uintptr_t)GRER0)
		return &grer;
	if (addr == (uintptr_t)GFER0)
		return &gfer;
	return NULL;
}

uint32_t board_mmio_read(uintptr_t addr, int width)
{
	(void)width;
	if (addr == (uintptr_t)ICIP)
		return icpr() & icmr;
	if (addr == (uintptr_t)ICPR)
		return icpr();
	if (addr == (uintptr_t)GEDR0)
		return gedr;
	return reg(addr) ? *reg(addr) : 0;
}

void board_mmio_write(uintptr_t addr, uint32_t val, int width)
{
	(void)width;
	if (addr == (uintptr_t)GEDR0)
		gedr &= ~val;
	else if (reg(addr))
		*reg(addr) = val;
}

/* A pin changes: the edge detector latches the edges it is set for. */
static void gpio_pin(int gpio, int high)
{
	uint32_t bit = GPIO_bit(gpio);

	if (!!(pins & bit) == high)
		return;
	pins ^= bit;
	if ((high ? grer : gfer) & bit)
		gedr |= bit;
}

static unsigned int arm_irq_entry(void)
{
	unsigned int taken = 0;
	uint32_t status;

	while ((status = board_mmio_read((uintptr_t)ICIP, 32))) {
		do_IRQ((unsigned int)__builtin_ctz(status));
		if (++taken > 16)
			break;
	}
	return taken;
}

static int key_presses, button_presses, found_runs;
static int key_dev, button_dev, found_dev;

static irqreturn_t key_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_GPIO(5) || dev_id != &key_dev)
		return IRQ_NONE;
	key_presses++;
	return IRQ_HANDLED;
}

static irqreturn_t button_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_GPIO0 || dev_id != &button_dev)
		return IRQ_NONE;
	button_presses++;
	return IRQ_HANDLED;
}

static irqreturn_t found_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_GPIO(7) || dev_id != &found_dev)
		return IRQ_NONE;
	found_runs++;
	return IRQ_HANDLED;
}

int main(void)
{
	unsigned long probe;
	int i, irq;

	irq_cpu_attach(0);
	for (i = 0; i < NR_IRQS; i++)
		irq_desc[i].status |= IRQ_NOREQUEST | IRQ_NOPROBE;
	pxa_init_irq();
	CHECK(icmr == 1u << IRQ_GPIO_2_x);

	CHECK(request_irq(IRQ_GPIO(5), key_interrupt, IRQF_TRIGGER_RISING,
			  "key", &key_dev) == 0);
	CHECK(request_irq(IRQ_GPIO0, button_interrupt, SA_TRIGGER_FALLING,
			  "button", &button_dev) == 0);
	CHECK(grer == GPIO_bit(5) && gfer == GPIO_bit(0));
	CHECK(icmr & (1u << IRQ_GPIO0));
	pins = GPIO_bit(0);

	/* An edge through the chained demultiplexer: the edge flow. */
	gpio_pin(5, 1);
	CHECK(arm_irq_entry() == 1);
	CHECK(key_presses == 1 && gedr == 0);
	CHECK(icmr & (1u << IRQ_GPIO_2_x));
	gpio_pin(5, 0); /* falling: not detected */
	CHECK(arm_irq_entry() == 0);

	/* GPIO 0 has a line of its own. */
	gpio_pin(0, 0);
	CHECK(arm_irq_entry() == 1 && button_presses == 1 && gedr == 0);

	/*
	 * An edge latched just before the driver disables its line is
	 * taken while it is disabled: pending, and masked, which stops
	 * the edge detection. enable_irq() unmasks and queues a software
	 * resend (the chip has no ->retrigger), which the next interrupt's
	 * exit runs.
	 */
	gpio_pin(5, 1);
	disable_irq(IRQ_GPIO(5));
	CHECK(grer == 0); /* masked: no more edges latched */
	CHECK(arm_irq_entry() == 1 && key_presses == 1);
	CHECK(irq_desc[IRQ_GPIO(5)].status & IRQ_PENDING);
	enable_irq(IRQ_GPIO(5));
	CHECK(grer == GPIO_bit(5));
	CHECK(!(irq_desc[IRQ_GPIO(5)].status & IRQ_PENDING));
	CHECK(irq_desc[IRQ_GPIO(5)].status & IRQ_REPLAY);
	pins |= GPIO_bit(0);
	gpio_pin(0, 0);
	CHECK(arm_irq_entry() == 1 && button_presses == 2);
	CHECK(key_presses == 2);
	CHECK(!(irq_desc[IRQ_GPIO(5)].status & (IRQ_REPLAY | IRQ_PENDING)));

	/* Autoprobe: which unclaimed GPIO does the new device drive? */
	gpio_pin(5, 0);
	probe = probe_irq_on();
	CHECK(grer & gfer & GPIO_bit(7)); /* IRQT_PROBE: both edges */
	CHECK(!(gfer & GPIO_bit(5))); /* claimed: left alone */
	gpio_pin(7, 1);
	CHECK(arm_irq_entry() == 1);
	irq = probe_irq_off(probe);
	CHECK(irq == IRQ_GPIO(7));
	CHECK(!(grer & GPIO_bit(7))); /* shut down again */

	CHECK(request_irq(irq, found_interrupt, IRQF_TRIGGER_FALLING, "found",
			  &found_dev) == 0);
	gpio_pin(7, 0);
	CHECK(arm_irq_entry() == 1 && found_runs == 1);
	CHECK(key_presses == 2 && button_presses == 2);
	CHECK(request_irq(IRQ_GPIO_2_x, key_interrupt, 0, "x", &key_dev) ==
	      -EINVAL);

	free_irq(IRQ_GPIO(7), &found_dev);
	free_irq(IRQ_GPIO0, &button_dev);
	free_irq(IRQ_GPIO(5), &key_dev);
	printf("pxa-gpio: %d key, %d button, %d found (IRQ %d)\n", key_presses,
	       button_presses, found_runs, irq);
	return 0;
}
