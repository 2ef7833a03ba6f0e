/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The footbridge's memory map, as far as the ISA interrupt controller
 * goes: the 8259 ports (EBSA-285's values), and the PCI interrupt
 * acknowledge cycle, a byte that board.c's model fills in before the
 * host line's interrupt (a read of it acknowledges the 8259s there).
 */
#ifndef __ASM_ARCH_HARDWARE_H
#define __ASM_ARCH_HARDWARE_H
extern unsigned char footbridge_pciiack;
#define PCIIACK_BASE ((unsigned long)&footbridge_pciiack)
#define PIC_LO 0x20
#define PIC_MASK_LO 0x21
#define PIC_HI 0xA0
#define PIC_MASK_HI 0xA1
#endif
