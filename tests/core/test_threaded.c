// SPDX-License-Identifier: GPL-2.0
/*
 * Threaded handlers: request_threaded_irq()'s argument rules, the
 * IRQF_ONESHOT sharing rule and thread_mask bits, the line kept masked by
 * the level and fasteoi flows until every oneshot thread woken for it is
 * done (irq_finalize_oneshot()), wakes that coalesce, IRQ_WAKE_THREAD
 * without a thread function, IRQ_WAKE_THREAD counting as handled for the
 * spurious detector, the thread setup hook and policy, and free_irq()
 * stopping the thread after its last run. The rules of kernel/irq/
 * manage.c and handle.c of 2.6.30-3.x.
 *
 * Threads are never waited for with a sleep: a thread_fn blocks on a gate
 * (mutex and condition variable) the test opens, and counts its entries
 * and exits under the gate's lock, which the test waits on with a bounded
 * timed wait. Where the rule is that a call waits for the thread
 * (synchronize_irq(), free_irq()), the released thread_fn also holds on
 * until the test thread is seen blocked, so that a call that did not wait
 * would return first and fail the test. Nothing is asserted in an irq
 * thread (a cmocka failure leaves by longjmp): it records, the test
 * asserts. The teardown opens every gate before genirq_reset() joins the
 * threads, so a failed test does not leave one blocked.
 */
#define _GNU_SOURCE /* syscall() */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 5
#define WAIT_S 10 /* a wait this long means a hang */
#define WINDOW 100000 /* the spurious detector's window */

/* A device whose thread_fn can be held at a gate. */
struct tdev {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool open; /* thread_fn may leave the gate */
	unsigned int entered; /* thread_fn runs begun */
	unsigned int done; /* thread_fn runs finished */
	bool timed_out; /* thread_fn gave up waiting at the gate */
	pthread_t tid; /* the thread that last ran thread_fn */
	int ktid; /* and its kernel thread id */
	int sleeper; /* leave only once this thread (kernel id) sleeps */
	unsigned int hard; /* hard handler runs (CPU 0, the test thread) */
};

static struct tdev dev_a, dev_b, dev_c;
static struct tdev *const devs[] = { &dev_a, &dev_b, &dev_c };

static struct timespec deadline(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += WAIT_S;
	return ts;
}

static bool past(const struct timespec *end)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > end->tv_sec ||
	       (now.tv_sec == end->tv_sec && now.tv_nsec >= end->tv_nsec);
}

/*
 * Is thread @ktid of this process blocked (state S or D in its stat)?
 * The field follows the command name, which is in parentheses and may
 * itself hold some.
 */
static bool task_sleeping(int ktid)
{
	char path[64], buf[512];
	const char *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", ktid);
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && (p[2] == 'S' || p[2] == 'D');
}

static void tdev_init(struct tdev *d)
{
	pthread_condattr_t attr;

	*d = (struct tdev){ .open = false };
	pthread_mutex_init(&d->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&d->cond, &attr);
	pthread_condattr_destroy(&attr);
}

static void tdev_destroy(struct tdev *d)
{
	pthread_cond_destroy(&d->cond);
	pthread_mutex_destroy(&d->lock);
}

static void tdev_open(struct tdev *d)
{
	pthread_mutex_lock(&d->lock);
	d->open = true;
	pthread_cond_broadcast(&d->cond);
	pthread_mutex_unlock(&d->lock);
}

/* Wait (bounded) until *@field, under @d's lock, is at least @n. */
static bool tdev_wait(struct tdev *d, const unsigned int *field, unsigned int n)
{
	struct timespec end = deadline();
	int ret = 0;

	pthread_mutex_lock(&d->lock);
	while (*field < n && ret != ETIMEDOUT)
		ret = pthread_cond_timedwait(&d->cond, &d->lock, &end);
	ret = *field >= n;
	pthread_mutex_unlock(&d->lock);
	return ret;
}

static unsigned int tdev_read(struct tdev *d, const unsigned int *field)
{
	unsigned int v;

	pthread_mutex_lock(&d->lock);
	v = *field;
	pthread_mutex_unlock(&d->lock);
	return v;
}

static bool tdev_timed_out(struct tdev *d)
{
	bool v;

	pthread_mutex_lock(&d->lock);
	v = d->timed_out;
	pthread_mutex_unlock(&d->lock);
	return v;
}

#define wait_entered(d, n) tdev_wait((d), &(d)->entered, (n))
#define wait_done(d, n) tdev_wait((d), &(d)->done, (n))
#define entered_of(d) tdev_read((d), &(d)->entered)
#define done_of(d) tdev_read((d), &(d)->done)

/* The thread function: counts, waits at the gate, counts again. */
static irqreturn_t gate_fn(int irq, void *dev_id)
{
	static const struct timespec poll_interval = { 0, 20000 };
	struct tdev *d = dev_id;
	struct timespec end = deadline();
	int sleeper;

	(void)irq;
	pthread_mutex_lock(&d->lock);
	d->entered++;
	d->tid = pthread_self();
	d->ktid = (int)syscall(SYS_gettid);
	pthread_cond_broadcast(&d->cond);
	while (!d->open && !d->timed_out)
		if (pthread_cond_timedwait(&d->cond, &d->lock, &end) ==
		    ETIMEDOUT)
			d->timed_out = true;
	sleeper = d->sleeper;
	pthread_mutex_unlock(&d->lock);

	/*
	 * Finish only once the test thread is blocked, in the call that is
	 * to wait for this one: a call that does not wait returns first and
	 * finds the run unfinished. Polled (the thread may be SCHED_FIFO,
	 * whose sched_yield() would not let the test thread run here).
	 */
	while (sleeper && !task_sleeping(sleeper))
		if (past(&end)) {
			pthread_mutex_lock(&d->lock);
			d->timed_out = true;
			pthread_mutex_unlock(&d->lock);
			break;
		} else {
			nanosleep(&poll_interval, NULL);
		}

	pthread_mutex_lock(&d->lock);
	d->done++;
	pthread_cond_broadcast(&d->cond);
	pthread_mutex_unlock(&d->lock);
	return IRQ_HANDLED;
}

/* Hard handlers; they run in do_IRQ() on the test thread. */
static irqreturn_t wake_handler(int irq, void *dev_id)
{
	(void)irq;
	((struct tdev *)dev_id)->hard++;
	return IRQ_WAKE_THREAD;
}

static irqreturn_t handled_handler(int irq, void *dev_id)
{
	(void)irq;
	((struct tdev *)dev_id)->hard++;
	return IRQ_HANDLED;
}

/*
 * Threads of this process, as /proc/self/task lists them. A joined thread
 * may still be listed for a moment after pthread_join() returns (the
 * kernel wakes the joiner before it unhashes the task), so waits for a
 * thread to be gone are bounded polls.
 */
static int task_count(void)
{
	DIR *dir = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!dir)
		return -1;
	while ((e = readdir(dir)))
		if (e->d_name[0] != '.')
			n++;
	closedir(dir);
	return n;
}

static bool task_listed(int ktid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%d", ktid);
	return access(path, F_OK) == 0;
}

/* Wait (bounded) until thread @ktid is no longer listed. */
static bool task_gone(int ktid)
{
	struct timespec end = deadline();
	bool listed;

	while ((listed = task_listed(ktid)) && !past(&end))
		sched_yield();
	return !listed;
}

/* Wait (bounded) until the process has at most @n threads. */
static bool tasks_at_most(int n)
{
	struct timespec end = deadline();
	int now;

	while ((now = task_count()) > n && !past(&end))
		sched_yield();
	if (now > n)
		print_error("%d threads, expected at most %d\n", now, n);
	return now <= n;
}

static void *probe_thread(void *arg)
{
	*(int *)arg = (int)syscall(SYS_gettid);
	return NULL;
}

/*
 * The thread count once threads joined before are gone: a probe thread
 * is made, joined and waited for, which also makes any helper a sanitizer
 * starts with the first pthread_create() exist before counting.
 */
static int settled_task_count(void)
{
	pthread_t probe;
	int ktid = 0;

	if (pthread_create(&probe, NULL, probe_thread, &ktid) ||
	    pthread_join(probe, NULL) || !task_gone(ktid))
		return -1;
	return task_count();
}

static unsigned int occurrences(const char *hay, const char *needle)
{
	unsigned int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* desc->threads_oneshot, read under the descriptor lock. */
static unsigned long threads_oneshot(void)
{
	unsigned long v, flags;

	spin_lock_irqsave(&irq_desc[IRQ].lock, flags);
	v = irq_desc[IRQ].threads_oneshot;
	spin_unlock_irqrestore(&irq_desc[IRQ].lock, flags);
	return v;
}

/* Wait (bounded) until no bit of @mask is left in threads_oneshot. */
static bool oneshot_bits_clear(unsigned long mask)
{
	struct timespec end = deadline();
	bool clear;

	while (!(clear = !(threads_oneshot() & mask)) && !past(&end))
		sched_yield();
	return clear;
}

static void set_flow(irq_flow_handler_t flow)
{
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), flow);
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	for (unsigned int i = 0; i < sizeof(devs) / sizeof(devs[0]); i++)
		tdev_init(devs[i]);
	set_flow(handle_level_irq);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < sizeof(devs) / sizeof(devs[0]); i++)
		tdev_open(devs[i]);
	genirq_reset(); /* joins the threads, now free to finish */
	for (unsigned int i = 0; i < sizeof(devs) / sizeof(devs[0]); i++)
		tdev_destroy(devs[i]);
	return 0;
}

/* Rule 1: what request_threaded_irq() refuses, leaving nothing behind. */
static void test_request_refusals(void **state)
{
	int tasks = settled_task_count();

	(void)state;
	assert_true(tasks > 0);
	fake_log_clear();

	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, 0, "a",
					      &dev_a),
			 -EINVAL);
	assert_true(fake_messages_contain("handler=NULL and !ONESHOT"));
	assert_null(irq_desc[IRQ].action);

	assert_int_equal(request_threaded_irq(IRQ, NULL, NULL, IRQF_ONESHOT,
					      "a", &dev_a),
			 -EINVAL);
	assert_null(irq_desc[IRQ].action);

	assert_int_equal(request_threaded_irq(IRQ, wake_handler, gate_fn,
					      SA_PERCPU_IRQ, "a", &dev_a),
			 -EINVAL);
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn,
					      SA_PERCPU_IRQ | IRQF_ONESHOT, "a",
					      &dev_a),
			 -EINVAL);
	assert_null(irq_desc[IRQ].action);

	/* The line was never started, and no thread was left running. */
	assert_int_equal(fake_log_len(), 0);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_true(tasks_at_most(tasks));
	assert_int_equal(entered_of(&dev_a), 0);

	/* The same line takes a valid threaded request. */
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "a", &dev_a),
			 0);
	assert_non_null(irq_desc[IRQ].action);
}

/* A shared IRQF_ONESHOT user of the line, with the default primary handler. */
static void shared_oneshot(const char *name, struct tdev *dev)
{
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn,
					      SA_SHIRQ | IRQF_ONESHOT, name,
					      dev),
			 0);
}

/* Rule 2: shared users agree on ONESHOT, and get distinct bits. */
static void test_shared_oneshot_mismatch(void **state)
{
	(void)state;
	shared_oneshot("a", &dev_a);
	assert_false(fake_messages_contain("type mismatch"));

	assert_int_equal(request_threaded_irq(IRQ, wake_handler, gate_fn,
					      SA_SHIRQ, "b", &dev_b),
			 -EBUSY);
	assert_true(fake_messages_contain("type mismatch"));
	assert_ptr_equal(irq_desc[IRQ].action->dev_id, &dev_a);
	assert_null(irq_desc[IRQ].action->next);

	/* And a oneshot user may join a line whose users are not. */
	free_irq(IRQ, &dev_a);
	assert_null(irq_desc[IRQ].action);
	assert_int_equal(request_threaded_irq(IRQ, wake_handler, gate_fn,
					      SA_SHIRQ, "b", &dev_b),
			 0);
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn,
					      SA_SHIRQ | IRQF_ONESHOT, "a",
					      &dev_a),
			 -EBUSY);
	assert_null(irq_desc[IRQ].action->next);
}

static void test_shared_oneshot_thread_masks(void **state)
{
	struct irqaction *a, *b, *c;

	(void)state;
	shared_oneshot("a", &dev_a);
	shared_oneshot("b", &dev_b);
	a = irq_desc[IRQ].action;
	b = a->next;
	assert_non_null(b);
	assert_int_equal(a->thread_mask, 1);
	assert_int_equal(b->thread_mask, 2);
	assert_true(irq_desc[IRQ].status & IRQ_ONESHOT);

	/* A freed bit is the first zero bit, and is given out again. */
	free_irq(IRQ, &dev_a);
	shared_oneshot("c", &dev_c);
	assert_ptr_equal(irq_desc[IRQ].action, b);
	c = b->next;
	assert_non_null(c);
	assert_ptr_equal(c->dev_id, &dev_c);
	assert_int_equal(c->thread_mask, 1);

	/* A non-oneshot threaded action has no bit. */
	free_irq(IRQ, &dev_b);
	free_irq(IRQ, &dev_c);
	assert_int_equal(request_threaded_irq(IRQ, wake_handler, gate_fn,
					      SA_SHIRQ, "a", &dev_a),
			 0);
	assert_int_equal(irq_desc[IRQ].action->thread_mask, 0);
	assert_false(irq_desc[IRQ].status & IRQ_ONESHOT);
}

/* Rule 3: a level oneshot line stays masked until its thread is done. */
static void test_level_oneshot_masked_until_thread_done(void **state)
{
	(void)state;
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "a", &dev_a),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));

	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_true(fake_masked[IRQ]);
	assert_int_equal(threads_oneshot(), 1);
	assert_true(irq_desc[IRQ].status & IRQ_MASKED);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_int_equal(kstat_irqs(IRQ), 1);

	tdev_open(&dev_a);
	synchronize_irq(IRQ);

	assert_int_equal(done_of(&dev_a), 1);
	assert_false(tdev_timed_out(&dev_a));
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], 1);
	assert_false(fake_masked[IRQ]);
	assert_int_equal(threads_oneshot(), 0);
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);
	assert_int_equal(irq_desc[IRQ].threads_active, 0);
}

/* Rule 4: a shared oneshot line is unmasked by the last thread only. */
static void test_shared_oneshot_unmasked_by_last_thread(void **state)
{
	unsigned long bit_a, bit_b;

	(void)state;
	shared_oneshot("a", &dev_a);
	shared_oneshot("b", &dev_b);
	bit_a = irq_desc[IRQ].action->thread_mask;
	bit_b = irq_desc[IRQ].action->next->thread_mask;
	fake_log_clear();

	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));
	assert_true(wait_entered(&dev_b, 1));
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_int_equal(threads_oneshot(), bit_a | bit_b);

	/* a finishes, and its irq_finalize_oneshot() has run. */
	tdev_open(&dev_a);
	assert_true(wait_done(&dev_a, 1));
	assert_true(oneshot_bits_clear(bit_a));
	assert_int_equal(threads_oneshot(), bit_b);
	assert_true(fake_masked[IRQ]);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], 0);
	assert_true(irq_desc[IRQ].status & IRQ_MASKED);

	tdev_open(&dev_b);
	synchronize_irq(IRQ);
	assert_int_equal(done_of(&dev_b), 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], 1);
	assert_false(fake_masked[IRQ]);
	assert_int_equal(threads_oneshot(), 0);
}

/* Rule 5: fasteoi masks a oneshot line, EOIs, and the thread unmasks. */
static void test_fasteoi_oneshot_unmask_after_thread(void **state)
{
	(void)state;
	set_flow(handle_fasteoi_irq);
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "a", &dev_a),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI));
	assert_true(fake_masked[IRQ]);
	assert_true(irq_desc[IRQ].status & IRQ_MASKED);

	tdev_open(&dev_a);
	synchronize_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI, FAKE_UNMASK));
	assert_false(fake_masked[IRQ]);
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);
}

static void test_fasteoi_oneshot_handled_unmasks_at_once(void **state)
{
	(void)state;
	set_flow(handle_fasteoi_irq);
	assert_int_equal(request_threaded_irq(IRQ, handled_handler, gate_fn,
					      IRQF_ONESHOT, "a", &dev_a),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_int_equal(dev_a.hard, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI, FAKE_UNMASK));
	assert_false(fake_masked[IRQ]);
	assert_int_equal(threads_oneshot(), 0);
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);

	synchronize_irq(IRQ);
	assert_int_equal(entered_of(&dev_a), 0); /* the thread was not woken */
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI, FAKE_UNMASK));
}

/* Rule 6: without ONESHOT the level flow unmasks before the thread ran. */
static void test_level_not_oneshot_unmasks_at_once(void **state)
{
	(void)state;
	assert_int_equal(request_threaded_irq(IRQ, wake_handler, gate_fn, 0,
					      "a", &dev_a),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));
	assert_int_equal(dev_a.hard, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_false(fake_masked[IRQ]);
	assert_int_equal(threads_oneshot(), 0);
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);

	tdev_open(&dev_a);
	synchronize_irq(IRQ);
	assert_int_equal(done_of(&dev_a), 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
}

/* Rule 7: wakes while the thread runs coalesce into one more run. */
static void test_wakes_coalesce(void **state)
{
	(void)state;
	set_flow(handle_edge_irq);
	assert_int_equal(request_threaded_irq(IRQ, wake_handler, gate_fn, 0,
					      "a", &dev_a),
			 0);

	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));
	do_IRQ(IRQ);
	do_IRQ(IRQ);
	assert_int_equal(dev_a.hard, 3);
	/* The running one and one more: the third wake merged. */
	assert_int_equal(__atomic_load_n(&irq_desc[IRQ].threads_active,
					 __ATOMIC_ACQUIRE),
			 2);

	tdev_open(&dev_a);
	synchronize_irq(IRQ);
	assert_int_equal(entered_of(&dev_a), 2);
	assert_int_equal(done_of(&dev_a), 2);
	assert_int_equal(irq_desc[IRQ].threads_active, 0);

	/* A later wake, after the thread went back to sleep, runs it again. */
	do_IRQ(IRQ);
	synchronize_irq(IRQ);
	assert_int_equal(dev_a.hard, 4);
	assert_int_equal(done_of(&dev_a), 3);
}

/*
 * Rule 8: IRQ_WAKE_THREAD without a thread function is reported once, and
 * counted handled (2.6.30-3.15), not as unhandled nor as a bogus value.
 */
static irqreturn_t wake_no_thread_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	dev_a.hard++;
	return IRQ_WAKE_THREAD;
}

static struct irqaction no_thread_action = {
	.handler = wake_no_thread_handler,
	.thread_fn = NULL,
	.name = "nothread",
};

static void test_wake_without_thread_fn_warns_once(void **state)
{
	const char *msg = "returned IRQ_WAKE_THREAD but no thread function";

	(void)state;
	assert_int_equal(setup_irq(IRQ, &no_thread_action), 0);
	assert_null(no_thread_action.thread);

	do_IRQ(IRQ);
	assert_int_equal(occurrences(fake_messages(), msg), 1);
	assert_true(fake_messages_contain("device nothread"));
	do_IRQ(IRQ);
	synchronize_irq(IRQ);

	assert_int_equal(dev_a.hard, 2);
	assert_int_equal(occurrences(fake_messages(), msg), 1);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);
	assert_int_equal(irq_desc[IRQ].irq_count, 2);
	assert_false(fake_messages_contain("bogus return value"));
	/* The line still works: masked and unmasked each time. */
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], 2);
	free_irq(IRQ, NULL);
	assert_null(irq_desc[IRQ].action);
}

/* Rule 9: IRQ_WAKE_THREAD is handled; the thread's IRQ_NONE is not seen. */
static unsigned long quick_runs;

static irqreturn_t quick_none_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	__atomic_fetch_add(&quick_runs, 1, __ATOMIC_RELAXED);
	return IRQ_NONE;
}

static irqreturn_t wake_only_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

static irqreturn_t none_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_NONE;
}

static void test_wake_thread_counts_as_handled(void **state)
{
	(void)state;
	quick_runs = 0;
	set_flow(handle_simple_irq);
	assert_int_equal(request_threaded_irq(IRQ, wake_only_handler,
					      quick_none_fn, 0, "quick",
					      &dev_a),
			 0);

	for (unsigned int i = 0; i < WINDOW; i++)
		do_IRQ(IRQ);
	synchronize_irq(IRQ);

	assert_int_equal(kstat_irqs(IRQ), WINDOW);
	assert_true(__atomic_load_n(&quick_runs, __ATOMIC_RELAXED) >= 1);
	assert_true(__atomic_load_n(&quick_runs, __ATOMIC_RELAXED) <= WINDOW);
	assert_false(fake_messages_contain("nobody cared"));
	assert_false(fake_messages_contain("Disabling IRQ"));
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	/* The window was reached, and found nothing unhandled. */
	assert_int_equal(irq_desc[IRQ].irq_count, 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);
}

/* The control: the same number of unhandled interrupts kills the line. */
static void test_window_kills_unhandled_line(void **state)
{
	(void)state;
	set_flow(handle_simple_irq);
	assert_int_equal(request_irq(IRQ, none_handler, 0, "none", &dev_a), 0);

	for (unsigned int i = 0; i < WINDOW; i++)
		do_IRQ(IRQ);

	assert_true(fake_messages_contain("nobody cared"));
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
}

/* Rule 10: the thread setup hook, and the threads' policy. */
struct hook_record {
	unsigned int calls;
	unsigned int irq;
	char name[32];
	void *ctx;
	pthread_t tid;
	int ktid;
	int ret; /* what the hook returns */
};

static struct hook_record hook;
static int hook_ctx;

static int record_hook(unsigned int irq, const struct irqaction *action,
		       void *ctx)
{
	hook.calls++;
	hook.irq = irq;
	snprintf(hook.name, sizeof(hook.name), "%s",
		 action->name ? action->name : "");
	hook.ctx = ctx;
	hook.tid = pthread_self();
	hook.ktid = (int)syscall(SYS_gettid);
	return hook.ret;
}

static void test_thread_setup_hook_runs_in_thread(void **state)
{
	(void)state;
	hook = (struct hook_record){ .ret = 0 };
	genirq_set_thread_setup(record_hook, &hook_ctx);

	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "hooked", &dev_a),
			 0);
	/* It ran, in another thread, before the request returned. */
	assert_int_equal(hook.calls, 1);
	assert_int_equal(hook.irq, IRQ);
	assert_string_equal(hook.name, "hooked");
	assert_ptr_equal(hook.ctx, &hook_ctx);
	assert_false(pthread_equal(hook.tid, pthread_self()));

	/* That thread is the one that runs the thread function. */
	tdev_open(&dev_a);
	do_IRQ(IRQ);
	synchronize_irq(IRQ);
	assert_int_equal(done_of(&dev_a), 1);
	assert_true(pthread_equal(dev_a.tid, hook.tid));

	/* A non-threaded action does not run the hook. */
	set_irq_chip_and_handler(IRQ + 1, fake_chip_make(0), handle_level_irq);
	assert_int_equal(
		request_irq(IRQ + 1, handled_handler, 0, "plain", &dev_b), 0);
	assert_int_equal(hook.calls, 1);

	genirq_set_thread_setup(NULL, NULL);
}

static void test_thread_setup_hook_refuses(void **state)
{
	int tasks = settled_task_count();

	(void)state;
	assert_true(tasks > 0);
	fake_log_clear();

	hook = (struct hook_record){ .ret = -EPERM };
	genirq_set_thread_setup(record_hook, NULL);
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "refused", &dev_a),
			 -EPERM);
	assert_int_equal(hook.calls, 1);
	assert_null(irq_desc[IRQ].action);
	assert_int_equal(fake_log_len(), 0); /* not started */
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	/* The refused thread has ended. */
	assert_true(task_gone(hook.ktid));
	assert_true(tasks_at_most(tasks));

	/* With the hook reset the same request succeeds. */
	genirq_set_thread_setup(NULL, NULL);
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "accepted", &dev_a),
			 0);
	assert_int_equal(hook.calls, 1);
	assert_non_null(irq_desc[IRQ].action);
}

/* Can a thread of this process switch itself to SCHED_FIFO 50? */
static void *fifo_probe(void *arg)
{
	struct sched_param sp = { .sched_priority = 50 };

	*(int *)arg = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	return NULL;
}

static int noop_hook(unsigned int irq, const struct irqaction *action,
		     void *ctx)
{
	(void)irq;
	(void)action;
	(void)ctx;
	return 0;
}

static void test_thread_policy(void **state)
{
	struct sched_param sp;
	pthread_t probe;
	int probe_ret = -1, main_policy, policy;

	(void)state;
	assert_int_equal(pthread_create(&probe, NULL, fifo_probe, &probe_ret),
			 0);
	assert_int_equal(pthread_join(probe, NULL), 0);
	assert_int_equal(
		pthread_getschedparam(pthread_self(), &main_policy, &sp), 0);

	/* Default setup: SCHED_FIFO where the process may, else as it is. */
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn,
					      SA_SHIRQ | IRQF_ONESHOT, "dflt",
					      &dev_a),
			 0);
	policy = irq_thread_policy(irq_desc[IRQ].action);
	assert_true(policy == SCHED_FIFO || policy == SCHED_OTHER);
	assert_int_equal(policy, probe_ret == 0 ? SCHED_FIFO : SCHED_OTHER);
	if (geteuid() == 0)
		print_message("[ INFO     ] running as root: irq thread policy "
			      "%s (SCHED_FIFO %s)\n",
			      policy == SCHED_FIFO ? "SCHED_FIFO" :
						     "SCHED_OTHER",
			      probe_ret == 0 ? "permitted" : "refused");

	/* A hook replaces the default: the thread keeps what it inherited. */
	genirq_set_thread_setup(noop_hook, NULL);
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn,
					      SA_SHIRQ | IRQF_ONESHOT, "noop",
					      &dev_b),
			 0);
	assert_int_equal(irq_thread_policy(irq_desc[IRQ].action->next),
			 main_policy);
	genirq_set_thread_setup(NULL, NULL);

	/* No thread: -1. */
	set_irq_chip_and_handler(IRQ + 1, fake_chip_make(0), handle_level_irq);
	assert_int_equal(
		request_irq(IRQ + 1, handled_handler, 0, "plain", &dev_c), 0);
	assert_null(irq_desc[IRQ + 1].action->thread);
	assert_int_equal(irq_thread_policy(irq_desc[IRQ + 1].action), -1);
	assert_int_equal(irq_thread_policy(NULL), -1);
}

/* genirq_reset() (fake_chip_init()) puts the default setup back. */
static void test_reset_clears_hook(void **state)
{
	(void)state;
	hook = (struct hook_record){ .ret = -EPERM };
	genirq_set_thread_setup(record_hook, NULL);
	fake_chip_init();
	set_flow(handle_level_irq);

	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "a", &dev_a),
			 0);
	assert_int_equal(hook.calls, 0);
}

/* Rule 11: synchronize_irq() and free_irq() wait for a woken thread. */
static void release_when_caller_sleeps(struct tdev *d)
{
	pthread_mutex_lock(&d->lock);
	d->sleeper = (int)syscall(SYS_gettid);
	pthread_mutex_unlock(&d->lock);
	tdev_open(d);
}

static void test_synchronize_irq_waits_for_thread(void **state)
{
	(void)state;
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "a", &dev_a),
			 0);
	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));

	release_when_caller_sleeps(&dev_a);
	synchronize_irq(IRQ);

	assert_int_equal(done_of(&dev_a), 1);
	assert_false(tdev_timed_out(&dev_a));
	assert_int_equal(irq_desc[IRQ].threads_active, 0);
	assert_false(fake_masked[IRQ]); /* and it had finalized */
}

static void test_free_irq_waits_for_thread(void **state)
{
	(void)state;
	assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn, IRQF_ONESHOT,
					      "a", &dev_a),
			 0);
	do_IRQ(IRQ);
	assert_true(wait_entered(&dev_a, 1));
	assert_int_equal(done_of(&dev_a), 0);

	release_when_caller_sleeps(&dev_a);
	free_irq(IRQ, &dev_a);

	assert_int_equal(done_of(&dev_a), 1);
	assert_false(tdev_timed_out(&dev_a));
	assert_null(irq_desc[IRQ].action);
	assert_int_equal(irq_desc[IRQ].threads_active, 0);
	assert_true(fake_masked[IRQ]); /* shut down */
}

static void test_free_irq_leaves_no_thread(void **state)
{
	int tasks = settled_task_count();

	(void)state;
	assert_true(tasks > 0);
	tdev_open(&dev_a);

	for (unsigned int i = 0; i < 50; i++) {
		int ktid;

		assert_int_equal(request_threaded_irq(IRQ, NULL, gate_fn,
						      IRQF_ONESHOT, "a",
						      &dev_a),
				 0);
		do_IRQ(IRQ);
		synchronize_irq(IRQ);
		assert_int_equal(done_of(&dev_a), i + 1);
		/* The thread that ran it exists until free_irq() ends it. */
		pthread_mutex_lock(&dev_a.lock);
		ktid = dev_a.ktid;
		pthread_mutex_unlock(&dev_a.lock);
		assert_true(ktid > 0);
		assert_true(task_listed(ktid));

		free_irq(IRQ, &dev_a);
		assert_null(irq_desc[IRQ].action);
		assert_true(task_gone(ktid));
	}
	assert_true(tasks_at_most(tasks));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_request_refusals),
		T(test_shared_oneshot_mismatch),
		T(test_shared_oneshot_thread_masks),
		T(test_level_oneshot_masked_until_thread_done),
		T(test_shared_oneshot_unmasked_by_last_thread),
		T(test_fasteoi_oneshot_unmask_after_thread),
		T(test_fasteoi_oneshot_handled_unmasks_at_once),
		T(test_level_not_oneshot_unmasks_at_once),
		T(test_wakes_coalesce),
		T(test_wake_without_thread_fn_warns_once),
		T(test_wake_thread_counts_as_handled),
		T(test_window_kills_unhandled_line),
		T(test_thread_setup_hook_runs_in_thread),
		T(test_thread_setup_hook_refuses),
		T(test_thread_policy),
		T(test_reset_clears_hook),
		T(test_synchronize_irq_waits_for_thread),
		T(test_free_irq_waits_for_thread),
		T(test_free_irq_leaves_no_thread),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
