// SPDX-License-Identifier: GPL-2.0
/*
 * Managed interrupts and simulated CPU hotplug: a managed line starts
 * only with a CPU of its affinity online, is shut down when the last one
 * goes (its disable depth kept) and started again when one comes back,
 * unless the driver disabled it; a plain line is moved to the CPUs left.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <linux/cpu.h>
#include "fake6_chip.h"

static unsigned int managed_line(unsigned int cpu)
{
	struct irq_affinity_desc affd = { .is_managed = 1 };
	int virq;

	cpumask_copy(&affd.mask, cpumask_of(cpu));
	virq = irq_domain_alloc_descs(-1, 1, 0, NUMA_NO_NODE, &affd);
	assert_true(virq > 0);
	irq_set_chip_and_handler((unsigned int)virq, fake6_chip_make(0, 0),
				 handle_fasteoi_irq);
	return (unsigned int)virq;
}

static void test_managed_shutdown_and_startup(void **state)
{
	struct irq_data *d;
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = managed_line(1);
	d = irq_get_irq_data(irq);
	assert_true(irqd_is_managed_and_shutdown(d));
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	assert_log(F6_SET_AFFINITY, F6_STARTUP);
	assert_true(irqd_is_activated(d) && irqd_is_started(d));
	fake6_log_clear();
	assert_int_equal(remove_cpu(1), 0);
	assert_log(F6_SHUTDOWN);
	assert_false(irqd_is_started(d));
	assert_false(irqd_is_activated(d));
	assert_true(irqd_is_managed_and_shutdown(d));
	assert_int_equal(irq_to_desc(irq)->depth, 1);
	assert_int_equal(add_cpu(1), 0);
	assert_log(F6_SHUTDOWN, F6_SET_AFFINITY, F6_STARTUP);
	assert_true(irqd_is_started(d));
	assert_int_equal(irq_to_desc(irq)->depth, 0);
}

static void test_disabled_stays_disabled(void **state)
{
	struct irq_desc *desc;
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = managed_line(1);
	desc = irq_to_desc(irq);
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	disable_irq(irq);
	assert_int_equal(desc->depth, 1);
	assert_int_equal(remove_cpu(1), 0);
	assert_int_equal(desc->depth, 2);
	assert_int_equal(add_cpu(1), 0);
	assert_int_equal(desc->depth, 1);
	assert_false(irqd_is_started(&desc->irq_data));
	enable_irq(irq);
	assert_int_equal(desc->depth, 0);
	assert_true(irqd_is_started(&desc->irq_data));
	assert_true(irqd_is_activated(&desc->irq_data));
}

static void test_request_with_cpu_offline(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	assert_int_equal(remove_cpu(2), 0);
	irq = managed_line(2);
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	/* no online CPU of its affinity: not started */
	assert_log();
	assert_int_equal(irq_to_desc(irq)->depth, 1);
	assert_int_equal(add_cpu(2), 0);
	assert_log(F6_SET_AFFINITY, F6_STARTUP);
}

static void test_plain_line_moves(void **state)
{
	unsigned int irq;
	struct irq_data *d;

	(void)state;
	fake6_init();
	irq = fake6_line(fake6_chip_make(0, 0), handle_fasteoi_irq);
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	assert_int_equal(irq_set_affinity(irq, cpumask_of(3)), 0);
	d = irq_get_irq_data(irq);
	assert_int_equal(cpumask_first(irq_data_get_effective_affinity_mask(d)),
			 3);
	fake6_log_clear();
	assert_int_equal(remove_cpu(3), 0);
	assert_log(F6_SET_AFFINITY);
	assert_true(irqd_is_started(d));
	assert_int_not_equal(
		cpumask_first(irq_data_get_effective_affinity_mask(d)), 3);
	assert_int_equal(remove_cpu(0), -EBUSY);
	assert_int_equal(remove_cpu(nr_cpu_ids), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_managed_shutdown_and_startup),
		cmocka_unit_test(test_disabled_stays_disabled),
		cmocka_unit_test(test_request_with_cpu_offline),
		cmocka_unit_test(test_plain_line_moves),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
