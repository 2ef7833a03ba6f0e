/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SoC's peripheral IDs and the Advanced Interrupt Controller's
 * registers, as offsets into the system peripherals that
 * at91_sys_read() and at91_sys_write() reach (AT91RM9200's values);
 * the accesses go to board.c's model.
 */
#ifndef __ASM_HARDWARE_H
#define __ASM_HARDWARE_H

#include <errno.h>
#include <linux/types.h>

#define AT91_ID_FIQ 0 /* Advanced Interrupt Controller (FIQ) */
#define AT91_ID_SYS 1 /* System Peripherals */
#define AT91_ID_US0 6 /* USART 0 */
#define AT91_ID_IRQ0 25 /* Advanced Interrupt Controller (IRQ0) */

#define AT91_AIC 0x000
#define AT91_AIC_SMR(n) (AT91_AIC + ((n)*4)) /* Source Mode Registers */
#define AT91_AIC_PRIOR (7 << 0) /* Priority Level */
#define AT91_AIC_SRCTYPE (3 << 5) /* Interrupt Source Type */
#define AT91_AIC_SRCTYPE_LOW (0 << 5)
#define AT91_AIC_SRCTYPE_FALLING (1 << 5)
#define AT91_AIC_SRCTYPE_HIGH (2 << 5)
#define AT91_AIC_SRCTYPE_RISING (3 << 5)
#define AT91_AIC_SVR(n) (AT91_AIC + 0x80 + ((n)*4)) /* Source Vector */
#define AT91_AIC_IVR (AT91_AIC + 0x100) /* Interrupt Vector */
#define AT91_AIC_ISR (AT91_AIC + 0x108) /* Interrupt Status */
#define AT91_AIC_IPR (AT91_AIC + 0x10c) /* Interrupt Pending */
#define AT91_AIC_IMR (AT91_AIC + 0x110) /* Interrupt Mask */
#define AT91_AIC_IECR (AT91_AIC + 0x120) /* Interrupt Enable Command */
#define AT91_AIC_IDCR (AT91_AIC + 0x124) /* Interrupt Disable Command */
#define AT91_AIC_ICCR (AT91_AIC + 0x128) /* Interrupt Clear Command */
#define AT91_AIC_EOICR (AT91_AIC + 0x130) /* End of Interrupt Command */
#define AT91_AIC_SPU (AT91_AIC + 0x134) /* Spurious Vector */
#define AT91_AIC_DCR (AT91_AIC + 0x138) /* Debug Control */

unsigned int at91_sys_read(unsigned int reg_offset);
void at91_sys_write(unsigned int reg_offset, unsigned int value);

#endif
