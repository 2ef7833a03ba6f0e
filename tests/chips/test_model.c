// SPDX-License-Identifier: GPL-2.0
/*
 * The model framework: cost profiles from INI files (good keys applied,
 * other models' sections skipped, bad keys and values refused with the
 * file, line and key named), access accounting per caller and per line,
 * and the busy-wait calibration filling in its clock.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <cmocka.h>
#include <chips/soft.h>

static char path[64];

static const char *write_profile(const char *text)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/irqlab-cost-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

static struct chip_model *m;

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	m = soft_create(40, 4, 0, -1);
	assert_non_null(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	chip_model_destroy(m);
	if (path[0])
		unlink(path);
	path[0] = '\0';
	return 0;
}

static unsigned int cost_of(const char *key)
{
	for (const struct chip_cost_field *f = m->cost_fields; f->key; f++)
		if (!strcmp(f->key, key))
			return *(unsigned int *)((char *)m->cost + f->offset);
	fail_msg("no key %s", key);
	return 0;
}

static void test_profile_sets_own_section_only(void **state)
{
	char err[256] = "";

	(void)state;
	write_profile("; comment\n[i8259]\nport_read_ns = 999\n\n"
		      "[soft]\n# why: a cache line\nstatus_read_ns = 5\n"
		      "enable_write_ns=7\n");
	assert_int_equal(chip_cost_load(m, path, err, sizeof(err)), 0);
	assert_int_equal(cost_of("status_read_ns"), 5);
	assert_int_equal(cost_of("enable_write_ns"), 7);
	assert_int_equal(cost_of("status_write_ns"), 0);
}

static void test_unknown_key_names_file_line_key(void **state)
{
	char err[256] = "", want[128];

	(void)state;
	write_profile("[soft]\nstatus_read_ns = 1\nbogus_ns = 3\n");
	assert_int_equal(chip_cost_load(m, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want),
		 "%s:3: key bogus_ns: model soft has no such cost", path);
	assert_non_null(strstr(err, want));
}

static void test_bad_values_are_refused(void **state)
{
	static const char *const bad[] = { "-1",   "1.5",	 "",
					   "12ns", "1000000000", "0x10" };
	char err[256], text[64];

	(void)state;
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "[soft]\nstatus_read_ns = %s\n",
			 bad[i]);
		write_profile(text);
		err[0] = '\0';
		assert_int_equal(chip_cost_load(m, path, err, sizeof(err)),
				 -EINVAL);
		assert_non_null(strstr(err, ":2: key status_read_ns: \""));
		unlink(path);
	}
	assert_int_equal(cost_of("status_read_ns"), 0);
}

static void test_missing_file_and_garbage(void **state)
{
	char err[256] = "";

	(void)state;
	assert_int_equal(chip_cost_load(m, "/nonexistent/x.ini", err,
					sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "/nonexistent/x.ini"));
	write_profile("[soft]\nthis line has no equals sign\n");
	assert_int_equal(chip_cost_load(m, path, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, ":2:"));
}

static void test_cost_set_by_key(void **state)
{
	(void)state;
	assert_int_equal(chip_cost_set(m, "status_write_ns", 11), 0);
	assert_int_equal(cost_of("status_write_ns"), 11);
	assert_int_equal(chip_cost_set(m, "nope", 1), -ENOENT);
}

static void test_accesses_are_counted_per_caller(void **state)
{
	(void)state;
	chip_stats_reset(m);
	chip_reg_read(m, 0, CHIP_ACC_ACK, 0);
	chip_reg_write(m, 1, CHIP_ACC_ACK, 0);
	chip_reg_write(m, 0, CHIP_ACC_EOI, 0);
	assert_int_equal(chip_accesses(m, CHIP_ACC_ACK), 2);
	assert_int_equal(chip_accesses(m, CHIP_ACC_EOI), 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_MASK), 0);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 3);
	chip_stats_reset(m);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 0);
	assert_string_equal(chip_acc_name(CHIP_ACC_MASK_ACK), "mask_ack");
	assert_string_equal(chip_acc_name(CHIP_ACC_DEMUX), "demux");
}

/*
 * Each access counts under one line, the output (a chained model's
 * parent line) or none (set-up); a line's interrupts include its
 * parent's accesses, which is what the harness charges a handler run.
 */
static void test_accesses_are_counted_per_line(void **state)
{
	(void)state;
	chip_stats_reset(m);
	chip_reg_read(m, 0, CHIP_ACC_ACK, 0);
	chip_reg_write(m, 0, CHIP_ACC_EOI, 0);
	chip_reg_write(m, 1, CHIP_ACC_MASK, 0);
	chip_reg_read(m, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX, 0);
	chip_reg_write(m, CHIP_LINE_NONE, CHIP_ACC_INIT, 0);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 5);
	assert_int_equal(chip_irq_accesses(m, 40), 2);
	assert_int_equal(chip_irq_accesses(m, 41), 1);
	assert_int_equal(chip_irq_accesses(m, 42), 0);
	chip_line_set_parent(m, 1, m, CHIP_LINE_OUTPUT);
	assert_int_equal(chip_irq_accesses(m, 41), 2);
	assert_int_equal(chip_irq_accesses(m, 40), 2);
	chip_stats_reset(m);
	assert_int_equal(chip_irq_accesses(m, 40), 0);
	assert_int_equal(chip_irq_accesses(m, 41), 0);
}

/*
 * The costed time of a line's accesses is counted where each is paid,
 * with the part that ended an interrupt (unmask, eoi, end) apart: what
 * samples.bin's access_ns and close_ns are made of.
 */
static void test_access_time_is_counted_per_line(void **state)
{
	unsigned long close = 99;

	(void)state;
	chip_stats_reset(m);
	chip_reg_read(m, 0, CHIP_ACC_ACK, 30);
	chip_reg_write(m, 0, CHIP_ACC_MASK, 20);
	chip_reg_write(m, 0, CHIP_ACC_UNMASK, 7);
	chip_reg_write(m, 0, CHIP_ACC_EOI, 5);
	chip_reg_write(m, 0, CHIP_ACC_END, 0);
	chip_reg_read(m, 1, CHIP_ACC_ACK, 100);
	assert_int_equal(chip_irq_access_ns(m, 40, &close), 62);
	assert_int_equal(close, 12);
	assert_int_equal(chip_irq_access_ns(m, 41, NULL), 100);
	assert_int_equal(chip_irq_access_ns(m, 42, &close), 0);
	assert_int_equal(close, 0);
	chip_reg_read(m, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX, 3);
	chip_line_set_parent(m, 1, m, CHIP_LINE_OUTPUT);
	assert_int_equal(chip_irq_access_ns(m, 41, &close), 103);
	assert_int_equal(close, 0);
	chip_stats_reset(m);
	assert_int_equal(chip_irq_access_ns(m, 40, &close), 0);
	assert_int_equal(close, 0);
}

static void test_calibration_fills_its_clock(void **state)
{
	struct chip_delay_calibration c = { 0 };

	(void)state;
	assert_int_equal(chip_delay_calibrate(&c), 0);
#if defined(__x86_64__) || defined(__i386__)
	assert_true(c.ticks_per_us > 0);
#endif
	/* A busy-wait never returns early: its error is never negative. */
	assert_true(c.err_ns_mean >= 0);
	assert_true(c.err_ns_max >= c.err_ns_mean);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_profile_sets_own_section_only, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_unknown_key_names_file_line_key, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_values_are_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_file_and_garbage,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_cost_set_by_key, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_access_time_is_counted_per_line, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_accesses_are_counted_per_caller, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_accesses_are_counted_per_line, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_calibration_fills_its_clock, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
