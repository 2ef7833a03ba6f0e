// SPDX-License-Identifier: GPL-2.0
/*
 * irq_set_affinity(): its checks, the immediate mode that programs the chip
 * at once, and the deferred mode (CONFIG_GENERIC_PENDING_IRQ) in which the
 * chip's ->ack performs the move at the line's next interrupt through
 * move_native_irq(), as kernel/irq/migration.c of 2.6.18 does; and the
 * cpumask_t helpers of include/linux/cpumask.h.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"
#include "irq_count.h"

#define IRQ 5

static int dev;

static int setup(void **state)
{
	test_fake_setup(state);
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	return 0;
}

static void *attach_thread(void *arg)
{
	irq_cpu_attach((unsigned int)(uintptr_t)arg);
	return NULL;
}

/* Bring simulated CPU @cpu online without changing the caller's CPU. */
static void bring_online(unsigned int cpu)
{
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, attach_thread,
					(void *)(uintptr_t)cpu),
			 0);
	pthread_join(t, NULL);
	assert_true(cpu_online(cpu));
	assert_int_equal(smp_processor_id(), 0);
}

static void test_bad_irq(void **state)
{
	cpumask_t m = cpumask_of_cpu(0);

	(void)state;
	assert_int_equal(irq_set_affinity(NR_IRQS, &m), -EINVAL);
	assert_int_equal(irq_set_affinity(IRQ, NULL), -EINVAL);
	assert_int_equal(fake_log_len(), 0);
}

static void test_mask_without_online_cpu(void **state)
{
	cpumask_t m = cpumask_of_cpu(3);

	(void)state;
	assert_false(cpu_online(3));
	assert_int_equal(irq_set_affinity(IRQ, &m), -EINVAL);
	m = CPU_MASK_NONE;
	assert_int_equal(irq_set_affinity(IRQ, &m), -EINVAL);
	assert_int_equal(fake_log_len(), 0);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, CPU_MASK_ALL));

	/* Once a thread attached as CPU 3, the same mask is fine. */
	bring_online(3);
	m = cpumask_of_cpu(3);
	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
}

static void test_per_cpu_line(void **state)
{
	cpumask_t m = cpumask_of_cpu(0);

	(void)state;
	assert_int_equal(request_irq(IRQ, test_count_handler, SA_PERCPU_IRQ,
				     "dev", &dev),
			 0);
	fake_log_clear();
	assert_int_equal(irq_set_affinity(IRQ, &m), -EINVAL);
	assert_int_equal(fake_log_len(), 0);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, CPU_MASK_ALL));
}

static void test_no_set_affinity_is_eio(void **state)
{
	cpumask_t m = cpumask_of_cpu(0);

	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_SET_AFFINITY));
	assert_int_equal(irq_set_affinity(IRQ, &m), -EIO);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, CPU_MASK_ALL));
	/* The same for a line that has no chip at all. */
	assert_int_equal(irq_set_affinity(IRQ + 1, &m), -EIO);
}

static void test_immediate(void **state)
{
	cpumask_t m = CPU_MASK_NONE;

	(void)state;
	bring_online(1);
	cpu_set(0, m);
	cpu_set(1, m);
	fake_log_clear();

	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	assert_true(FAKE_LOG_IS(FAKE_SET_AFFINITY));
	assert_int_equal(fake_log()[0].irq, IRQ);
	assert_int_equal(fake_log()[0].arg, 0x3);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
	assert_false(irq_desc[IRQ].status & IRQ_MOVE_PENDING);
}

static void test_immediate_keeps_offline_cpus_in_mask(void **state)
{
	cpumask_t m = CPU_MASK_NONE;

	(void)state;
	/* CPU 2 is offline; CPU 0 makes the mask acceptable. */
	cpu_set(0, m);
	cpu_set(2, m);
	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	assert_int_equal(fake_log()[0].arg, 0x5);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
}

static void test_deferred_records_only(void **state)
{
	cpumask_t m;

	(void)state;
	genirq_set_pending_irq_moves(true);
	bring_online(1);
	m = cpumask_of_cpu(1);
	fake_log_clear();

	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	assert_int_equal(fake_log_len(), 0);
	assert_true(irq_desc[IRQ].status & IRQ_MOVE_PENDING);
	assert_true(cpus_equal(irq_desc[IRQ].pending_mask, m));
	assert_true(cpus_equal(irq_desc[IRQ].affinity, CPU_MASK_ALL));
}

static void test_deferred_moves_at_next_interrupt(void **state)
{
	cpumask_t m;

	(void)state;
	genirq_set_pending_irq_moves(true);
	fake_cfg.move_in_ack = true;
	bring_online(1);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	m = cpumask_of_cpu(1);
	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_int_equal(test_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_DISABLE, FAKE_SET_AFFINITY,
				FAKE_ENABLE));
	assert_int_equal(fake_log()[2].irq, IRQ);
	assert_int_equal(fake_log()[2].arg, 0x2);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
	assert_false(irq_desc[IRQ].status & IRQ_MOVE_PENDING);
	assert_true(cpus_empty(irq_desc[IRQ].pending_mask));
	/* The line is left enabled, as it was. */
	assert_false(fake_masked[IRQ]);

	/* Moved once: the next interrupt is plain. */
	fake_log_clear();
	do_IRQ(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ACK));
}

static void test_deferred_move_uses_online_part(void **state)
{
	cpumask_t m = CPU_MASK_NONE;

	(void)state;
	genirq_set_pending_irq_moves(true);
	fake_cfg.move_in_ack = true;
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	cpu_set(0, m);
	cpu_set(4, m); /* offline */
	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_int_equal(fake_log()[2].op, FAKE_SET_AFFINITY);
	assert_int_equal(fake_log()[2].arg, 0x1);
	m = cpumask_of_cpu(0);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
}

static void test_deferred_move_on_disabled_line(void **state)
{
	cpumask_t m;

	(void)state;
	genirq_set_pending_irq_moves(true);
	fake_cfg.move_in_ack = true;
	/* Without ->mask_ack the edge flow acks a disabled line by ->ack. */
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_MASK_ACK));
	bring_online(1);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	disable_irq(IRQ);
	m = cpumask_of_cpu(1);
	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	fake_log_clear();

	do_IRQ(IRQ);
	/* Disabled already: no disable/enable around the move. */
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_ACK, FAKE_SET_AFFINITY));
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
	assert_true(fake_masked[IRQ]);
	assert_int_equal(test_handled, 0);
}

static void test_reset_restores_immediate_moves(void **state)
{
	cpumask_t m = cpumask_of_cpu(0);

	(void)state;
	genirq_set_pending_irq_moves(true);
	/* genirq_reset(): runtime options return to their defaults. */
	fake_chip_init();
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);

	assert_int_equal(irq_set_affinity(IRQ, &m), 0);
	assert_true(FAKE_LOG_IS(FAKE_SET_AFFINITY));
	assert_false(irq_desc[IRQ].status & IRQ_MOVE_PENDING);
	assert_true(cpus_equal(irq_desc[IRQ].affinity, m));
}

static void test_cpumask_helpers(void **state)
{
	cpumask_t all = CPU_MASK_ALL, none = CPU_MASK_NONE, m, a, b;
	int cpu, n;

	(void)state;
	assert_int_equal(cpus_weight(all), NR_CPUS);
	assert_true(cpu_isset(0, all));
	assert_true(cpu_isset(NR_CPUS - 1, all));
	assert_int_equal(first_cpu(all), 0);
	assert_int_equal(next_cpu(NR_CPUS - 1, all), NR_CPUS);

	assert_true(cpus_empty(none));
	assert_int_equal(cpus_weight(none), 0);
	assert_int_equal(first_cpu(none), NR_CPUS);

	m = cpumask_of_cpu(NR_CPUS - 1);
	assert_int_equal(cpus_weight(m), 1);
	assert_true(cpu_isset(NR_CPUS - 1, m));
	assert_false(cpu_isset(0, m));
	assert_int_equal(first_cpu(m), NR_CPUS - 1);

	m = CPU_MASK_NONE;
	cpu_set(1, m);
	cpu_set(3, m);
	assert_false(cpus_empty(m));
	assert_true(cpu_isset(1, m));
	assert_false(cpu_isset(2, m));
	cpu_clear(1, m);
	assert_false(cpu_isset(1, m));
	a = cpumask_of_cpu(3);
	assert_true(cpus_equal(m, a));
	cpu_clear(3, m);
	assert_true(cpus_empty(m));

	a = CPU_MASK_NONE;
	b = CPU_MASK_NONE;
	cpu_set(1, a);
	cpu_set(2, a);
	cpu_set(2, b);
	cpu_set(NR_CPUS - 1, b);
	cpus_and(m, a, b);
	assert_int_equal(cpus_weight(m), 1);
	assert_true(cpu_isset(2, m));
	cpus_or(m, a, b);
	assert_int_equal(cpus_weight(m), 3);
	cpus_and(m, a, none);
	assert_true(cpus_empty(m));
	cpus_and(m, b, all);
	assert_true(cpus_equal(m, b));

	n = 0;
	for_each_cpu_mask(cpu, b) {
		assert_true(cpu == 2 || cpu == NR_CPUS - 1);
		n++;
	}
	assert_int_equal(n, 2);

	cpus_clear(b);
	assert_true(cpus_empty(b));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_bad_irq, setup),
		cmocka_unit_test_setup(test_mask_without_online_cpu, setup),
		cmocka_unit_test_setup(test_per_cpu_line, setup),
		cmocka_unit_test_setup(test_no_set_affinity_is_eio, setup),
		cmocka_unit_test_setup(test_immediate, setup),
		cmocka_unit_test_setup(
			test_immediate_keeps_offline_cpus_in_mask, setup),
		cmocka_unit_test_setup(test_deferred_records_only, setup),
		cmocka_unit_test_setup(test_deferred_moves_at_next_interrupt,
				       setup),
		cmocka_unit_test_setup(test_deferred_move_uses_online_part,
				       setup),
		cmocka_unit_test_setup(test_deferred_move_on_disabled_line,
				       setup),
		cmocka_unit_test_setup(test_reset_restores_immediate_moves,
				       setup),
		cmocka_unit_test_setup(test_cpumask_helpers, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
