// SPDX-License-Identifier: GPL-2.0
/*
 * The board around vic.c and gpio.c: register models of the VIC and the
 * GPIO port, ARM's init_IRQ() and IRQ entry, an AT91-style system timer
 * installed with setup_irq(), and three devices. Exits 0 when every
 * interrupt ran through the VIC's level flow, or through the chained GPIO
 * demultiplexer and the GPIO lines' flow, with the register effects the
 * hardware needs; 1 with the first failed check otherwise.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/interrupt.h>
#include <asm/io.h>
#include <asm/mach/irq.h>
#include <asm/hardware/vic.h>
#include <asm/arch/gpio.h>

#include "check.h"

/* The models. */
static uint32_t vic_raw_lines, vic_enable;
static uint8_t gpio_pins = 0xff, gpio_latch, gpio_type1, gpio_type2,
	       gpio_enable;
static unsigned int gpio_acks;

static uint8_t gpio_status(void)
{
	uint8_t level = (uint8_t)(~(gpio_pins ^ gpio_type2) & ~gpio_type1);

	return (uint8_t)(((gpio_latch & gpio_type1) | level) & gpio_enable);
}

static uint32_t vic_raw(void)
{
	return vic_raw_lines | (gpio_status() ? 1u << IRQ_SOC_GPIO_AB : 0);
}

uint32_t board_mmio_read(uintptr_t addr, int width)
{
	(void)width;
	if (addr == SOC_VIC_BASE + VIC_IRQ_STATUS)
		return vic_raw() & vic_enable;
	if (addr == SOC_VIC_BASE + VIC_RAW_STATUS)
		return vic_raw();
	if (addr == (uintptr_t)SOC_GPIO_A_INT_STATUS)
		return gpio_status();
	return 0;
}

void board_mmio_write(uintptr_t addr, uint32_t val, int width)
{
	(void)width;
	if (addr == SOC_VIC_BASE + VIC_INT_ENABLE)
		vic_enable |= val;
	else if (addr == SOC_VIC_BASE + VIC_INT_ENABLE_CLEAR)
		vic_enable &= ~val;
	else if (addr == (uintptr_t)SOC_GPIO_A_INT_TYPE1)
		gpio_type1 = (uint8_t)val;
	else if (addr == (uintptr_t)SOC_GPIO_A_INT_TYPE2)
		gpio_type2 = (uint8_t)val;
	else if (addr == (uintptr_t)SOC_GPIO_A_INT_ENABLE)
		gpio_enable = (uint8_t)val;
	else if (addr == (uintptr_t)SOC_GPIO_A_INT_ACK) {
		gpio_latch &= (uint8_t)~val;
		gpio_acks++;
	}
}

/* A GPIO pin changes: an edge the port is set to see is latched. */
static void gpio_pin(int line, int high)
{
	uint8_t bit = (uint8_t)(1u << line);
	int was = !!(gpio_pins & bit);

	if (high)
		gpio_pins |= bit;
	else
		gpio_pins &= (uint8_t)~bit;
	if (was != high && (gpio_type1 & bit) && !!(gpio_type2 & bit) == high)
		gpio_latch |= bit;
}

/* ARM's IRQ exception: take the VIC's highest-priority pending input. */
static unsigned int arm_irq_entry(void)
{
	unsigned int taken = 0;
	uint32_t status;

	while ((status = board_mmio_read(SOC_VIC_BASE + VIC_IRQ_STATUS, 32))) {
		do_IRQ((unsigned int)__builtin_ctz(status));
		if (++taken > 16)
			break; /* a line that does not go quiet */
	}
	return taken;
}

/* The devices. */
static int timer_ticks, uart_rx, button_presses, sensor_alerts;
static int uart_dev, button_dev, sensor_dev;

/*
 * A machine's timer of 2.6.18 in an irqaction of its own: the handler
 * takes regs, and setup_irq() must route it through the trampoline that
 * passes NULL, never call it as a two-argument one (regs would be
 * whatever the third argument register held).
 */
static irqreturn_t timer_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	if (dev_id || regs || !irqs_disabled())
		return IRQ_NONE; /* no dev_id; no registers; IRQF_DISABLED */
	vic_raw_lines &= ~(1u << IRQ_SOC_TIMER);
	timer_ticks++;
	return IRQ_HANDLED;
}

static struct irqaction soc_timer_irq = {
	.name = "soc timer",
	.flags = IRQF_SHARED | IRQF_DISABLED | IRQF_TIMER,
	.handler = timer_interrupt,
};

static irqreturn_t uart_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_SOC_UART || dev_id != &uart_dev)
		return IRQ_NONE;
	vic_raw_lines &= ~(1u << IRQ_SOC_UART);
	uart_rx++;
	return IRQ_HANDLED;
}

static irqreturn_t button_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_SOC_GPIO(3) || dev_id != &button_dev)
		return IRQ_NONE;
	button_presses++;
	return IRQ_HANDLED;
}

static irqreturn_t sensor_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_SOC_GPIO(5) || dev_id != &sensor_dev)
		return IRQ_NONE;
	gpio_pin(5, 1); /* the sensor lets go of its line when read */
	sensor_alerts++;
	return IRQ_HANDLED;
}

int main(void)
{
	char buf[8192];
	FILE *f;
	int i;

	irq_cpu_attach(0);
	/* ARM's init_IRQ(): nothing is requestable or probeable yet. */
	for (i = 0; i < NR_IRQS; i++)
		irq_desc[i].status |= IRQ_NOREQUEST | IRQ_NOPROBE;
	vic_init((void __iomem *)(uintptr_t)SOC_VIC_BASE, 0,
		 (1u << IRQ_SOC_UART) | (1u << IRQ_SOC_GPIO_AB));
	soc_gpio_init_irq();
	CHECK(vic_enable == 1u << IRQ_SOC_GPIO_AB); /* the chained input */

	/* The system timer: arch code, on a line no driver may request. */
	set_irq_handler(IRQ_SOC_TIMER, do_level_IRQ);
	CHECK(request_irq(IRQ_SOC_TIMER, uart_interrupt, 0, "x", &uart_dev) ==
	      -EINVAL);
	CHECK(setup_irq(IRQ_SOC_TIMER, &soc_timer_irq) == 0);
	CHECK(vic_enable & (1u << IRQ_SOC_TIMER));
	CHECK(request_irq(13, uart_interrupt, 0, "x", &uart_dev) == -EINVAL);
	CHECK(request_irq(IRQ_SOC_GPIO_AB, uart_interrupt, 0, "x", &uart_dev) ==
	      -EINVAL);

	CHECK(request_irq(IRQ_SOC_UART, uart_interrupt, IRQF_DISABLED, "uart",
			  &uart_dev) == 0);
	CHECK(request_irq(IRQ_SOC_GPIO(3), button_interrupt,
			  IRQF_TRIGGER_RISING, "button", &button_dev) == 0);
	CHECK(request_irq(IRQ_SOC_GPIO(5), sensor_interrupt, SA_TRIGGER_LOW,
			  "sensor", &sensor_dev) == 0);
	CHECK(gpio_type1 == 1u << 3 && gpio_type2 == 1u << 3);
	CHECK(gpio_enable == ((1u << 3) | (1u << 5)));

	/* Level inputs of the VIC: mask+ack, handler, unmask. */
	vic_raw_lines |= 1u << IRQ_SOC_TIMER;
	vic_raw_lines |= 1u << IRQ_SOC_UART;
	CHECK(arm_irq_entry() == 2);
	CHECK(timer_ticks == 1 && uart_rx == 1);
	CHECK(vic_enable & (1u << IRQ_SOC_TIMER));
	CHECK(vic_enable & (1u << IRQ_SOC_UART));
	CHECK(kstat_irqs(IRQ_SOC_TIMER) == 1 && kstat_irqs(IRQ_SOC_UART) == 1);

	/* A rising edge on GPIO 3 through the chained demultiplexer. */
	gpio_pin(3, 0);
	CHECK(arm_irq_entry() == 0); /* falling: not this line's edge */
	gpio_pin(3, 1);
	CHECK(arm_irq_entry() == 1);
	CHECK(button_presses == 1 && gpio_latch == 0 && gpio_acks == 1);
	CHECK(gpio_enable & (1u << 3));
	CHECK(kstat_irqs(IRQ_SOC_GPIO(3)) == 1);

	/* A level-low GPIO line, held until its handler serves it. */
	gpio_pin(5, 0);
	CHECK(arm_irq_entry() == 1);
	CHECK(sensor_alerts == 1 && (gpio_enable & (1u << 5)));

	/* Disabled lines stay quiet, and work again once enabled. */
	disable_irq(IRQ_SOC_UART);
	CHECK(!(vic_enable & (1u << IRQ_SOC_UART)));
	vic_raw_lines |= 1u << IRQ_SOC_UART;
	CHECK(arm_irq_entry() == 0 && uart_rx == 1);
	enable_irq(IRQ_SOC_UART);
	CHECK(arm_irq_entry() == 1 && uart_rx == 2);

	f = fmemopen(buf, sizeof(buf), "w");
	show_interrupts(f);
	fclose(f);
	fputs(buf, stdout);
	CHECK(strstr(buf, "VIC-level") && strstr(buf, "GPIO-level"));
	CHECK(strstr(buf, "soc timer") && strstr(buf, "button"));

	free_irq(IRQ_SOC_GPIO(3), &button_dev);
	CHECK(!(gpio_enable & (1u << 3)));
	free_irq(IRQ_SOC_GPIO(5), &sensor_dev);
	free_irq(IRQ_SOC_UART, &uart_dev);
	return 0;
}
