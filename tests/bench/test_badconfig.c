// SPDX-License-Identifier: GPL-2.0
/*
 * Bad input end to end: for each of a table of broken scenario files and
 * command lines, `irqlab run` exits 2 before running anything, prints one
 * line naming the file, the line and the key at fault, and leaves no run
 * folder behind.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sys/stat.h>
#include "spawn.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-bad-XXXXXX";

#define OK_HEAD "[scenario s]\nchip = ioapic\n"

static const struct bad {
	const char *what;
	const char *text; /* the config file */
	unsigned int line; /* expected in "FILE:LINE:" */
	const char *needle; /* expected in the message */
} bads[] = {
	{ "unknown section", OK_HEAD "[sceanrio t]\n", 3, "sceanrio" },
	{ "unknown key", OK_HEAD "rat = 5\n", 3, "rat" },
	{ "duplicate key", OK_HEAD "rate = 5\nrate = 6\n", 4, "rate" },
	{ "rate not a number", OK_HEAD "rate = fast\n", 3, "rate" },
	{ "negative count", OK_HEAD "devices = -1\n", 3, "devices" },
	{ "trailing garbage", OK_HEAD "handler_ns = 12us\n", 3, "handler_ns" },
	{ "overflow", OK_HEAD "pulse_ns = 99999999999999999999\n", 3,
	  "pulse_ns" },
	{ "unknown chip", "[scenario s]\nchip = 8259\n", 2, "i8259" },
	{ "unknown trigger", OK_HEAD "trigger = rising\n", 3, "edge" },
	{ "trigger the chip lacks", OK_HEAD "trigger = percpu\n", 3,
	  "trigger" },
	{ "unknown design", OK_HEAD "designs = flow do_IRQ\n", 3, "do_irq" },
	{ "edge-masking on a level line",
	  OK_HEAD "trigger = level\ndesigns = edge-masking\n", 4,
	  "edge-masking" },
	{ "unknown pattern", OK_HEAD "pattern = random\n", 3, "poisson" },
	{ "unknown wait mode", OK_HEAD "wait = poll\n", 3, "spin" },
	{ "unknown placement", OK_HEAD "device = far\n", 3, "other-package" },
	{ "pin the chip lacks", OK_HEAD "pin = 24\n", 3, "pin" },
	{ "inline with two CPUs", OK_HEAD "cpus = 2\nwait = inline\n", 4,
	  "inline" },
	{ "unknown cost profile", OK_HEAD "cost = cheap\n", 3, "cost" },
	{ "cost override for no model", OK_HEAD "[cost.pic]\nx = 1\n", 3,
	  "cost.pic" },
	{ "cost override with a bad key",
	  OK_HEAD "[cost.ioapic]\nread_ns = 1\n", 4, "read_ns" },
	{ "duration shorter than blocks",
	  OK_HEAD "duration_ms = 2\nblocks = 4\n", 4, "blocks" },
	{ "bursts that overlap",
	  OK_HEAD "pattern = burst\nrate = 1000\nburst = 4\n"
		  "burst_gap_ns = 400000\n",
	  6, "burst_gap_ns" },
	{ "hold on an edge line", OK_HEAD "trigger = edge\nhold_ns = 10\n", 4,
	  "hold_ns" },
	{ "not a regular file", NULL, 0, "not a regular file" },
	{ "impossible strict placement",
	  OK_HEAD "placement = strict\ncpu = 4096\n", 4, "cpu" },
};

static void run_bad(const struct bad *b, unsigned int i)
{
	char cfg[200], so[200], se[200], want[300], out[200];
	char *err;
	FILE *f;
	int rc;

	snprintf(cfg, sizeof(cfg), "%s/bad%u.ini", tmp, i);
	snprintf(so, sizeof(so), "%s/bad%u.out", tmp, i);
	snprintf(se, sizeof(se), "%s/bad%u.err", tmp, i);
	snprintf(out, sizeof(out), "%s/run%u", tmp, i);
	if (b->text) {
		f = fopen(cfg, "w");
		assert_non_null(f);
		fputs(b->text, f);
		fclose(f);
	} else {
		assert_int_equal(mkfifo(cfg, 0600),
				 0); /* would block a reader */
	}
	char *argv[] = { (char *)irqlab, "run", cfg, "-o", out, NULL };

	rc = spawn_irqlab(argv, so, se, 0, NULL);
	err = slurp(se);
	assert_non_null(err);
	if (b->line)
		snprintf(want, sizeof(want), "%s:%u: ", cfg, b->line);
	else
		snprintf(want, sizeof(want), "%s: ", cfg);
	if (rc != 2 || strncmp(err, want, strlen(want)) ||
	    !strstr(err, b->needle) ||
	    strchr(err, '\n') != err + strlen(err) - 1)
		fail_msg(
			"%s: exit %d, wanted 2 and one line \"%s...%s...\", got: %s",
			b->what, rc, want, b->needle, err);
	free(err);
	assert_int_not_equal(access(out, F_OK), 0);
}

static void test_bad_configs(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < sizeof(bads) / sizeof(bads[0]); i++)
		run_bad(&bads[i], i);
}

static void test_bad_command_lines(void **state)
{
	static const char *const lines[][4] = {
		{ "run", "--seed", "x", NULL },
		{ "run", "--bogus", NULL, NULL },
		{ "run", "/nonexistent/irqlab.ini", NULL, NULL },
		{ "run", "--cpus", "0-", NULL },
		{ "frobnicate", NULL, NULL, NULL },
	};
	char so[200], se[200];

	(void)state;
	snprintf(so, sizeof(so), "%s/cl.out", tmp);
	snprintf(se, sizeof(se), "%s/cl.err", tmp);
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		char *argv[6] = { (char *)irqlab };
		char *err;

		for (int k = 0; k < 4 && lines[i][k]; k++)
			argv[k + 1] = (char *)lines[i][k];
		assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 2);
		err = slurp(se);
		assert_non_null(err);
		assert_true(strlen(err) > 10);
		free(err);
	}
}

/* --help prints the usage, exits 0 and runs nothing. */
static void test_help_runs_nothing(void **state)
{
	static const char *const cmds[] = { "run", "report", "compare" };
	char so[200], se[200], out[200];

	(void)state;
	snprintf(so, sizeof(so), "%s/help.out", tmp);
	snprintf(se, sizeof(se), "%s/help.err", tmp);
	snprintf(out, sizeof(out), "%s/help-run", tmp);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		char *argv[] = { (char *)irqlab,  (char *)cmds[i], "--help",
				 i ? NULL : "-o", i ? NULL : out,  NULL };
		char want[64], *text;

		assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 0);
		text = slurp(so);
		assert_non_null(text);
		snprintf(want, sizeof(want), "usage: irqlab %s", cmds[i]);
		assert_non_null(strstr(text, want));
		free(text);
		assert_int_not_equal(access(out, F_OK), 0);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_configs),
		cmocka_unit_test(test_bad_command_lines),
		cmocka_unit_test(test_help_runs_nothing),
	};
	int ret;

	if (argc < 3)
		return 77;
	irqlab = argv[1];
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	if (!ret) {
		char cmd[100];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		if (system(cmd))
			return 1;
	}
	return ret;
}
