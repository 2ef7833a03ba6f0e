// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptor boot state and the chip and flow setup calls of 2.6.18
 * kernel/irq/chip.c (set_irq_chip and its defaults, __set_irq_handler for
 * install, uninstall and chained lines, set_irq_type, set_irq_*data) and
 * manage.c's set_irq_wake, plus genirq_reset() returning every descriptor,
 * counter, queue and option to that boot state.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"
#include "irq_count.h"

#define IRQ 3
#define OTHER 4

/* The descriptor table as the constructor left it, taken in main(). */
static struct irq_desc boot[NR_IRQS];

static int other_handled;
static int demux_calls;

static irqreturn_t other_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	other_handled++;
	return IRQ_HANDLED;
}

static irqreturn_t none_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	test_handled++;
	return IRQ_NONE;
}

/* A chained (demultiplexing) flow handler of the platform's own. */
static void demux_flow(unsigned int irq, struct irq_desc *desc)
{
	assert_int_equal(irq, IRQ);
	assert_ptr_equal(desc, &irq_desc[IRQ]);
	demux_calls++;
}

static int setup(void **state)
{
	test_fake_setup(state);
	other_handled = 0;
	demux_calls = 0;
	return 0;
}

static int teardown_options(void **state)
{
	(void)state;
	genirq_set_pending_irq_moves(false);
	genirq_set_noirqdebug(false);
	genirq_set_irqfixup(IRQFIXUP_OFF);
	return 0;
}

static void assert_log(void)
{
	if (fake_log_len())
		fail_msg("unexpected chip calls: %s", fake_log_str());
}

/* Boot state and genirq_reset() */

static bool is_boot_state(struct irq_desc *d)
{
	cpumask_t all = CPU_MASK_ALL, none = CPU_MASK_NONE;

	return d->status == IRQ_DISABLED && d->depth == 1 &&
	       d->chip == &no_irq_chip && d->handle_irq == handle_bad_irq &&
	       cpus_equal(d->affinity, all) && !d->action && !d->handler_data &&
	       !d->chip_data && !d->wake_depth && !d->irq_count &&
	       !d->irqs_unhandled && cpus_equal(d->pending_mask, none) &&
	       !spin_is_locked(&d->lock);
}

static void fail_not_boot(unsigned int irq, const struct irq_desc *d)
{
	fail_msg("IRQ %u: status %#x depth %u chip %s handle %s action %p "
		 "wake_depth %u",
		 irq, d->status, d->depth, d->chip ? d->chip->name : "NULL",
		 irq_flow_name(d->handle_irq), (void *)d->action,
		 d->wake_depth);
}

static void test_boot_defaults_every_descriptor(void **state)
{
	(void)state;
	for (unsigned int irq = 0; irq < NR_IRQS; irq++) {
		if (!is_boot_state(&boot[irq]))
			fail_not_boot(irq, &boot[irq]);
		assert_int_equal(kstat_irqs(irq), 0);
	}
}

static void test_reset_restores_boot_state(void **state)
{
	cpumask_t cpu0 = cpumask_of_cpu(0);
	static int data, chip_data;

	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	set_irq_data(IRQ, &data);
	set_irq_chip_data(IRQ, &chip_data);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 0);
	assert_int_equal(set_irq_wake(IRQ, 1), 0);
	assert_int_equal(irq_set_affinity(IRQ, &cpu0), 0);
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 1);
	assert_int_equal(kstat_irqs(IRQ), 1);
	do_IRQ(NR_IRQS); /* an ERR: count */
	assert_int_equal(irq_err_count_read(), 1);
	assert_int_equal(set_irq_chip(NR_IRQS, NULL), -EINVAL); /* a WARN */
	assert_true(genirq_warn_count() > 0);
	/* A chained neighbour: NOREQUEST|NOPROBE, depth 0. */
	set_irq_chip(OTHER, fake_chip_make(0));
	set_irq_chained_handler(OTHER, demux_flow);

	/* An edge while disabled, then enable: a software resend queued. */
	disable_irq(IRQ);
	do_IRQ(IRQ);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	fake_log_clear();
	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_RETRIGGER));
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);

	genirq_reset();

	for (unsigned int irq = 0; irq < NR_IRQS; irq++) {
		if (!is_boot_state(&irq_desc[irq]))
			fail_not_boot(irq, &irq_desc[irq]);
		assert_ptr_equal(irq_desc[irq].name, boot[irq].name);
	}
	assert_int_equal(kstat_irqs(IRQ), 0);
	assert_int_equal(irq_err_count_read(), 0);
	assert_int_equal(genirq_warn_count(), 0);

	/* The queued resend is gone: flushing replays nothing. */
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 0);
	test_handled = 0;
	fake_log_clear();
	irq_resend_flush();
	assert_int_equal(test_handled, 0);
	assert_log();
}

static void test_reset_restores_runtime_options(void **state)
{
	cpumask_t cpu0 = cpumask_of_cpu(0);

	(void)state;
	genirq_set_pending_irq_moves(true);
	genirq_set_noirqdebug(true);
	genirq_set_irqfixup(IRQFIXUP_POLL);

	genirq_reset();

	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(request_irq(IRQ, none_handler, 0, "dev", NULL), 0);
	set_irq_chip_and_handler(OTHER, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(
		request_irq(OTHER, other_handler, SA_SHIRQ, "other", &cpu0), 0);
	fake_log_clear();

	/* Pending moves off: the chip is programmed now, not deferred. */
	assert_int_equal(irq_set_affinity(IRQ, &cpu0), 0);
	if (!FAKE_LOG_IS(FAKE_SET_AFFINITY))
		fail_msg("affinity deferred after genirq_reset(): log %s, "
			 "status %#x",
			 fake_log_str(), irq_desc[IRQ].status);
	assert_false(irq_desc[IRQ].status & IRQ_MOVE_PENDING);

	/* noirqdebug off: the unhandled instance is accounted... */
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 1);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 1);
	assert_int_equal(irq_desc[IRQ].irq_count, 1);
	/* ...and irqfixup off: no other line's shared handler was polled. */
	assert_int_equal(other_handled, 0);
}

/* set_irq_chip */

static void test_set_irq_chip_null_is_no_irq_chip(void **state)
{
	struct irq_chip *chip = fake_chip_make(0);

	(void)state;
	assert_int_equal(set_irq_chip(IRQ, chip), 0);
	assert_ptr_equal(get_irq_chip(IRQ), chip);
	assert_int_equal(set_irq_chip(IRQ, NULL), 0);
	assert_ptr_equal(get_irq_chip(IRQ), &no_irq_chip);
}

static void test_set_irq_chip_bad_irq(void **state)
{
	unsigned long warns = genirq_warn_count();

	(void)state;
	assert_int_equal(set_irq_chip(NR_IRQS, fake_chip_make(0)), -EINVAL);
	assert_int_equal(genirq_warn_count(), warns + 1);
	assert_true(fake_messages_contain("Trying to install chip"));
}

static void test_set_irq_chip_fills_defaults(void **state)
{
	struct irq_chip *chip = fake_chip_make(
		1u << FAKE_ENABLE | 1u << FAKE_DISABLE | 1u << FAKE_STARTUP |
		1u << FAKE_SHUTDOWN | 1u << FAKE_END);

	(void)state;
	assert_null(chip->enable);
	assert_int_equal(set_irq_chip(IRQ, chip), 0);
	assert_non_null(chip->enable);
	assert_non_null(chip->disable);
	assert_non_null(chip->startup);
	assert_non_null(chip->shutdown);
	assert_non_null(chip->end);
	fake_log_clear();

	/* enable -> unmask, and the line is no longer MASKED. */
	irq_desc[IRQ].status |= IRQ_MASKED;
	chip->enable(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_UNMASK));
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);
	fake_log_clear();

	/* disable -> mask */
	chip->disable(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK));
	fake_log_clear();

	/* startup -> enable (-> unmask), returning 0 */
	assert_int_equal(chip->startup(IRQ), 0);
	assert_true(FAKE_LOG_IS(FAKE_UNMASK));
	fake_log_clear();

	/* shutdown -> disable (-> mask) */
	chip->shutdown(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK));
	fake_log_clear();

	/* end -> nothing */
	chip->end(IRQ);
	assert_log();
}

static void test_set_irq_chip_defaults_use_the_chips_own_ops(void **state)
{
	struct irq_chip *chip =
		fake_chip_make(1u << FAKE_STARTUP | 1u << FAKE_SHUTDOWN);

	(void)state;
	assert_int_equal(set_irq_chip(IRQ, chip), 0);
	fake_log_clear();

	/* startup falls back to the chip's ->enable, not ->unmask. */
	assert_int_equal(chip->startup(IRQ), 0);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE));
	fake_log_clear();
	chip->shutdown(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE));
	fake_log_clear();

	/* Ops the chip has are left alone. */
	chip->enable(IRQ);
	chip->disable(IRQ);
	chip->end(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_DISABLE, FAKE_END));
}

static void test_request_uses_startup_default(void **state)
{
	(void)state;
	set_irq_chip_and_handler(
		IRQ, fake_chip_make(1u << FAKE_STARTUP | 1u << FAKE_ENABLE),
		handle_level_irq);
	fake_log_clear();

	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 0);

	/* startup -> enable -> unmask */
	if (!FAKE_LOG_IS(FAKE_UNMASK))
		fail_msg("log: %s", fake_log_str());
	assert_false(fake_masked[IRQ]);
}

/* __set_irq_handler */

static void test_set_handler_on_no_irq_chip_switches_to_dummy(void **state)
{
	(void)state;
	assert_ptr_equal(get_irq_chip(IRQ), &no_irq_chip);
	/* setup_irq() refuses a line without a chip. */
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 -ENOSYS);

	set_irq_handler(IRQ, handle_edge_irq);

	assert_ptr_equal(get_irq_chip(IRQ), &dummy_irq_chip);
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_edge_irq);
	assert_true(fake_messages_contain("interrupt handler for IRQ3"));
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 0);
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 1);
}

static void test_set_handler_bad_irq_is_ignored(void **state)
{
	(void)state;
	set_irq_handler(NR_IRQS, handle_level_irq);
	assert_true(fake_messages_contain("Trying to install type control"));
}

static void test_set_handler_bad_irq_uninstalls(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_level_irq);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 0);
	disable_irq(IRQ);
	disable_irq(IRQ);
	disable_irq(IRQ);
	assert_int_equal(irq_desc[IRQ].depth, 3);
	fake_log_clear();

	set_irq_handler(IRQ, handle_bad_irq);

	if (!FAKE_LOG_IS(FAKE_MASK, FAKE_ACK))
		fail_msg("log: %s", fake_log_str());
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_bad_irq);
	assert_string_equal(irq_desc[IRQ].name, "bad");
}

static void test_set_handler_bad_irq_uninstalls_enabled_line(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 0);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);

	set_irq_handler(IRQ, handle_bad_irq);

	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].depth, 1);
	fake_log_clear();
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 0);
	assert_int_equal(irq_err_count_read(), 1);
	assert_log();
}

static void test_set_chained_handler(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	fake_log_clear();

	set_irq_chained_handler(IRQ, demux_flow);

	if (!FAKE_LOG_IS(FAKE_UNMASK))
		fail_msg("log: %s", fake_log_str());
	assert_int_equal(irq_desc[IRQ].status &
				 (IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_DISABLED),
			 IRQ_NOREQUEST | IRQ_NOPROBE);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_ptr_equal(irq_desc[IRQ].handle_irq, demux_flow);
	assert_string_equal(irq_desc[IRQ].name, "chained");

	/*
	 * No driver may request a demultiplexing line (setup_irq() is
	 * architecture code, which 2.6.18 trusts with NOREQUEST lines).
	 */
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", NULL),
			 -EINVAL);
	assert_int_equal(can_request_irq(IRQ, 0), 0);
	assert_null(irq_desc[IRQ].action);

	do_IRQ(IRQ);
	assert_int_equal(demux_calls, 1);
	assert_int_equal(test_handled, 0);
}

static void test_set_chained_handler_bad_irq_uninstalls(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	fake_log_clear();

	set_irq_chained_handler(IRQ, handle_bad_irq);

	/* Uninstalling: neither NOREQUEST nor enabled. */
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_ACK));
	assert_false(irq_desc[IRQ].status & (IRQ_NOREQUEST | IRQ_NOPROBE));
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].depth, 1);
}

/* set_irq_type */

static void test_set_irq_type_without_set_type(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_SET_TYPE));
	fake_log_clear();

	assert_int_equal(set_irq_type(IRQ, IRQ_TYPE_EDGE_RISING), -ENXIO);
	assert_log();
}

static void test_set_irq_type_passes_chip_result(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	fake_log_clear();

	assert_int_equal(set_irq_type(IRQ, IRQ_TYPE_EDGE_FALLING), 0);
	fake_cfg.set_type_ret = -EPERM;
	assert_int_equal(set_irq_type(IRQ, IRQ_TYPE_LEVEL_LOW), -EPERM);

	assert_true(FAKE_LOG_IS(FAKE_SET_TYPE, FAKE_SET_TYPE));
	assert_int_equal(fake_log()[0].irq, IRQ);
	assert_int_equal(fake_log()[0].arg, IRQ_TYPE_EDGE_FALLING);
	assert_int_equal(fake_log()[1].arg, IRQ_TYPE_LEVEL_LOW);
}

static void test_set_irq_type_bad_irq(void **state)
{
	(void)state;
	assert_int_equal(set_irq_type(NR_IRQS, IRQ_TYPE_EDGE_RISING), -ENODEV);
	assert_true(fake_messages_contain("Trying to set irq type"));
}

/* set_irq_wake */

static void test_set_irq_wake_nests(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	fake_log_clear();

	assert_int_equal(enable_irq_wake(IRQ), 0);
	assert_true(irq_desc[IRQ].status & IRQ_WAKEUP);
	assert_int_equal(enable_irq_wake(IRQ), 0);
	/* Only the first enable reaches the chip. */
	assert_true(FAKE_LOG_IS(FAKE_SET_WAKE));
	assert_int_equal(fake_log()[0].arg, 1);
	assert_int_equal(irq_desc[IRQ].wake_depth, 2);

	assert_int_equal(disable_irq_wake(IRQ), 0);
	assert_true(FAKE_LOG_IS(FAKE_SET_WAKE));
	assert_true(irq_desc[IRQ].status & IRQ_WAKEUP);
	assert_int_equal(irq_desc[IRQ].wake_depth, 1);

	/* The last disable does. */
	assert_int_equal(disable_irq_wake(IRQ), 0);
	assert_true(FAKE_LOG_IS(FAKE_SET_WAKE, FAKE_SET_WAKE));
	assert_int_equal(fake_log()[1].arg, 0);
	assert_false(irq_desc[IRQ].status & IRQ_WAKEUP);
	assert_int_equal(irq_desc[IRQ].wake_depth, 0);
}

static void test_set_irq_wake_without_set_wake(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_SET_WAKE));
	fake_log_clear();

	assert_int_equal(set_irq_wake(IRQ, 1), -ENXIO);
	assert_false(irq_desc[IRQ].status & IRQ_WAKEUP);
	assert_int_equal(irq_desc[IRQ].wake_depth, 0);
	assert_log();
}

static void test_set_irq_wake_unbalanced_disable(void **state)
{
	unsigned long warns;

	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	assert_int_equal(set_irq_wake(IRQ, 1), 0);
	assert_int_equal(set_irq_wake(IRQ, 0), 0);
	fake_log_clear();
	warns = genirq_warn_count();

	assert_int_equal(set_irq_wake(IRQ, 0), -EINVAL);

	assert_int_equal(genirq_warn_count(), warns + 1);
	assert_true(fake_messages_contain("Unbalanced"));
	assert_log();
	assert_int_equal(irq_desc[IRQ].wake_depth, 0);
	assert_false(irq_desc[IRQ].status & IRQ_WAKEUP);
}

static void test_set_irq_wake_chip_refusal_changes_nothing(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	fake_cfg.set_wake_ret = -EIO;

	assert_int_equal(set_irq_wake(IRQ, 1), -EIO);
	assert_false(irq_desc[IRQ].status & IRQ_WAKEUP);
	assert_int_equal(irq_desc[IRQ].wake_depth, 0);

	/* Not counted: the next enable asks the chip again. */
	fake_cfg.set_wake_ret = 0;
	fake_log_clear();
	assert_int_equal(set_irq_wake(IRQ, 1), 0);
	assert_true(FAKE_LOG_IS(FAKE_SET_WAKE));
	assert_int_equal(irq_desc[IRQ].wake_depth, 1);
}

static void test_set_irq_wake_bad_irq(void **state)
{
	(void)state;
	assert_int_equal(set_irq_wake(NR_IRQS, 1), -EINVAL);
}

/* set_irq_data, set_irq_chip_data */

static void test_irq_data_and_chip_data(void **state)
{
	static int data, chip_data;

	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));

	assert_int_equal(set_irq_data(IRQ, &data), 0);
	assert_ptr_equal(get_irq_data(IRQ), &data);
	assert_null(get_irq_chip_data(IRQ));

	assert_int_equal(set_irq_chip_data(IRQ, &chip_data), 0);
	assert_ptr_equal(get_irq_chip_data(IRQ), &chip_data);
	assert_ptr_equal(get_irq_data(IRQ), &data);
	assert_null(get_irq_data(OTHER));
	assert_null(get_irq_chip_data(OTHER));

	assert_int_equal(set_irq_data(NR_IRQS, &data), -EINVAL);
	assert_int_equal(set_irq_chip_data(NR_IRQS, &chip_data), -EINVAL);
}

/* Flow names */

/* A chip of 2.6.18's old style names itself with ->typename. */
static void test_typename_copied_to_name(void **state)
{
	static struct irq_chip old_style = { .typename = "XT-PIC" };
	static struct irq_chip both = { .name = "new", .typename = "old" };

	(void)state;
	set_irq_chip(IRQ, &old_style);
	assert_string_equal(irq_desc[IRQ].chip->name, "XT-PIC");
	set_irq_chip(IRQ, &both);
	assert_string_equal(irq_desc[IRQ].chip->name, "new");
}

/* 2.6.18's numbers, for drivers that were built against its header. */
static void test_status_bits_have_2_6_18_values(void **state)
{
	(void)state;
	assert_int_equal(IRQ_TYPE_PROBE, 0x00000010);
	assert_int_equal(IRQ_WAKEUP, 0x20000000);
	assert_int_equal(IRQ_INPROGRESS, 0x00010000);
	assert_int_equal(IRQ_NOAUTOEN, 0x08000000);
	assert_int_equal(IRQF_SHARED, 0x00000080);
	assert_int_equal(IRQF_PROBE_SHARED, 0x00000100);
	assert_int_equal(IRQF_TIMER, 0x00000200);
	assert_int_equal(IRQF_PERCPU, 0x00000400);
	assert_int_equal(SA_PERCPU, IRQF_PERCPU);
	assert_int_equal(SA_PROBEIRQ, IRQF_PROBE_SHARED);
	assert_int_equal(IRQF_TRIGGER_PROBE, IRQ_TYPE_PROBE);
	/* Later kernels' bits stay clear of every 2.6.18 one. */
	assert_int_equal(IRQ_MOVE_PENDING &
				 (IRQ_WAKEUP | 0x10000000 | IRQ_TYPE_PROBE),
			 0);
	assert_int_equal(no_action(IRQ, NULL), IRQ_NONE);
}

/* ->set_type switching the flow keeps the __do_IRQ() baseline. */
static void test_set_handler_unlocked_keeps_baseline(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0));
	set_irq_handler(IRQ, handle_level_irq);
	__set_irq_handler_unlocked(IRQ, handle_edge_irq);
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_edge_irq);
	assert_string_equal(irq_desc[IRQ].name, "edge");
	set_irq_handler(IRQ, NULL);
	__set_irq_handler_unlocked(IRQ, handle_edge_irq);
	assert_null(irq_desc[IRQ].handle_irq);
}

static void test_irq_flow_names(void **state)
{
	(void)state;
	assert_string_equal(irq_flow_name(handle_level_irq), "level");
	assert_string_equal(irq_flow_name(handle_edge_irq), "edge");
	assert_string_equal(irq_flow_name(handle_fasteoi_irq), "fasteoi");
	assert_string_equal(irq_flow_name(handle_simple_irq), "simple");
	assert_string_equal(irq_flow_name(handle_percpu_irq), "percpu");
	assert_string_equal(irq_flow_name(handle_bad_irq), "bad");
	assert_string_equal(irq_flow_name(NULL), "do_IRQ");
	assert_string_equal(irq_flow_name(demux_flow), "chained");
}

static void test_desc_name_is_flow_name(void **state)
{
	static const struct {
		irq_flow_handler_t handle;
		const char *name;
	} flows[] = {
		{ handle_level_irq, "level" },
		{ handle_edge_irq, "edge" },
		{ handle_fasteoi_irq, "fasteoi" },
		{ handle_simple_irq, "simple" },
		{ handle_percpu_irq, "percpu" },
		{ NULL, "do_IRQ" },
		{ handle_bad_irq, "bad" },
	};
	struct irq_chip *chip = fake_chip_make(0);

	(void)state;
	for (unsigned int i = 0; i < sizeof(flows) / sizeof(flows[0]); i++) {
		set_irq_chip_and_handler(IRQ, chip, flows[i].handle);
		assert_non_null(irq_desc[IRQ].name);
		assert_string_equal(irq_desc[IRQ].name, flows[i].name);
	}

	set_irq_chip_and_handler_name(IRQ, chip, handle_edge_irq, "my-edge");
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_edge_irq);
	assert_string_equal(irq_desc[IRQ].name, "my-edge");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boot_defaults_every_descriptor),
		cmocka_unit_test_setup(test_reset_restores_boot_state, setup),
		cmocka_unit_test_setup_teardown(
			test_reset_restores_runtime_options, setup,
			teardown_options),
		cmocka_unit_test_setup(test_set_irq_chip_null_is_no_irq_chip,
				       setup),
		cmocka_unit_test_setup(test_set_irq_chip_bad_irq, setup),
		cmocka_unit_test_setup(test_set_irq_chip_fills_defaults, setup),
		cmocka_unit_test_setup(
			test_set_irq_chip_defaults_use_the_chips_own_ops,
			setup),
		cmocka_unit_test_setup(test_request_uses_startup_default,
				       setup),
		cmocka_unit_test_setup(
			test_set_handler_on_no_irq_chip_switches_to_dummy,
			setup),
		cmocka_unit_test_setup(test_set_handler_bad_irq_is_ignored,
				       setup),
		cmocka_unit_test_setup(test_set_handler_bad_irq_uninstalls,
				       setup),
		cmocka_unit_test_setup(
			test_set_handler_bad_irq_uninstalls_enabled_line,
			setup),
		cmocka_unit_test_setup(test_set_chained_handler, setup),
		cmocka_unit_test_setup(
			test_set_chained_handler_bad_irq_uninstalls, setup),
		cmocka_unit_test_setup(test_set_irq_type_without_set_type,
				       setup),
		cmocka_unit_test_setup(test_set_irq_type_passes_chip_result,
				       setup),
		cmocka_unit_test_setup(test_set_irq_type_bad_irq, setup),
		cmocka_unit_test_setup(test_set_irq_wake_nests, setup),
		cmocka_unit_test_setup(test_set_irq_wake_without_set_wake,
				       setup),
		cmocka_unit_test_setup(test_set_irq_wake_unbalanced_disable,
				       setup),
		cmocka_unit_test_setup(
			test_set_irq_wake_chip_refusal_changes_nothing, setup),
		cmocka_unit_test_setup(test_set_irq_wake_bad_irq, setup),
		cmocka_unit_test_setup(test_irq_data_and_chip_data, setup),
		cmocka_unit_test_setup(test_typename_copied_to_name, setup),
		cmocka_unit_test_setup(test_status_bits_have_2_6_18_values,
				       setup),
		cmocka_unit_test_setup(test_set_handler_unlocked_keeps_baseline,
				       setup),
		cmocka_unit_test_setup(test_irq_flow_names, setup),
		cmocka_unit_test_setup(test_desc_name_is_flow_name, setup),
	};

	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		boot[irq] = irq_desc[irq];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
