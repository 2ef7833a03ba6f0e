/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SoC's register map: an EP93xx-like GPIO port A whose edge and level
 * interrupts are summed onto one VIC input, and the interrupt numbers.
 */
#ifndef __ASM_ARCH_GPIO_H
#define __ASM_ARCH_GPIO_H

#define SOC_VIC_BASE 0x800b0000u
#define SOC_GPIO_BASE 0x80840000u
#define SOC_GPIO_REG(x) ((void *)(unsigned long)(SOC_GPIO_BASE + (x)))

#define SOC_GPIO_A_DATA SOC_GPIO_REG(0x00)
#define SOC_GPIO_A_DDR SOC_GPIO_REG(0x10)
#define SOC_GPIO_A_INT_TYPE1 SOC_GPIO_REG(0x90) /* 1 = edge */
#define SOC_GPIO_A_INT_TYPE2 SOC_GPIO_REG(0x94) /* 1 = rising/high */
#define SOC_GPIO_A_INT_ACK SOC_GPIO_REG(0x98)
#define SOC_GPIO_A_INT_ENABLE SOC_GPIO_REG(0x9c)
#define SOC_GPIO_A_INT_STATUS SOC_GPIO_REG(0xa0)

#define IRQ_SOC_TIMER 4 /* VIC input 4 */
#define IRQ_SOC_UART 12 /* VIC input 12 */
#define IRQ_SOC_GPIO_AB 27 /* VIC input 27: the GPIO summary */
#define IRQ_SOC_GPIO(x) (64 + (x))

void soc_gpio_init_irq(void);

#endif
