// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab soak` end to end: a 3-second soak of a small scenario file
 * (SOAK_CONFIG: a cycle in well under a second, so a soak has several)
 * runs at least one cycle, each with its own seed, finds no mismatch,
 * counts the interrupts, removes the folders that held up and says so in
 * a complete soak.json. And its check is not vacuous: `soak --check` on
 * a run folder passes, then fails, naming the scenario and design, once
 * summary.json's books are off by one event, and again once one record
 * of samples.bin loses its serviced flag. A samples.bin cut short by a
 * byte, or a summary.json without a design's handler_runs, is refused
 * with one line naming the file and what is wrong (a missing key was once
 * read as 0).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>
#include <sys/stat.h>
#include "e2e.h"
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include "analysis/samples.h"
#include "bench/bench.h"

#define FLAGS 31 /* a record's flags byte (docs/results.md) */

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-soak-XXXXXX";

/*
 * What each soak cycle runs: two chips, the flow handlers and __do_IRQ,
 * 2 x 20 ms blocks each. The default suite's own books are checked by
 * test_check_finds_mismatches (`irqlab run --quick`, then --check).
 */
#define SOAK_CONFIG                                                 \
	"[run]\nduration_ms = 20\nblocks = 2\nrate = 2000\n"        \
	"drain_ms = 10000\n"                                        \
	"[scenario soft-simple]\nchip = soft\ntrigger = simple\n"   \
	"designs = flow do_irq\n"                                   \
	"[scenario ioapic-level]\nchip = ioapic\ntrigger = level\n" \
	"designs = flow do_irq\n"

static void test_soak_3s(void **state)
{
	char out[4200], so[4300], se[4300], path[4400], cfg[4200];
	char *argv[] = { (char *)irqlab, "soak", cfg, "--seconds", "3",
			 "-q",		 "-o",	 out, NULL };
	json_t *j, *c;
	struct stat st;
	size_t i;
	FILE *f;
	int rc;

	(void)state;
	TEST_PATHS(tmp, "soak", out, so, se);
	snprintf(cfg, sizeof(cfg), "%s/soak.ini", tmp);
	f = fopen(cfg, "w");
	assert_non_null(f);
	fputs(SOAK_CONFIG, f);
	assert_int_equal(fclose(f), 0);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc) {
		char *o = slurp(so), *e = slurp(se);

		fail_msg("irqlab soak exited %d: %s%s", rc, o ? o : "",
			 e ? e : "");
	}
	snprintf(path, sizeof(path), "%s/soak.json", out);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	assert_true(json_is_true(json_object_get(j, "complete")));
	assert_int_equal(json_integer_value(json_object_get(j, "mismatches")),
			 0);
	assert_true(json_integer_value(json_object_get(j, "interrupts")) > 0);
	assert_true(json_array_size(json_object_get(j, "cycles")) >= 1);
	json_array_foreach(json_object_get(j, "cycles"), i, c)
	{
		const json_t *prev =
			i ? json_array_get(json_object_get(j, "cycles"),
					   i - 1) :
			    NULL;

		assert_int_equal(json_integer_value(json_object_get(c, "exit")),
				 0);
		assert_true(json_integer_value(
				    json_object_get(c, "interrupts")) > 0);
		if (prev)
			assert_string_not_equal(
				json_string_value(json_object_get(c, "seed")),
				json_string_value(
					json_object_get(prev, "seed")));
		snprintf(path, sizeof(path), "%s/cycle-%04zu", out, i);
		assert_int_not_equal(stat(path, &st), 0); /* removed */
	}
	json_decref(j);
}

/*
 * Run `irqlab soak --check @dir`: its exit status, its stdout in @msg (its
 * stderr with @err_out: NULL or in *@err_out).
 */
static int check_err(const char *dir, char **msg, char **err_out)
{
	char so[4300], se[4300];
	char *argv[] = { (char *)irqlab, "soak", "--check", (char *)dir, NULL };
	int rc;

	snprintf(so, sizeof(so), "%s/check.out", tmp);
	snprintf(se, sizeof(se), "%s/check.err", tmp);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*msg = slurp(so);
	assert_non_null(*msg);
	if (err_out) {
		*err_out = slurp(se);
		assert_non_null(*err_out);
	}
	return rc;
}

static int check(const char *dir, char **msg)
{
	return check_err(dir, msg, NULL);
}

/* --check fails with one line on stderr naming @file and @what. */
static void check_refuses(const char *dir, const char *file, const char *what)
{
	char *msg, *err, want[4500];

	snprintf(want, sizeof(want), "irqlab soak: %s/%s", dir, file);
	assert_int_equal(check_err(dir, &msg, &err), 1);
	if (strncmp(err, want, strlen(want)) || !strstr(err, what) ||
	    strchr(err, '\n') != err + strlen(err) - 1)
		fail_msg("wanted one line \"%s...%s\", got \"%s\"", want, what,
			 err);
	free(msg);
	free(err);
}

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void test_check_finds_mismatches(void **state)
{
	char out[4200], so[4300], se[4300], sum[4400], smp[4400];
	char *argv[] = { (char *)irqlab, "run", "--quick",     "-q",
			 "-o",		 out,	"--no-report", NULL };
	char *orig, *bin, *msg;
	size_t len = 0, blen = 0;
	json_t *j, *d;

	(void)state;
	TEST_PATHS(tmp, "run", out, so, se);
	assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 0);
	assert_int_equal(check(out, &msg), 0);
	assert_non_null(strstr(msg, "books balance"));
	free(msg);

	/* One event more fired than serviced and stranded. */
	snprintf(sum, sizeof(sum), "%s/summary.json", out);
	orig = slurp_len(sum, &len);
	assert_non_null(orig);
	j = json_loads(orig, 0, NULL);
	assert_non_null(j);
	d = json_array_get(
		json_object_get(json_array_get(json_object_get(j, "scenarios"),
					       0),
				"designs"),
		0);
	json_object_set_new(
		d, "fired",
		json_integer(json_integer_value(json_object_get(d, "fired")) +
			     1));
	assert_int_equal(json_dump_file(j, sum, 0), 0);
	assert_int_equal(check(out, &msg), 1);
	assert_non_null(strstr(msg, "mismatches"));
	assert_non_null(strstr(
		msg, json_string_value(json_object_get(
			     json_array_get(json_object_get(j, "scenarios"), 0),
			     "name"))));
	free(msg);
	json_decref(j);
	write_file(sum, orig, len);

	/* The first record no longer serviced, its stamps left as they are. */
	snprintf(smp, sizeof(smp), "%s/samples.bin", out);
	bin = slurp_len(smp, &blen);
	assert_non_null(bin);
	assert_true(blen > SAMPLES_HEADER + SAMPLES_RECORD);
	assert_true(bin[SAMPLES_HEADER + FLAGS] & SAMPLE_SERVICED);
	bin[SAMPLES_HEADER + FLAGS] &= (char)~SAMPLE_SERVICED;
	write_file(smp, bin, blen);
	assert_int_equal(check(out, &msg), 1);
	assert_non_null(strstr(msg, "samples.bin"));
	free(msg);

	/* A partial last record: refused, not read short. */
	bin[SAMPLES_HEADER + FLAGS] |= SAMPLE_SERVICED;
	write_file(smp, bin, blen - 1);
	check_refuses(out, "samples.bin",
		      ": records: truncated (a partial last record)");
	write_file(smp, bin, blen);
	free(bin);

	/* A key summary.json must have is an error, never a 0. */
	j = json_loads(orig, 0, NULL);
	assert_non_null(j);
	json_object_del(
		json_array_get(
			json_object_get(
				json_array_get(json_object_get(j, "scenarios"),
					       0),
				"designs"),
			0),
		"handler_runs");
	assert_int_equal(json_dump_file(j, sum, 0), 0);
	json_decref(j);
	check_refuses(out, "summary.json",
		      ": scenarios[0].designs[0].handler_runs: missing");
	write_file(sum, orig, len);
	free(orig);
	assert_int_equal(check(out, &msg), 0);
	free(msg);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_soak_3s),
	cmocka_unit_test(test_check_finds_mismatches),
};

E2E_MAIN(tmp, irqlab, tests)
