/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: <linux/interrupt.h> of 2.6.18 (IRQF_* and SA_* flags,
 * struct irqaction, request_irq(), no_action(), disable/enable_irq(),
 * set_irq_wake(), autoprobe), resolved to libgenirq. In 2.6.18 it
 * brought <linux/irq.h> in through <linux/hardirq.h>; so does this one.
 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/irq.h>
#include <linux/irqreturn.h>
#include <linux/hardirq.h>

/*
 * 2.6.18's names for builds without CONFIG_LOCKDEP, which is what
 * libgenirq is: a hard handler may turn interrupts on, and the lockdep
 * forms of disable_irq() and enable_irq() are the plain ones.
 */
#define local_irq_enable_in_hardirq() local_irq_enable()
#define disable_irq_nosync_lockdep(irq) disable_irq_nosync(irq)
#define disable_irq_lockdep(irq) disable_irq(irq)
#define enable_irq_lockdep(irq) enable_irq(irq)

#endif /* _LINUX_INTERRUPT_H */
