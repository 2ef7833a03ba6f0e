/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SoC's register map: a PXA25x-like interrupt controller (mask and
 * pending registers) and one bank of 32 GPIOs with rising and falling
 * edge detect enables and a write-one-to-clear edge detect status; and
 * its interrupt numbers.
 */
#ifndef __ASM_ARCH_PXA_REGS_H
#define __ASM_ARCH_PXA_REGS_H

#define PXA_REG(x) ((void *)(unsigned long)(x))
#define ICIP PXA_REG(0x40d00000) /* pending and unmasked */
#define ICMR PXA_REG(0x40d00004) /* 1 = unmasked */
#define ICPR PXA_REG(0x40d00010) /* pending */
#define GPDR0 PXA_REG(0x40e0000c) /* 1 = output */
#define GRER0 PXA_REG(0x40e00030) /* rising edge detect enable */
#define GFER0 PXA_REG(0x40e0003c) /* falling edge detect enable */
#define GEDR0 PXA_REG(0x40e00048) /* edge detected; write 1 to clear */

#define GPIO_bit(x) (1u << ((x)&0x1f))

#define PXA_IRQ(x) (x)
#define IRQ_GPIO0 PXA_IRQ(8)
#define IRQ_GPIO1 PXA_IRQ(9)
#define IRQ_GPIO_2_x PXA_IRQ(10)
#define IRQ_RTC PXA_IRQ(31)
#define PXA_LAST_GPIO 31
#define IRQ_GPIO(x) ((x) < 2 ? IRQ_GPIO0 + (x) : 32 + (x))
#define IRQ_TO_GPIO(i) ((i) < 32 ? (i)-IRQ_GPIO0 : (i)-32)

void pxa_init_irq(void);

#endif
