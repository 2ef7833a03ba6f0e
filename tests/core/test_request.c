// SPDX-License-Identifier: GPL-2.0
/*
 * setup_irq(), request_irq(), free_irq() and can_request_irq(): argument
 * checks, the sharing rules, what the first user does to the line (trigger
 * type, startup, depth) and what freeing the last one does, as
 * kernel/irq/manage.c of 2.6.18 does them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 5
#define MAX_CALLS 8

static int dev_a, dev_b, dev_c;
static void *calls[MAX_CALLS];
static unsigned int nr_calls;

/* Records which device's handler ran, in order. */
static irqreturn_t record_handler(int irq, void *dev_id)
{
	(void)irq;
	if (nr_calls < MAX_CALLS)
		calls[nr_calls] = dev_id;
	nr_calls++;
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	nr_calls = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	return 0;
}

/* The log holds exactly one call, @op on IRQ with argument @arg. */
static void assert_single_call(enum fake_op op, unsigned long arg)
{
	assert_int_equal(fake_log_len(), 1);
	assert_int_equal(fake_log()[0].op, op);
	assert_int_equal(fake_log()[0].irq, IRQ);
	assert_int_equal(fake_log()[0].arg, arg);
}

static void test_bad_irq_number(void **state)
{
	struct irqaction act = { .handler = record_handler, .name = "s" };

	(void)state;
	assert_int_equal(request_irq(NR_IRQS, record_handler, 0, "d", NULL),
			 -EINVAL);
	assert_int_equal(setup_irq(NR_IRQS, &act), -EINVAL);
	assert_int_equal(fake_log_len(), 0);
}

static void test_null_handler(void **state)
{
	struct irqaction act = { .handler = NULL, .name = "s" };

	(void)state;
	assert_int_equal(request_irq(IRQ, NULL, 0, "d", NULL), -EINVAL);
	assert_int_equal(setup_irq(IRQ, &act), -EINVAL);
	assert_null(irq_desc[IRQ].action);
	assert_int_equal(fake_log_len(), 0);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
}

/* Only request_irq() insists on a dev_id for a shared line (2.6.18). */
static void test_shared_needs_dev_id(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler, SA_SHIRQ, "d", NULL),
			 -EINVAL);
	assert_null(irq_desc[IRQ].action);
	assert_int_equal(fake_log_len(), 0);
}

/*
 * Architecture code installs a shared timer action with no dev_id
 * through setup_irq() (AT91RM9200's system timer): 2.6.18 accepts it.
 */
static void test_setup_irq_shared_without_dev_id(void **state)
{
	static struct irqaction timer = {
		.handler = record_handler,
		.flags = IRQF_SHARED | IRQF_DISABLED | IRQF_TIMER,
		.name = "timer",
	};

	(void)state;
	assert_int_equal(setup_irq(IRQ, &timer), 0);
	assert_ptr_equal(irq_desc[IRQ].action, &timer);
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
	assert_null(calls[0]);
	/* A driver may still share it, with a dev_id of its own. */
	assert_int_equal(
		request_irq(IRQ, record_handler, IRQF_SHARED, "d", &dev_a), 0);
	free_irq(IRQ, &dev_a);
	free_irq(IRQ, NULL);
	assert_null(irq_desc[IRQ].action);
}

/* NOREQUEST keeps drivers off a line; setup_irq() is not refused. */
static void test_norequest_line(void **state)
{
	struct irqaction act = { .handler = record_handler, .name = "s" };

	(void)state;
	irq_desc[IRQ].status |= IRQ_NOREQUEST;
	assert_int_equal(request_irq(IRQ, record_handler, 0, "d", &dev_a),
			 -EINVAL);
	assert_int_equal(request_threaded_irq(IRQ, NULL, record_handler,
					      IRQF_ONESHOT, "d", &dev_a),
			 -EINVAL);
	assert_null(irq_desc[IRQ].action);
	assert_int_equal(fake_log_len(), 0);
	assert_int_equal(irq_desc[IRQ].depth, 1);

	/* ARM lines are NOREQUEST until set_irq_flags(): arch code. */
	assert_int_equal(setup_irq(IRQ, &act), 0);
	assert_ptr_equal(irq_desc[IRQ].action, &act);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_true(irq_desc[IRQ].status & IRQ_NOREQUEST);
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
	free_irq(IRQ, NULL);
}

static void test_no_chip_is_enosys(void **state)
{
	struct irqaction act = { .handler = record_handler, .name = "s" };

	(void)state;
	assert_ptr_equal(irq_desc[IRQ + 1].chip, &no_irq_chip);
	assert_int_equal(request_irq(IRQ + 1, record_handler, 0, "d", NULL),
			 -ENOSYS);
	assert_int_equal(setup_irq(IRQ + 1, &act), -ENOSYS);
	assert_null(irq_desc[IRQ + 1].action);
}

static void test_busy_when_old_not_shared(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	fake_log_clear();

	assert_int_equal(request_irq(IRQ, record_handler, SA_SHIRQ, "b",
				     &dev_b),
			 -EBUSY);
	assert_true(fake_messages_contain("type mismatch"));
	assert_ptr_equal(irq_desc[IRQ].action->dev_id, &dev_a);
	assert_null(irq_desc[IRQ].action->next);
	assert_int_equal(fake_log_len(), 0);
}

static void test_busy_when_new_not_shared(void **state)
{
	(void)state;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	assert_int_equal(request_irq(IRQ, record_handler, 0, "b", &dev_b),
			 -EBUSY);
	assert_null(irq_desc[IRQ].action->next);

	/* The refused one was not linked: only dev_a's handler runs. */
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
	assert_ptr_equal(calls[0], &dev_a);
}

static void test_busy_when_triggers_differ(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler,
				     SA_SHIRQ | SA_TRIGGER_RISING, "a", &dev_a),
			 0);
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler,
				     SA_SHIRQ | SA_TRIGGER_FALLING, "b",
				     &dev_b),
			 -EBUSY);
	assert_int_equal(request_irq(IRQ, record_handler, SA_SHIRQ, "c",
				     &dev_c),
			 -EBUSY);
	assert_null(irq_desc[IRQ].action->next);
	/* A refused user must not reprogram the line's type. */
	assert_int_equal(fake_log_len(), 0);
}

static void test_busy_when_percpu_differs(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler,
				     SA_SHIRQ | SA_PERCPU_IRQ, "a", &dev_a),
			 0);
	assert_true(irq_desc[IRQ].status & IRQ_PER_CPU);
	assert_int_equal(request_irq(IRQ, record_handler, SA_SHIRQ, "b",
				     &dev_b),
			 -EBUSY);
	assert_null(irq_desc[IRQ].action->next);
	/* Agreeing on per-cpuness is enough to share. */
	assert_int_equal(request_irq(IRQ, record_handler,
				     SA_SHIRQ | SA_PERCPU_IRQ, "c", &dev_c),
			 0);
	assert_ptr_equal(irq_desc[IRQ].action->next->dev_id, &dev_c);
}

static void test_busy_when_new_is_percpu(void **state)
{
	(void)state;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	assert_int_equal(request_irq(IRQ, record_handler,
				     SA_SHIRQ | SA_PERCPU_IRQ, "b", &dev_b),
			 -EBUSY);
	assert_null(irq_desc[IRQ].action->next);
	assert_false(irq_desc[IRQ].status & IRQ_PER_CPU);
}

/*
 * The "type mismatch" report is for callers that did not expect it:
 * IRQF_PROBE_SHARED callers are quiet, per-CPU ones are not (2.6.18).
 */
static void test_mismatch_message_keyed_on_probe_shared(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);

	assert_int_equal(request_irq(IRQ, record_handler,
				     IRQF_SHARED | IRQF_PROBE_SHARED, "b",
				     &dev_b),
			 -EBUSY);
	assert_false(fake_messages_contain("type mismatch"));
	assert_int_equal(request_irq(IRQ, record_handler, SA_PROBEIRQ, "b",
				     &dev_b),
			 -EBUSY);
	assert_false(fake_messages_contain("type mismatch"));

	assert_int_equal(request_irq(IRQ, record_handler, SA_SHIRQ | SA_PERCPU,
				     "c", &dev_c),
			 -EBUSY);
	assert_true(fake_messages_contain("type mismatch for IRQ 5"));
}

static void test_first_action_sets_type_then_starts(void **state)
{
	(void)state;
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler,
				     SA_SHIRQ | SA_TRIGGER_FALLING, "a",
				     &dev_a),
			 0);

	assert_true(FAKE_LOG_IS(FAKE_SET_TYPE, FAKE_STARTUP));
	/* Only the trigger bits reach the chip, not SA_SHIRQ. */
	assert_int_equal(fake_log()[0].arg, IRQ_TYPE_EDGE_FALLING);
	assert_int_equal(fake_log()[0].irq, IRQ);
	assert_int_equal(fake_log()[1].irq, IRQ);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].action->irq, IRQ);
	/* A flow handler was set: it is kept. */
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_edge_irq);
}

static void test_level_low_type(void **state)
{
	(void)state;
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler, SA_TRIGGER_LOW, "a",
				     &dev_a),
			 0);
	assert_true(FAKE_LOG_IS(FAKE_SET_TYPE, FAKE_STARTUP));
	assert_int_equal(fake_log()[0].arg, IRQ_TYPE_LEVEL_LOW);
}

static void test_no_trigger_no_set_type(void **state)
{
	(void)state;
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	assert_true(FAKE_LOG_IS(FAKE_STARTUP));
}

static void test_trigger_without_set_type_warns(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_SET_TYPE));
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler, SA_TRIGGER_RISING,
				     "a", &dev_a),
			 0);
	assert_true(fake_messages_contain("set_type"));
	/* The line is started all the same. */
	assert_true(FAKE_LOG_IS(FAKE_STARTUP));
	assert_int_equal(irq_desc[IRQ].depth, 0);
}

static void test_startup_defaults_to_enable(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_STARTUP));
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE));
}

static void test_noautoen_stays_disabled(void **state)
{
	(void)state;
	irq_desc[IRQ].status |= IRQ_NOAUTOEN;
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);

	assert_int_equal(fake_log_len(), 0);
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 0);

	/* The driver's own enable_irq() starts it. */
	fake_log_clear();
	enable_irq(IRQ);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(fake_count[FAKE_ENABLE][IRQ], 1);
}

static void test_noautoen_undoes_nested_disables(void **state)
{
	(void)state;
	irq_desc[IRQ].status |= IRQ_NOAUTOEN;
	irq_desc[IRQ].depth = 3;
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	assert_int_equal(irq_desc[IRQ].depth, 1);
}

static void test_startup_resets_depth_and_stale_bits(void **state)
{
	(void)state;
	irq_desc[IRQ].depth = 3;
	irq_desc[IRQ].status |= IRQ_AUTODETECT | IRQ_WAITING | IRQ_INPROGRESS;
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_false(irq_desc[IRQ].status & (IRQ_AUTODETECT | IRQ_WAITING |
					     IRQ_INPROGRESS | IRQ_DISABLED));
	/* INPROGRESS left over would have made the edge flow drop this. */
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
}

static void test_second_shared_appended_no_restart(void **state)
{
	const unsigned long fl = SA_SHIRQ | SA_TRIGGER_RISING;

	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler, fl, "a", &dev_a), 0);
	disable_irq(IRQ);
	fake_log_clear();

	assert_int_equal(request_irq(IRQ, record_handler, fl, "b", &dev_b), 0);
	assert_int_equal(request_irq(IRQ, record_handler, fl, "c", &dev_c), 0);
	/* No set_type, no startup; the disable of the first user stands. */
	assert_int_equal(fake_log_len(), 0);
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);

	enable_irq(IRQ);
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 3);
	assert_ptr_equal(calls[0], &dev_a);
	assert_ptr_equal(calls[1], &dev_b);
	assert_ptr_equal(calls[2], &dev_c);
	assert_int_equal(irq_desc[IRQ].action->next->next->irq, IRQ);
}

static void test_request_resets_spurious_counters(void **state)
{
	(void)state;
	irq_desc[IRQ].irq_count = 500;
	irq_desc[IRQ].irqs_unhandled = 400;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	assert_int_equal(irq_desc[IRQ].irq_count, 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);

	/* A second, shared user resets them too. */
	irq_desc[IRQ].irq_count = 500;
	irq_desc[IRQ].irqs_unhandled = 400;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "b", &dev_b), 0);
	assert_int_equal(irq_desc[IRQ].irq_count, 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);
}

static void test_bad_irq_line_falls_back_to_do_irq(void **state)
{
	unsigned long errs;

	(void)state;
	/* A chip but no flow handler: the line still has handle_bad_irq. */
	set_irq_chip(IRQ + 1, fake_chip_make(0));
	assert_ptr_equal(irq_desc[IRQ + 1].handle_irq, handle_bad_irq);
	assert_int_equal(request_irq(IRQ + 1, record_handler, 0, "a", &dev_a),
			 0);
	assert_null(irq_desc[IRQ + 1].handle_irq);
	assert_string_equal(irq_desc[IRQ + 1].name, "do_IRQ");

	/* __do_IRQ(): ack, the action, end. */
	fake_log_clear();
	errs = irq_err_count_read();
	do_IRQ(IRQ + 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END));
	assert_int_equal(kstat_irqs(IRQ + 1), 1);
	assert_int_equal(irq_err_count_read(), errs);
}

static void test_bad_irq_line_with_trigger_keeps_handler(void **state)
{
	(void)state;
	set_irq_chip(IRQ + 1, fake_chip_make(0));
	assert_int_equal(request_irq(IRQ + 1, record_handler, SA_TRIGGER_HIGH,
				     "a", &dev_a),
			 0);
	/* Only the no-trigger branch installs the compatibility handler. */
	assert_ptr_equal(irq_desc[IRQ + 1].handle_irq, handle_bad_irq);
}

static void test_free_last_shuts_down(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	fake_log_clear();

	free_irq(IRQ, &dev_a);
	assert_single_call(FAKE_SHUTDOWN, 0);
	assert_null(irq_desc[IRQ].action);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);

	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 0);

	/* The line can be requested again and starts again. */
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	assert_true(FAKE_LOG_IS(FAKE_STARTUP));
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
}

static void test_free_shutdown_defaults_to_disable(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_SHUTDOWN));
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	fake_log_clear();
	free_irq(IRQ, &dev_a);
	assert_single_call(FAKE_DISABLE, 0);
}

static void test_free_one_of_two_shared(void **state)
{
	(void)state;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "b", &dev_b), 0);
	fake_log_clear();

	free_irq(IRQ, &dev_a);
	assert_int_equal(fake_count[FAKE_SHUTDOWN][IRQ], 0);
	assert_int_equal(fake_count[FAKE_DISABLE][IRQ], 0);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_ptr_equal(irq_desc[IRQ].action->dev_id, &dev_b);
	assert_null(irq_desc[IRQ].action->next);

	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
	assert_ptr_equal(calls[0], &dev_b);
}

static void test_free_middle_keeps_order(void **state)
{
	(void)state;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "b", &dev_b), 0);
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "c", &dev_c), 0);
	free_irq(IRQ, &dev_b);
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 2);
	assert_ptr_equal(calls[0], &dev_a);
	assert_ptr_equal(calls[1], &dev_c);
}

static void test_free_unknown_dev_id_warns(void **state)
{
	unsigned long warns;

	(void)state;
	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	fake_log_clear();
	warns = genirq_warn_count();

	free_irq(IRQ, &dev_b);
	assert_int_equal(genirq_warn_count(), warns + 1);
	assert_true(fake_messages_contain("already-free"));
	assert_int_equal(fake_log_len(), 0);
	assert_ptr_equal(irq_desc[IRQ].action->dev_id, &dev_a);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);

	/* On a line with no action at all, likewise. */
	free_irq(IRQ + 1, &dev_a);
	assert_int_equal(genirq_warn_count(), warns + 2);

	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
}

static void test_can_request_irq(void **state)
{
	(void)state;
	assert_true(can_request_irq(IRQ, 0));
	assert_true(can_request_irq(IRQ, SA_SHIRQ));
	assert_false(can_request_irq(NR_IRQS, 0));

	assert_int_equal(
		request_irq(IRQ, record_handler, SA_SHIRQ, "a", &dev_a), 0);
	assert_true(can_request_irq(IRQ, SA_SHIRQ));
	assert_false(can_request_irq(IRQ, 0));

	free_irq(IRQ, &dev_a);
	assert_int_equal(request_irq(IRQ, record_handler, 0, "a", &dev_a), 0);
	assert_false(can_request_irq(IRQ, SA_SHIRQ));
	assert_false(can_request_irq(IRQ, 0));

	irq_desc[IRQ + 2].status |= IRQ_NOREQUEST;
	assert_false(can_request_irq(IRQ + 2, 0));
	assert_false(can_request_irq(IRQ + 2, SA_SHIRQ));
}

static void test_setup_irq_static_action_not_freed(void **state)
{
	static struct irqaction act = {
		.handler = record_handler,
		.name = "static",
	};

	(void)state;
	act.dev_id = &dev_a;
	assert_int_equal(setup_irq(IRQ, &act), 0);
	assert_ptr_equal(irq_desc[IRQ].action, &act);
	assert_int_equal(act.irq, IRQ);

	/* free_irq() must not free() a caller-owned action (ASan). */
	free_irq(IRQ, &dev_a);
	assert_null(irq_desc[IRQ].action);
	assert_ptr_equal(act.handler, record_handler);

	/* It can be registered again. */
	assert_int_equal(setup_irq(IRQ, &act), 0);
	do_IRQ(IRQ);
	assert_int_equal(nr_calls, 1);
	free_irq(IRQ, &dev_a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_bad_irq_number, setup),
		cmocka_unit_test_setup(test_null_handler, setup),
		cmocka_unit_test_setup(test_shared_needs_dev_id, setup),
		cmocka_unit_test_setup(test_setup_irq_shared_without_dev_id,
				       setup),
		cmocka_unit_test_setup(test_norequest_line, setup),
		cmocka_unit_test_setup(test_no_chip_is_enosys, setup),
		cmocka_unit_test_setup(test_busy_when_old_not_shared, setup),
		cmocka_unit_test_setup(test_busy_when_new_not_shared, setup),
		cmocka_unit_test_setup(test_busy_when_triggers_differ, setup),
		cmocka_unit_test_setup(test_busy_when_percpu_differs, setup),
		cmocka_unit_test_setup(test_busy_when_new_is_percpu, setup),
		cmocka_unit_test_setup(
			test_mismatch_message_keyed_on_probe_shared, setup),
		cmocka_unit_test_setup(test_first_action_sets_type_then_starts,
				       setup),
		cmocka_unit_test_setup(test_level_low_type, setup),
		cmocka_unit_test_setup(test_no_trigger_no_set_type, setup),
		cmocka_unit_test_setup(test_trigger_without_set_type_warns,
				       setup),
		cmocka_unit_test_setup(test_startup_defaults_to_enable, setup),
		cmocka_unit_test_setup(test_noautoen_stays_disabled, setup),
		cmocka_unit_test_setup(test_noautoen_undoes_nested_disables,
				       setup),
		cmocka_unit_test_setup(test_startup_resets_depth_and_stale_bits,
				       setup),
		cmocka_unit_test_setup(test_second_shared_appended_no_restart,
				       setup),
		cmocka_unit_test_setup(test_request_resets_spurious_counters,
				       setup),
		cmocka_unit_test_setup(test_bad_irq_line_falls_back_to_do_irq,
				       setup),
		cmocka_unit_test_setup(
			test_bad_irq_line_with_trigger_keeps_handler, setup),
		cmocka_unit_test_setup(test_free_last_shuts_down, setup),
		cmocka_unit_test_setup(test_free_shutdown_defaults_to_disable,
				       setup),
		cmocka_unit_test_setup(test_free_one_of_two_shared, setup),
		cmocka_unit_test_setup(test_free_middle_keeps_order, setup),
		cmocka_unit_test_setup(test_free_unknown_dev_id_warns, setup),
		cmocka_unit_test_setup(test_can_request_irq, setup),
		cmocka_unit_test_setup(test_setup_irq_static_action_not_freed,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
