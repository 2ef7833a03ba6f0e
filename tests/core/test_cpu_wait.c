// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated CPU's three ways to wait: spin and block loops in
 * irq_cpu_run() take every interrupt raised on their CPU from another
 * thread, on that CPU's thread; inline delivery dispatches inside
 * irq_cpu_raise() on the raising thread; irq_cpu_stop() ends a loop
 * whether it spins or sleeps.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 12
#define N 2000

static unsigned int handled;
static unsigned int handled_on_cpu;
static pthread_t handler_thread;

static irqreturn_t count_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	__atomic_fetch_add(&handled, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&handled_on_cpu, smp_processor_id(), __ATOMIC_RELAXED);
	handler_thread = pthread_self();
	return IRQ_HANDLED;
}

struct cpu_arg {
	unsigned int cpu;
	enum irq_cpu_wait mode;
	int ret;
};

static void *cpu_main(void *p)
{
	struct cpu_arg *a = p;

	a->ret = irq_cpu_run(a->cpu, a->mode);
	return NULL;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	handled = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", NULL), 0);
	return 0;
}

static void wait_handled(unsigned int n)
{
	while (__atomic_load_n(&handled, __ATOMIC_RELAXED) < n)
		sched_yield();
}

static void run_mode(enum irq_cpu_wait mode)
{
	struct cpu_arg a = { .cpu = 1, .mode = mode, .ret = -1 };
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, cpu_main, &a), 0);
	for (unsigned int i = 1; i <= N; i++) {
		assert_int_equal(irq_cpu_raise(1, IRQ), 0);
		/* One at a time, so none merge in the pending set. */
		wait_handled(i);
	}
	irq_cpu_stop(1);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(a.ret, 0);
	assert_int_equal(handled, N);
	assert_int_equal(handled_on_cpu, 1);
	assert_true(pthread_equal(handler_thread, t));
	assert_int_equal(kstat_irqs_cpu(IRQ, 1), N);
	assert_int_equal(kstat_irqs_cpu(IRQ, 0), 0);
}

static void test_spin_loop_takes_remote_raises(void **state)
{
	(void)state;
	run_mode(IRQ_CPU_SPIN);
}

static void test_block_loop_wakes_for_every_raise(void **state)
{
	(void)state;
	run_mode(IRQ_CPU_BLOCK);
}

static void test_stop_ends_a_sleeping_loop(void **state)
{
	struct cpu_arg a = { .cpu = 2, .mode = IRQ_CPU_BLOCK, .ret = -1 };
	pthread_t t;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, cpu_main, &a), 0);
	/* Let it go to sleep, or not: stop must work either way. */
	for (int i = 0; i < 100; i++)
		sched_yield();
	irq_cpu_stop(2);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(a.ret, 0);
	assert_int_equal(handled, 0);
}

static void test_inline_dispatches_in_the_raise(void **state)
{
	(void)state;
	/* This thread is CPU 0 with interrupts on: the raise is the entry. */
	assert_false(irqs_disabled());
	assert_int_equal(irq_cpu_raise(0, IRQ), 0);
	assert_int_equal(handled, 1);
	assert_true(pthread_equal(handler_thread, pthread_self()));
}

/* ---- free_irq() of a per-CPU line while a CPU is in its handler ---- */

#define PERCPU_IRQ 13

static int slow_in, slow_out;

/* A handler that takes 50 ms: free_irq() must not return inside it. */
static irqreturn_t slow_handler(int irq, void *dev_id)
{
	struct timespec ts = { 0, 50000000 };

	(void)irq;
	(void)dev_id;
	__atomic_store_n(&slow_in, 1, __ATOMIC_RELEASE);
	nanosleep(&ts, NULL);
	__atomic_store_n(&slow_out, 1, __ATOMIC_RELEASE);
	return IRQ_HANDLED;
}

/*
 * No IRQ_INPROGRESS guards handle_percpu_irq(), so synchronize_irq()
 * alone would let free_irq() return, and the action be freed, while CPU 1
 * is still in the handler: free_irq() waits for every CPU to leave the
 * handlers it began (irq_cpus_quiesce()), spinning or asleep. Once it
 * returned, a raise finds no action.
 */
static void free_percpu_mode(enum irq_cpu_wait mode)
{
	struct cpu_arg a = { .cpu = 1, .mode = mode, .ret = -1 };
	pthread_t t;

	__atomic_store_n(&slow_in, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&slow_out, 0, __ATOMIC_RELAXED);
	set_irq_chip_and_handler(PERCPU_IRQ, fake_chip_make(0),
				 handle_percpu_irq);
	assert_int_equal(request_irq(PERCPU_IRQ, slow_handler, SA_PERCPU_IRQ,
				     "percpu", NULL),
			 0);
	assert_int_equal(pthread_create(&t, NULL, cpu_main, &a), 0);
	assert_int_equal(irq_cpu_raise(1, PERCPU_IRQ), 0);
	while (!__atomic_load_n(&slow_in, __ATOMIC_ACQUIRE))
		sched_yield();
	free_irq(PERCPU_IRQ, NULL);
	assert_int_equal(__atomic_load_n(&slow_out, __ATOMIC_ACQUIRE), 1);
	/* A free with the CPU idle (spinning or asleep) returns too. */
	assert_int_equal(request_irq(PERCPU_IRQ, slow_handler, SA_PERCPU_IRQ,
				     "percpu", NULL),
			 0);
	for (int i = 0; i < 100; i++)
		sched_yield();
	free_irq(PERCPU_IRQ, NULL);
	irq_cpu_stop(1);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(a.ret, 0);
	assert_int_equal(kstat_irqs_cpu(PERCPU_IRQ, 1), 1);
}

static void test_free_percpu_waits_spinning_cpu(void **state)
{
	(void)state;
	free_percpu_mode(IRQ_CPU_SPIN);
}

static void test_free_percpu_waits_sleeping_cpu(void **state)
{
	(void)state;
	free_percpu_mode(IRQ_CPU_BLOCK);
}

static void test_run_rejects_inline_and_bad_cpu(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_run(1, IRQ_CPU_INLINE), -EINVAL);
	assert_int_equal(irq_cpu_run(NR_CPUS, IRQ_CPU_SPIN), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_spin_loop_takes_remote_raises,
				       setup),
		cmocka_unit_test_setup(test_block_loop_wakes_for_every_raise,
				       setup),
		cmocka_unit_test_setup(test_stop_ends_a_sleeping_loop, setup),
		cmocka_unit_test_setup(test_inline_dispatches_in_the_raise,
				       setup),
		cmocka_unit_test_setup(test_free_percpu_waits_spinning_cpu,
				       setup),
		cmocka_unit_test_setup(test_free_percpu_waits_sleeping_cpu,
				       setup),
		cmocka_unit_test_setup(test_run_rejects_inline_and_bad_cpu,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
