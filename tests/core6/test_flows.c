// SPDX-License-Identifier: GPL-2.0
/*
 * Every flow handler's sequence of chip operations, as genirq6 runs it
 * (kernel/irq/chip.c of the release in docs/core6.md), pinned with the
 * fake chip's log: the handler is an entry of the log too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <unistd.h>
#include <cmocka.h>
#include "fake6_chip.h"

static unsigned int line_requested(struct irq_chip *chip,
				   irq_flow_handler_t flow, unsigned long flags)
{
	unsigned int irq = fake6_line(chip, flow);

	assert_int_equal(request_irq(irq, fake6_handler, flags, "t", NULL), 0);
	fake6_log_clear();
	return irq;
}

static void test_level(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, 0), handle_level_irq, 0);
	fake6_fire(irq);
	assert_log(F6_MASK_ACK, F6_HANDLER, F6_UNMASK);
	assert_int_equal(irq_desc_kstat_cpu(irq_to_desc(irq), 0), 1);
	fake6_log_clear();
	/* without ->irq_mask_ack: mask, then ack */
	irq = line_requested(fake6_chip_make(0, F6_OMIT(F6_MASK_ACK)),
			     handle_level_irq, 0);
	fake6_fire(irq);
	assert_log(F6_MASK, F6_ACK, F6_HANDLER, F6_UNMASK);
}

static void test_fasteoi(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, 0), handle_fasteoi_irq, 0);
	fake6_fire(irq);
	assert_log(F6_HANDLER, F6_EOI);
}

/*
 * A lazily disabled fasteoi line that fires is masked then; once masked,
 * the next one costs only its EOI: mask_irq() sees IRQD_IRQ_MASKED and
 * elides the chip write that 2.6.18's mask_irq would have done again.
 */
static void test_fasteoi_masked_elision(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, F6_OMIT(F6_DISABLE)),
			     handle_fasteoi_irq, 0);
	disable_irq(irq);
	assert_log(); /* lazy: no chip write */
	fake6_fire(irq);
	assert_log(F6_MASK, F6_EOI);
	fake6_log_clear();
	fake6_fire(irq);
	assert_log(F6_EOI);
}

/* IRQCHIP_EOI_IF_HANDLED: no EOI for an interrupt the flow did not handle. */
static void test_fasteoi_eoi_if_handled(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(IRQCHIP_EOI_IF_HANDLED,
					     F6_OMIT(F6_DISABLE)),
			     handle_fasteoi_irq, 0);
	fake6_fire(irq);
	assert_log(F6_HANDLER, F6_EOI);
	fake6_log_clear();
	disable_irq(irq);
	fake6_fire(irq);
	assert_log(F6_MASK);
}

static void test_edge(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, 0), handle_edge_irq, 0);
	fake6_fire(irq);
	assert_log(F6_ACK, F6_HANDLER);
	fake6_log_clear();
	irq = line_requested(fake6_chip_make(0, 0), handle_edge_irq_nofix, 0);
	fake6_fire(irq);
	assert_log(F6_ACK, F6_HANDLER);
}

static void test_simple_untracked(void **state)
{
	unsigned int irq;
	struct irq_desc *desc;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, 0), handle_simple_irq, 0);
	fake6_fire(irq);
	assert_log(F6_HANDLER);
	assert_int_equal(irq_desc_kstat_cpu(irq_to_desc(irq), 0), 1);
	fake6_log_clear();
	irq = line_requested(fake6_chip_make(0, 0), handle_untracked_irq, 0);
	desc = irq_to_desc(irq);
	fake6_fire(irq);
	assert_log(F6_HANDLER);
	/* untracked: no statistics */
	assert_int_equal(irq_desc_kstat_cpu(desc, 0), 0);
	assert_int_equal(desc->tot_count, 0);
}

static void test_percpu(void **state)
{
	unsigned int irq;
	struct irq_desc *desc;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, 0), handle_percpu_irq,
			     IRQF_PERCPU);
	desc = irq_to_desc(irq);
	fake6_fire(irq);
	assert_log(F6_ACK, F6_HANDLER, F6_EOI);
	/* per-CPU: this CPU's count only, no tot_count */
	assert_int_equal(irq_desc_kstat_cpu(desc, 0), 1);
	assert_int_equal(desc->tot_count, 0);
}

static int devid_cookies[NR_CPUS];
static void *devid_got;

static irqreturn_t devid_handler(int irq, void *dev_id)
{
	devid_got = dev_id;
	return fake6_handler(irq, dev_id);
}

static void test_percpu_devid(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = fake6_line(fake6_chip_make(0, 0), handle_percpu_devid_irq);
	irq_set_percpu_devid(irq);
	/* per-CPU devid lines refuse request_irq() */
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL),
			 -EINVAL);
	assert_int_equal(
		request_percpu_irq(irq, devid_handler, "t", devid_cookies), 0);
	enable_percpu_irq(irq, IRQ_TYPE_NONE);
	fake6_log_clear();
	fake6_fire(irq);
	assert_log(F6_ACK, F6_HANDLER, F6_EOI);
	assert_ptr_equal(devid_got, &devid_cookies[0]);
	disable_percpu_irq(irq);
	free_percpu_irq(irq, devid_cookies);
}

/* A nested line's thread handler runs in its parent's thread. */
static void test_nested(void **state)
{
	unsigned int child;

	(void)state;
	fake6_init();
	child = fake6_line(fake6_chip_make(0, 0), handle_simple_irq);
	irq_set_nested_thread(child, true);
	assert_int_equal(request_threaded_irq(child, NULL, fake6_thread,
					      IRQF_ONESHOT, "child", NULL),
			 0);
	/* no thread of its own: the primary must never run */
	assert_false(irq_to_desc(child)->action->thread_running);
	fake6_log_clear();
	handle_nested_irq(child);
	assert_log(F6_THREAD);
	assert_int_equal(irq_desc_kstat_cpu(irq_to_desc(child), 0), 1);
	/* a nested line without a thread handler is refused */
	child = fake6_line(fake6_chip_make(0, 0), handle_simple_irq);
	irq_set_nested_thread(child, true);
	assert_int_equal(request_irq(child, fake6_handler, 0, "c", NULL),
			 -EINVAL);
}

static void test_fasteoi_hierarchy_flows(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line_requested(fake6_chip_make(0, 0), handle_fasteoi_ack_irq, 0);
	fake6_fire(irq);
	assert_log(F6_ACK, F6_HANDLER, F6_EOI);
	fake6_log_clear();
	irq = line_requested(fake6_chip_make(0, 0), handle_fasteoi_mask_irq, 0);
	fake6_fire(irq);
	/* as the release has it: not ONESHOT, so EOI only, no unmask */
	assert_log(F6_MASK_ACK, F6_HANDLER, F6_EOI);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_level),
		cmocka_unit_test(test_fasteoi),
		cmocka_unit_test(test_fasteoi_masked_elision),
		cmocka_unit_test(test_fasteoi_eoi_if_handled),
		cmocka_unit_test(test_edge),
		cmocka_unit_test(test_simple_untracked),
		cmocka_unit_test(test_percpu),
		cmocka_unit_test(test_percpu_devid),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_fasteoi_hierarchy_flows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
