/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interrupt controller's and the GPIO unit's registers, reached
 * through ixp4xx_read() and ixp4xx_write(), which board.c's model
 * answers. GPIT holds three bits of interrupt style per pin.
 */
#ifndef __ASM_HARDWARE_H
#define __ASM_HARDWARE_H

#include <errno.h>

#define IXP4XX_ICPR 0x00 /* pending, before the mask */
#define IXP4XX_ICMR 0x04 /* enable (mask) */
#define IXP4XX_ICLR 0x08 /* route to FIQ when set */
#define IXP4XX_ICIP 0x0c /* IRQ pending: ICPR & ICMR & ~ICLR */
#define IXP4XX_GPIO_GPISR 0x40 /* GPIO status; write one to clear */
#define IXP4XX_GPIO_GPIT1 0x44 /* GPIO interrupt style, 3 bits a pin */

#define IXP4XX_GPIO_STYLE_ACTIVE_HIGH 0x0
#define IXP4XX_GPIO_STYLE_ACTIVE_LOW 0x1
#define IXP4XX_GPIO_STYLE_RISING_EDGE 0x2
#define IXP4XX_GPIO_STYLE_FALLING_EDGE 0x3
#define IXP4XX_GPIO_STYLE_TRANSITIONAL 0x4
#define IXP4XX_GPIO_STYLE_MASK 0x7
#define IXP4XX_GPIO_STYLE_SIZE 3

unsigned int ixp4xx_read(unsigned int reg);
void ixp4xx_write(unsigned int reg, unsigned int val);

void ixp4xx_init_irq(void);

#endif
