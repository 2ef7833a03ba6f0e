// SPDX-License-Identifier: GPL-2.0
/*
 * Bad input end to end: for each of a table of broken scenario files and
 * command lines, `irqlab run` exits 4 (bad input) before running anything, prints one
 * line naming the file, the line and the key (or the option) at fault,
 * and leaves no run folder behind, nor anything written through a
 * symbolic link.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include "e2e.h"
#include "scratch.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-bad-XXXXXX";

#define OK_HEAD "[scenario s]\nchip = ioapic\n"

static const struct bad {
	const char *what;
	const char *text; /* the config file; NULL: a FIFO */
	unsigned int line; /* expected in "FILE:LINE:"; 0: "FILE:" */
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
	{ "unknown arch", OK_HEAD "arch = x86_64\n", 3, "arch" },
	{ "edge-masking on a level line",
	  OK_HEAD "trigger = level\ndesigns = edge-masking\n", 4,
	  "edge-masking" },
	{ "a threaded design on a percpu line",
	  "[scenario s]\nchip = gic\ntrigger = percpu\n"
	  "designs = flow threaded\n",
	  4, "threaded" },
	{ "disable_rate without disable_ns", OK_HEAD "disable_rate = 100\n", 3,
	  "disable_rate" },
	{ "a critical section longer than its period",
	  OK_HEAD "disable_rate = 1000\ndisable_ns = 1000000\n", 4,
	  "disable_ns" },
	{ "lazy_disable not 0 or 1", OK_HEAD "lazy_disable = 2\n", 3,
	  "lazy_disable" },
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
	{ "empty file", "", 0, "no [scenario NAME] section" },
	{ "huge rate", OK_HEAD "rate = 1e12\n", 3, "rate" },
	{ "negative rate", OK_HEAD "rate = -5\n", 3, "rate" },
	{ "zero rate", OK_HEAD "rate = 0\n", 3, "rate" },
	{ "rate not finite", OK_HEAD "rate = nan\n", 3, "rate" },
	{ "zero duration", OK_HEAD "duration_ms = 0\n", 3, "duration_ms" },
	{ "zero blocks", OK_HEAD "blocks = 0\n", 3, "blocks" },
	{ "zero CPUs", OK_HEAD "cpus = 0\n", 3, "cpus" },
	{ "negative seed", OK_HEAD "seed = -1\n", 3, "seed" },
	{ "duplicate scenario names", OK_HEAD "[scenario s]\nchip = gic\n", 3,
	  "duplicate scenario s" },
	{ "duplicate [run]", "[run]\n[run]\n" OK_HEAD, 2, "duplicate [run]" },
	{ "key outside any section", "chip = ioapic\n" OK_HEAD, 1, "chip" },
	{ "unterminated section header", "[scenario s\nchip = ioapic\n", 1,
	  "[section]" },
	{ "scenario without a name", "[scenario]\nchip = ioapic\n", 1,
	  "scenario name" },
	{ "scenario without a chip", "[scenario s]\nrate = 5\n", 1, "chip" },
	{ "unknown fault", OK_HEAD "fault = explode\n", 3, "fault" },
	{ "uio path that is /dev/null",
	  "[scenario s]\nchip = uio\nuio = /dev/null\n", 3,
	  "not a UIO device" },
	{ "uio path that is a regular file",
	  "[scenario s]\nchip = uio\nuio = /etc/passwd\n", 3,
	  "not a UIO device" },
	{ "uio path that is missing",
	  "[scenario s]\nchip = uio\nuio = /dev/uio-irqlab-none\n", 3, "uio" },
};

/* Files a string cannot hold: NUL bytes, a line of a megabyte. */
static const struct raw {
	struct bad b;
	size_t len; /* of b.text */
	size_t long_line; /* then a line of this many 'x' */
} raws[] = {
#define ELF    \
	"\x7f" \
	"ELF\x02\x01\x01\0\0\0\n[scenario s]\n"
	{ { "binary garbage", ELF, 1, "NUL byte" }, sizeof(ELF) - 1, 0 },
	{ { "a 1 MB line", OK_HEAD "rate = ", 3, "line too long" },
	  sizeof(OK_HEAD "rate = ") - 1,
	  1 << 20 },
};

static void run_bad(const struct bad *b, unsigned int i, size_t len,
		    size_t long_line)
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
		fwrite(b->text, 1, len ? len : strlen(b->text), f);
		for (size_t k = 0; k < long_line; k++)
			fputc('x', f);
		if (long_line)
			fputc('\n', f);
		assert_int_equal(fclose(f), 0);
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
	if (rc != 4 || strncmp(err, want, strlen(want)) ||
	    !strstr(err, b->needle) ||
	    strchr(err, '\n') != err + strlen(err) - 1)
		fail_msg(
			"%s: exit %d, wanted 4 and one line \"%s...%s...\", got: %s",
			b->what, rc, want, b->needle, err);
	free(err);
	assert_int_not_equal(access(out, F_OK), 0);
}

static void test_bad_configs(void **state)
{
	unsigned int n = sizeof(bads) / sizeof(bads[0]);

	(void)state;
	for (unsigned int i = 0; i < n; i++)
		run_bad(&bads[i], i, 0, 0);
	for (unsigned int i = 0; i < sizeof(raws) / sizeof(raws[0]); i++)
		run_bad(&raws[i].b, n + i, raws[i].len, raws[i].long_line);
}

/*
 * Command lines. "@ok" is a good scenario file, "@out" a folder that must
 * not appear, "@link" a symbolic link to the empty folder "target",
 * "@dangling" one to nowhere, "@existing" a folder with a file in it.
 */
static const struct bad_line {
	const char *what;
	const char *args[8];
	const char *needle;
} bad_lines[] = {
	{ "seed not a number",
	  { "run", "@ok", "--seed", "x", "-o", "@out" },
	  "--seed" },
	{ "seed too big",
	  { "run", "@ok", "--seed", "99999999999999999999999", "-o", "@out" },
	  "--seed" },
	{ "unknown option",
	  { "run", "@ok", "--bogus", "-o", "@out" },
	  "unknown option --bogus" },
	{ "unknown short option",
	  { "run", "-qx", "@ok", "-o", "@out" },
	  "unknown option -x" },
	{ "option without its argument",
	  { "run", "@ok", "-o" },
	  "needs an argument: -o" },
	{ "missing config",
	  { "run", "/nonexistent/irqlab.ini", "-o", "@out" },
	  "/nonexistent/irqlab.ini" },
	{ "config that is a folder",
	  { "run", "/tmp", "-o", "@out" },
	  "not a regular file" },
	{ "bad CPU list",
	  { "run", "@ok", "--cpus", "0-", "-o", "@out" },
	  "--cpus" },
	{ "CPU the machine lacks",
	  { "run", "@ok", "--cpus", "4095", "-o", "@out" },
	  "--cpus 4095" },
	{ "bad trace buffer size",
	  { "run", "@ok", "--trace-buffer", "x", "-o", "@out" },
	  "--trace-buffer" },
	{ "zero break threshold",
	  { "run", "@ok", "--break-us", "0", "-o", "@out" },
	  "--break-us" },
	{ "output through a symbolic link",
	  { "run", "@ok", "-o", "@link/run" },
	  "symbolic link" },
	{ "output that is a symbolic link",
	  { "run", "@ok", "-o", "@link" },
	  "already exists" },
	{ "output that is a dangling symbolic link",
	  { "run", "@ok", "-o", "@dangling" },
	  "already exists" },
	{ "output that exists",
	  { "run", "@ok", "-o", "@existing" },
	  "already exists" },
	{ "unknown command", { "frobnicate" }, "no command frobnicate" },
	{ "bench option unknown",
	  { "bench", "--bogus", "-o", "@out" },
	  "irqlab bench: unknown option --bogus" },
	{ "compare with one folder",
	  { "compare", "@existing" },
	  "at least one run" },
	{ "report option unknown", { "report", "--bogus" }, "--bogus" },
	{ "soak with no time",
	  { "soak", "--minutes", "0", "-o", "@out" },
	  "--minutes" },
};

static void make_link(const char *to, const char *name)
{
	char path[200];

	snprintf(path, sizeof(path), "%s/%s", tmp, name);
	assert_int_equal(symlink(to, path), 0);
}

static void test_bad_command_lines(void **state)
{
	char so[200], se[200], ok[200], out[200], target[200], existing[200];
	char path[300];
	FILE *f;

	(void)state;
	snprintf(so, sizeof(so), "%s/cl.out", tmp);
	snprintf(se, sizeof(se), "%s/cl.err", tmp);
	snprintf(ok, sizeof(ok), "%s/ok.ini", tmp);
	snprintf(out, sizeof(out), "%s/clrun", tmp);
	snprintf(target, sizeof(target), "%s/target", tmp);
	snprintf(existing, sizeof(existing), "%s/existing", tmp);
	f = fopen(ok, "w");
	assert_non_null(f);
	fputs(OK_HEAD "duration_ms = 20\nblocks = 1\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(mkdir(target, 0755), 0);
	assert_int_equal(mkdir(existing, 0755), 0);
	snprintf(path, sizeof(path), "%s/keep", existing);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fclose(f), 0);
	make_link(target, "link");
	make_link("/nonexistent/irqlab-target", "dangling");

	for (size_t i = 0; i < sizeof(bad_lines) / sizeof(bad_lines[0]); i++) {
		const struct bad_line *b = &bad_lines[i];
		char args[8][200], *argv[10] = { (char *)irqlab };
		char *err;
		int rc;

		for (int k = 0; k < 8 && b->args[k]; k++) {
			const char *v = b->args[k];

			if (!strcmp(v, "@ok"))
				snprintf(args[k], sizeof(args[k]), "%s", ok);
			else if (!strcmp(v, "@out"))
				snprintf(args[k], sizeof(args[k]), "%s", out);
			else if (*v == '@')
				snprintf(args[k], sizeof(args[k]), "%s/%s", tmp,
					 v + 1);
			else
				snprintf(args[k], sizeof(args[k]), "%s", v);
			argv[k + 1] = args[k];
		}
		rc = spawn_irqlab(argv, so, se, 0, NULL);
		err = slurp(se);
		assert_non_null(err);
		if (rc != 4 || !strstr(err, b->needle) || !*err ||
		    strchr(err, '\n') != err + strlen(err) - 1)
			fail_msg(
				"%s: exit %d, wanted 4 and one line with \"%s\", got: %s",
				b->what, rc, b->needle, err);
		free(err);
		assert_int_not_equal(access(out, F_OK), 0);
	}
	/* Nothing was written through the links. */
	snprintf(path, sizeof(path), "%s/run", target);
	assert_int_not_equal(access(path, F_OK), 0);
	assert_int_equal(rmdir(target), 0);
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
	return test_scratch_end(tmp, ret);
}
