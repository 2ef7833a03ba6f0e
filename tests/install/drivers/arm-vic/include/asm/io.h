/* SPDX-License-Identifier: GPL-2.0 */
/* MMIO for the drivers under test: every access goes to board.c's model. */
#ifndef __ASM_IO_H
#define __ASM_IO_H

#include <stdint.h>

#define __iomem

uint32_t board_mmio_read(uintptr_t addr, int width);
void board_mmio_write(uintptr_t addr, uint32_t val, int width);

#define readl(a) board_mmio_read((uintptr_t)(a), 32)
#define writel(v, a) board_mmio_write((uintptr_t)(a), (v), 32)
#define __raw_readb(a) ((uint8_t)board_mmio_read((uintptr_t)(a), 8))
#define __raw_writeb(v, a) board_mmio_write((uintptr_t)(a), (v), 8)
#define __raw_writel(v, a) board_mmio_write((uintptr_t)(a), (v), 32)

#endif /* __ASM_IO_H */
