/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A 32-line SoC GPIO bank whose interrupt output is one input of a VIC:
 * per-line edge detection of one polarity at a time, level detection of
 * either polarity, a latched write-1-to-clear status register, an enable
 * register with set/clear views, and a wake-up enable register used by a
 * simulated suspend. The VIC line runs a chained handler that demultiplexes
 * the bank's pending lines; each line has its own irq.
 */
#ifndef CHIPS_GPIO_H
#define CHIPS_GPIO_H

#include <chips/model.h>

/* The architecture a run of it behaves as: ARM machines (pxa, ep93xx) chained GPIO banks so. */
#define GPIO_ARCH GENIRQ_ARCH_ARM

#define GPIO_NR_LINES 32

/**
 * enum gpio_reg - register offsets of the bank
 * @GPIO_DATAIN: input levels (read only)
 * @GPIO_DIR: 1 = input (reset value: all inputs); outputs detect nothing
 * @GPIO_EDGEDETECT: 1 = edge detection on the line
 * @GPIO_EDGESELECT: polarity of that detector: 1 = rising, 0 = falling
 *	(one polarity at a time, as OMAP1's GPIO_INT_CONTROL)
 * @GPIO_LEVELDETECT0: 1 = detect a low level
 * @GPIO_LEVELDETECT1: 1 = detect a high level
 * @GPIO_IRQSTATUS: latched events; write 1 to clear. A line whose level
 *	is being detected and present cannot be cleared
 * @GPIO_IRQENABLE: which status bits drive the bank's output
 * @GPIO_SETIRQENABLE: write only: 1 bits enable
 * @GPIO_CLEARIRQENABLE: write only: 1 bits disable
 * @GPIO_WAKEUPENABLE: lines whose events end a suspend
 */
enum gpio_reg {
	GPIO_DATAIN = 0x00,
	GPIO_DIR = 0x04,
	GPIO_EDGEDETECT = 0x08,
	GPIO_EDGESELECT = 0x0c,
	GPIO_LEVELDETECT0 = 0x10,
	GPIO_LEVELDETECT1 = 0x14,
	GPIO_IRQSTATUS = 0x18,
	GPIO_IRQENABLE = 0x1c,
	GPIO_SETIRQENABLE = 0x20,
	GPIO_CLEARIRQENABLE = 0x24,
	GPIO_WAKEUPENABLE = 0x28,
};

/**
 * struct gpio_cost - cost of one bank register access as the CPU sees it
 * @read_ns: a read (IRQSTATUS, IRQENABLE, DATAIN)
 * @write_ns: a write (any register)
 */
struct gpio_cost {
	unsigned int read_ns;
	unsigned int write_ns;
};

/* The [gpio] profile keys, NULL-terminated: read_ns, write_ns. */
extern const struct chip_cost_field gpio_cost_fields[];

/**
 * gpio_create - a bank whose lines are irqs @irq_base .. @irq_base + 31
 * @irq_base: first irq number
 * @vic: the VIC (vic_create()) the bank's output is wired to
 * @vic_input: the VIC input, 0..31; that line gets the chained handler
 *
 * Lines start on the GPIO chip and handle_edge_irq with no detection
 * (IRQ_TYPE_NONE): a trigger comes from request_irq()'s SA_TRIGGER_* or
 * set_irq_type(), which also picks handle_edge_irq or handle_level_irq.
 * Destroy the bank before its VIC. Profile section: [gpio].
 *
 * Return: the model, or NULL with errno set: EINVAL for bad arguments or
 * ranges that overlap the VIC's, EBUSY when the VIC input is taken.
 */
struct chip_model *gpio_create(unsigned int irq_base, struct chip_model *vic,
			       unsigned int vic_input);

/**
 * gpio_peek - read a register as a debugger would
 * @m: the bank
 * @reg: register offset; write-only registers read 0
 *
 * Neither counted nor charged: for tests and the harness, not drivers.
 */
uint32_t gpio_peek(const struct chip_model *m, enum gpio_reg reg);

/**
 * gpio_poke - write a register the interrupt driver does not own
 * @m: the bank
 * @reg: GPIO_DIR (a GPIO user making lines outputs or inputs)
 * @val: the value
 *
 * Neither counted nor charged. Return: 0, or -EINVAL for another @reg.
 */
int gpio_poke(struct chip_model *m, enum gpio_reg reg, uint32_t val);

/**
 * gpio_polarity_flips - times the driver changed a line's edge polarity
 * @m: the bank
 *
 * Counts the both-edge emulation's EDGESELECT writes that changed a
 * line's polarity, including the re-arms of an ack that found the level
 * moved under it (set_type's choices are not flips).
 *
 * Return: the count since gpio_create().
 */
unsigned long gpio_polarity_flips(const struct chip_model *m);

/**
 * gpio_suspend - enter a simulated system suspend
 * @m: the bank
 *
 * Saves IRQENABLE and programs IRQENABLE = WAKEUPENABLE, as the era's
 * drivers' suspend hooks did. From then on, until gpio_resume(), the
 * first event on a wake-enabled line resumes the system (it is also
 * delivered as an interrupt); events on other lines are latched in
 * IRQSTATUS and, being masked, delivered only after gpio_resume(). A wake
 * line already pending at suspend resumes the system at once.
 *
 * Call it, and gpio_resume(), with the bank quiet: no handler of its lines
 * running and no mask, unmask, enable or disable of them in flight, as the
 * kernel's suspend hooks ran late in suspend with interrupts off. A flow
 * handler's unmask while suspended writes IRQENABLE, and gpio_resume()
 * restores the value saved here over it: a level line caught between its
 * mask_ack and its unmask would be left masked.
 *
 * Return: 0, or -EBUSY when already suspended.
 */
int gpio_suspend(struct chip_model *m);

/**
 * gpio_resume - leave the simulated suspend, restoring IRQENABLE
 * @m: the bank
 *
 * Return: 0, or -EINVAL when not suspended.
 */
int gpio_resume(struct chip_model *m);

/**
 * gpio_resume_reason - the line that ended the latest suspend
 * @m: the bank
 *
 * Return: the line (0..31), or -ENOENT when no wake-enabled line has
 * ended the latest (or current) suspend, or there was none.
 */
int gpio_resume_reason(const struct chip_model *m);

/**
 * gpio_resume_events - how many suspends a wake-enabled line ended
 * @m: the bank
 *
 * Return: the count since gpio_create().
 */
unsigned long gpio_resume_events(const struct chip_model *m);

#endif /* CHIPS_GPIO_H */
