// SPDX-License-Identifier: GPL-2.0
/*
 * show_interrupts(): the /proc/interrupts table as arch/i386/kernel/irq.c
 * of 2.6.18 prints it: a header with one column per online CPU, a row per
 * line in use with its per-CPU counts, chip and flow names and action
 * names, and the ERR count.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "fake_chip.h"

#define MAX_TOKENS 16

static int dev_a, dev_b, dev_c;
static char *table;

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
	table = NULL;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(table);
	table = NULL;
	return 0;
}

static void render(void)
{
	size_t len;
	FILE *f;

	free(table);
	f = open_memstream(&table, &len);
	assert_non_null(f);
	show_interrupts(f);
	assert_int_equal(fclose(f), 0);
}

/*
 * Split the table line that starts at @line into space-separated tokens,
 * copied into @buf; return how many there are.
 */
static unsigned int line_tokens(const char *line, char *buf, size_t size,
				char **tok)
{
	const char *end = strchr(line, '\n');
	size_t len = end ? (size_t)(end - line) : strlen(line);
	unsigned int n = 0;
	char *save, *t;

	assert_true(len < size);
	memcpy(buf, line, len);
	buf[len] = '\0';
	for (t = strtok_r(buf, " ", &save); t && n < MAX_TOKENS;
	     t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	return n;
}

/* The row for @irq, or NULL. */
static const char *find_row(unsigned int irq)
{
	char key[16];
	const char *p = table;

	snprintf(key, sizeof(key), "%3u: ", irq);
	while (p && *p) {
		if (!strncmp(p, key, strlen(key)))
			return p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

static unsigned int count_rows(void)
{
	unsigned int rows = 0;

	for (const char *p = table; (p = strchr(p, '\n')); p++)
		rows++;
	return rows;
}

struct fire_args {
	unsigned int cpu, irq;
};

static void *cpu_thread(void *arg)
{
	const struct fire_args *a = arg;

	irq_cpu_attach(a->cpu);
	do_IRQ(a->irq);
	return NULL;
}

/* Deliver @irq on simulated CPU @cpu, which brings that CPU online. */
static void fire_on_cpu(unsigned int cpu, unsigned int irq)
{
	struct fire_args a = { cpu, irq };
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, cpu_thread, &a), 0);
	pthread_join(t, NULL);
}

static void test_header_one_column_per_cpu(void **state)
{
	char buf[256], *tok[MAX_TOKENS];

	(void)state;
	render();
	assert_int_equal(line_tokens(table, buf, sizeof(buf), tok), 1);
	assert_string_equal(tok[0], "CPU0");

	fire_on_cpu(1, 3);
	render();
	assert_int_equal(line_tokens(table, buf, sizeof(buf), tok), 2);
	assert_string_equal(tok[0], "CPU0");
	assert_string_equal(tok[1], "CPU1");

	/* Online CPUs only, not every CPU up to the highest. */
	fire_on_cpu(5, 3);
	render();
	assert_int_equal(line_tokens(table, buf, sizeof(buf), tok), 3);
	assert_string_equal(tok[2], "CPU5");
	/* Line 3 (no chip) was counted once on CPU 1 and once on CPU 5. */
	assert_non_null(find_row(3));
	assert_int_equal(line_tokens(find_row(3), buf, sizeof(buf), tok), 5);
	assert_string_equal(tok[1], "0");
	assert_string_equal(tok[2], "1");
	assert_string_equal(tok[3], "1");
	assert_string_equal(tok[4], "none-bad");
}

static void test_row_counts_chip_flow_action(void **state)
{
	char buf[256], *tok[MAX_TOKENS];
	const char *row;

	(void)state;
	set_irq_chip_and_handler(3, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(request_irq(3, handler, 0, "eth0", &dev_a), 0);
	do_IRQ(3);
	do_IRQ(3);
	fire_on_cpu(1, 3);
	do_IRQ(3);
	render();

	row = find_row(3);
	assert_non_null(row);
	assert_int_equal(line_tokens(row, buf, sizeof(buf), tok), 5);
	assert_string_equal(tok[0], "3:");
	assert_string_equal(tok[1], "3"); /* CPU 0 */
	assert_string_equal(tok[2], "1"); /* CPU 1 */
	assert_string_equal(tok[3], "FAKE-edge");
	assert_string_equal(tok[4], "eth0");
}

static void test_flow_names(void **state)
{
	char buf[256], *tok[MAX_TOKENS];

	(void)state;
	set_irq_chip_and_handler(4, fake_chip_make(0), handle_level_irq);
	assert_int_equal(request_irq(4, handler, 0, "lvl", &dev_a), 0);
	/* No flow handler: __do_IRQ(). */
	set_irq_chip(6, fake_chip_make(0));
	assert_int_equal(request_irq(6, handler, 0, "old", &dev_b), 0);
	set_irq_chip_and_handler(8, fake_chip_make(0), handle_fasteoi_irq);
	assert_int_equal(request_irq(8, handler, 0, "eoi", &dev_c), 0);
	render();

	assert_non_null(find_row(4));
	line_tokens(find_row(4), buf, sizeof(buf), tok);
	assert_string_equal(tok[2], "FAKE-level");
	line_tokens(find_row(6), buf, sizeof(buf), tok);
	assert_string_equal(tok[2], "FAKE-do_IRQ");
	line_tokens(find_row(8), buf, sizeof(buf), tok);
	assert_string_equal(tok[2], "FAKE-fasteoi");
}

static void test_handler_name_given_by_caller(void **state)
{
	char buf[256], *tok[MAX_TOKENS];

	(void)state;
	set_irq_chip_and_handler_name(4, fake_chip_make(0), handle_edge_irq,
				      "mine");
	assert_int_equal(request_irq(4, handler, 0, "dev", &dev_a), 0);
	render();
	line_tokens(find_row(4), buf, sizeof(buf), tok);
	assert_string_equal(tok[2], "FAKE-mine");
}

static void test_shared_names_comma_separated(void **state)
{
	const char *row, *end;

	(void)state;
	set_irq_chip_and_handler(9, fake_chip_make(0), handle_level_irq);
	assert_int_equal(request_irq(9, handler, SA_SHIRQ, "usb", &dev_a), 0);
	assert_int_equal(request_irq(9, handler, SA_SHIRQ, "snd", &dev_b), 0);
	assert_int_equal(request_irq(9, handler, SA_SHIRQ, "eth", &dev_c), 0);
	render();

	row = find_row(9);
	assert_non_null(row);
	end = strchr(row, '\n');
	assert_non_null(end);
	assert_true((size_t)(end - row) > strlen("  usb, snd, eth"));
	assert_memory_equal(end - strlen("  usb, snd, eth"), "  usb, snd, eth",
			    strlen("  usb, snd, eth"));
}

static void test_unused_lines_absent(void **state)
{
	(void)state;
	set_irq_chip_and_handler(3, fake_chip_make(0), handle_edge_irq);
	set_irq_chip_and_handler(4, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(request_irq(4, handler, 0, "dev", &dev_a), 0);
	render();

	/* A chip but neither an action nor a count: no row. */
	assert_null(find_row(3));
	assert_non_null(find_row(4));
	/* Header, one row, ERR. */
	assert_int_equal(count_rows(), 3);

	/* Freed and never counted: gone again. */
	free_irq(4, &dev_a);
	render();
	assert_null(find_row(4));
	assert_int_equal(count_rows(), 2);
}

static void test_counted_line_without_action_shown(void **state)
{
	char buf[256], *tok[MAX_TOKENS];

	(void)state;
	/* The level flow counts an instance even with no action. */
	set_irq_chip_and_handler(3, fake_chip_make(0), handle_level_irq);
	do_IRQ(3);
	render();
	assert_non_null(find_row(3));
	assert_int_equal(line_tokens(find_row(3), buf, sizeof(buf), tok), 3);
	assert_string_equal(tok[1], "1");
	assert_string_equal(tok[2], "FAKE-level");
}

static void test_err_line(void **state)
{
	const char *err;

	(void)state;
	render();
	err = strstr(table, "ERR:");
	assert_non_null(err);
	assert_string_equal(err, "ERR:          0\n");

	do_IRQ(NR_IRQS);
	do_IRQ(NR_IRQS + 7);
	render();
	err = strstr(table, "ERR:");
	assert_non_null(err);
	assert_string_equal(err, "ERR:          2\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_header_one_column_per_cpu,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_row_counts_chip_flow_action, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flow_names, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_handler_name_given_by_caller, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_shared_names_comma_separated, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unused_lines_absent, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_counted_line_without_action_shown, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_err_line, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
