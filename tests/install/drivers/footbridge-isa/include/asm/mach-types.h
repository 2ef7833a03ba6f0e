/* SPDX-License-Identifier: GPL-2.0 */
/* The board is an EBSA-285, not a NetWinder. */
#ifndef __ASM_ARM_MACH_TYPE_H
#define __ASM_ARM_MACH_TYPE_H
#define machine_is_netwinder() 0
#endif
