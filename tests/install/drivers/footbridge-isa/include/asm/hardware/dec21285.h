/* SPDX-License-Identifier: GPL-2.0 */
/* The DC21285's own registers: the ISA part uses none of them. */
#ifndef __ASM_HARDWARE_DEC21285_H
#define __ASM_HARDWARE_DEC21285_H
#endif
