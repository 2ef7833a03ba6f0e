/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An MPCore-style GIC's registers, as offsets from its CPU interface and
 * distributor; gic_read() and gic_write() reach board.c's model. One
 * target byte per interrupt routes it to CPUs (bit n: CPU n).
 */
#ifndef __ASM_HARDWARE_GIC_H
#define __ASM_HARDWARE_GIC_H

#include <linux/irq.h>

#define GIC_CPU_CTRL 0x00
#define GIC_CPU_PRIMASK 0x04
#define GIC_CPU_INTACK 0x0c
#define GIC_CPU_EOI 0x10

#define GIC_DIST_CTRL 0x1000
#define GIC_DIST_ENABLE_SET 0x1100
#define GIC_DIST_ENABLE_CLEAR 0x1180
#define GIC_DIST_TARGET 0x1800

#define GIC_SPURIOUS 1023

unsigned int gic_read(unsigned int reg);
void gic_write(unsigned int reg, unsigned int val);

void gic_dist_init(unsigned int irq_start);
void gic_cpu_init(void);

#endif
