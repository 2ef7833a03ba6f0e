// SPDX-License-Identifier: GPL-2.0
/*
 * The architecture the core behaves as. 2.6.18's genirq was one source
 * built differently per architecture: ARM selected
 * CONFIG_HARDIRQS_SW_RESEND and its init_IRQ() (arch/arm/kernel/irq.c)
 * marked every descriptor IRQ_NOREQUEST | IRQ_DELAYED_DISABLE |
 * IRQ_NOPROBE; i386 (arch/i386/kernel/i8259.c, io_apic.c) had neither,
 * so an edge that arrived while its line was disabled was lost on enable
 * unless the chip could retrigger it. Here the choice is made per run,
 * so that one binary can compare the two; it is one word that resend.c
 * reads when it would queue a resend, and status bits on the descriptors,
 * which chip.c and flow.c read where they read IRQ_LAZY_DISABLE.
 */
#include <errno.h>
#include "internals.h"

/* clang-format off */
static const struct {
	const char *name;
	unsigned int init_status;	/* what init_IRQ() sets on each line */
	bool sw_resend;			/* CONFIG_HARDIRQS_SW_RESEND */
} arches[GENIRQ_ARCH_NR] = {
	[GENIRQ_ARCH_GENERIC]	= { "generic", 0, true },
	[GENIRQ_ARCH_I386]	= { "i386", 0, false },
	[GENIRQ_ARCH_ARM]	= { "arm", IRQ_NOREQUEST | IRQ_DELAYED_DISABLE |
					   IRQ_NOPROBE, true },
};
/* clang-format on */

/*
 * Read on every check_irq_resend() from any CPU thread; written only
 * between runs, as the kernel's config was fixed at build time.
 */
static enum genirq_arch cur_arch;

int genirq_set_arch(enum genirq_arch arch)
{
	if ((unsigned int)arch >= GENIRQ_ARCH_NR)
		return -EINVAL;
	__atomic_store_n(&cur_arch, arch, __ATOMIC_RELAXED);
	for (unsigned int irq = 0; irq < NR_IRQS; irq++) {
		struct irq_desc *desc = irq_desc + irq;
		unsigned long flags;

		spin_lock_irqsave(&desc->lock, flags);
		desc->status &= ~IRQ_DELAYED_DISABLE;
		desc->status |= arches[arch].init_status;
		spin_unlock_irqrestore(&desc->lock, flags);
	}
	return 0;
}

enum genirq_arch genirq_get_arch(void)
{
	return __atomic_load_n(&cur_arch, __ATOMIC_RELAXED);
}

const char *genirq_arch_name(enum genirq_arch arch)
{
	return (unsigned int)arch < GENIRQ_ARCH_NR ? arches[arch].name : NULL;
}

bool irq_arch_sw_resend(void)
{
	return arches[genirq_get_arch()].sw_resend;
}

void arch_reset(void)
{
	__atomic_store_n(&cur_arch, GENIRQ_ARCH_GENERIC, __ATOMIC_RELAXED);
}
