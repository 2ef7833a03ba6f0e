/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spinlock_t for the descriptor lock: a test-and-test-and-set lock on one
 * word. Uncontended lock and unlock are one atomic exchange and one release
 * store; the contended path spins on a plain load with PAUSE and yields the
 * physical CPU after a while, and now and then sleeps, because simulated
 * CPUs may outnumber the machine's cores and a preempted holder must get
 * to run, even under a SCHED_FIFO irq thread on its core.
 *
 * The _irq/_irqsave forms disable the simulated CPU's interrupts first, as
 * in the kernel, so an interrupt raised on this CPU cannot deadlock against
 * a lock this CPU holds.
 */
#ifndef GENIRQ_SPINLOCK_H
#define GENIRQ_SPINLOCK_H

#include <stdbool.h>
#include <genirq/cpu.h>

typedef struct {
	int locked;
} spinlock_t;

#define SPIN_LOCK_UNLOCKED ((spinlock_t){ 0 })
/* A statically initialised lock, as drivers of 2.6.18 declare theirs. */
#define DEFINE_SPINLOCK(x) spinlock_t x = { 0 }

void __spin_lock_contended(spinlock_t *lock);

static inline void spin_lock_init(spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELAXED);
}

static inline void spin_lock(spinlock_t *lock)
{
	if (__builtin_expect(
		    __atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE), 0))
		__spin_lock_contended(lock);
}

static inline bool spin_trylock(spinlock_t *lock)
{
	return !__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE);
}

static inline void spin_unlock(spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

static inline bool spin_is_locked(spinlock_t *lock)
{
	return __atomic_load_n(&lock->locked, __ATOMIC_RELAXED);
}

#define spin_lock_irqsave(lock, flags) \
	do {                           \
		local_irq_save(flags); \
		spin_lock(lock);       \
	} while (0)

#define spin_unlock_irqrestore(lock, flags) \
	do {                                \
		spin_unlock(lock);          \
		local_irq_restore(flags);   \
	} while (0)

#define spin_lock_irq(lock)          \
	do {                         \
		local_irq_disable(); \
		spin_lock(lock);     \
	} while (0)

#define spin_unlock_irq(lock)       \
	do {                        \
		spin_unlock(lock);  \
		local_irq_enable(); \
	} while (0)

#endif /* GENIRQ_SPINLOCK_H */
