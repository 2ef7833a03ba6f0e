/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: the spinlocks a controller driver shares with the core
 * (DEFINE_SPINLOCK, spin_lock_irqsave() and the rest): the _irq forms
 * turn off the simulated CPU's interrupts, as in the kernel.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <genirq/spinlock.h>

#endif /* _LINUX_SPINLOCK_H */
