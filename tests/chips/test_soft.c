// SPDX-License-Identifier: GPL-2.0
/*
 * The software chip: direct lines raised on assertion, latched while
 * masked and delivered on unmask; demultiplexed children delivered through
 * the parent's chained handler; the same traffic through handle_simple_irq
 * and through __do_IRQ, with the register accesses counted by hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <chips/soft.h>

#define BASE 40
#define PARENT 39

static unsigned int hits[NR_IRQS];

static irqreturn_t count_handler(int irq, void *dev_id)
{
	(void)dev_id;
	hits[irq]++;
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	for (unsigned int i = 0; i < NR_IRQS; i++)
		hits[i] = 0;
	return 0;
}

static void test_direct_line_is_raised_and_handled(void **state)
{
	struct chip_model *m = soft_create(BASE, 4, 0, -1);
	struct chip_line l = { m, 2 };

	(void)state;
	assert_non_null(m);
	assert_int_equal(request_irq(BASE + 2, count_handler, 0, "d", NULL), 0);
	chip_line_pulse(&l, 0);
	assert_int_equal(hits[BASE + 2], 1);
	assert_int_equal(m->stats.delivered, 1);
	/* simple flow: no chip op; startup unmasked once. */
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 1);
	assert_int_equal(m->stats.writes[CHIP_ACC_UNMASK], 1);
	free_irq(BASE + 2, NULL);
	chip_model_destroy(m);
}

static void test_masked_source_latches_until_unmask(void **state)
{
	struct chip_model *m = soft_create(BASE, 4, 0, -1);
	struct chip_line l = { m, 1 };

	(void)state;
	assert_int_equal(request_irq(BASE + 1, count_handler, 0, "d", NULL), 0);
	disable_irq(BASE + 1);
	chip_line_assert(&l);
	chip_line_assert(&l); /* a second assertion merges into the latch */
	assert_int_equal(hits[BASE + 1], 0);
	assert_int_equal(m->stats.latched, 2);
	enable_irq(BASE + 1);
	assert_int_equal(hits[BASE + 1], 1);
	assert_int_equal(m->stats.delivered, 1);
	free_irq(BASE + 1, NULL);
	chip_model_destroy(m);
}

static void test_demux_delivers_to_the_right_child(void **state)
{
	struct chip_model *m = soft_create(BASE, 8, 0, PARENT);
	struct chip_line l5 = { m, 5 }, l3 = { m, 3 };

	(void)state;
	assert_non_null(m);
	assert_true(irq_desc[PARENT].status & IRQ_NOREQUEST);
	assert_int_equal(request_irq(BASE + 3, count_handler, 0, "c3", NULL),
			 0);
	assert_int_equal(request_irq(BASE + 5, count_handler, 0, "c5", NULL),
			 0);
	chip_stats_reset(m);

	/* Both latch while the CPU has interrupts off; one parent run. */
	local_irq_disable();
	chip_line_assert(&l5);
	chip_line_assert(&l3);
	local_irq_enable();

	assert_int_equal(hits[BASE + 3], 1);
	assert_int_equal(hits[BASE + 5], 1);
	assert_int_equal(hits[BASE + 4], 0);
	assert_int_equal(kstat_irqs(BASE + 3), 1);
	/* Two children: read, clear, read, clear, final empty read. */
	assert_int_equal(m->stats.reads[CHIP_ACC_DEMUX], 3);
	assert_int_equal(m->stats.writes[CHIP_ACC_DEMUX], 2);
	free_irq(BASE + 3, NULL);
	free_irq(BASE + 5, NULL);
	chip_model_destroy(m);
}

static void test_n_interrupts_simple_and_do_irq(void **state)
{
	struct chip_model *m = soft_create(BASE, 2, 0, -1);
	struct chip_line l = { m, 0 };
	const unsigned int n = 1000;

	(void)state;
	assert_int_equal(request_irq(BASE, count_handler, 0, "d", NULL), 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(m, design);
		assert_true((irq_desc[BASE].handle_irq == NULL) ==
			    (design == CHIP_DESIGN_DO_IRQ));
		chip_stats_reset(m);
		hits[BASE] = 0;
		for (unsigned int i = 0; i < n; i++)
			chip_line_pulse(&l, 0);
		assert_int_equal(hits[BASE], n);
		assert_int_equal(m->stats.delivered, n);
		/* Neither flow touches a software source's registers. */
		assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 0);
	}
	free_irq(BASE, NULL);
	chip_model_destroy(m);
}

static void test_create_rejects_bad_arguments(void **state)
{
	(void)state;
	assert_null(soft_create(BASE, 0, 0, -1));
	assert_null(soft_create(BASE, 33, 0, -1));
	assert_null(soft_create(NR_IRQS - 1, 2, 0, -1));
	assert_null(soft_create(BASE, 4, NR_CPUS, -1));
	assert_null(soft_create(BASE, 4, 0, BASE + 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_direct_line_is_raised_and_handled,
				       setup),
		cmocka_unit_test_setup(test_masked_source_latches_until_unmask,
				       setup),
		cmocka_unit_test_setup(test_demux_delivers_to_the_right_child,
				       setup),
		cmocka_unit_test_setup(test_n_interrupts_simple_and_do_irq,
				       setup),
		cmocka_unit_test_setup(test_create_rejects_bad_arguments,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
