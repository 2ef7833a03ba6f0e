// SPDX-License-Identifier: GPL-2.0
/*
 * Nested lines (irq_set_nested_thread(), handle_nested_irq(), 2.6.31):
 * their request_threaded_irq() needs a thread_fn and makes no thread,
 * handle_nested_irq() runs every action's thread_fn in the calling
 * thread, counts the interrupt, and leaves a disabled line PENDING; a
 * demultiplexer's irq thread runs its children's handlers that way.
 *
 * Nothing is asserted in another thread (a cmocka failure leaves by
 * longjmp): handlers record under a mutex, the test asserts after joining
 * or after synchronize_irq().
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define PARENT 5
#define CHILD 40
#define MAX_RUNS 8

static int dev_a, dev_b, dev_parent;

/* What ran, in which thread, in order. */
static pthread_mutex_t rec_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int nr_runs;
static void *run_dev[MAX_RUNS];
static int run_irq[MAX_RUNS];
static pthread_t run_tid[MAX_RUNS];
static unsigned int nr_parent_runs;
static pthread_t parent_tid;
static unsigned int nr_hard;

static unsigned int runs(void)
{
	unsigned int n;

	pthread_mutex_lock(&rec_lock);
	n = nr_runs;
	pthread_mutex_unlock(&rec_lock);
	return n;
}

static irqreturn_t child_fn(int irq, void *dev_id)
{
	pthread_mutex_lock(&rec_lock);
	if (nr_runs < MAX_RUNS) {
		run_dev[nr_runs] = dev_id;
		run_irq[nr_runs] = irq;
		run_tid[nr_runs] = pthread_self();
	}
	nr_runs++;
	pthread_mutex_unlock(&rec_lock);
	return IRQ_HANDLED;
}

static irqreturn_t hard_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	nr_hard++;
	return IRQ_HANDLED;
}

/* The demultiplexer's thread function: its one source is CHILD. */
static irqreturn_t parent_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	pthread_mutex_lock(&rec_lock);
	nr_parent_runs++;
	parent_tid = pthread_self();
	pthread_mutex_unlock(&rec_lock);
	handle_nested_irq(CHILD);
	return IRQ_HANDLED;
}

static void *nested_caller(void *arg)
{
	pthread_t *self = arg;

	*self = pthread_self();
	handle_nested_irq(CHILD);
	return NULL;
}

/* handle_nested_irq(CHILD) in a new plain thread; its id in *@tid. */
static void nested_in_thread(pthread_t *tid)
{
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, nested_caller, tid), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	pthread_mutex_lock(&rec_lock);
	nr_runs = 0;
	nr_parent_runs = 0;
	pthread_mutex_unlock(&rec_lock);
	nr_hard = 0;
	set_irq_chip_and_handler(CHILD, fake_chip_make(0), handle_simple_irq);
	assert_int_equal(irq_set_nested_thread(CHILD, true), 0);
	return 0;
}

/* Ends the irq threads a test made, rather than leave them to exit. */
static int teardown(void **state)
{
	(void)state;
	genirq_reset();
	return 0;
}

static void test_nested_request_makes_no_thread(void **state)
{
	(void)state;
	assert_true(irq_desc[CHILD].status & IRQ_NESTED_THREAD);
	/* No ONESHOT needed: the default primary handler is not used. */
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, 0, "child",
					      &dev_a),
			 0);
	assert_non_null(irq_desc[CHILD].action);
	assert_null(irq_desc[CHILD].action->thread);
	assert_int_equal(irq_thread_policy(irq_desc[CHILD].action), -1);
	assert_false(fake_messages_contain("!ONESHOT"));

	/* The same request on a line that does not nest needs ONESHOT. */
	free_irq(CHILD, &dev_a);
	assert_int_equal(irq_set_nested_thread(CHILD, false), 0);
	assert_false(irq_desc[CHILD].status & IRQ_NESTED_THREAD);
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, 0, "child",
					      &dev_a),
			 -EINVAL);
	assert_true(fake_messages_contain("handler=NULL and !ONESHOT"));
}

static void test_nested_runs_in_calling_thread(void **state)
{
	pthread_t caller;

	(void)state;
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, 0, "child",
					      &dev_a),
			 0);
	assert_int_equal(kstat_irqs(CHILD), 0);

	nested_in_thread(&caller);

	assert_int_equal(runs(), 1);
	assert_ptr_equal(run_dev[0], &dev_a);
	assert_int_equal(run_irq[0], CHILD);
	assert_true(pthread_equal(run_tid[0], caller));
	assert_false(pthread_equal(run_tid[0], pthread_self()));
	assert_int_equal(kstat_irqs(CHILD), 1);
	assert_false(irq_desc[CHILD].status & (IRQ_INPROGRESS | IRQ_PENDING));
	assert_int_equal(genirq_warn_count(), 0);

	/* And in the test's own thread when called from it. */
	handle_nested_irq(CHILD);
	assert_int_equal(runs(), 2);
	assert_true(pthread_equal(run_tid[1], pthread_self()));
	assert_int_equal(kstat_irqs(CHILD), 2);
}

static void test_nested_disabled_is_pending(void **state)
{
	pthread_t caller;

	(void)state;
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, 0, "child",
					      &dev_a),
			 0);
	disable_irq(CHILD);

	nested_in_thread(&caller);

	assert_int_equal(runs(), 0);
	assert_true(irq_desc[CHILD].status & IRQ_PENDING);
	assert_false(irq_desc[CHILD].status & IRQ_INPROGRESS);
	assert_int_equal(kstat_irqs(CHILD), 1); /* counted all the same */

	/* Enabled again, the next one runs. */
	enable_irq(CHILD);
	nested_in_thread(&caller);
	assert_int_equal(runs(), 1);
}

static void test_nested_needs_thread_fn(void **state)
{
	struct irqaction act = { .handler = hard_handler, .name = "hard" };

	(void)state;
	assert_int_equal(request_irq(CHILD, hard_handler, 0, "hard", &dev_a),
			 -EINVAL);
	assert_null(irq_desc[CHILD].action);
	assert_int_equal(setup_irq(CHILD, &act), -EINVAL);
	assert_null(irq_desc[CHILD].action);

	/* Not nested, the same request is fine. */
	assert_int_equal(irq_set_nested_thread(CHILD, false), 0);
	assert_int_equal(request_irq(CHILD, hard_handler, 0, "hard", &dev_a),
			 0);
}

static void test_nested_shared_all_run(void **state)
{
	pthread_t caller;

	(void)state;
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, SA_SHIRQ,
					      "a", &dev_a),
			 0);
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, SA_SHIRQ,
					      "b", &dev_b),
			 0);

	nested_in_thread(&caller);

	assert_int_equal(runs(), 2);
	assert_ptr_equal(run_dev[0], &dev_a);
	assert_ptr_equal(run_dev[1], &dev_b);
	assert_true(pthread_equal(run_tid[0], caller));
	assert_true(pthread_equal(run_tid[1], caller));
	assert_int_equal(kstat_irqs(CHILD), 1);

	/* Freeing one leaves the other running. */
	free_irq(CHILD, &dev_a);
	nested_in_thread(&caller);
	assert_int_equal(runs(), 3);
	assert_ptr_equal(run_dev[2], &dev_b);
}

/* A nested line's hard path must never run its handler: it warns. */
static void test_nested_hard_interrupt_warns(void **state)
{
	(void)state;
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, 0, "child",
					      &dev_a),
			 0);

	do_IRQ(CHILD);

	assert_int_equal(runs(), 0);
	assert_true(fake_messages_contain(
		"Primary handler called for nested irq 40"));
	assert_int_equal(genirq_warn_count(), 1);
}

/* A demultiplexer's irq thread runs its child's handler itself. */
static void test_demux_thread_runs_child(void **state)
{
	(void)state;
	set_irq_chip_and_handler(PARENT, fake_chip_make(0), handle_level_irq);
	assert_int_equal(request_threaded_irq(PARENT, NULL, parent_fn,
					      IRQF_ONESHOT, "demux",
					      &dev_parent),
			 0);
	assert_non_null(irq_desc[PARENT].action->thread);
	assert_int_equal(request_threaded_irq(CHILD, NULL, child_fn, 0, "child",
					      &dev_a),
			 0);
	fake_log_clear();

	do_IRQ(PARENT);
	synchronize_irq(PARENT);

	pthread_mutex_lock(&rec_lock);
	assert_int_equal(nr_parent_runs, 1);
	assert_int_equal(nr_runs, 1);
	assert_ptr_equal(run_dev[0], &dev_a);
	assert_true(pthread_equal(run_tid[0], parent_tid));
	assert_false(pthread_equal(run_tid[0], pthread_self()));
	pthread_mutex_unlock(&rec_lock);
	assert_int_equal(kstat_irqs(PARENT), 1);
	assert_int_equal(kstat_irqs(CHILD), 1);
	assert_int_equal(genirq_warn_count(), 0);
	/* The parent was held masked until its thread had run the child. */
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_int_equal(fake_log()[0].irq, PARENT);
	assert_int_equal(fake_log()[1].irq, PARENT);
	assert_false(fake_masked[PARENT]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_nested_request_makes_no_thread),
		T(test_nested_runs_in_calling_thread),
		T(test_nested_disabled_is_pending),
		T(test_nested_needs_thread_fn),
		T(test_nested_shared_all_run),
		T(test_nested_hard_interrupt_warns),
		T(test_demux_thread_runs_child),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
