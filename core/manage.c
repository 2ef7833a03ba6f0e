// SPDX-License-Identifier: GPL-2.0
/*
 * Driver-facing interrupt management: request/setup/free, disable/enable,
 * synchronize, wake and affinity. Follows kernel/irq/manage.c of 2.6.18.
 *
 * Deviations, each for a stated reason:
 * - synchronize_irq() reads IRQ_INPROGRESS under the descriptor lock (as
 *   2.6.21 and later do) instead of spinning on an unlocked read, so the
 *   wait is a real acquire of what the handler's CPU released.
 * - set_irq_wake() returns 0 for nested calls, leaves the state alone when
 *   the chip refuses or has no ->set_wake, and does not call the chip on an
 *   unbalanced disable; 2.6.18 returned -ENXIO for nested calls and called
 *   the chip on the unbalanced path. Later kernels behave as we do.
 * - free_irq() frees only actions request_irq() allocated; setup_irq()
 *   callers own theirs (2.6.18 kfree()d whatever it unlinked).
 * - irq_set_affinity() is the later kernels' name for what 2.6.18 did in
 *   proc.c's irq_affinity_write_proc(): validate, store, program or defer.
 *
 * - enable_irq() runs the software resend queue itself when no simulated
 *   CPU would (a caller that is no CPU, CPU 0 not served by irq_cpu_run()),
 *   standing for ksoftirqd.
 *
 * From later kernels (2.6.30-3.x): request_threaded_irq(), the thread
 * setup_irq() makes for an action with a thread_fn, IRQF_ONESHOT's rules
 * (shared users must agree on it; each gets a bit of threads_oneshot),
 * nested lines, and synchronize_irq() waiting for woken threads too.
 */
#include <errno.h>
#include <stdlib.h>
#include <sched.h>
#include "internals.h"

int no_irq_affinity;

/**
 * synchronize_irq - wait for pending IRQ handlers (on other CPUs)
 * @irq: interrupt number to wait for
 *
 * This function waits for any pending IRQ handlers for this interrupt
 * to complete before returning. If you use this function while
 * holding a resource the IRQ handler may need you will deadlock.
 */
void synchronize_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (irq >= NR_IRQS)
		return;

	while (desc_status_locked(desc) & IRQ_INPROGRESS)
		sched_yield(); /* cpu_relax() on a machine we may share */
	/* and for the threads the handlers woke (2.6.30) */
	irq_wait_for_threads(desc);
}

/**
 * disable_irq_nosync - disable an irq without waiting
 * @irq: Interrupt to disable
 *
 * Disable the selected interrupt line. Disables and Enables are
 * nested. Unlike disable_irq(), this function does not ensure existing
 * instances of the IRQ handler have completed before returning.
 */
void disable_irq_nosync(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	unsigned long flags;

	if (irq >= NR_IRQS)
		return;

	spin_lock_irqsave(&desc->lock, flags);
	if (!desc->depth++) {
		desc->status |= IRQ_DISABLED;
		chip_op(desc, irq, disable);
	}
	irqlab_trace_disable(irq, desc->depth);
	spin_unlock_irqrestore(&desc->lock, flags);
}

/**
 * disable_irq - disable an irq and wait for completion
 * @irq: Interrupt to disable
 *
 * Disable the selected interrupt line. Enables and Disables are
 * nested. This function waits for any pending IRQ handlers for this
 * interrupt to complete before returning. If you use this function while
 * holding a resource the IRQ handler may need you will deadlock.
 */
void disable_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (irq >= NR_IRQS)
		return;

	disable_irq_nosync(irq);
	if (desc_action(desc))
		synchronize_irq(irq);
}

/**
 * enable_irq - enable handling of an irq
 * @irq: Interrupt to enable
 *
 * Undoes the effect of one call to disable_irq(). If this matches the
 * last disable, processing of interrupts on this IRQ line is re-enabled,
 * and an edge that arrived while it was disabled is resent (dropped on
 * i386 when the chip cannot retrigger it: genirq_set_arch()). A software
 * resend is run before this returns when the caller is no simulated CPU
 * and no irq_cpu_run() loop serves CPU 0, as for a board that calls
 * do_IRQ() from its own thread; otherwise that CPU runs it.
 */
void enable_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	unsigned long flags;

	if (irq >= NR_IRQS)
		return;

	spin_lock_irqsave(&desc->lock, flags);
	switch (desc->depth) {
	case 0:
		printk(WARNING, "Unbalanced enable for IRQ %u\n", irq);
		WARN_ON(1);
		break;
	case 1: {
		unsigned int status = desc->status & ~IRQ_DISABLED;

		/* Prevent probing on this irq: */
		desc->status = status | IRQ_NOPROBE;
		check_irq_resend(desc, irq);
	}
		/* fall-through */
		__attribute__((fallthrough));
	default:
		desc->depth--;
	}
	irqlab_trace_enable(irq, desc->depth);
	spin_unlock_irqrestore(&desc->lock, flags);

	/*
	 * A board that dispatches with do_IRQ() from a thread of its own
	 * has no simulated CPU whose irq_exit() or idle loop would run
	 * the resend queued above, which would wait for its next
	 * interrupt. 2.6.18's tasklet, scheduled from process context,
	 * ran soon in ksoftirqd: run it here, on the enabling thread,
	 * once the lock is dropped. Attached threads and served CPUs run
	 * it themselves, at their next irq_exit() or idle turn.
	 */
	if (unlikely(irq_resend_pending()) && !in_irq() &&
	    !irq_cpu_attached() && !irq_cpu_served(smp_processor_id()))
		irq_resend_flush();
}

/**
 * set_irq_wake - control irq power management wakeup
 * @irq: interrupt to control
 * @on: enable/disable power management wakeup
 *
 * Enable/disable power management wakeup mode. Wakeup-capable irqs can be
 * shared between drivers that don't need the same sleep mode behaviours,
 * so calls nest: the chip is told only on the first enable and the last
 * disable.
 *
 * Return: 0, the chip's error, -ENXIO when the chip has no ->set_wake,
 * -EINVAL for a bad @irq or an unbalanced disable.
 */
int set_irq_wake(unsigned int irq, unsigned int on)
{
	struct irq_desc *desc = irq_desc + irq;
	unsigned long flags;
	int ret = 0;

	if (irq >= NR_IRQS)
		return -EINVAL;
	if (!desc->chip->set_wake)
		return -ENXIO;

	spin_lock_irqsave(&desc->lock, flags);
	if (on) {
		if (desc->wake_depth == 0) {
			ret = chip_op_ret(desc, irq, set_wake, 1);
			if (!ret)
				desc->status |= IRQ_WAKEUP;
		}
		if (!ret)
			desc->wake_depth++;
	} else {
		if (desc->wake_depth == 0) {
			printk(WARNING, "Unbalanced IRQ %u wake disable\n",
			       irq);
			WARN_ON(1);
			ret = -EINVAL;
		} else if (desc->wake_depth == 1) {
			ret = chip_op_ret(desc, irq, set_wake, 0);
			if (!ret) {
				desc->status &= ~IRQ_WAKEUP;
				desc->wake_depth = 0;
			}
		} else {
			desc->wake_depth--;
		}
	}
	spin_unlock_irqrestore(&desc->lock, flags);
	return ret;
}

/**
 * can_request_irq - check whether @irq could be requested with @irqflags
 * @irq: interrupt number
 * @irqflags: the SA_* flags a request would use
 *
 * Return: nonzero when the line is requestable and either free or shared
 * by users that set SA_SHIRQ as @irqflags does.
 */
int can_request_irq(unsigned int irq, unsigned long irqflags)
{
	struct irq_desc *desc = irq_desc + irq;
	struct irqaction *action;
	unsigned long flags;
	int ok;

	if (irq >= NR_IRQS)
		return 0;

	spin_lock_irqsave(&desc->lock, flags);
	if (desc->status & IRQ_NOREQUEST) {
		ok = 0;
	} else {
		action = desc->action;
		if (action && (irqflags & action->flags & SA_SHIRQ))
			action = NULL;
		ok = !action;
	}
	spin_unlock_irqrestore(&desc->lock, flags);
	return ok;
}

/*
 * If the descriptor still has the boot-time handle_bad_irq when a chip
 * without a flow handler gets its first user, that line uses __do_IRQ()
 * (an old-style architecture, in the kernel's words).
 */
static void compat_irq_chip_set_default_handler(struct irq_desc *desc)
{
	if (irq_flow_untraced(desc->handle_irq) == handle_bad_irq) {
		__atomic_store_n(&desc->handle_irq, NULL, __ATOMIC_RELAXED);
		desc->name = irq_flow_name(NULL);
	}
}

/**
 * setup_irq - register an irqaction structure
 * @irq: Interrupt to register
 * @new: The irqaction; the caller keeps ownership
 *
 * Internal function to register an irqaction - typically used to allocate
 * special interrupts that are part of the architecture.
 *
 * An action with a thread_fn gets its thread here, before the line is
 * enabled (none on a nested line).
 *
 * Unlike request_irq(), accepts a shared action without a dev_id and a
 * line marked IRQ_NOREQUEST, as 2.6.18 does: architecture code installs
 * its timer this way.
 *
 * Return: 0; -EINVAL for a bad @irq, a NULL handler, a thread_fn on a
 * per-CPU line, a nested line without one, or the default primary
 * handler without IRQF_ONESHOT;
 * -ENOSYS for a line without a chip; -EBUSY when the line is taken and
 * either user does not share, or the users disagree on SA_TRIGGER_*,
 * SA_PERCPU_IRQ or IRQF_ONESHOT; the thread's creation error.
 */
int setup_irq(unsigned int irq, struct irqaction *new)
{
	struct irq_desc *desc = irq_desc + irq;
	struct irqaction *old, **p;
	unsigned long flags, thread_mask = 0;
	int shared = 0, ret;

	/*
	 * No dev_id or NOREQUEST check here: 2.6.18 makes them in
	 * request_irq() only, and architecture code installs shared
	 * timer actions without a dev_id on lines that are still
	 * NOREQUEST (ARM lines are, until set_irq_flags()).
	 */
	if (irq >= NR_IRQS || !new)
		return -EINVAL;

	if (desc->chip == &no_irq_chip)
		return -ENOSYS;

	/*
	 * A nested line's handler runs in its demultiplexer's thread:
	 * it needs a thread_fn, gets no thread of its own, and a primary
	 * handler that complains if it is ever called.
	 */
	if (desc_status_locked(desc) & IRQ_NESTED_THREAD) {
		if (!new->thread_fn)
			return -EINVAL;
		new->handler = irq_nested_primary_handler;
	}
	if (!new->handler)
		return -EINVAL;
	/* A per-CPU line is handled on every CPU at once: no one thread. */
	if (new->thread_fn && (new->flags &SA_PERCPU_IRQ))
		return -EINVAL;

	/*
	 * Create a handler thread when a thread function is supplied
	 * and the interrupt does not nest into another interrupt
	 * thread.
	 */
	new->irq = (int)irq;
	new->thread = NULL;
	new->thread_flags = 0;
	new->thread_mask = 0;
	if (new->thread_fn &&new->handler != irq_nested_primary_handler) {
		ret = irq_thread_create(new);
		if (ret)
			return ret;
	}

	/*
	 * The following block of code has to be executed atomically
	 */
	spin_lock_irqsave(&desc->lock, flags);
	p = &desc->action;
	old = *p;
	if (old) {
		/*
		 * Can't share interrupts unless both agree to and are
		 * the same type (level, edge, polarity). So both flag
		 * fields must have SA_SHIRQ set and the bits which
		 * set the trigger type must match. Also all must
		 * agree on ONESHOT.
		 */
		if (!((old->flags & new->flags) & SA_SHIRQ) ||
		    ((old->flags ^ new->flags) & SA_TRIGGER_MASK) ||
		    ((old->flags ^ new->flags) & IRQF_ONESHOT))
			goto mismatch;

		/* All handlers must agree on per-cpuness */
		if ((old->flags & SA_PERCPU_IRQ) != (new->flags &SA_PERCPU_IRQ))
			goto mismatch;

		/* add new interrupt at end of irq queue */
		do {
			/*
			 * Or all existing action->thread_mask bits,
			 * so we can find the next zero bit for this
			 * new action.
			 */
			thread_mask |= old->thread_mask;
			p = &old->next;
			old = *p;
		} while (old);
		shared = 1;
	}

	/*
	 * Setup the thread mask for this irqaction for ONESHOT. For
	 * !ONESHOT irqs the thread mask is 0 so we can avoid a
	 * conditional in irq_wake_thread().
	 */
	if (new->flags & IRQF_ONESHOT) {
		/*
		 * Unlikely to have 64 threads sharing one line, but who
		 * knows.
		 */
		if (thread_mask == ~0UL) {
			ret = -EBUSY;
			goto out_thread;
		}
		new->thread_mask = 1UL << __builtin_ctzl(~thread_mask);
	} else if (new->handler == irq_default_primary_handler) {
		/*
		 * The interrupt was requested with handler = NULL, so
		 * we use the default primary handler for it. But it
		 * does not have the oneshot flag set. In combination
		 * with level interrupts this is deadly, because the
		 * default primary handler just wakes the thread, then
		 * the irq line is reenabled, but the device still
		 * has the level irq asserted. Rinse and repeat....
		 */
		printk(ERR,
		       "Threaded irq requested with handler=NULL and !ONESHOT for irq %u\n",
		       irq);
		ret = -EINVAL;
		goto out_thread;
	}

	new->next = NULL;
	/* Published to handle_IRQ_event(), which walks the chain unlocked. */
	__atomic_store_n(p, new, __ATOMIC_RELEASE);

	if (new->flags & SA_PERCPU_IRQ)
		desc->status |= IRQ_PER_CPU;
	if (!shared) {
		irq_chip_set_defaults(desc->chip);

		/* Setup the type (level, edge polarity) if configured: */
		if (new->flags & SA_TRIGGER_MASK) {
			if (desc->chip->set_type)
				desc_set_type(desc, irq,
					      new->flags &SA_TRIGGER_MASK);
			else
				/*
				 * SA_TRIGGER_* but the PIC does not support
				 * multiple flow-types?
				 */
				printk(WARNING,
				       "No SA_TRIGGER set_type function for IRQ %u (%s)\n",
				       irq, desc->chip->name);
		} else {
			compat_irq_chip_set_default_handler(desc);
		}

		desc->status &= ~(IRQ_AUTODETECT | IRQ_WAITING |
				  IRQ_INPROGRESS | IRQ_ONESHOT);
		if (new->flags & IRQF_ONESHOT)
			desc->status |= IRQ_ONESHOT;

		if (!(desc->status & IRQ_NOAUTOEN)) {
			desc->depth = 0;
			desc->status &= ~IRQ_DISABLED;
			chip_op_ret(desc, irq, startup);
		} else {
			/* Undo nested disables: */
			desc->depth = 1;
		}
	}
	/* Reset broken irq detection when installing new handler */
	counter_set(&desc->irq_count, 0);
	counter_set(&desc->irqs_unhandled, 0);
	spin_unlock_irqrestore(&desc->lock, flags);

	return 0;

mismatch:
	spin_unlock_irqrestore(&desc->lock, flags);
	/* A caller that expects sharing to fail says so (2.6.18). */
	if (!(new->flags &IRQF_PROBE_SHARED))
		printk(ERR, "IRQ handler type mismatch for IRQ %u\n", irq);
	irq_thread_stop(new);
	return -EBUSY;

out_thread:
	spin_unlock_irqrestore(&desc->lock, flags);
	irq_thread_stop(new);
	return ret;
}

/**
 * free_irq - free an interrupt
 * @irq: Interrupt line to free
 * @dev_id: Device identity to free
 *
 * Remove an interrupt handler. The handler is removed and if the
 * interrupt line is no longer in use by any driver it is disabled and
 * shut down. On a shared IRQ the caller must ensure the interrupt is
 * disabled on the card it drives before calling this function. The
 * function does not return until any executing interrupts for this IRQ
 * have completed. Freeing a dev_id the line does not have warns and
 * changes nothing.
 *
 * This function must not be called from interrupt context.
 */
void free_irq(unsigned int irq, void *dev_id)
{
	struct irq_desc *desc;
	struct irqaction **p;
	unsigned long flags;
	bool per_cpu;

	WARN_ON(in_interrupt());
	if (irq >= NR_IRQS)
		return;

	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	p = &desc->action;
	for (;;) {
		struct irqaction *action = *p;

		if (action) {
			struct irqaction **pp = p;

			p = &action->next;
			if (action->dev_id != dev_id)
				continue;

			/* Found it - now remove it from the list of entries */
			__atomic_store_n(pp, action->next, __ATOMIC_RELEASE);
			per_cpu = CHECK_IRQ_PER_CPU(desc->status) ||
				  irq_flow_untraced(desc->handle_irq) ==
					  handle_percpu_irq;

			if (!desc->action) {
				desc->status |= IRQ_DISABLED;
				chip_op(desc, irq, shutdown);
			}
			spin_unlock_irqrestore(&desc->lock, flags);

			/*
			 * Make sure it's not being used on another CPU,
			 * nor its thread woken, then stop the thread. No
			 * IRQ_INPROGRESS guards a per-CPU line: wait for
			 * every CPU to leave the handlers it began (2.6.18
			 * never frees one while it can fire).
			 */
			if (per_cpu)
				irq_cpus_quiesce();
			synchronize_irq(irq);
			irq_thread_stop(action);
			if (action->flags & __SA_ALLOCATED)
				free(action);
			return;
		}
		printk(ERR, "Trying to free already-free IRQ %u\n", irq);
		WARN_ON(1);
		spin_unlock_irqrestore(&desc->lock, flags);
		return;
	}
}

/**
 * request_irq - allocate an interrupt line
 * @irq: Interrupt line to allocate
 * @handler: Function to be called when the IRQ occurs
 * @irqflags: Interrupt type flags (SA_*)
 * @devname: An ascii name for the claiming device
 * @dev_id: A cookie passed back to the handler function
 *
 * This call allocates interrupt resources and enables the interrupt line
 * and IRQ handling. From the point this call is made your handler
 * function may be invoked. Since your handler function must clear any
 * interrupt the board raises, you must take care both to initialise your
 * hardware and to set up the interrupt handler in the right order.
 *
 * Return: 0, -ENOMEM, or setup_irq()'s errors.
 */
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long irqflags,
		const char *devname, void *dev_id)
{
	if (!handler)
		return -EINVAL;
	return request_threaded_irq(irq, handler, NULL, irqflags, devname,
				    dev_id);
}

int request_threaded_irq(unsigned int irq, irq_handler_t handler,
			 irq_handler_t thread_fn, unsigned long irqflags,
			 const char *devname, void *dev_id)
{
	struct irqaction *action;
	int retval;

	/*
	 * Sanity-check: shared interrupts must pass in a real dev-ID,
	 * otherwise we'll have trouble later trying to figure out
	 * which interrupt is which (messes up the interrupt freeing
	 * logic etc).
	 */
	if ((irqflags & SA_SHIRQ) && !dev_id)
		return -EINVAL;
	if (irq >= NR_IRQS)
		return -EINVAL;
	/*
	 * Only drivers are kept off NOREQUEST lines; setup_irq() is for
	 * architecture code, which may use them (2.6.18). Read under the
	 * lock; the line may become requestable meanwhile, as in 2.6.18.
	 */
	if (desc_status_locked(irq_desc + irq) & IRQ_NOREQUEST)
		return -EINVAL;
	if (!handler) {
		if (!thread_fn)
			return -EINVAL;
		handler = irq_default_primary_handler;
	}

	action = calloc(1, sizeof(*action));
	if (!action)
		return -ENOMEM;

	action->handler = handler;
	action->thread_fn = thread_fn;
	action->flags = (irqflags & ~__SA_ALLOCATED) | __SA_ALLOCATED;
	cpus_clear(action->mask);
	action->name = devname;
	action->next = NULL;
	action->dev_id = dev_id;

	retval = setup_irq(irq, action);
	if (retval)
		free(action);

	return retval;
}

/**
 * irq_set_affinity - set the CPUs @irq is delivered to
 * @irq: interrupt number
 * @mask: the new affinity
 *
 * With deferred moves (genirq_set_pending_irq_moves()), records the mask
 * and IRQ_MOVE_PENDING; the chip performs the move at the line's next
 * interrupt through move_native_irq(). Otherwise stores desc->affinity and
 * programs the chip now.
 *
 * Return: 0; -EINVAL for a bad @irq, a per-CPU line or a mask with no
 * online CPU; -EIO when the chip cannot set affinity or the architecture
 * set no_irq_affinity.
 */
int irq_set_affinity(unsigned int irq, const cpumask_t *mask)
{
	struct irq_desc *desc = irq_desc + irq;
	cpumask_t online, tmp;
	unsigned long flags;

	if (irq >= NR_IRQS || !mask)
		return -EINVAL;
	if (!desc->chip->set_affinity || no_irq_affinity)
		return -EIO;

	online = cpu_online_mask_get();
	cpus_and(tmp, *mask, online);
	if (cpus_empty(tmp))
		return -EINVAL;

	spin_lock_irqsave(&desc->lock, flags);
	if (CHECK_IRQ_PER_CPU(desc->status)) {
		spin_unlock_irqrestore(&desc->lock, flags);
		return -EINVAL;
	}
	irqlab_trace_affinity(irq, mask->bits[0], genirq_pending_moves);
	if (genirq_pending_moves) {
		desc->status |= IRQ_MOVE_PENDING;
		desc->pending_mask = *mask;
	} else {
		desc->affinity = *mask;
		chip_op_ret(desc, irq, set_affinity, *mask);
	}
	spin_unlock_irqrestore(&desc->lock, flags);
	return 0;
}
