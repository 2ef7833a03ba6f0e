// SPDX-License-Identifier: GPL-2.0
/*
 * probe_irq_on(), probe_irq_off() and probe_irq_mask(): which lines are
 * started for probing, how a line that fires before probing is dropped as
 * spurious, how the line the device raised is found (and doubt reported as
 * minus the lowest candidate), and that every probed line is shut down
 * again. Follows kernel/irq/autoprobe.c of 2.6.18.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "fake_chip.h"

#define FIRST 1
#define LAST 15
/* Bits of the probe-able fake lines 1..15 in a probe mask. */
#define FAKE_LINES 0xfffeUL

static int dev;
static struct irq_chip *chip;
/* Probing started and not yet ended: teardown ends it after a failure. */
static bool probing;

static unsigned long probe_on(void)
{
	unsigned long mask = probe_irq_on();

	probing = true;
	return mask;
}

static int probe_off(unsigned long mask)
{
	probing = false;
	return probe_irq_off(mask);
}

static unsigned int probe_mask(unsigned long val)
{
	probing = false;
	return probe_irq_mask(val);
}

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	chip = fake_chip_make(0);
	for (unsigned int irq = FIRST; irq <= LAST; irq++)
		set_irq_chip_and_handler(irq, chip, handle_edge_irq);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (probing)
		probe_off(0);
	return 0;
}

static void test_nothing_fires(void **state)
{
	unsigned long mask;

	(void)state;
	mask = probe_on();
	assert_int_equal(mask & FAKE_LINES, FAKE_LINES);
	/* Line 0 is never probed. */
	assert_false(mask & 1);
	for (unsigned int irq = FIRST; irq <= LAST; irq++) {
		assert_true(irq_desc[irq].status & IRQ_AUTODETECT);
		assert_true(irq_desc[irq].status & IRQ_WAITING);
		/* Once to flush longstanding interrupts, once to probe. */
		assert_int_equal(fake_count[FAKE_STARTUP][irq], 2);
	}
	assert_int_equal(fake_count[FAKE_STARTUP][0], 0);

	assert_int_equal(probe_off(mask), 0);
}

static void test_set_type_probe(void **state)
{
	unsigned int seen = 0;

	(void)state;
	probe_off(probe_on());
	for (unsigned int i = 0; i < fake_log_len(); i++) {
		const struct fake_call *c = &fake_log()[i];

		if (c->op != FAKE_SET_TYPE)
			continue;
		assert_int_equal(c->arg, IRQ_TYPE_PROBE);
		seen |= 1u << c->irq;
	}
	assert_int_equal(seen, FAKE_LINES);
}

static void test_one_line_fires(void **state)
{
	unsigned long mask;

	(void)state;
	mask = probe_on();
	do_IRQ(9);
	assert_false(irq_desc[9].status & IRQ_WAITING);
	assert_true(irq_desc[10].status & IRQ_WAITING);
	assert_int_equal(probe_off(mask), 9);
}

static void test_two_lines_fire(void **state)
{
	unsigned long mask;

	(void)state;
	mask = probe_on();
	do_IRQ(11);
	do_IRQ(4);
	/* Doubt: minus the lowest, whichever fired first. */
	assert_int_equal(probe_off(mask), -4);
}

static void test_lines_shut_down_afterwards(void **state)
{
	(void)state;
	probe_off(probe_on());
	for (unsigned int irq = FIRST; irq <= LAST; irq++) {
		assert_int_equal(fake_count[FAKE_SHUTDOWN][irq], 1);
		assert_true(fake_masked[irq]);
		assert_false(irq_desc[irq].status & IRQ_AUTODETECT);
	}
	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		assert_false(irq_desc[irq].status & IRQ_AUTODETECT);
	/* The last call shut the line down: nothing reopened it. */
	assert_int_equal(fake_log()[fake_log_len() - 1].op, FAKE_SHUTDOWN);
}

static void test_spurious_line_dropped(void **state)
{
	unsigned long mask;

	(void)state;
	/* The device on line 6 is stuck asserted: it fires at each startup. */
	fake_asserted[6] = true;
	mask = probe_on();

	assert_int_equal(mask & FAKE_LINES, FAKE_LINES & ~(1UL << 6));
	assert_false(irq_desc[6].status & IRQ_AUTODETECT);
	assert_int_equal(fake_count[FAKE_SHUTDOWN][6], 1);
	assert_true(fake_masked[6]);

	/* The real device then fires on line 3; 6 is not a candidate. */
	do_IRQ(3);
	assert_int_equal(probe_off(mask), 3);
	/* Shut down already, so not again. */
	assert_int_equal(fake_count[FAKE_SHUTDOWN][6], 1);
}

static void test_spurious_only_line_gives_zero(void **state)
{
	unsigned long mask;

	(void)state;
	fake_asserted[12] = true;
	mask = probe_on();
	assert_false(mask & (1UL << 12));
	assert_int_equal(probe_off(mask), 0);
}

/* A startup that raises line 8 the first time only: a longstanding edge. */
static unsigned int (*fake_startup)(unsigned int irq);
static bool raised_once;

static unsigned int startup_once(unsigned int irq)
{
	unsigned int ret = fake_startup(irq);

	if (irq == 8 && !raised_once) {
		raised_once = true;
		irq_cpu_raise(0, irq);
	}
	return ret;
}

static void test_longstanding_irq_is_flushed(void **state)
{
	static struct irq_chip once;
	unsigned long mask;

	(void)state;
	once = *chip;
	fake_startup = chip->startup;
	once.startup = startup_once;
	raised_once = false;
	set_irq_chip(8, &once);

	mask = probe_on();
	/* It fired before probing began: flushed, not held against it. */
	assert_true(raised_once);
	/* Taken while the line was still disabled: the edge flow masked it. */
	assert_int_equal(fake_count[FAKE_MASK_ACK][8], 1);
	assert_true(mask & (1UL << 8));
	assert_true(irq_desc[8].status & IRQ_WAITING);
	assert_int_equal(probe_off(mask), 0);
}

static void test_claimed_and_noprobe_lines_left_alone(void **state)
{
	unsigned long mask;

	(void)state;
	assert_int_equal(request_irq(5, handler, 0, "dev", &dev), 0);
	irq_desc[7].status |= IRQ_NOPROBE;
	fake_log_clear();
	memset(fake_count, 0, sizeof(fake_count));

	mask = probe_on();
	assert_false(mask & (1UL << 5));
	assert_false(mask & (1UL << 7));
	for (unsigned int i = 0; i < fake_log_len(); i++) {
		assert_int_not_equal(fake_log()[i].irq, 5);
		assert_int_not_equal(fake_log()[i].irq, 7);
	}
	assert_false(irq_desc[5].status & IRQ_AUTODETECT);
	assert_false(irq_desc[7].status & IRQ_AUTODETECT);

	/* Even when they fire during probing, they are not found. */
	do_IRQ(7);
	do_IRQ(5);
	assert_int_equal(probe_off(mask), 0);
	assert_int_equal(fake_count[FAKE_SHUTDOWN][5], 0);
	assert_int_equal(fake_count[FAKE_SHUTDOWN][7], 0);
	/* The claimed line is still running. */
	assert_false(irq_desc[5].status & IRQ_DISABLED);
}

static void test_enabled_line_not_probed(void **state)
{
	(void)state;
	/* enable_irq() marks a line NOPROBE, as 2.6.18 does. */
	assert_int_equal(request_irq(5, handler, 0, "dev", &dev), 0);
	disable_irq(5);
	enable_irq(5);
	free_irq(5, &dev);
	assert_true(irq_desc[5].status & IRQ_NOPROBE);
	memset(fake_count, 0, sizeof(fake_count));

	assert_false(probe_on() & (1UL << 5));
	assert_int_equal(fake_count[FAKE_STARTUP][5], 0);
	probe_off(0);
}

static void test_bad_irq_lines_get_do_irq(void **state)
{
	unsigned long mask;

	(void)state;
	/* A chip but no flow handler. */
	set_irq_chip(20, chip);
	assert_ptr_equal(irq_desc[20].handle_irq, handle_bad_irq);

	mask = probe_on();
	assert_null(irq_desc[20].handle_irq);
	assert_true(mask & (1UL << 20));
	do_IRQ(20);
	assert_int_equal(probe_off(mask), 20);
}

static void test_startup_reports_pending(void **state)
{
	unsigned long mask;

	(void)state;
	fake_cfg.startup_ret = 1;
	mask = probe_on();
	assert_true(irq_desc[4].status & IRQ_PENDING);
	probe_off(mask);
}

static void test_probe_irq_mask(void **state)
{
	(void)state;
	probe_on();
	do_IRQ(3);
	do_IRQ(9);
	assert_int_equal(probe_mask(0xffff), (1u << 3) | (1u << 9));
	for (unsigned int irq = FIRST; irq <= LAST; irq++) {
		assert_int_equal(fake_count[FAKE_SHUTDOWN][irq], 1);
		assert_false(irq_desc[irq].status & IRQ_AUTODETECT);
	}

	/* Only the lines in @val are reported; a new probe can start. */
	probe_on();
	do_IRQ(3);
	do_IRQ(9);
	assert_int_equal(probe_mask(~(1UL << 9)), 1u << 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_nothing_fires, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_set_type_probe, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_one_line_fires, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_two_lines_fire, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_lines_shut_down_afterwards,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_spurious_line_dropped,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_spurious_only_line_gives_zero, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_longstanding_irq_is_flushed, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_claimed_and_noprobe_lines_left_alone, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_enabled_line_not_probed,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_irq_lines_get_do_irq,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_startup_reports_pending,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_probe_irq_mask, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
