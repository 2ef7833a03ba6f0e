// SPDX-License-Identifier: GPL-2.0
/*
 * genirq_set_tracing(): the dispatch path's copy with tracepoints goes
 * into every descriptor and every later setter, under the same names;
 * it makes the chip calls, counts and status changes of the copy
 * without, for every flow and __do_IRQ(); a chip's chained handler is
 * left alone; and turning it off puts the plain flow handlers back.
 * Skipped where the tracepoints are compiled out.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 5
#define NR_LOG 16

static irqreturn_t handled(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

static void chained(unsigned int irq, struct irq_desc *desc)
{
	(void)irq;
	(void)desc;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return genirq_set_tracing(false);
}

static irq_flow_handler_t handler(void)
{
	return __atomic_load_n(&irq_desc[IRQ].handle_irq, __ATOMIC_RELAXED);
}

static void test_installed_on_every_line(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_level_irq);
	assert_int_equal(genirq_set_tracing(true), 0);
	assert_ptr_not_equal(handler(), handle_level_irq);
	assert_string_equal(irq_flow_name(handler()), "level");
	assert_string_equal(irq_flow_name(irq_desc[IRQ + 1].handle_irq), "bad");
	assert_true(irq_oneshot_masks(IRQ));

	assert_int_equal(genirq_set_tracing(false), 0);
	assert_ptr_equal(handler(), handle_level_irq);
	assert_ptr_equal(irq_desc[IRQ + 1].handle_irq, handle_bad_irq);
}

static void test_setters_install_the_copy(void **state)
{
	(void)state;
	assert_int_equal(genirq_set_tracing(true), 0);
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	assert_ptr_not_equal(handler(), handle_edge_irq);
	assert_string_equal(irq_desc[IRQ].name, "edge");
	__set_irq_handler_unlocked(IRQ, handle_fasteoi_irq);
	assert_string_equal(irq_flow_name(handler()), "fasteoi");
	set_irq_handler(IRQ,
			NULL); /* __do_IRQ(): no flow handler, either way */
	assert_null(handler());
	set_irq_chained_handler(IRQ, chained);
	assert_ptr_equal(handler(), chained);

	genirq_reset(); /* the tracer's choice outlives a reset */
	assert_ptr_not_equal(handler(), handle_bad_irq);
	assert_string_equal(irq_flow_name(handler()), "bad");
}

/* The chip calls and counts of @nr interrupts through @flow. */
static void run(irq_flow_handler_t flow, bool tracing, enum fake_op *log,
		unsigned int *len, unsigned int *count, unsigned int *status)
{
	fake_chip_init();
	assert_int_equal(genirq_set_tracing(tracing), 0);
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), flow);
	assert_int_equal(request_irq(IRQ, handled, 0, "dev", NULL), 0);
	fake_log_clear();
	do_IRQ(IRQ);
	disable_irq_nosync(IRQ);
	do_IRQ(IRQ);
	*len = fake_log_len() < NR_LOG ? fake_log_len() : NR_LOG;
	for (unsigned int i = 0; i < *len; i++)
		log[i] = fake_log()[i].op;
	*count = kstat_irqs(IRQ);
	*status = irq_desc[IRQ].status;
	free_irq(IRQ, NULL);
}

static void test_same_calls_with_and_without(void **state)
{
	static const irq_flow_handler_t flows[] = {
		handle_simple_irq,
		handle_level_irq,
		handle_fasteoi_irq,
		handle_edge_irq,
		handle_percpu_irq,
		handle_edge_masking_irq,
		NULL,
	};

	(void)state;
	for (size_t i = 0; i < sizeof(flows) / sizeof(*flows); i++) {
		enum fake_op plain[NR_LOG], traced[NR_LOG];
		unsigned int np, nt, cp, ct, sp, st;

		run(flows[i], false, plain, &np, &cp, &sp);
		run(flows[i], true, traced, &nt, &ct, &st);
		assert_int_equal(np, nt);
		assert_memory_equal(plain, traced, np * sizeof(*plain));
		assert_int_equal(cp, ct);
		assert_int_equal(sp, st);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_installed_on_every_line,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_setters_install_the_copy,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_same_calls_with_and_without, setup, teardown),
	};

	if (genirq_set_tracing(true) == -EOPNOTSUPP) {
		fprintf(stderr, "skipped: tracepoints compiled out\n");
		return 77;
	}
	genirq_set_tracing(false);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
