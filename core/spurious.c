// SPDX-License-Identifier: GPL-2.0
/*
 * Handling of spurious and unhandled interrupts: the "nobody cared"
 * detector and irqfixup/irqpoll misrouted-interrupt recovery. Follows
 * kernel/irq/spurious.c of 2.6.18.
 *
 * Deviation: the line is killed under the descriptor lock. 2.6.18 set
 * IRQ_DISABLED and depth without it, racing with enable_irq() on another
 * CPU; the result is the same whenever that race does not happen.
 */
#include "internals.h"

/* Interrupts per detection window, and how many unhandled ones kill it. */
#define SPURIOUS_WINDOW 100000
#define SPURIOUS_LIMIT 99900
/* Bogus return values are reported this many times, then no more. */
#define BAD_IRQ_REPORTS 100

int noirqdebug;
int irqfixup;
static int bad_irq_reports_left = BAD_IRQ_REPORTS;

void genirq_set_irqfixup(enum irqfixup_mode mode)
{
	irqfixup = mode;
}

void genirq_set_noirqdebug(bool on)
{
	noirqdebug = on;
}

void spurious_reset(void)
{
	irqfixup = IRQFIXUP_OFF;
	noirqdebug = 0;
	__atomic_store_n(&bad_irq_reports_left, BAD_IRQ_REPORTS,
			 __ATOMIC_RELAXED);
}

/*
 * Recovery handler for misrouted interrupts: run every other line's shared
 * handlers, honouring their locking, and tell the caller whether one of
 * them claimed the interrupt.
 */
static int misrouted_irq(unsigned int irq)
{
	int ok = 0;
	int work = 0; /* Did we do work for a real IRQ */

	for (unsigned int i = 1; i < NR_IRQS; i++) {
		struct irq_desc *desc = irq_desc + i;
		struct irqaction *action;

		if (i == irq) /* Already tried */
			continue;

		spin_lock(&desc->lock);
		/* Already running on another processor */
		if (desc->status & IRQ_INPROGRESS) {
			/*
			 * Already running: If it is shared get the other
			 * CPU to go looking for our mystery interrupt too
			 */
			if (desc->action && (desc->action->flags & SA_SHIRQ))
				desc->status |= IRQ_PENDING;
			spin_unlock(&desc->lock);
			continue;
		}
		/* Honour the normal IRQ locking */
		desc->status |= IRQ_INPROGRESS;
		action = desc->action;
		spin_unlock(&desc->lock);

		while (action) {
			/* Only shared IRQ handlers are safe to call */
			if (action->flags & SA_SHIRQ) {
				if (action->handler((int)i, action->dev_id) ==
				    IRQ_HANDLED)
					ok = 1;
			}
			action = action_next(action);
		}
		local_irq_disable();
		/* Now clean up the flags */
		spin_lock(&desc->lock);
		action = desc->action;

		/*
		 * While we were looking for a fixup someone queued a real
		 * IRQ clashing with our walk:
		 */
		while ((desc->status & IRQ_PENDING) && action) {
			/*
			 * Perform real IRQ processing for the IRQ we deferred
			 */
			work = 1;
			spin_unlock(&desc->lock);
			handle_IRQ_event_copy(i, action);
			spin_lock(&desc->lock);
			desc->status &= ~IRQ_PENDING;
		}
		desc->status &= ~IRQ_INPROGRESS;
		/*
		 * If we did actual work for the real IRQ line we must let the
		 * IRQ controller clean up too
		 */
		if (work && desc->chip && desc->chip->end)
			chip_op(desc, i, end);
		spin_unlock(&desc->lock);
	}
	/* So the caller can adjust the irq error counts */
	return ok;
}

static void __report_bad_irq(unsigned int irq, struct irq_desc *desc,
			     irqreturn_t action_ret)
{
	struct irqaction *action;

	if (action_ret != IRQ_HANDLED && action_ret != IRQ_NONE)
		printk(ERR, "irq event %u: bogus return value %x\n", irq,
		       (unsigned int)action_ret);
	else
		printk(ERR,
		       "irq %u: nobody cared (try booting with the \"irqpoll\" option)\n",
		       irq);
	printk(ERR, "handlers:\n");
	for (action = desc_action(desc); action; action = action_next(action))
		printk(ERR, "[<%p>] (%s)\n", (void *)action->handler,
		       action->name ? action->name : "?");
}

static void report_bad_irq(unsigned int irq, struct irq_desc *desc,
			   irqreturn_t action_ret)
{
	if (__atomic_load_n(&bad_irq_reports_left, __ATOMIC_RELAXED) > 0 &&
	    __atomic_fetch_sub(&bad_irq_reports_left, 1, __ATOMIC_RELAXED) > 0)
		__report_bad_irq(irq, desc, action_ret);
}

/* The end of a detection window: the line may be stuck. */
static __attribute__((noinline, cold)) void
note_window(unsigned int irq, struct irq_desc *desc, irqreturn_t action_ret)
{
	unsigned int unhandled;

	spin_lock(&desc->lock);
	counter_set(&desc->irq_count, 0);
	unhandled = counter_read(&desc->irqs_unhandled);
	if (unlikely(unhandled > SPURIOUS_LIMIT)) {
		/*
		 * The interrupt is stuck
		 */
		__report_bad_irq(irq, desc, action_ret);
		/*
		 * Now kill the IRQ
		 */
		printk(EMERG, "Disabling IRQ #%u\n", irq);
		irqlab_trace_spurious_disable(irq, unhandled);
		desc->status |= IRQ_DISABLED;
		desc->depth = 1;
		chip_op(desc, irq, disable);
	}
	counter_set(&desc->irqs_unhandled, 0);
	spin_unlock(&desc->lock);
}

/*
 * note_interrupt() of an unhandled run, or with irqfixup set: all of its
 * steps, in its order, out of line so that a handled run pays for none
 * of the first two.
 */
static __attribute__((noinline, cold)) void
note_unusual(unsigned int irq, struct irq_desc *desc, irqreturn_t action_ret)
{
	if (action_ret != IRQ_HANDLED) {
		counter_inc(&desc->irqs_unhandled);
		if (unlikely(action_ret != IRQ_NONE))
			report_bad_irq(irq, desc, action_ret);
	}

	if (irqfixup) {
		/* Don't punish working computers */
		if ((irqfixup == IRQFIXUP_POLL && irq == 0) ||
		    action_ret == IRQ_NONE) {
			int ok = misrouted_irq(irq);

			if (action_ret == IRQ_NONE && ok)
				counter_set(
					&desc->irqs_unhandled,
					counter_read(&desc->irqs_unhandled) -
						1);
		}
	}

	if (counter_inc(&desc->irq_count) >= SPURIOUS_WINDOW)
		note_window(irq, desc, action_ret);
}

/**
 * note_interrupt - account one run of a line's actions
 * @irq: interrupt number
 * @desc: its descriptor
 * @action_ret: what the action chain returned
 *
 * Called by every flow handler after handle_IRQ_event(), without the
 * descriptor lock (IRQ_INPROGRESS serialises a line's calls). Every
 * SPURIOUS_WINDOW interrupts, a line with more than SPURIOUS_LIMIT
 * unhandled ones is reported and disabled. 2.6.18's steps; a handled run
 * without irqfixup, the common case, only counts, and the rest is out of
 * line (tail calls, so the common case needs no stack frame).
 */
void note_interrupt(unsigned int irq, struct irq_desc *desc,
		    irqreturn_t action_ret)
{
	if (unlikely(action_ret != IRQ_HANDLED) || unlikely(irqfixup)) {
		note_unusual(irq, desc, action_ret);
		return;
	}
	if (likely(counter_inc(&desc->irq_count) < SPURIOUS_WINDOW))
		return;
	note_window(irq, desc, action_ret);
}
