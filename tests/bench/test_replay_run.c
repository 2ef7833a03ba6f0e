// SPDX-License-Identifier: GPL-2.0
/*
 * Pattern replay end to end: `irqlab run` of the recording shipped in
 * configs/replay/ (a real virtio-blk trace, one of its two irqs picked)
 * and of a plain recording played twice as fast, each through two
 * designs. Checked: the books balance (fired = serviced + stranded, none
 * stranded), and block by block, from samples.bin as analysis/formats/run.c
 * reads it, each design fired exactly the block's slice of the recording: as
 * many events as bench_stim plays for that block, at the recorded gaps
 * over the speed, to the ns, once each; and summary.json says where the
 * arrivals came from (file, format, irq, speed). And configs/replay.ini,
 * --quick: every design of every scenario fired its slices whole.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>
#include "analysis/run.h"
#include "e2e.h"
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include "bench/bench.h"
#include "device/replay.h"
#include "device/stim.h"
#include "scratch.h"

static const char *irqlab, *srcdir;
static char tmp[] = "/tmp/irqlab-replay-XXXXXX";

/* Long: a design must strand nothing, and a block ends when all are in. */
#define DRAIN "drain_ms = 10000\n"
#define DURATION_MS 200
#define BLOCKS 4

/* Run config @text as @name; the run folder's path into @out. */
static void run(const char *name, const char *text, char *out, size_t len)
{
	char cfg[4200], so[4300], se[4300];

	test_config(cfg, sizeof(cfg), tmp, name, text);
	test_paths(tmp, name, out, len, so, sizeof(so), se, sizeof(se));
	char *argv[] = { (char *)irqlab, "run", cfg, "-o", out, NULL };
	int rc = spawn_irqlab(argv, so, se, 0, NULL);

	if (rc) {
		char *e = slurp(se);

		fail_msg("irqlab run exited %d: %s", rc, e ? e : "");
	}
}

/* Block @b's fire times, ns from the block's start, as bench_stim plays. */
static size_t expected(const struct bench_replay *r, double speed,
		       unsigned int b, uint64_t **out)
{
	uint64_t block_ns = (uint64_t)DURATION_MS * 1000000 / BLOCKS, t;
	size_t n = 0, cap = bench_replay_capacity(r, (double)block_ns * speed);
	struct bench_stim s;

	*out = malloc(cap * sizeof(**out));
	assert_non_null(*out);
	bench_stim_init(&s, BENCH_PAT_REPLAY, 10000, 1, 0, 0, 1);
	bench_stim_replay(&s, r, speed, b, block_ns);
	while ((t = bench_stim_next(&s)) < block_ns) {
		assert_true(n < cap);
		(*out)[n++] = t;
	}
	return n;
}

/* Every block of design @d fired the block's slice, at its gaps. */
static uint64_t check_blocks(const struct run_design *d,
			     const struct bench_replay *r, double speed)
{
	uint64_t total = 0;

	for (unsigned int b = 0; b < BLOCKS; b++) {
		uint64_t *want, first = 0;
		size_t n = expected(r, speed, b, &want), k = 0;

		for (size_t i = 0; i < d->n; i++) {
			const struct run_event *e = &d->ev[i];

			if (e->block != b)
				continue;
			if (!k)
				first = e->intended_ns;
			assert_true(k < n);
			if (e->intended_ns - first != want[k] - want[0])
				fail_msg("%s block %u event %zu: fired %llu ns "
					 "after the first, recorded %llu",
					 d->design, b, k,
					 (unsigned long long)(e->intended_ns -
							      first),
					 (unsigned long long)(want[k] -
							      want[0]));
			k++;
		}
		print_message("%s block %u: %zu of %zu recorded arrivals\n",
			      d->design, b, k, n);
		assert_int_equal(k, n);
		assert_true(n > 0);
		total += n;
		free(want);
	}
	return total;
}

/* The run in @dir: books, blocks and the replay object of scenario 0. */
static void check_run(const char *dir, const char *rec, const char *irq,
		      double speed, const char *format)
{
	struct bench_replay *r;
	struct run run = { 0 };
	char err[1024];
	json_t *rj;

	if (bench_replay_load(rec, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(bench_replay_select(r, bench_replay_find(r, irq)), 0);
	if (run_load(dir, true, &run, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(run.complete && run.has_samples);
	assert_int_equal(run.nsc, 1);
	assert_int_equal(run.sc[0].nd, 2);
	for (size_t k = 0; k < run.sc[0].nd; k++) {
		const struct run_design *d = &run.sc[0].d[k];

		assert_int_equal(d->fired, d->serviced + d->stranded);
		assert_int_equal(d->stranded, 0);
		assert_int_equal(d->n, d->serviced);
		assert_int_equal(check_blocks(d, r, speed), d->fired);
	}
	rj = json_object_get(
		json_array_get(json_object_get(run.summary, "scenarios"), 0),
		"replay");
	assert_true(json_is_object(rj));
	assert_string_equal(json_string_value(json_object_get(rj, "format")),
			    format);
	assert_true(json_real_value(json_object_get(rj, "speed")) == speed);
	assert_int_equal(json_integer_value(json_object_get(rj, "arrivals")),
			 r->n);
	assert_true(run.sc[0].has_replay);
	assert_string_equal(run.sc[0].replay.format, format);
	assert_true(run.sc[0].replay.speed == speed);
	assert_int_equal(run.sc[0].replay.arrivals, r->n);
	assert_int_equal(run.sc[0].replay.loop_ns, r->loop_ns);
	run_free(&run);
	bench_replay_free(r);
}

/* The shipped virtio-blk trace, one of its irqs, at its own pace. */
static void test_shipped_trace(void **state)
{
	char cfg[8192], out[4200], rec[4200];

	(void)state;
	snprintf(rec, sizeof(rec), "%s/configs/replay/virtio-blk.trace",
		 srcdir);
	snprintf(
		cfg, sizeof(cfg),
		"[scenario virtio]\nchip = ioapic\ntrigger = edge\n"
		"designs = flow do_irq\npattern = replay\nreplay = %s\n"
		"replay_irq = virtio1-req.0\nduration_ms = %d\nblocks = %d\n" DRAIN,
		rec, DURATION_MS, BLOCKS);
	run("virtio", cfg, out, sizeof(out));
	check_run(out, rec, "virtio1-req.0", 1, "ftrace");
}

/* A plain recording of two irqs, one picked by number, twice as fast. */
static void test_plain_fast(void **state)
{
	char out[4200], rec[4200];
	uint64_t t = 0;
	FILE *f;

	(void)state;
	snprintf(rec, sizeof(rec), "%s/plain.rec", tmp);
	f = fopen(rec, "w");
	assert_non_null(f);
	fprintf(f, "# ns irq\n");
	for (unsigned int i = 0; i < 400; i++) {
		/* gaps of 50 to 950 us; a second irq in between */
		t += 50000 + (i * 7919 % 10) * 100000;
		fprintf(f, "%llu 7\n%llu 9\n", (unsigned long long)t,
			(unsigned long long)(t + 20000));
	}
	assert_int_equal(fclose(f), 0);
	run("plain",
	    "[scenario plain]\nchip = i8259\ntrigger = level\n"
	    "designs = flow do_irq\npattern = replay\nreplay = plain.rec\n"
	    "replay_irq = 7\nreplay_speed = 2\nduration_ms = 200\n"
	    "blocks = 4\n" DRAIN,
	    out, sizeof(out));
	check_run(out, rec, "7", 2, "plain");
}

/* The fire times bench_stim plays in block @b of @sc, counted. */
static uint64_t slice_count(const struct bench_scenario *sc, unsigned int b)
{
	uint64_t block_ns = (uint64_t)sc->duration_ms * 1000000 / sc->blocks;
	struct bench_stim st;
	uint64_t n = 0;

	bench_stim_init(&st, BENCH_PAT_REPLAY, 10000, 1, 0, 0, 1);
	bench_stim_replay(&st, sc->replay_rec, sc->replay_speed, b, block_ns);
	while (bench_stim_next(&st) < block_ns)
		n++;
	return n;
}

/* Replace the first @from in @text by @to; fail if there is none. */
static char *replace(char *text, const char *from, const char *to)
{
	char *at = strstr(text, from), *out;
	size_t n;

	if (!at)
		fail_msg("configs/replay.ini: no \"%s\" to replace", from);
	n = strlen(text) - strlen(from) + strlen(to) + 1;
	out = malloc(n);
	assert_non_null(out);
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to,
		 at + strlen(from));
	free(text);
	return out;
}

/*
 * configs/replay.ini into the scratch folder as @ini: the recording's
 * path made absolute, the drain long (a block ends once all is
 * serviced; a thread kept off its PU on a loaded machine is not a
 * design that strands).
 */
static void shipped_copy(char *ini, size_t len)
{
	char path[4200], rec[4300];
	char *text;
	FILE *f;

	snprintf(path, sizeof(path), "%s/configs/replay.ini", srcdir);
	text = slurp(path);
	assert_non_null(text);
	snprintf(rec, sizeof(rec), "replay = %s/configs/replay/", srcdir);
	text = replace(text, "replay = replay/", rec);
	text = replace(text, "\ndrain_ms = 50\n", "\n" DRAIN);
	snprintf(ini, len, "%s/replay.ini", tmp);
	f = fopen(ini, "w");
	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
	free(text);
}

/*
 * configs/replay.ini --quick: every scenario, every design fired its
 * blocks' slices whole, and the books balance. Only edge-masking may
 * strand (an IO-APIC drops edges while it masks).
 */
static void test_shipped_config(void **state)
{
	struct bench_params p = { .quick = true };
	struct bench_config cfg = { 0 };
	char ini[4200], out[4200], so[4300], se[4300], err[1024];
	json_t *j, *sc, *d;
	json_error_t je;
	size_t i, k;
	int rc;

	(void)state;
	shipped_copy(ini, sizeof(ini));
	if (bench_config_load(&cfg, ini, &p, err, sizeof(err)))
		fail_msg("%s", err);
	test_paths(tmp, "shipped", out, sizeof(out), so, sizeof(so), se,
		   sizeof(se));
	char *argv[] = { (char *)irqlab, "run", ini, "--quick",
			 "--no-report",	 "-o",	out, NULL };
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc) {
		char *e = slurp(se);

		fail_msg("irqlab run exited %d: %s", rc, e ? e : "");
	}
	snprintf(so, sizeof(so), "%s/summary.json", out);
	j = json_load_file(so, 0, &je);
	assert_non_null(j);
	assert_int_equal(json_array_size(json_object_get(j, "scenarios")),
			 cfg.nr);
	json_array_foreach(json_object_get(j, "scenarios"), i, sc)
	{
		uint64_t want = 0;

		assert_int_equal(
			json_array_size(json_object_get(sc, "designs")),
			cfg.sc[i].nr_designs);
		for (unsigned int b = 0; b < cfg.sc[i].blocks; b++)
			want += slice_count(&cfg.sc[i], b);
		json_array_foreach(json_object_get(sc, "designs"), k, d)
		{
			json_int_t fired =
				json_integer_value(json_object_get(d, "fired"));
			json_int_t serv = json_integer_value(
				json_object_get(d, "serviced"));
			json_int_t strand = json_integer_value(
				json_object_get(d, "stranded"));
			const char *design =
				json_string_value(json_object_get(d, "design"));

			print_message("%s %s: fired %lld of %llu, stranded "
				      "%lld\n",
				      cfg.sc[i].name, design, (long long)fired,
				      (unsigned long long)want,
				      (long long)strand);
			assert_int_equal(fired, want);
			assert_int_equal(fired, serv + strand);
			if (strcmp(design, "edge-masking"))
				assert_int_equal(strand, 0);
		}
	}
	json_decref(j);
	bench_config_free(&cfg);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_trace),
		cmocka_unit_test(test_plain_fast),
		cmocka_unit_test(test_shipped_config),
	};
	int ret;

	if (argc < 3)
		return 77;
	irqlab = argv[1];
	srcdir = argv[2];
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	return test_scratch_end(tmp, ret);
}
