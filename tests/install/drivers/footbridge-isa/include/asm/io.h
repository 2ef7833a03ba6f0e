/* SPDX-License-Identifier: GPL-2.0 */
/* ISA port I/O: the accesses go to board.c's 8259 pair. */
#ifndef __ASM_ARM_IO_H
#define __ASM_ARM_IO_H
unsigned char inb(unsigned int port);
void outb(unsigned char value, unsigned int port);
#endif
