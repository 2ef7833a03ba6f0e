/* SPDX-License-Identifier: GPL-2.0 */
/* The interrupted context, as powerpc's entry code saved it: a part. */
#ifndef _ASM_PTRACE_H
#define _ASM_PTRACE_H

struct pt_regs {
	unsigned long nip, msr;
};

#endif
