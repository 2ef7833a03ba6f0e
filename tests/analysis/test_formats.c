// SPDX-License-Identifier: GPL-2.0
/*
 * The run folder's formats, each through its one owner: samples.bin
 * (analysis/formats/samples.c), summary.json (summary.c, design.c) and
 * environment.json (environment.c). What the writer writes, the reader
 * reads back the same; and every reader refuses a truncated or malformed
 * file with one sentence that names the file and what is wrong: a
 * samples.bin too short, of another magic, version or record size, or
 * ending in a partial record; a summary.json or environment.json that is
 * not JSON, of another format, or missing a field the format requires
 * (never read as 0), or with a field of the wrong type. Fields that came
 * later in format 1 may be absent.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "analysis/environment.h"
#include "analysis/run.h"
#include "analysis/samples.h"
#include "analysis/summary.h"

static char dir[] = "/tmp/irqlab-formats-XXXXXX";

static void path_of(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

static void write_bytes(const char *name, const void *p, size_t n)
{
	char path[4096];
	FILE *f;

	path_of(path, sizeof(path), name);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

static void write_json(const char *name, const json_t *j)
{
	char path[4096];

	path_of(path, sizeof(path), name);
	assert_int_equal(json_dump_file(j, path, JSON_PRESERVE_ORDER), 0);
}

/* One sentence: "PATH: ..." on one line, with @what in it. */
static void assert_sentence(const char *err, const char *name, const char *what)
{
	char path[4096];

	path_of(path, sizeof(path), name);
	if (strncmp(err, path, strlen(path)) || !strstr(err, what) ||
	    strchr(err, '\n'))
		fail_msg("wanted one line \"%s...%s...\", got \"%s\"", path,
			 what, err);
}

static const struct sample recs[3] = {
	{ .intended_ns = 0x0102030405060708ULL,
	  .entry_ns = 250,
	  .exit_ns = 900,
	  .seq = 0xa1b2c3d4,
	  .scenario = 0x0102,
	  .design = 1,
	  .flags = SAMPLE_SERVICED | SAMPLE_OVERRUN | 3 << SAMPLE_DEVICE_SHIFT,
	  .chip_accesses = 7,
	  .block = 3,
	  .cpu = 0x0a0b,
	  .noise_ns = 0xc1c2c3c4,
	  .slot = 5,
	  .late_ns = 0xd1d2d3d4,
	  .access_ns = 0xe1e2e3e4,
	  .close_ns = 0xf1f2f3f4 },
	{ .intended_ns = 2000,
	  .entry_ns = SAMPLE_NEVER,
	  .exit_ns = SAMPLE_NEVER,
	  .seq = 1,
	  .cpu = SAMPLE_NO_CPU },
	{ .intended_ns = 3000, .entry_ns = 10, .exit_ns = 20, .seq = 2 },
};

/* A samples.bin of @nr of recs[], header and all, in @buf. */
static size_t encode(unsigned char *buf, size_t nr)
{
	samples_put_header(buf, 123456789);
	for (size_t i = 0; i < nr; i++)
		samples_put(buf + SAMPLES_HEADER + i * SAMPLES_RECORD,
			    &recs[i]);
	return SAMPLES_HEADER + nr * SAMPLES_RECORD;
}

static void test_samples_read_back(void **state)
{
	unsigned char buf[SAMPLES_HEADER + 3 * SAMPLES_RECORD];
	struct samples_file f;
	struct sample s;
	char path[4096], err[512];

	(void)state;
	write_bytes("samples.bin", buf, encode(buf, 3));
	path_of(path, sizeof(path), "samples.bin");
	assert_int_equal(samples_open(&f, path, err, sizeof(err)), 0);
	assert_int_equal(f.version, SAMPLES_VERSION);
	assert_int_equal(f.nr, 3);
	assert_true(f.t0_ns == 123456789);
	assert_true(samples_have_slots(&f));
	assert_true(samples_have_times(&f));
	for (size_t i = 0; i < 3; i++) {
		memset(&s, 0, sizeof(s)); /* the padding too */
		samples_get(&f, i, &s);
		assert_memory_equal(&s, &recs[i], sizeof(s));
	}
	samples_close(&f);
}

/*
 * Version 1 and 2 files: 40-byte records; version 3: 48 bytes. Without
 * what came later.
 */
static void test_samples_older_versions(void **state)
{
	unsigned char buf[SAMPLES_HEADER + SAMPLES_RECORD];
	struct samples_file f;
	struct sample s;
	char path[4096], err[512];

	(void)state;
	path_of(path, sizeof(path), "samples.bin");
	for (uint32_t v = 1; v <= 3; v++) {
		unsigned char rec = v < 3 ? 40 : 48;

		encode(buf, 1);
		buf[8] = (unsigned char)v; /* the header's version */
		buf[12] = rec; /* its record size */
		write_bytes("samples.bin", buf, SAMPLES_HEADER + rec);
		assert_int_equal(samples_open(&f, path, err, sizeof(err)), 0);
		assert_int_equal(f.nr, 1);
		assert_int_equal(samples_have_slots(&f), v == 3);
		assert_false(samples_have_times(&f));
		samples_get(&f, 0, &s);
		assert_true(s.entry_ns == recs[0].entry_ns);
		assert_int_equal(s.block, recs[0].block);
		assert_int_equal(s.cpu, v == 1 ? SAMPLE_NO_CPU : recs[0].cpu);
		assert_int_equal(s.noise_ns, v == 3 ? recs[0].noise_ns : 0);
		assert_int_equal(s.slot, v == 3 ? recs[0].slot : 0);
		assert_int_equal(s.late_ns, 0);
		assert_int_equal(s.access_ns, 0);
		assert_int_equal(s.close_ns, 0);
		samples_close(&f);
	}
}

static void test_samples_refused(void **state)
{
	static const struct {
		size_t len; /* bytes kept */
		size_t at; /* a byte to change, or 0 */
		unsigned char to;
		const char *what;
	} bad[] = {
		{ 0, 0, 0, "header: truncated (shorter than 32 bytes)" },
		{ 31, 0, 0, "header: truncated (shorter than 32 bytes)" },
		{ 80, 0, 'J', "header: not an irqlab samples file (magic)" },
		{ 80, 8, 9, "header: unknown version" },
		{ 80, 8, 0, "header: unknown version" },
		{ 80, 12, 48, "header: record size under 64 bytes" },
		{ 80, 12, 0, "header: record size under 64 bytes" },
		{ 79, 0, 0, "records: truncated (a partial last record)" },
		{ 90, 0, 0, "records: truncated (a partial last record)" },
	};
	unsigned char buf[SAMPLES_HEADER + 3 * SAMPLES_RECORD];
	struct samples_file f;
	char path[4096], err[512];

	(void)state;
	path_of(path, sizeof(path), "samples.bin");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		encode(buf, 3);
		if (bad[i].at || bad[i].to)
			buf[bad[i].at] = bad[i].to;
		write_bytes("samples.bin", buf, bad[i].len);
		err[0] = '\0';
		assert_int_equal(samples_open(&f, path, err, sizeof(err)),
				 -EINVAL);
		assert_sentence(err, "samples.bin", bad[i].what);
		assert_null(f.map);
	}
	unlink(path);
	assert_int_equal(samples_open(&f, path, err, sizeof(err)), -ENOENT);
	assert_sentence(err, "samples.bin", "No such file");
}

static unsigned int cpu_pu[2] = { 3, 1 };
static double bq[RUN_NQ][2] = { { 100, NAN }, { 200, NAN }, { 300, NAN } };
static struct run_dispatch dispatch[2] = {
	{ "edge", NAN, 20.5, 300.25 },
	{ "level", 10, 21, 310 },
};

static void fill_design(struct run_design *d, const char *name, int slot)
{
	*d = (struct run_design){
		.design = name,
		.slot = slot,
		.flow = "handle_edge_irq",
		.fired = 10,
		.serviced = 9,
		.stranded = 1,
		.coalesced = 2,
		.spurious = 3,
		.overruns = 4,
		.dropped_edges = 5,
		.chip_spurious = 6,
		.storm_fires = 7,
		.handler_runs = 7,
		.chip_accesses = 21,
		.disables = 1,
		.blocks = 2,
		.seconds = 0.25,
		.throughput = 36,
		.accesses_per_irq = NAN,
		.entry = { 9, 100, 200, 300, 400, 500, 600, 212.5, 1.5 },
		.exit = { 9, 110, 210, 310, 410, 510, 610, 222.5, 2.5 },
		.nblocks = 2,
		.bq = { bq[0], bq[1], bq[2] },
		.has_noise = true,
		.noise_threshold_ns = 1000,
		.noise_span_ns = 5000,
		.noise_events = 2,
		.noise_cpu = { 1, 2, 3, 4 },
		.noise_dev = { 5, 6, 7, 8 },
		.quiet = { 7, 100, 200, 300, 400, 500, 600, 200, 1 },
	};
}

/* A summary.json of one scenario, a threaded and a uio design, traced. */
static json_t *summary_doc(void)
{
	static struct run_design d[2];
	static struct run_scenario sc = {
		.name = "edge",
		.file = "test.ini",
		.chip = "ioapic",
		.trigger = "edge",
		.pin = 16,
		.pattern = "periodic",
		.rate_hz = 1000.5,
		.devices = 1,
		.wait = "spin",
		.has_placement = true,
		.placement = { cpu_pu, 2, 1, true, 0, true, "moved" },
		.control_shift_ns = 250,
		.d = d,
		.nd = 2,
	};
	struct run r = {
		.irqlab = "0.1.0",
		.started = "2026-01-01T00:00:00Z",
		.finished = "2026-01-01T00:01:00Z",
		.host = "vm",
		.complete = true,
		.sc = &sc,
		.nsc = 1,
		.traced = true,
		.trace = { "trace", "session", 3, 101.5, 2, dispatch, 2 },
		.has_break = true,
		.brk = { 5000, 7000, "edge", "flow", 1, 42 },
	};
	json_t *j;

	fill_design(&d[0], "threaded", 0);
	d[0].threaded = true;
	d[0].thread_policy = "SCHED_FIFO";
	d[0].thread_fifo = "granted";
	d[0].thread_runs = 5;
	d[0].masked_ns = 6;
	d[0].hard = d[0].exit;
	d[0].has_origin = true;
	d[0].origin = RUN_FROM_FIRE;
	d[0].has_late = true;
	d[0].late = (struct irqstat){ .count = 10,
				      .p50 = 60,
				      .p90 = 80,
				      .p99 = 900,
				      .p999 = 950,
				      .max = 990,
				      .mean = 150,
				      .stddev = 20 };
	fill_design(&d[1], "flow", 1);
	d[1].has_origin = true;
	d[1].origin = RUN_FROM_INTENDED;
	d[1].has_uio = true;
	d[1].uio = (struct run_uio){
		"/dev/uio0", "uio_pci_generic", "edu", "intx", -1, 3, 5, 6
	};
	/* The least a bench object holds (summary_bench.c). */
	r.bench = json_pack("{s:n, s:b}", "handoff_ns", "callgrind", 0);
	j = summary_json(&r);
	json_decref(r.bench);
	assert_non_null(j);
	return j;
}

static void test_summary_read_back(void **state)
{
	json_t *j = summary_doc(), *again;
	const struct run_design *d;
	char err[512];
	struct run r;

	(void)state;
	write_json("summary.json", j);
	assert_int_equal(summary_load(dir, &r, err, sizeof(err)), 0);
	assert_int_equal(r.nsc, 1);
	assert_int_equal(r.sc[0].nd, 2);
	d = &r.sc[0].d[0];
	assert_true(d->threaded && d->hard.p50 == 210);
	assert_true(r.sc[0].d[1].has_uio && r.sc[0].d[1].uio.kernel_irq == -1);
	assert_true(isnan(d->accesses_per_irq) && isnan(d->bq[0][1]));
	assert_true(r.traced && isnan(r.trace.dispatch[0].compiled_out));
	assert_true(r.has_break && r.brk.seq == 42);
	assert_true(d->has_origin && d->origin == RUN_FROM_FIRE);
	assert_true(d->has_late && d->late.p99 == 900 && d->late.count == 10);
	assert_true(r.sc[0].d[1].has_origin &&
		    r.sc[0].d[1].origin == RUN_FROM_INTENDED);
	assert_false(r.sc[0].d[1].has_late);
	again = summary_json(&r);
	if (!json_equal(j, again))
		fail_msg("summary.json read back writes another document");
	json_decref(again);
	run_free(&r);
	json_decref(j);
}

/* Load summary.json with @edit applied: its error, or "" if it loads. */
static int load_edited(void (*edit)(json_t *), char *err, size_t errlen)
{
	json_t *j = summary_doc();
	struct run r;
	int ret;

	edit(j);
	write_json("summary.json", j);
	json_decref(j);
	err[0] = '\0';
	ret = summary_load(dir, &r, err, errlen);
	run_free(&r);
	return ret;
}

static json_t *design0(json_t *j)
{
	return json_array_get(
		json_object_get(json_array_get(json_object_get(j, "scenarios"),
					       0),
				"designs"),
		0);
}

static void no_handler_runs(json_t *j)
{
	json_object_del(design0(j), "handler_runs");
}

static void fired_a_string(json_t *j)
{
	json_object_set_new(design0(j), "fired", json_string("10"));
}

static void no_exit_latency(json_t *j)
{
	json_object_del(json_object_get(design0(j), "latency_ns"), "exit");
}

static void no_p99(json_t *j)
{
	json_object_del(
		json_object_get(json_object_get(design0(j), "latency_ns"),
				"entry"),
		"p99");
}

static void origin_unknown(json_t *j)
{
	json_object_set_new(design0(j), "latency_origin", json_string("raise"));
}

static void late_without_p99(json_t *j)
{
	json_object_del(json_object_get(design0(j), "stimulus_late_ns"), "p99");
}

static void format_2(json_t *j)
{
	json_object_set_new(j, "format", json_integer(2));
}

static void no_complete(json_t *j)
{
	json_object_del(j, "complete");
}

static void placement_cpu_text(json_t *j)
{
	json_array_set_new(
		json_object_get(
			json_object_get(
				json_array_get(json_object_get(j, "scenarios"),
					       0),
				"placement"),
			"cpu_pu"),
		0, json_string("x"));
}

static void no_trace_mode(json_t *j)
{
	json_object_del(json_object_get(j, "trace"), "mode");
}

/* What came after format 1's first writer may be absent. */
static void older_folder(json_t *j)
{
	json_t *sc = json_array_get(json_object_get(j, "scenarios"), 0);
	json_t *d = design0(j);

	json_object_del(sc, "control_shift_ns");
	json_object_del(json_object_get(sc, "placement"), "thread_pu");
	json_object_del(json_object_get(sc, "placement"), "thread_shared");
	json_object_del(d, "slot");
	json_object_del(d, "disables");
	json_object_del(d, "blocks");
	json_object_del(d, "blocks_ns");
	json_object_del(d, "noise");
	json_object_del(d, "latency_origin");
	json_object_del(d, "stimulus_late_ns");
	json_object_del(json_object_get(d, "thread"), "fifo");
	json_object_del(json_object_get(json_object_get(d, "latency_ns"),
					"entry"),
			"stddev");
	json_object_del(json_object_get(j, "trace"), "dispatch_ns");
	json_object_del(json_object_get(j, "trace"), "snapshots");
	json_object_del(json_object_get(j, "trace"), "event_cost_ns");
}

static void test_summary_refused(void **state)
{
	static const struct {
		void (*edit)(json_t *);
		const char *what;
	} bad[] = {
		{ no_handler_runs,
		  ": scenarios[0].designs[0].handler_runs: missing" },
		{ fired_a_string,
		  ": scenarios[0].designs[0].fired: not an integer" },
		{ no_exit_latency,
		  ": scenarios[0].designs[0].latency_ns.exit: missing" },
		{ no_p99,
		  ": scenarios[0].designs[0].latency_ns.entry.p99: missing" },
		{ format_2, ": format: not 1" },
		{ no_complete, ": complete: missing" },
		{ placement_cpu_text,
		  ": scenarios[0].placement.cpu_pu: not an array of PU numbers" },
		{ no_trace_mode, ": trace.mode: missing" },
		{ origin_unknown,
		  ": scenarios[0].designs[0].latency_origin: neither \"fire\" nor \"intended\"" },
		{ late_without_p99,
		  ": scenarios[0].designs[0].stimulus_late_ns.p99: missing" },
	};
	char err[512];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(load_edited(bad[i].edit, err, sizeof(err)),
				 -EINVAL);
		assert_sentence(err, "summary.json", bad[i].what);
	}
	assert_int_equal(load_edited(older_folder, err, sizeof(err)), 0);
}

/* A folder from before latency_origin counted from the intended time. */
static void test_summary_origin_absent(void **state)
{
	json_t *j = summary_doc();
	char err[512];
	struct run r;

	(void)state;
	older_folder(j);
	write_json("summary.json", j);
	json_decref(j);
	assert_int_equal(summary_load(dir, &r, err, sizeof(err)), 0);
	assert_false(r.sc[0].d[0].has_origin);
	assert_int_equal(r.sc[0].d[0].origin, RUN_FROM_INTENDED);
	assert_false(r.sc[0].d[0].has_late);
	run_free(&r);
}

static void test_summary_not_json(void **state)
{
	char path[4096], err[512];
	struct run r;

	(void)state;
	write_bytes("summary.json", "{\"format\": 1,", 13);
	assert_int_equal(summary_load(dir, &r, err, sizeof(err)), -EINVAL);
	run_free(&r);
	assert_sentence(err, "summary.json:1:", "");
	path_of(path, sizeof(path), "summary.json");
	unlink(path);
	assert_int_equal(summary_load(dir, &r, err, sizeof(err)), -EINVAL);
	run_free(&r);
	assert_sentence(err, "summary.json", ": No such file or directory");
}

static const char *const argv[] = { "irqlab", "run", "x.ini" };

static json_t *environment_doc(void)
{
	struct environment e = {
		.version = "0.1.0",
		.git_revision = "abc",
		.build_type = "Release",
		.compiler = "gcc 12",
		.cflags = "-O2",
		.sanitizer = "",
		.argv = argv,
		.argc = 3,
		.host = { "vm", "Linux", "6.1", "#1", "x86_64", NULL, "tsc", 2,
			  true, "QEMU TCG guest" },
		.started = "2026-01-01T00:00:00Z",
		.started_monotonic_ns = 42,
		.has_calibration = true,
		.calibration = { 2500.25, 7.5, 12.5, 80 },
	};
	json_t *j = environment_json(&e);

	assert_non_null(j);
	return j;
}

static void test_environment(void **state)
{
	json_t *j = environment_doc();
	struct environment e;
	char err[512];

	(void)state;
	assert_int_equal(environment_read(j, &e, "env.json", err, sizeof(err)),
			 0);
	assert_int_equal(e.argc, 3);
	assert_string_equal(e.argv[2], "x.ini");
	assert_null(e.host.cpu_model);
	assert_string_equal(e.host.guest, "QEMU TCG guest");
	assert_true(e.has_calibration && e.calibration.overhead_ns == 7.5);
	environment_free(&e);

	/* What came later may be absent; what was there from the start not. */
	json_object_del(json_object_get(j, "host"), "guest");
	json_object_del(json_object_get(j, "host"), "hypervisor");
	json_object_del(json_object_get(j, "calibration"), "overhead_ns");
	assert_int_equal(environment_read(j, &e, "env.json", err, sizeof(err)),
			 0);
	assert_null(e.host.guest);
	assert_true(isnan(e.calibration.overhead_ns));
	environment_free(&e);
	json_object_del(json_object_get(j, "host"), "online_cpus");
	assert_int_equal(environment_read(j, &e, "env.json", err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "env.json: host.online_cpus: missing");
	json_object_set_new(j, "command_line", json_pack("[i]", 1));
	assert_int_equal(environment_read(j, &e, "env.json", err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err,
			    "env.json: command_line: not an array of strings");
	json_decref(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples_read_back),
		cmocka_unit_test(test_samples_older_versions),
		cmocka_unit_test(test_samples_refused),
		cmocka_unit_test(test_summary_read_back),
		cmocka_unit_test(test_summary_refused),
		cmocka_unit_test(test_summary_origin_absent),
		cmocka_unit_test(test_summary_not_json),
		cmocka_unit_test(test_environment),
	};
	char cmd[64];
	int ret;

	if (!mkdtemp(dir))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (!ret && system(cmd))
		return 1;
	return ret;
}
