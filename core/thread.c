// SPDX-License-Identifier: GPL-2.0
/*
 * Threaded interrupt handlers, from the kernels that kept 2.6.18's design
 * (kernel/irq/manage.c and handle.c of 2.6.30-3.x, Thomas Gleixner): one
 * thread per action with a thread_fn, woken when the hard handler returns
 * IRQ_WAKE_THREAD, and IRQF_ONESHOT, which keeps the line masked until
 * every woken thread is done (irq_finalize_oneshot()).
 *
 * A thread is a pthread, not a simulated CPU: it runs with its local
 * interrupt flag off for good, so the locks it takes never make it take
 * some CPU's pending vectors (a kernel thread runs with interrupts on and
 * is interrupted on its CPU; here the simulated CPUs take interrupts and
 * the thread only competes with them for the machine's cores, which is
 * what genirq_set_thread_setup() places). It sleeps on a futex; waking it
 * is a Dekker handshake on IRQTF_RUNTHREAD and ->sleeping, as the idle
 * simulated CPU's (core/cpu.c), so a running thread costs the waker no
 * system call.
 *
 * Deviations, each for a stated reason:
 * - The default thread setup asks for SCHED_FIFO at priority 50, as the
 *   kernel's irq threads run, and leaves the thread SCHED_OTHER when the
 *   process may not (no CAP_SYS_NICE, RLIMIT_RTPRIO 0); the harness pins
 *   and prioritises its threads itself.
 * - irq_finalize_oneshot()'s wait for a hard handler still in progress on
 *   another CPU relaxes as the contended spinlock does (genirq_relax()):
 *   a SCHED_FIFO thread spinning on the core of the preempted CPU thread
 *   would otherwise wait for the kernel's real-time throttling.
 * - The thread's return value is not fed to the spurious detector: the
 *   hard handler's IRQ_WAKE_THREAD counts as handled, as in 2.6.30-3.15.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include "internals.h"

/**
 * struct irq_thread - an action's handler thread
 * @tid: the pthread
 * @action: the action it runs
 * @wake_seq: futex word the thread sleeps on
 * @sleeping: the thread is (about to be) in futex_wait
 * @stop: kthread_stop(): leave the loop
 * @policy: the scheduling policy it runs at
 * @setup_ret: the setup's result, for setup_irq()
 * @started: futex word: 1 once the setup is done
 */
struct irq_thread {
	pthread_t tid;
	struct irqaction *action;
	unsigned int wake_seq;
	int sleeping;
	int stop;
	int policy;
	int setup_ret;
	unsigned int started;
};

static genirq_thread_setup_fn thread_setup;
static void *thread_setup_ctx;

void genirq_set_thread_setup(genirq_thread_setup_fn fn, void *ctx)
{
	__atomic_store_n(&thread_setup_ctx, ctx, __ATOMIC_RELAXED);
	__atomic_store_n(&thread_setup, fn, __ATOMIC_RELEASE);
}

void thread_reset(void)
{
	genirq_set_thread_setup(NULL, NULL);
}

int irq_thread_policy(const struct irqaction *action)
{
	return action && action->thread ? action->thread->policy : -1;
}

/* The kernel's irq threads: SCHED_FIFO, MAX_USER_RT_PRIO/2. */
static int default_setup(void)
{
	struct sched_param sp = { .sched_priority = 50 };

	pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	return 0;
}

/* The primary handler request_threaded_irq() uses when given none. */
irqreturn_t irq_default_primary_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

/* A nested line's primary handler: it is never to run. */
irqreturn_t irq_nested_primary_handler(int irq, void *dev_id)
{
	(void)dev_id;
	printk(WARNING, "Primary handler called for nested irq %d\n", irq);
	WARN_ON(1);
	return IRQ_NONE;
}

void irq_warn_no_thread(unsigned int irq, struct irqaction *action)
{
	if (__atomic_fetch_or(&action->thread_flags, IRQTF_WARNED,
			      __ATOMIC_RELAXED) &
	    IRQTF_WARNED)
		return;
	printk(WARNING,
	       "IRQ %u device %s returned IRQ_WAKE_THREAD but no thread function available.\n",
	       irq, action->name ? action->name : "(null)");
}

/* Threads this CPU's hard interrupt woke, to be made runnable at its exit. */
#define DEFERRED_WAKES 16
static __thread struct irq_thread *deferred[DEFERRED_WAKES]
	__attribute__((tls_model("initial-exec")));

static void wake_up_process(struct irq_thread *t)
{
	if (__atomic_load_n(&t->sleeping, __ATOMIC_SEQ_CST)) {
		__atomic_fetch_add(&t->wake_seq, 1, __ATOMIC_SEQ_CST);
		genirq_futex_wake(&t->wake_seq);
	}
}

void irq_threads_wake_deferred(void)
{
	for (unsigned int i = 0; i < __irq_this_cpu.threads_deferred; i++)
		wake_up_process(deferred[i]);
	__irq_this_cpu.threads_deferred = 0;
}

/**
 * irq_wake_thread - wake @action's thread from its hard handler
 * @desc: the line's descriptor
 * @action: an action with a thread
 *
 * Hard interrupt context, descriptor lock not held but IRQ_INPROGRESS
 * set: that is what serialises the update of desc->threads_oneshot here
 * against irq_finalize_oneshot(), which waits under the lock until
 * INPROGRESS is clear (3.x's comment in __irq_wake_thread()). A thread
 * already marked to run is not woken twice: the events coalesce into its
 * next run. Its thread_wake event is the caller's, handle_IRQ_event(),
 * which is built with and without tracepoints (dispatch.h).
 */
void irq_wake_thread(struct irq_desc *desc, struct irqaction *action)
{
	struct irq_thread *t = action->thread;

	/* seq_cst: ordered before the load of ->sleeping. */
	if (__atomic_fetch_or(&action->thread_flags, IRQTF_RUNTHREAD,
			      __ATOMIC_SEQ_CST) &
	    IRQTF_RUNTHREAD)
		return;
	desc->threads_oneshot |= action->thread_mask;
	__atomic_fetch_add(&desc->threads_active, 1, __ATOMIC_RELAXED);
	/*
	 * The kernel's wake_up_process() from a hard interrupt makes the
	 * thread runnable, and the switch to it happens when the interrupt
	 * returns. Waking it here would let a SCHED_FIFO thread on this
	 * CPU thread's core preempt the flow handler half way (IRQ_INPROGRESS
	 * still set, the line not yet unmasked); so the wake-up waits for
	 * the outermost irq_exit() (core/vector.c).
	 */
	if (in_irq() && __irq_this_cpu.threads_deferred < DEFERRED_WAKES)
		deferred[__irq_this_cpu.threads_deferred++] = t;
	else
		wake_up_process(t);
}

/* Sleep until woken; 0 to run the handler, -1 when told to stop. */
static int irq_wait_for_interrupt(struct irq_thread *t)
{
	struct irqaction *action = t->action;

	for (;;) {
		unsigned int seq =
			__atomic_load_n(&t->wake_seq, __ATOMIC_SEQ_CST);

		if (__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE))
			return -1;
		if (__atomic_fetch_and(&action->thread_flags, ~IRQTF_RUNTHREAD,
				       __ATOMIC_ACQUIRE) &
		    IRQTF_RUNTHREAD)
			return 0;
		__atomic_store_n(&t->sleeping, 1, __ATOMIC_SEQ_CST);
		if (!(__atomic_load_n(&action->thread_flags, __ATOMIC_SEQ_CST) &
		      IRQTF_RUNTHREAD) &&
		    !__atomic_load_n(&t->stop, __ATOMIC_SEQ_CST))
			genirq_futex_wait(&t->wake_seq, seq);
		__atomic_store_n(&t->sleeping, 0, __ATOMIC_RELAXED);
	}
}

/*
 * Oneshot interrupts keep the irq line masked until the threaded handler
 * finished. Unmask if the interrupt has not been disabled and is marked
 * masked, and no other thread of the line still has to run.
 */
static void irq_finalize_oneshot(struct irq_desc *desc,
				 struct irqaction *action)
{
	unsigned int spins = 0;
	unsigned long flags;

	/*
	 * The kernel tests the line's IRQS_ONESHOT; every user of a line
	 * agrees on IRQF_ONESHOT, so the action's own flag, which never
	 * changes while it is installed, says the same without the lock.
	 */
	if (!(action->flags & IRQF_ONESHOT))
		return;
again:
	spin_lock_irqsave(&desc->lock, flags);
	/*
	 * The thread may be done before the hard handler on the other CPU
	 * is: unmasking now would let the interrupt come in again, find
	 * INPROGRESS, mask the line and leave it masked for good. This
	 * also serialises the shared oneshot users' threads_oneshot bits
	 * against irq_wake_thread().
	 */
	if (unlikely(desc->status & IRQ_INPROGRESS)) {
		spin_unlock_irqrestore(&desc->lock, flags);
		genirq_relax(&spins);
		goto again;
	}
	/*
	 * Woken again meanwhile: the thread runs once more, and clearing
	 * its bit now would unmask under it.
	 */
	if (__atomic_load_n(&action->thread_flags, __ATOMIC_RELAXED) &
	    IRQTF_RUNTHREAD)
		goto out_unlock;
	desc->threads_oneshot &= ~action->thread_mask;
	if (!desc->threads_oneshot &&
	    (desc->status & (IRQ_DISABLED | IRQ_MASKED)) == IRQ_MASKED) {
		chip_op(desc, action->irq, unmask);
		desc->status &= ~IRQ_MASKED;
	}
out_unlock:
	irqlab_trace_thread_done(action->irq, desc->threads_oneshot);
	spin_unlock_irqrestore(&desc->lock, flags);
}

static void *irq_thread(void *arg)
{
	struct irq_thread *t = arg;
	struct irqaction *action = t->action;
	struct irq_desc *desc = irq_desc + action->irq;
	genirq_thread_setup_fn setup =
		__atomic_load_n(&thread_setup, __ATOMIC_ACQUIRE);
	struct sched_param sp;
	int ret;

	local_irq_disable(); /* process context, never a CPU's vectors */
	ret = setup ? setup((unsigned int)action->irq, action,
			    __atomic_load_n(&thread_setup_ctx,
					    __ATOMIC_RELAXED)) :
		      default_setup();
	if (pthread_getschedparam(pthread_self(), &t->policy, &sp))
		t->policy = SCHED_OTHER;
	t->setup_ret = ret;
	__atomic_store_n(&t->started, 1, __ATOMIC_RELEASE);
	genirq_futex_wake(&t->started);
	if (ret)
		return NULL;

	while (!irq_wait_for_interrupt(t)) {
		irqlab_trace_thread_entry(action->irq);
		action->thread_fn(action->irq, action->dev_id);
		irqlab_trace_thread_exit(action->irq);
		irq_finalize_oneshot(desc, action);
		if (__atomic_sub_fetch(&desc->threads_active, 1,
				       __ATOMIC_RELEASE) == 0)
			genirq_futex_wake(&desc->threads_active);
	}
	return NULL;
}

/**
 * irq_thread_create - make @action's thread
 * @action: an action with a thread_fn, its ->irq set
 *
 * Waits until the thread has run its setup. Return: 0, -ENOMEM,
 * pthread_create()'s error, or the setup's.
 */
int irq_thread_create(struct irqaction *action)
{
	struct irq_thread *t = calloc(1, sizeof(*t));
	int ret;

	if (!t)
		return -ENOMEM;
	t->action = action;
	ret = -pthread_create(&t->tid, NULL, irq_thread, t);
	if (ret) {
		free(t);
		return ret;
	}
	while (!__atomic_load_n(&t->started, __ATOMIC_ACQUIRE))
		genirq_futex_wait(&t->started, 0);
	ret = t->setup_ret;
	if (ret) {
		pthread_join(t->tid, NULL);
		free(t);
		return ret;
	}
	action->thread = t;
	return 0;
}

/**
 * irq_thread_stop - end @action's thread (kthread_stop())
 * @action: an action whose thread is made; its line no longer wakes it
 *
 * Called after synchronize_irq(), so nothing is left for it to run.
 */
void irq_thread_stop(struct irqaction *action)
{
	struct irq_thread *t = action->thread;

	if (!t)
		return;
	__atomic_store_n(&t->stop, 1, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&t->wake_seq, 1, __ATOMIC_SEQ_CST);
	genirq_futex_wake(&t->wake_seq);
	pthread_join(t->tid, NULL);
	free(t);
	action->thread = NULL;
	__atomic_store_n(&action->thread_flags, 0, __ATOMIC_RELAXED);
}

/* synchronize_irq()'s second half: wait until no woken thread is left. */
void irq_wait_for_threads(struct irq_desc *desc)
{
	unsigned int n;

	while ((n = __atomic_load_n(&desc->threads_active, __ATOMIC_ACQUIRE)))
		genirq_futex_wait(&desc->threads_active, n);
}
