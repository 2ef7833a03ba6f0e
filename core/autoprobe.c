// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt line autodetection for legacy drivers: start every unclaimed
 * probe-able line, let the device fire, see which line did. Follows
 * kernel/irq/autoprobe.c of 2.6.18.
 *
 * Deviations: the two waits are shorter than the kernel's 20 ms and
 * 100 ms, which were sized for ISA hardware; a simulated device asserts
 * its line in microseconds. And 2.6.18 sleeps in msleep() while other
 * work and the interrupts run; probe_irq_on() here polls the clock
 * instead, taking the calling CPU's pending interrupts as it goes (none
 * when the caller is no simulated CPU: then the CPUs that are take them).
 */
#include <pthread.h>
#include <time.h>
#include "internals.h"

/* Let longstanding (stuck) interrupts fire before probing starts. */
#define PROBE_LONGSTANDING_WAIT_US 2000
/* Let spurious interrupts fire before the lines are handed out. */
#define PROBE_SPURIOUS_WAIT_US 10000

/*
 * Autodetection depends on the fact that any interrupt that comes in on
 * to an unassigned handler will get stuck with "IRQ_WAITING" cleared and
 * the interrupt disabled.
 */
static pthread_mutex_t probing_active = PTHREAD_MUTEX_INITIALIZER;

static void probe_wait(long usec)
{
	struct timespec now, end;

	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_nsec += usec * 1000;
	end.tv_sec += end.tv_nsec / 1000000000;
	end.tv_nsec %= 1000000000;
	do {
		irq_cpu_poll();
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec < end.tv_sec ||
		 (now.tv_sec == end.tv_sec && now.tv_nsec < end.tv_nsec));
}

/**
 * probe_irq_on - begin an interrupt autodetect
 *
 * Commence probing for an interrupt. The interrupts are scanned
 * and a mask of potential interrupt lines is returned.
 */
unsigned long probe_irq_on(void)
{
	struct irq_desc *desc;
	unsigned long mask;
	unsigned int i;

	pthread_mutex_lock(&probing_active);
	/*
	 * something may have generated an irq long ago and we want to
	 * flush such a longstanding irq before considering it as spurious.
	 */
	for (i = NR_IRQS - 1; i > 0; i--) {
		desc = irq_desc + i;

		spin_lock_irq(&desc->lock);
		if (!desc->action && !(desc->status & IRQ_NOPROBE)) {
			/*
			 * An old-style architecture might still have
			 * the handle_bad_irq handler there:
			 */
			if (irq_flow_untraced(desc->handle_irq) ==
			    handle_bad_irq) {
				__atomic_store_n(&desc->handle_irq, NULL,
						 __ATOMIC_RELAXED);
				desc->name = irq_flow_name(NULL);
			}

			/*
			 * Some chips need to know about probing in
			 * progress:
			 */
			if (desc->chip->set_type)
				desc_set_type(desc, i, IRQ_TYPE_PROBE);
			chip_op_ret(desc, i, startup);
		}
		spin_unlock_irq(&desc->lock);
	}

	/* Wait for longstanding interrupts to trigger. */
	probe_wait(PROBE_LONGSTANDING_WAIT_US);

	/*
	 * enable any unassigned irqs
	 * (we must startup again here because if a longstanding irq
	 * happened in the previous stage, it may have masked itself)
	 */
	for (i = NR_IRQS - 1; i > 0; i--) {
		desc = irq_desc + i;

		spin_lock_irq(&desc->lock);
		if (!desc->action && !(desc->status & IRQ_NOPROBE)) {
			desc->status |= IRQ_AUTODETECT | IRQ_WAITING;
			if (chip_op_ret(desc, i, startup))
				desc->status |= IRQ_PENDING;
		}
		spin_unlock_irq(&desc->lock);
	}

	/*
	 * Wait for spurious interrupts to trigger
	 */
	probe_wait(PROBE_SPURIOUS_WAIT_US);

	/*
	 * Now filter out any obviously spurious interrupts
	 */
	mask = 0;
	for (i = 0; i < NR_IRQS; i++) {
		unsigned int status;

		desc = irq_desc + i;
		spin_lock_irq(&desc->lock);
		status = desc->status;

		if (status & IRQ_AUTODETECT) {
			/* It triggered already - consider it spurious. */
			if (!(status & IRQ_WAITING)) {
				desc->status = status & ~IRQ_AUTODETECT;
				chip_op(desc, i, shutdown);
			} else if (i < 32) {
				mask |= 1UL << i;
			}
		}
		spin_unlock_irq(&desc->lock);
	}

	return mask;
}

/**
 * probe_irq_mask - scan a bitmap of interrupt lines
 * @val: mask of interrupts to consider
 *
 * Scan the interrupt lines and return a bitmap of active
 * autodetect interrupts. The interrupt probe logic state
 * is then returned to its previous value.
 *
 * Note: we need to scan all the irq's even though we will
 * only return autodetect irq numbers - just so that we reset
 * them all to a known state.
 */
unsigned int probe_irq_mask(unsigned long val)
{
	unsigned int mask = 0;

	for (unsigned int i = 0; i < NR_IRQS; i++) {
		struct irq_desc *desc = irq_desc + i;
		unsigned int status;

		spin_lock_irq(&desc->lock);
		status = desc->status;

		if (status & IRQ_AUTODETECT) {
			if (i < 16 && !(status & IRQ_WAITING))
				mask |= 1U << i;

			desc->status = status & ~IRQ_AUTODETECT;
			chip_op(desc, i, shutdown);
		}
		spin_unlock_irq(&desc->lock);
	}
	pthread_mutex_unlock(&probing_active);

	return mask & (unsigned int)val;
}

/**
 * probe_irq_off - end an interrupt autodetect
 * @val: mask of potential interrupts (unused)
 *
 * Scans the unused interrupt lines and returns the line which
 * appears to have triggered the interrupt. If no interrupt was
 * found then zero is returned. If more than one interrupt is
 * found then minus the first candidate is returned to indicate
 * their is doubt.
 *
 * The interrupt probe logic state is returned to its previous
 * value.
 */
int probe_irq_off(unsigned long val)
{
	int irq_found = 0, nr_irqs = 0;

	(void)val;
	for (unsigned int i = 0; i < NR_IRQS; i++) {
		struct irq_desc *desc = irq_desc + i;
		unsigned int status;

		spin_lock_irq(&desc->lock);
		status = desc->status;

		if (status & IRQ_AUTODETECT) {
			if (!(status & IRQ_WAITING)) {
				if (!nr_irqs)
					irq_found = (int)i;
				nr_irqs++;
			}
			desc->status = status & ~IRQ_AUTODETECT;
			chip_op(desc, i, shutdown);
		}
		spin_unlock_irq(&desc->lock);
	}
	pthread_mutex_unlock(&probing_active);

	if (nr_irqs > 1)
		irq_found = -irq_found;

	return irq_found;
}
