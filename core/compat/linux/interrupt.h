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

#endif /* _LINUX_INTERRUPT_H */
