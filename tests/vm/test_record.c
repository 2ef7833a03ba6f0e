// SPDX-License-Identifier: GPL-2.0
/*
 * `./irqlab vm record --seconds 1 -o FILE`: the QEMU TCG guest traces
 * irq:irq_handler_entry while direct I/O drives its virtio-blk load disk,
 * and FILE comes back under a header saying what produced it. Checked:
 * the header (kernel, QEMU, load, date, and the event count that
 * bench/device/replay.c must find), the recording reads as ftrace with only
 * virtio sources, each with arrivals to play; a FILE that exists is
 * refused and kept; an unknown load is refused before QEMU starts.
 *
 * Skipped (77) only when the rig cannot exist here (tests/vm/rig.h).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "rig.h"
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include "device/replay.h"
#include "scratch.h"

static const char *src;
static char tmp[] = "/tmp/irqlab-vm-record-XXXXXX";

static int record(const char *out, const char *load, char *err_file, size_t len)
{
	char top[4096], so[4200];

	snprintf(top, sizeof(top), "%s/irqlab", src);
	snprintf(so, sizeof(so), "%s/record.out", tmp);
	snprintf(err_file, len, "%s/record.err", tmp);
	/*
	 * QEMU's limit is generous: a TCG guest on a busy host boots in
	 * minutes (120 s, the default, ran out beside one CPU hog). The
	 * trace's content, not its speed, is what is checked.
	 */
	char *argv[] = { top,	"vm",	  "record",	"--seconds",
			 "1",	"--load", (char *)load, "--timeout",
			 "600", "-o",	  (char *)out,	NULL };
	return spawn_irqlab(argv, so, err_file, 0, NULL);
}

static void test_record_disk(void **state)
{
	char out[4200], se[4200], line[512], err[1024];
	const char *want[] = { "# irqlab vm record: ", "# guest kernel: ",
			       "# QEMU: ", "# load: disk for 1 s",
			       "# recorded: " };
	struct bench_replay *r;
	unsigned long n = 0;
	FILE *f;
	int rc;

	(void)state;
	snprintf(out, sizeof(out), "%s/disk.trace", tmp);
	rc = record(out, "disk", se, sizeof(se));
	if (rc) {
		char *e = tail_of(se, 4000);

		fail_msg("irqlab vm record exited %d:\n%s", rc, e ? e : "");
	}
	f = fopen(out, "r");
	assert_non_null(f);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_non_null(fgets(line, sizeof(line), f));
		if (i == 1)
			assert_non_null(fgets(line, sizeof(line), f));
		if (strncmp(line, want[i], strlen(want[i])))
			fail_msg("header line: wanted \"%s...\", got %s",
				 want[i], line);
		if (!i)
			assert_int_equal(
				sscanf(line, "# irqlab vm record: %lu", &n), 1);
	}
	fclose(f);
	if (bench_replay_load(out, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(r->format, BENCH_REPLAY_FTRACE);
	assert_int_equal(r->nr_all, n);
	assert_true(n >= 100);
	for (size_t i = 0; i < r->nr_irqs; i++) {
		print_message("irq %ld %s: %zu arrivals\n", r->irqs[i].num,
			      r->irqs[i].name, r->irqs[i].count);
		assert_int_equal(strncmp(r->irqs[i].name, "virtio", 6), 0);
		assert_int_equal(bench_replay_select(r, (int)i), 0);
	}
	bench_replay_free(r);

	/* The file is there now: refused, and kept. */
	rc = record(out, "disk", se, sizeof(se));
	assert_int_equal(rc, 1);
	assert_int_equal(access(out, R_OK), 0);
}

static void test_unknown_load(void **state)
{
	char out[4200], se[4200], *e;

	(void)state;
	snprintf(out, sizeof(out), "%s/none.trace", tmp);
	assert_int_equal(record(out, "gpu", se, sizeof(se)), 1);
	e = slurp(se);
	assert_non_null(e);
	assert_non_null(strstr(e, "--load gpu: not a load this rig has"));
	free(e);
	assert_int_not_equal(access(out, F_OK), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_load),
		cmocka_unit_test(test_record_disk),
	};
	int ret;

	if (argc < 3)
		return 77;
	src = argv[2];
	if (!mkdtemp(tmp))
		return 1;
	ret = rig_ready(src, tmp);
	if (!ret)
		ret = cmocka_run_group_tests(tests, NULL, NULL);
	/* A failure keeps the folder to look at. */
	return test_scratch_end(tmp, ret);
}
