/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt handlers and their registration, as include/linux/interrupt.h
 * and include/linux/irqreturn.h of Linux 2.6.18 declare them, without
 * struct pt_regs. Both spellings of the action flags are there: IRQF_*,
 * and the SA_* names 2.6.18 kept for the drivers written before it.
 *
 * Beyond 2.6.18, from the kernels that kept its design (2.6.30-3.x):
 * threaded handlers (request_threaded_irq(), IRQ_WAKE_THREAD) and
 * IRQF_ONESHOT; core/thread.c says how they are built here.
 */
#ifndef GENIRQ_INTERRUPT_H
#define GENIRQ_INTERRUPT_H

#include <genirq/cpumask.h>

typedef int irqreturn_t;

#define IRQ_NONE (0)
#define IRQ_HANDLED (1)
#define IRQ_WAKE_THREAD (2) /* handler requests to wake its thread */
#define IRQ_RETVAL(x) ((x) != 0)

typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

/*
 * Action flags, with 2.6.18's values. The trigger bits equal the
 * IRQ_TYPE_* sense bits, so setup_irq() can hand them to chip->set_type()
 * unchanged.
 */
#define IRQF_TRIGGER_NONE 0x00000000
#define IRQF_TRIGGER_RISING 0x00000001
#define IRQF_TRIGGER_FALLING 0x00000002
#define IRQF_TRIGGER_HIGH 0x00000004
#define IRQF_TRIGGER_LOW 0x00000008
#define IRQF_TRIGGER_MASK                                             \
	(IRQF_TRIGGER_HIGH | IRQF_TRIGGER_LOW | IRQF_TRIGGER_RISING | \
	 IRQF_TRIGGER_FALLING)
#define IRQF_TRIGGER_PROBE 0x00000010
#define IRQF_DISABLED 0x00000020 /* run the handler with interrupts off */
#define IRQF_SAMPLE_RANDOM 0x00000040 /* feed the entropy pool: a costed call */
#define IRQF_SHARED 0x00000080 /* the line may be shared */
/* The caller expects a sharing mismatch: setup_irq() does not report it. */
#define IRQF_PROBE_SHARED 0x00000100
#define IRQF_TIMER 0x00000200 /* accepted; marks a timer interrupt */
#define IRQF_PERCPU 0x00000400 /* a per-CPU line */

/* The SA_* spellings 2.6.18 kept as migration helpers. */
#define SA_INTERRUPT IRQF_DISABLED
#define SA_SAMPLE_RANDOM IRQF_SAMPLE_RANDOM
#define SA_SHIRQ IRQF_SHARED
#define SA_PROBEIRQ IRQF_PROBE_SHARED
#define SA_PERCPU IRQF_PERCPU
#define SA_PERCPU_IRQ IRQF_PERCPU /* this port's older name for it */
#define SA_TRIGGER_LOW IRQF_TRIGGER_LOW
#define SA_TRIGGER_HIGH IRQF_TRIGGER_HIGH
#define SA_TRIGGER_FALLING IRQF_TRIGGER_FALLING
#define SA_TRIGGER_RISING IRQF_TRIGGER_RISING
#define SA_TRIGGER_MASK IRQF_TRIGGER_MASK
/*
 * Keep the line masked after the hard handler until every thread woken
 * for it has finished (2.6.32). Shared users must all agree on it.
 */
#define IRQF_ONESHOT 0x00002000
/* Set by the core on actions request_irq() allocated; not for callers. */
#define __SA_ALLOCATED 0x80000000

struct irq_thread;
struct pt_regs;

/*
 * genirq-compat (which defines GENIRQ_COMPAT_2_6_18 before this header)
 * calls the 2.6.18 form of the handler ->handler, as 2.6.18's struct
 * did, so that a driver's `.handler = timer_interrupt` with regs is typed
 * for what it is; setup_irq() of genirq-compat then routes it through a
 * trampoline (genirq/compat.h). libgenirq's own code sees ->handler
 * (no regs) and ->handler_regs. One pointer either way: the layout is
 * the same.
 */
#ifdef GENIRQ_COMPAT_2_6_18
#define __GENIRQ_ACTION_HANDLER handler_2_6_19
#define __GENIRQ_ACTION_HANDLER_REGS handler
#else
#define __GENIRQ_ACTION_HANDLER handler
#define __GENIRQ_ACTION_HANDLER_REGS handler_regs
#endif

/**
 * struct irqaction - per interrupt action descriptor
 * @handler:	interrupt handler function
 * @handler_regs: the same pointer as 2.6.18's handler type, which takes
 *		struct pt_regs: only genirq_compat_setup_irq() reads it,
 *		in an action a genirq-compat driver filled (see above)
 * @flags:	IRQF_* (SA_*) flags
 * @mask:	unused, kept from the kernel structure
 * @name:	name of the device, shown by show_interrupts()
 * @dev_id:	cookie to identify the device
 * @next:	pointer to the next irqaction for shared interrupts
 * @irq:	interrupt number, set by setup_irq()
 * @thread_fn:	threaded handler, run in the action's thread when @handler
 *		returns IRQ_WAKE_THREAD (or by handle_nested_irq())
 * @thread:	the thread, made by setup_irq() (core/thread.c)
 * @thread_flags: IRQTF_* bits, owned by the core
 * @thread_mask: this action's bit in desc->threads_oneshot (IRQF_ONESHOT)
 */
struct irqaction {
	/* ->handler first in both views, for positional initialisers. */
	union {
#ifdef GENIRQ_COMPAT_2_6_18
		irqreturn_t (*__GENIRQ_ACTION_HANDLER_REGS)(
			int irq, void *dev_id, struct pt_regs *regs);
		irq_handler_t __GENIRQ_ACTION_HANDLER;
#else
		irq_handler_t __GENIRQ_ACTION_HANDLER;
		irqreturn_t (*__GENIRQ_ACTION_HANDLER_REGS)(
			int irq, void *dev_id, struct pt_regs *regs);
#endif
	};
	unsigned long flags;
	cpumask_t mask;
	const char *name;
	void *dev_id;
	struct irqaction *next;
	int irq;
	irq_handler_t thread_fn;
	struct irq_thread *thread;
	unsigned long thread_flags;
	unsigned long thread_mask;
};

int setup_irq(unsigned int irq, struct irqaction *new);
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long irqflags,
		const char *devname, void *dev_id);

/**
 * request_threaded_irq - allocate an interrupt line with a handler thread
 * @irq: interrupt line to allocate
 * @handler: the hard handler, run in interrupt context; it returns
 *	IRQ_WAKE_THREAD to have @thread_fn run. NULL: the default primary
 *	handler, which always wakes the thread, and then @irqflags must hold
 *	IRQF_ONESHOT (a level line would otherwise scream until the thread
 *	ran), as in 3.x kernels
 * @thread_fn: the handler run in the action's own thread; NULL: a plain
 *	request_irq()
 * @irqflags: SA_* flags and IRQF_ONESHOT
 * @devname: an ascii name for the claiming device
 * @dev_id: a cookie passed back to the handler functions
 *
 * The thread is a pthread made before the line is enabled (see
 * genirq_set_thread_setup() for its priority and placement). On a nested
 * line (irq_set_nested_thread()) no thread is made: the demultiplexing
 * thread runs @thread_fn through handle_nested_irq().
 *
 * Return: 0; -EINVAL for no handler at all, a NULL @handler without
 * IRQF_ONESHOT, a thread on a per-CPU line, or a nested line without
 * @thread_fn; -ENOMEM, or the thread's creation error; setup_irq()'s.
 */
int request_threaded_irq(unsigned int irq, irq_handler_t handler,
			 irq_handler_t thread_fn, unsigned long irqflags,
			 const char *devname, void *dev_id);
void free_irq(unsigned int irq, void *dev_id);

/**
 * no_action - the special, empty irq handler
 * @cpl: interrupt number
 * @dev_id: unused
 *
 * For actions that only claim a line (a cascade input, a floating-point
 * error line) and have nothing to do. Return: IRQ_NONE, as 2.6.18's.
 */
irqreturn_t no_action(int cpl, void *dev_id);

int can_request_irq(unsigned int irq, unsigned long irqflags);

/**
 * add_interrupt_randomness - what feeding the entropy pool costs
 * @irq: the line that was handled
 *
 * Called by handle_IRQ_event() after the handlers when one that returned
 * IRQ_HANDLED belongs to an IRQF_SAMPLE_RANDOM action, as 2.6.18 did.
 * There is no pool: it counts the call for @irq and busy-waits the time
 * genirq_set_entropy_cost() set, standing for the pool's lock, the cycle
 * counter read and the mixing.
 */
void add_interrupt_randomness(int irq);

/**
 * genirq_set_entropy_cost - the time add_interrupt_randomness() takes
 * @ns: the time, ns; 0 (the default, and after genirq_reset()): none
 * @wait: busy-waits its argument in ns (the harness's calibrated
 *	chip_delay_ns()); may be NULL only with @ns 0
 *
 * Set it before the CPUs start. Return: 0, or -EINVAL for @ns without
 * @wait.
 */
int genirq_set_entropy_cost(unsigned int ns, void (*wait)(unsigned int ns));

/**
 * genirq_entropy_samples - add_interrupt_randomness() calls for @irq
 * @irq: the line
 *
 * Return: the count since genirq_reset(); 0 for a bad @irq.
 */
unsigned long genirq_entropy_samples(unsigned int irq);

void disable_irq_nosync(unsigned int irq);
void disable_irq(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);
int set_irq_wake(unsigned int irq, unsigned int on);

static inline int enable_irq_wake(unsigned int irq)
{
	return set_irq_wake(irq, 1);
}

static inline int disable_irq_wake(unsigned int irq)
{
	return set_irq_wake(irq, 0);
}

int irq_set_affinity(unsigned int irq, const cpumask_t *mask);

unsigned long probe_irq_on(void);
int probe_irq_off(unsigned long val);
unsigned int probe_irq_mask(unsigned long val);

#endif /* GENIRQ_INTERRUPT_H */
