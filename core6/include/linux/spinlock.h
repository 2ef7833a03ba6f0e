/* SPDX-License-Identifier: GPL-2.0 */
/*
 * raw_spinlock_t for genirq6's descriptor lock: libgenirq's spinlock_t
 * (test-and-test-and-set, <genirq/spinlock.h>), with the modern names and
 * the lock guards (raw_spinlock, raw_spinlock_irq, raw_spinlock_irqsave)
 * that the modern core takes its locks with. The _irq forms turn the
 * simulated CPU's interrupts off first, as in the kernel.
 */
#ifndef _GENIRQ6_LINUX_SPINLOCK_H
#define _GENIRQ6_LINUX_SPINLOCK_H

#include <linux/cpumask.h>
#include <genirq/spinlock.h>
#include <linux/cleanup.h>

typedef spinlock_t raw_spinlock_t;

#define __RAW_SPIN_LOCK_UNLOCKED(name) \
	{                              \
		0                      \
	}
#define DEFINE_RAW_SPINLOCK(x) raw_spinlock_t x = { 0 }
#define raw_spin_lock_init(l) spin_lock_init(l)
#define raw_spin_lock(l) spin_lock(l)
#define raw_spin_unlock(l) spin_unlock(l)
#define raw_spin_trylock(l) spin_trylock(l)
#define raw_spin_lock_irq(l) spin_lock_irq(l)
#define raw_spin_unlock_irq(l) spin_unlock_irq(l)
#define raw_spin_lock_irqsave(l, f) spin_lock_irqsave((l), (f))
#define raw_spin_unlock_irqrestore(l, f) spin_unlock_irqrestore((l), (f))
#define cpu_relax() __builtin_ia32_pause()

DEFINE_GUARD(raw_spinlock, raw_spinlock_t, raw_spin_lock, raw_spin_unlock)
DEFINE_GUARD(raw_spinlock_irq, raw_spinlock_t, raw_spin_lock_irq,
	     raw_spin_unlock_irq)
DEFINE_LOCK_GUARD_1(raw_spinlock_irqsave, raw_spinlock_t,
		    raw_spin_lock_irqsave(_T->lock, _T->flags),
		    raw_spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)

#endif /* _GENIRQ6_LINUX_SPINLOCK_H */
