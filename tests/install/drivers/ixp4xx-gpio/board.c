// SPDX-License-Identifier: GPL-2.0
/*
 * The board around irq.c, an IXP4xx-style interrupt controller driver
 * of a UP machine of 2.6.18: a register model of the controller (pending,
 * enable, FIQ select) and of two GPIO pins (interrupt style per pin,
 * latched edge status, live level status), ARM's IRQ entry, and two
 * devices. Checks that set_irq_type() and setup_irq() with a trigger flag
 * return when ->set_type re-enters the descriptor lock through
 * set_irq_chip(), set_irq_handler() and set_irq_flags() (before, they
 * spun forever: the alarm turns a hang into a failure), that the line
 * then runs the flow and chip its new style needs, and that the lock is
 * free afterwards.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/interrupt.h>
#include <asm/hardware.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>

#include "check.h"

/* The model. */
static unsigned int icmr, iclr, gpit, gpisr;
static int pin[2]; /* the level each GPIO pin is driven to */

static unsigned int pin_style(int line)
{
	return gpit >> (line * IXP4XX_GPIO_STYLE_SIZE) & IXP4XX_GPIO_STYLE_MASK;
}

/* A level style reports the pin as it is now; an edge style latches. */
static unsigned int gpio_status(void)
{
	unsigned int st = gpisr;
	int line;

	for (line = 0; line < 2; line++) {
		unsigned int style = pin_style(line);

		if ((style == IXP4XX_GPIO_STYLE_ACTIVE_HIGH && pin[line]) ||
		    (style == IXP4XX_GPIO_STYLE_ACTIVE_LOW && !pin[line]))
			st |= 1u << line;
	}
	return st;
}

static unsigned int icpr(void)
{
	unsigned int st = gpio_status(), p = 0;

	if (st & 1)
		p |= 1u << IRQ_IXP4XX_GPIO0;
	if (st & 2)
		p |= 1u << IRQ_IXP4XX_GPIO1;
	return p;
}

unsigned int ixp4xx_read(unsigned int reg)
{
	switch (reg) {
	case IXP4XX_ICPR:
		return icpr();
	case IXP4XX_ICMR:
		return icmr;
	case IXP4XX_ICLR:
		return iclr;
	case IXP4XX_ICIP:
		return icpr() & icmr & ~iclr;
	case IXP4XX_GPIO_GPISR:
		return gpio_status();
	case IXP4XX_GPIO_GPIT1:
		return gpit;
	}
	return 0;
}

void ixp4xx_write(unsigned int reg, unsigned int val)
{
	switch (reg) {
	case IXP4XX_ICMR:
		icmr = val;
		break;
	case IXP4XX_ICLR:
		iclr = val;
		break;
	case IXP4XX_GPIO_GPISR:
		gpisr &= ~val;
		break;
	case IXP4XX_GPIO_GPIT1:
		gpit = val;
		break;
	}
}

/* A device drives a pin; an edge style latches the change it waits for. */
static void drive_pin(int line, int level)
{
	unsigned int style = pin_style(line);

	if (pin[line] == level)
		return;
	pin[line] = level;
	if ((style == IXP4XX_GPIO_STYLE_RISING_EDGE && level) ||
	    (style == IXP4XX_GPIO_STYLE_FALLING_EDGE && !level) ||
	    style == IXP4XX_GPIO_STYLE_TRANSITIONAL)
		gpisr |= 1u << line;
}

/* ARM's IRQ entry: the lowest pending, enabled source first. */
static unsigned int arm_irq_entry(void)
{
	unsigned int taken = 0, ip;

	while ((ip = ixp4xx_read(IXP4XX_ICIP)) && taken < 16) {
		do_IRQ((unsigned int)__builtin_ctz(ip));
		taken++;
	}
	return taken;
}

static int button_runs, sensor_runs;
static int button_dev, sensor_dev;

static irqreturn_t button_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_IXP4XX_GPIO0 || dev_id != &button_dev)
		return IRQ_NONE;
	button_runs++;
	return IRQ_HANDLED;
}

/* The sensor holds its pin high until its handler reads it. */
static irqreturn_t sensor_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_IXP4XX_GPIO1 || dev_id != &sensor_dev)
		return IRQ_NONE;
	sensor_runs++;
	drive_pin(1, 0);
	return IRQ_HANDLED;
}

static int flow_is(unsigned int irq, const char *name)
{
	return irq_desc[irq].name && strcmp(irq_desc[irq].name, name) == 0;
}

int main(void)
{
	struct irq_chip *level_chip;
	int i;

	/* A re-entered lock spins for ever: fail instead of hanging. */
	alarm(20);

	/* ARM's init_IRQ(): nothing requestable until the machine says so. */
	irq_cpu_attach(0);
	for (i = 0; i < NR_IRQS; i++)
		irq_desc[i].status |= IRQ_NOREQUEST | IRQ_NOPROBE;
	ixp4xx_init_irq();
	level_chip = get_irq_chip(IRQ_IXP4XX_TIMER1);
	CHECK(icmr == 0 && iclr == 0);
	CHECK(flow_is(IRQ_IXP4XX_GPIO0, "level"));
	CHECK(get_irq_chip(IRQ_IXP4XX_GPIO0) == level_chip);
	CHECK(!(irq_desc[IRQ_IXP4XX_GPIO0].status & IRQ_NOREQUEST));

	/*
	 * set_irq_type() holds the lock across ->set_type, which sets the
	 * line's chip, flow and flags again: it returns, with the edge
	 * chip and flow installed and the lock free.
	 */
	CHECK(set_irq_type(IRQ_IXP4XX_GPIO0, IRQT_RISING) == 0);
	CHECK(!spin_is_locked(&irq_desc[IRQ_IXP4XX_GPIO0].lock));
	CHECK(flow_is(IRQ_IXP4XX_GPIO0, "edge"));
	CHECK(get_irq_chip(IRQ_IXP4XX_GPIO0) != level_chip);
	CHECK(pin_style(0) == IXP4XX_GPIO_STYLE_RISING_EDGE);
	CHECK(!(irq_desc[IRQ_IXP4XX_GPIO0].status & IRQ_NOREQUEST));
	CHECK(!irqs_disabled());

	/* The edge flow acks the latched status: one rising edge, one run. */
	CHECK(request_irq(IRQ_IXP4XX_GPIO0, button_interrupt, 0, "button",
			  &button_dev) == 0);
	CHECK(icmr == 1u << IRQ_IXP4XX_GPIO0);
	drive_pin(0, 1);
	CHECK(arm_irq_entry() == 1 && button_runs == 1 && gpisr == 0);
	CHECK(arm_irq_entry() == 0);
	drive_pin(0, 0);
	drive_pin(0, 1);
	CHECK(arm_irq_entry() == 1 && button_runs == 2);

	/*
	 * setup_irq() runs ->set_type under the lock for a trigger flag:
	 * the falling-edge line becomes a level line there.
	 */
	CHECK(set_irq_type(IRQ_IXP4XX_GPIO1, IRQT_FALLING) == 0);
	CHECK(flow_is(IRQ_IXP4XX_GPIO1, "edge"));
	CHECK(request_irq(IRQ_IXP4XX_GPIO1, sensor_interrupt, IRQF_TRIGGER_HIGH,
			  "sensor", &sensor_dev) == 0);
	CHECK(!spin_is_locked(&irq_desc[IRQ_IXP4XX_GPIO1].lock));
	CHECK(flow_is(IRQ_IXP4XX_GPIO1, "level"));
	CHECK(get_irq_chip(IRQ_IXP4XX_GPIO1) == level_chip);
	CHECK(pin_style(1) == IXP4XX_GPIO_STYLE_ACTIVE_HIGH);
	CHECK(icmr & 1u << IRQ_IXP4XX_GPIO1);

	/* The level flow masks while the handler runs, then unmasks. */
	drive_pin(1, 1);
	CHECK(arm_irq_entry() == 1 && sensor_runs == 1);
	CHECK(icmr == (1u << IRQ_IXP4XX_GPIO0 | 1u << IRQ_IXP4XX_GPIO1));

	/* A source inside the chip has one style: refused, nothing held. */
	CHECK(set_irq_type(IRQ_IXP4XX_TIMER1, IRQT_RISING) == -EINVAL);
	CHECK(!spin_is_locked(&irq_desc[IRQ_IXP4XX_TIMER1].lock));

	free_irq(IRQ_IXP4XX_GPIO0, &button_dev);
	free_irq(IRQ_IXP4XX_GPIO1, &sensor_dev);
	CHECK(icmr == 0);
	printf("ixp4xx-gpio: %d button, %d sensor\n", button_runs, sensor_runs);
	return 0;
}
