/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A PL190-like vectored interrupt controller, used non-vectored as Linux
 * 2.6.18 used it (arch/arm/common/vic.c): 32 active-high level inputs, an
 * enable register with write-1-to-set and write-1-to-clear views, software
 * interrupts, and one IRQ output to one CPU. An input may be the output of
 * a cascaded controller (a GPIO bank), whose level the VIC reads live.
 */
#ifndef CHIPS_VIC_H
#define CHIPS_VIC_H

#include <chips/model.h>

/* The architecture a run of it behaves as: arch/arm/common/vic.c drove it. */
#define VIC_ARCH GENIRQ_ARCH_ARM

#define VIC_NR_INPUTS 32

/**
 * enum vic_reg - register offsets, as in the PL190 TRM (ARM DDI 0181)
 * @VIC_IRQSTATUS: RAWINTR & INTENABLE (read only)
 * @VIC_RAWINTR: input levels | SOFTINT (read only)
 * @VIC_INTENABLE: read: the enable mask; write: 1 bits enable
 * @VIC_INTENCLEAR: write only: 1 bits disable
 * @VIC_SOFTINT: read: software requests; write: 1 bits raise
 * @VIC_SOFTINTCLEAR: write only: 1 bits withdraw software requests
 */
enum vic_reg {
	VIC_IRQSTATUS = 0x000,
	VIC_RAWINTR = 0x008,
	VIC_INTENABLE = 0x010,
	VIC_INTENCLEAR = 0x014,
	VIC_SOFTINT = 0x018,
	VIC_SOFTINTCLEAR = 0x01c,
};

/**
 * struct vic_cost - cost of one VIC register access as the CPU sees it
 * @read_ns: a read (the entry's IRQSTATUS read)
 * @write_ns: a write (INTENABLE, INTENCLEAR, SOFTINT, SOFTINTCLEAR)
 */
struct vic_cost {
	unsigned int read_ns;
	unsigned int write_ns;
};

/* The [vic] profile keys, NULL-terminated: read_ns, write_ns. */
extern const struct chip_cost_field vic_cost_fields[];

/**
 * vic_create - a VIC whose inputs are irqs @irq_base .. @irq_base + 31
 * @irq_base: first irq number
 * @cpu: the CPU its IRQ output is wired to
 *
 * Every line gets the VIC chip, handle_level_irq and an acknowledge cycle
 * (irq_cpu_set_inta()) that reads IRQSTATUS as the ARM entry code does;
 * lines start disabled. Profile section: [vic].
 *
 * Return: the model, or NULL with errno set (EINVAL, ENOMEM).
 */
struct chip_model *vic_create(unsigned int irq_base, unsigned int cpu);

/**
 * vic_cascade_connect - wire a cascaded controller's output to an input
 * @vic: the VIC
 * @input: its input, 0..31
 * @level: returns the cascaded output's current level; NULL disconnects
 * @ctx: passed to @level
 *
 * The VIC samples @level whenever it evaluates RAWINTR, so the cascade
 * never has to push a falling level; it must call vic_cascade_changed()
 * after anything that may have raised it. set_design leaves the line's
 * (chained) flow alone.
 *
 * Return: 0; -EINVAL when @vic is not a VIC or @input is out of range;
 * -EBUSY when @input already has a cascade.
 */
int vic_cascade_connect(struct chip_model *vic, unsigned int input,
			bool (*level)(void *ctx), void *ctx);

/**
 * vic_cascade_changed - a cascaded output may have gone high
 * @vic: the VIC
 * @input: the input it drives
 *
 * Presents the input to the CPU if it is asserted and enabled. Lock-free;
 * callable from any thread, including from inside chip operations.
 */
void vic_cascade_changed(struct chip_model *vic, unsigned int input);

/**
 * vic_peek - read a register as a debugger would
 * @m: the VIC
 * @reg: register offset; write-only registers read 0
 *
 * Neither counted nor charged: for tests and the harness, not drivers.
 */
uint32_t vic_peek(const struct chip_model *m, enum vic_reg reg);

/**
 * vic_poke - write a register as a debugger would, with its effect
 * @m: the VIC
 * @reg: VIC_INTENABLE, VIC_INTENCLEAR, VIC_SOFTINT or VIC_SOFTINTCLEAR
 * @val: the value written
 *
 * Neither counted nor charged. A write that asserts an enabled request
 * raises it on the CPU. Return: 0, or -EINVAL for a read-only @reg.
 */
int vic_poke(struct chip_model *m, enum vic_reg reg, uint32_t val);

#endif /* CHIPS_VIC_H */
