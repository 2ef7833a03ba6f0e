/* SPDX-License-Identifier: GPL-2.0 */
/* Port I/O for the driver under test: every access goes to board.c. */
#ifndef __ASM_IO_H
#define __ASM_IO_H

unsigned char board_inb(unsigned int port);
void board_outb(unsigned char val, unsigned int port);

#define inb(port) board_inb(port)
#define outb(val, port) board_outb((unsigned char)(val), (port))

#endif
