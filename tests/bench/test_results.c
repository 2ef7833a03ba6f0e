// SPDX-License-Identifier: GPL-2.0
/*
 * The run folder (results.c), in a fresh temporary results root per test:
 * a complete run ends up in runs/<name> with every file, no ".tmp" left
 * and latest pointing at it; summary.json and environment.json parse and
 * say what was recorded; samples.bin's header and records decode by hand
 * from docs/results.md, across a buffer flush; an -o folder that exists
 * is refused, one that does not is made with its parents and leaves
 * latest alone; a symbolic link planted as runs/ or as the -o parent is
 * refused, one above the parent is followed; a failed open leaves nothing;
 * an interrupted run gets INCOMPLETE, "complete": false and does not move
 * latest; and what it wrote reads back through each format's one reader
 * (analysis/formats/summary.c, environment.c, samples.c). No topology is
 * written (t = NULL): topo.c has its own tests.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "analysis/environment.h"
#include "analysis/samples.h"
#include "analysis/summary.h"
#include "bench/bench.h"
#include "scratch.h"

struct fixture {
	char root[PATH_MAX];
	char cost[PATH_MAX + 16];
	struct bench_scenario sc[2];
	struct bench_config cfg;
	struct bench_params p;
	char *argv[3];
	struct chip_delay_calibration cal;
	struct bench_placement pl;
	char err[1024];
	char final[PATH_MAX];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	FILE *cost;

	if (!f)
		return -1;
	snprintf(f->root, sizeof(f->root), "%s/irqlab-results.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(f->root))
		return -1;
	/* The cost profile the scenarios read: a run folder copies it. */
	snprintf(f->cost, sizeof(f->cost), "%s/zero.ini", f->root);
	cost = fopen(f->cost, "w");
	if (!cost || fputs("; a profile\n", cost) < 0 || fclose(cost))
		return -1;
	for (int i = 0; i < 2; i++) {
		struct bench_scenario *sc = &f->sc[i];

		snprintf(sc->name, sizeof(sc->name), "edge-%d", i);
		sc->file = "test.ini";
		sc->line = 1 + 10 * (unsigned int)i;
		sc->chip = bench_chip_find("ioapic");
		sc->trigger = i ? BENCH_TRIG_LEVEL : BENCH_TRIG_EDGE;
		sc->nr_designs = 2;
		sc->designs[0] = BENCH_DESIGN_FLOW;
		sc->designs[1] = BENCH_DESIGN_DO_IRQ;
		sc->pin = 16;
		sc->pattern = BENCH_PAT_PERIODIC;
		sc->rate_hz = 10000.5;
		sc->devices = 1;
		sc->cpus = 2;
		sc->wait = BENCH_WAIT_BLOCK;
		sc->duration_ms = 100;
		sc->blocks = 2;
		sc->drain_ms = 10;
		sc->overrun_ns = 100000;
		sc->seed = 7;
		snprintf(sc->cost_name, sizeof(sc->cost_name), "zero");
		snprintf(sc->cost, sizeof(sc->cost), "%.4000s", f->cost);
	}
	f->cfg.sc = f->sc;
	f->cfg.nr = 2;
	f->argv[0] = "irqlab";
	f->argv[1] = "run";
	f->p.argc = 2;
	f->p.argv = f->argv;
	f->p.results_root = f->root;
	f->p.quiet = true;
	f->cal.ticks_per_us = 2500.25;
	f->cal.err_ns_mean = 12.5;
	f->cal.err_ns_max = 80;
	f->pl.cpu_pu[0] = 0;
	f->pl.cpu_pu[1] = 1;
	f->pl.device_pu = 1;
	f->pl.wait = BENCH_WAIT_SPIN;
	snprintf(f->pl.note, sizeof(f->pl.note), "moved the device");
	assert_non_null(f->sc[0].chip);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	test_rm_tree(f->root);
	free(f);
	return 0;
}

static bool exists(const char *dir, const char *name)
{
	char path[PATH_MAX * 2];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !lstat(path, &st);
}

/* Entries of @dir whose name starts with '.', other than . and .. */
static unsigned int hidden_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] == '.' && strcmp(e->d_name, ".") &&
		    strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static unsigned int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static unsigned char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[PATH_MAX * 2];
	unsigned char *buf;
	FILE *fp;
	long n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	assert_int_equal(fseek(fp, 0, SEEK_END), 0);
	n = ftell(fp);
	assert_true(n >= 0);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	buf[n] = '\0'; /* a text file reads as a string */
	*len = (size_t)n;
	return buf;
}

static json_t *load_json(const char *dir, const char *name)
{
	char path[PATH_MAX * 2];
	json_error_t e;
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	j = json_load_file(path, 0, &e);
	if (!j)
		fail_msg("%s:%d: %s", path, e.line, e.text);
	return j;
}

static uint64_t le(const unsigned char *p, int bytes)
{
	uint64_t v = 0;

	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void fill_result(struct bench_result *r, const struct bench_scenario *sc,
			enum bench_design d, uint64_t base)
{
	memset(r, 0, sizeof(*r));
	r->sc = sc;
	r->design = d;
	r->flow = d == BENCH_DESIGN_DO_IRQ ? "__do_IRQ" : "handle_edge_irq";
	r->fired = base + 10;
	r->serviced = base + 9;
	r->coalesced = 2;
	r->stranded = 1;
	r->spurious = 3;
	r->overruns = 4;
	r->dropped_edges = 5;
	r->chip_spurious = 6;
	r->storm_fires = 7;
	r->handler_runs = base + 7;
	r->chip_accesses = 3 * (base + 7);
	r->irq_disabled = d == BENCH_DESIGN_DO_IRQ;
	r->seconds = 0.25;
	r->throughput_per_s = (double)(base + 9) / 0.25;
	r->chip_accesses_per_irq = 3.0;
	r->entry = (struct irqstat){ .count = base + 9,
				     .min = 100,
				     .p50 = 200,
				     .p90 = 300,
				     .p99 = 400,
				     .p999 = 500,
				     .max = 600,
				     .mean = 212.5 };
	r->exit = r->entry;
	r->exit.p99 = 4000;
}

static const struct bench_sample samples[3] = {
	{ .intended_ns = 0x0102030405060708ULL,
	  .entry_ns = 250,
	  .exit_ns = 900,
	  .seq = 0xa1b2c3d4,
	  .chip_accesses = 7,
	  .block = 3,
	  .cpu = 0x0a0b,
	  .noise_ns = 0xc1c2c3c4,
	  .slot = 5,
	  .late_ns = 0xd1d2d3d4,
	  .access_ns = 0xe1e2e3e4,
	  .close_ns = 0xf1f2f3f4,
	  .scenario = 0x0102,
	  .design = BENCH_DESIGN_DO_IRQ,
	  .flags = BENCH_SAMPLE_SERVICED | BENCH_SAMPLE_OVERRUN },
	{ .intended_ns = 2000,
	  .entry_ns = BENCH_SAMPLE_NEVER,
	  .exit_ns = BENCH_SAMPLE_NEVER,
	  .seq = 1,
	  .cpu = BENCH_SAMPLE_NO_CPU,
	  .scenario = 0,
	  .design = BENCH_DESIGN_FLOW,
	  .flags = 0 },
	{ .intended_ns = 3000,
	  .entry_ns = 10,
	  .exit_ns = 20,
	  .seq = 2,
	  .scenario = 1,
	  .design = BENCH_DESIGN_EDGE_MASKING,
	  .flags = BENCH_SAMPLE_SERVICED | BENCH_SAMPLE_COALESCED },
};

/* open -> samples -> results -> close(@complete, @interrupted). */
static int do_run(struct fixture *f, bool complete, bool interrupted)
{
	struct bench_run *run;
	struct bench_result r;
	int ret;

	ret = bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal, f->err,
			     sizeof(f->err));
	if (ret)
		return ret;
	assert_int_equal(bench_run_samples(run, samples, 3), 0);
	fill_result(&r, &f->sc[0], BENCH_DESIGN_FLOW, 1000);
	assert_int_equal(bench_run_result(run, &r, &f->pl), 0);
	fill_result(&r, &f->sc[1], BENCH_DESIGN_FLOW, 3000);
	assert_int_equal(bench_run_result(run, &r, NULL), 0);
	fill_result(&r, &f->sc[0], BENCH_DESIGN_DO_IRQ, 2000);
	assert_int_equal(bench_run_result(run, &r, &f->pl), 0);
	return bench_run_close(run, complete, interrupted, f->final,
			       sizeof(f->final), f->err, sizeof(f->err));
}

static const char *jget_str(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	assert_true(json_is_string(v));
	return json_string_value(v);
}

static json_int_t jget_int(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	assert_true(json_is_integer(v));
	return json_integer_value(v);
}

static void check_summary(const char *dir, bool complete, bool interrupted)
{
	json_t *j = load_json(dir, "summary.json"), *scs, *sc, *ds, *d, *lat;

	assert_true(json_is_string(json_object_get(j, "irqlab")));
	assert_int_equal(jget_int(j, "format"), SUMMARY_FORMAT);
	assert_true(json_is_boolean(json_object_get(j, "complete")));
	assert_int_equal(json_is_true(json_object_get(j, "complete")),
			 complete);
	assert_int_equal(json_is_true(json_object_get(j, "interrupted")),
			 interrupted);
	assert_int_equal(strlen(jget_str(j, "started")), 20);
	assert_int_equal(strlen(jget_str(j, "finished")), 20);
	assert_true(json_is_string(json_object_get(j, "host")));

	scs = json_object_get(j, "scenarios");
	assert_int_equal(json_array_size(scs), 2);
	sc = json_array_get(scs, 0);
	assert_string_equal(jget_str(sc, "name"), "edge-0");
	assert_string_equal(jget_str(sc, "file"), "test.ini");
	assert_string_equal(jget_str(sc, "chip"), "ioapic");
	assert_string_equal(jget_str(sc, "trigger"), "edge");
	assert_int_equal(jget_int(sc, "pin"), 16);
	assert_string_equal(jget_str(sc, "pattern"), "periodic");
	assert_true(json_real_value(json_object_get(sc, "rate_hz")) == 10000.5);
	assert_int_equal(jget_int(sc, "devices"), 1);
	assert_string_equal(jget_str(sc, "wait"), "spin"); /* placement's */
	d = json_object_get(sc, "placement");
	assert_int_equal(json_array_size(json_object_get(d, "cpu_pu")), 2);
	assert_int_equal(json_integer_value(json_array_get(
				 json_object_get(d, "cpu_pu"), 1)),
			 1);
	assert_int_equal(jget_int(d, "device_pu"), 1);
	assert_string_equal(jget_str(d, "note"), "moved the device");

	/* Both designs of edge-0, in the order recorded. */
	ds = json_object_get(sc, "designs");
	assert_int_equal(json_array_size(ds), 2);
	d = json_array_get(ds, 0);
	assert_string_equal(jget_str(d, "name"), "edge-0");
	assert_string_equal(jget_str(d, "chip"), "ioapic");
	assert_string_equal(jget_str(d, "trigger"), "edge");
	assert_string_equal(jget_str(d, "design"), "flow");
	assert_string_equal(jget_str(d, "flow"), "handle_edge_irq");
	assert_int_equal(jget_int(d, "fired"), 1010);
	assert_int_equal(jget_int(d, "serviced"), 1009);
	assert_int_equal(jget_int(d, "coalesced"), 2);
	assert_int_equal(jget_int(d, "stranded"), 1);
	assert_int_equal(jget_int(d, "spurious"), 3);
	assert_int_equal(jget_int(d, "overruns"), 4);
	assert_int_equal(jget_int(d, "dropped_edges"), 5);
	assert_int_equal(jget_int(d, "chip_spurious"), 6);
	assert_int_equal(jget_int(d, "storm_fires"), 7);
	assert_int_equal(jget_int(d, "handler_runs"), 1007);
	assert_true(json_is_false(json_object_get(d, "irq_disabled")));
	assert_true(json_real_value(json_object_get(d, "throughput_per_s")) ==
		    1009 / 0.25);
	assert_true(json_real_value(json_object_get(
			    d, "chip_accesses_per_irq")) == 3.0);
	assert_true(json_real_value(json_object_get(d, "seconds")) == 0.25);
	lat = json_object_get(json_object_get(d, "latency_ns"), "entry");
	assert_int_equal(jget_int(lat, "min"), 100);
	assert_int_equal(jget_int(lat, "p50"), 200);
	assert_int_equal(jget_int(lat, "p90"), 300);
	assert_int_equal(jget_int(lat, "p99"), 400);
	assert_int_equal(jget_int(lat, "p999"), 500);
	assert_int_equal(jget_int(lat, "max"), 600);
	assert_int_equal(jget_int(lat, "count"), 1009);
	assert_true(json_real_value(json_object_get(lat, "mean")) == 212.5);
	lat = json_object_get(json_object_get(d, "latency_ns"), "exit");
	assert_int_equal(jget_int(lat, "p99"), 4000);
	d = json_array_get(ds, 1);
	assert_string_equal(jget_str(d, "design"), "do_irq");
	assert_string_equal(jget_str(d, "flow"), "__do_IRQ");
	assert_int_equal(jget_int(d, "fired"), 2010);
	assert_true(json_is_true(json_object_get(d, "irq_disabled")));

	/* edge-1: recorded without a placement. */
	sc = json_array_get(scs, 1);
	assert_string_equal(jget_str(sc, "name"), "edge-1");
	assert_string_equal(jget_str(sc, "trigger"), "level");
	assert_string_equal(jget_str(sc, "wait"), "block");
	assert_true(json_is_null(json_object_get(sc, "placement")));
	ds = json_object_get(sc, "designs");
	assert_int_equal(json_array_size(ds), 1);
	assert_int_equal(jget_int(json_array_get(ds, 0), "fired"), 3010);
	json_decref(j);
}

static void check_environment(const char *dir)
{
	json_t *j = load_json(dir, "environment.json"), *o;

	assert_int_equal(jget_int(j, "format"), ENVIRONMENT_FORMAT);
	o = json_object_get(j, "irqlab");
	assert_true(json_is_string(json_object_get(o, "version")));
	assert_true(json_is_string(json_object_get(o, "git_revision")));
	assert_true(json_is_string(json_object_get(o, "build_type")));
	assert_true(json_is_string(json_object_get(o, "compiler")));
	assert_true(json_is_string(json_object_get(o, "cflags")));
	assert_true(json_is_string(json_object_get(o, "sanitizer")));
	o = json_object_get(j, "command_line");
	assert_int_equal(json_array_size(o), 2);
	assert_string_equal(json_string_value(json_array_get(o, 0)), "irqlab");
	assert_string_equal(json_string_value(json_array_get(o, 1)), "run");
	o = json_object_get(j, "host");
	assert_true(json_is_string(json_object_get(o, "sysname")));
	assert_true(jget_int(o, "online_cpus") >= 1);
	assert_int_equal(strlen(jget_str(j, "started")), 20);
	assert_true(
		json_is_integer(json_object_get(j, "started_monotonic_ns")));
	o = json_object_get(j, "calibration");
	assert_true(json_real_value(json_object_get(o, "ticks_per_us")) ==
		    2500.25);
	assert_true(json_real_value(json_object_get(o, "err_ns_mean")) == 12.5);
	assert_true(json_real_value(json_object_get(o, "err_ns_max")) == 80.0);
	json_decref(j);
}

static void check_samples(const char *dir, size_t nr)
{
	size_t len;
	unsigned char *b = slurp(dir, "samples.bin", &len), *r;

	assert_int_equal(len, SAMPLES_HEADER + nr * SAMPLES_RECORD);
	assert_memory_equal(b, "IRQLABS1", 8);
	assert_int_equal(le(b + 8, 4), 4);
	assert_int_equal(le(b + 12, 4), 64);
	assert_true(le(b + 16, 8) > 0);
	assert_int_equal(le(b + 24, 8), 0);

	r = b + 32;
	assert_int_equal(le(r + 0, 8), 0x0102030405060708ULL);
	assert_int_equal(r[0], 0x08); /* little-endian, whatever the host */
	assert_int_equal(le(r + 8, 8), 250);
	assert_int_equal(le(r + 16, 8), 900);
	assert_int_equal(le(r + 24, 4), 0xa1b2c3d4);
	assert_int_equal(le(r + 28, 2), 0x0102);
	assert_int_equal(r[30], BENCH_DESIGN_DO_IRQ);
	assert_int_equal(r[31], BENCH_SAMPLE_SERVICED | BENCH_SAMPLE_OVERRUN);
	assert_int_equal(le(r + 32, 4), 7);
	assert_int_equal(le(r + 36, 2), 3);
	assert_int_equal(le(r + 38, 2), 0x0a0b);
	assert_int_equal(le(r + 40, 4), 0xc1c2c3c4);
	assert_int_equal(r[44], 5);
	assert_int_equal(r[45] | r[46] | r[47], 0);
	assert_int_equal(le(r + 48, 4), 0xd1d2d3d4);
	assert_int_equal(le(r + 52, 4), 0xe1e2e3e4);
	assert_int_equal(le(r + 56, 4), 0xf1f2f3f4);
	assert_int_equal(le(r + 60, 4), 0);
	r += SAMPLES_RECORD;
	assert_int_equal(le(r + 8, 8), BENCH_SAMPLE_NEVER);
	assert_int_equal(le(r + 16, 8), BENCH_SAMPLE_NEVER);
	assert_int_equal(r[31], 0);
	assert_int_equal(le(r + 38, 2), BENCH_SAMPLE_NO_CPU);
	free(b);
}

static void check_inputs(const struct fixture *f, const char *name0,
			 const char *name1);

static void test_complete_run_in_default_location(void **state)
{
	struct fixture *f = *state;
	char runs[PATH_MAX * 2], latest[PATH_MAX], *name;
	ssize_t n;

	assert_int_equal(do_run(f, true, false), 0);
	snprintf(runs, sizeof(runs), "%s/runs", f->root);
	assert_int_equal(strncmp(f->final, runs, strlen(runs)), 0);
	name = f->final + strlen(runs) + 1;
	assert_non_null(strstr(name, "Z-"));
	assert_int_equal(name[8], 'T');

	assert_true(exists(f->final, "config.ini"));
	assert_true(exists(f->final, "environment.json"));
	assert_true(exists(f->final, "samples.bin"));
	assert_true(exists(f->final, "summary.json"));
	assert_false(exists(f->final, "INCOMPLETE"));
	assert_false(exists(f->final, "topology.xml"));
	assert_int_equal(hidden_entries(runs), 0);
	assert_int_equal(hidden_entries(f->root), 0);

	snprintf(runs, sizeof(runs), "%s/latest", f->root);
	n = readlink(runs, latest, sizeof(latest) - 1);
	assert_true(n > 0);
	latest[n] = '\0';
	assert_int_equal(strncmp(latest, "runs/", 5), 0);
	assert_string_equal(latest + 5, name);

	check_summary(f->final, true, false);
	check_environment(f->final);
	check_samples(f->final, 3);
	check_inputs(f, "input-zero.ini", NULL);
}

/*
 * The inputs the scenarios read are copied beside config.ini, which names
 * them by their copies and by no path of the machine: two profiles of one
 * base name get two names, each with its own file's bytes.
 */
static void check_inputs(const struct fixture *f, const char *name0,
			 const char *name1)
{
	size_t len = 0;
	char *ini = (char *)slurp(f->final, "config.ini", &len), want[300];
	unsigned char *copy = slurp(f->final, name0, &len);

	assert_non_null(ini);
	assert_null(strstr(ini, f->root));
	snprintf(want, sizeof(want), "\ncost = %s\n", name0);
	assert_non_null(strstr(ini, want));
	assert_non_null(copy);
	assert_int_equal(len, strlen("; a profile\n"));
	free(copy);
	if (name1) {
		snprintf(want, sizeof(want), "\ncost = %s\n", name1);
		assert_non_null(strstr(ini, want));
		copy = slurp(f->final, name1, &len);
		assert_non_null(copy);
		assert_int_equal(len, strlen("; another\n"));
		free(copy);
	}
	free(ini);
}

static void test_inputs_copied_once_each(void **state)
{
	struct fixture *f = *state;
	char dir[PATH_MAX + 8];
	FILE *other;

	snprintf(dir, sizeof(dir), "%s/b", f->root);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(f->sc[1].cost, sizeof(f->sc[1].cost), "%.4000s/zero.ini", dir);
	other = fopen(f->sc[1].cost, "w");
	assert_non_null(other);
	assert_true(fputs("; another\n", other) >= 0);
	assert_int_equal(fclose(other), 0);
	assert_int_equal(do_run(f, true, false), 0);
	check_inputs(f, "input-zero.ini", "input-2-zero.ini");
}

/* An input gone before the run opened: refused, nothing left behind. */
static void test_input_gone_leaves_nothing(void **state)
{
	struct fixture *f = *state;
	char runs[PATH_MAX * 2];
	struct bench_run *run;

	assert_int_equal(unlink(f->cost), 0);
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					f->err, sizeof(f->err)),
			 -ENOENT);
	assert_null(run);
	assert_non_null(strstr(f->err, f->cost));
	assert_non_null(strstr(f->err, "input-zero.ini"));
	snprintf(runs, sizeof(runs), "%s/runs", f->root);
	assert_int_equal(entries(runs), 0);
}

static void test_second_run_gets_its_own_name(void **state)
{
	struct fixture *f = *state;
	char first[PATH_MAX], path[PATH_MAX * 2], latest[PATH_MAX];
	ssize_t n;

	assert_int_equal(do_run(f, true, false), 0);
	snprintf(first, sizeof(first), "%s", f->final);
	assert_int_equal(do_run(f, true, false), 0);
	assert_string_not_equal(first, f->final);
	snprintf(path, sizeof(path), "%s/runs", f->root);
	assert_int_equal(entries(path), 2);
	snprintf(path, sizeof(path), "%s/latest", f->root);
	n = readlink(path, latest, sizeof(latest) - 1);
	assert_true(n > 0);
	latest[n] = '\0';
	assert_string_equal(strrchr(f->final, '/') + 1, latest + 5);
}

static void test_samples_across_buffer_flushes(void **state)
{
	struct fixture *f = *state;
	const size_t chunk = 10000, chunks = 11; /* > 3 buffers */
	struct bench_sample *s = calloc(chunk, sizeof(*s));
	struct bench_run *run;
	unsigned char *b, *r;
	size_t len;

	assert_non_null(s);
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, NULL,
					f->err, sizeof(f->err)),
			 0);
	assert_int_equal(bench_run_samples(run, samples, 3), 0);
	for (size_t c = 0; c < chunks; c++) {
		for (size_t i = 0; i < chunk; i++) {
			s[i].seq = (uint32_t)(c * chunk + i);
			s[i].intended_ns = s[i].seq * 1000ULL;
			s[i].entry_ns = s[i].seq;
		}
		assert_int_equal(bench_run_samples(run, s, chunk), 0);
	}
	assert_int_equal(bench_run_close(run, true, false, f->final,
					 sizeof(f->final), f->err,
					 sizeof(f->err)),
			 0);
	check_samples(f->final, 3 + chunk * chunks);
	b = slurp(f->final, "samples.bin", &len);
	for (size_t k = 0; k < chunk * chunks; k++) {
		r = b + 32 + (3 + k) * SAMPLES_RECORD;
		if (le(r + 24, 4) != k || le(r + 0, 8) != k * 1000 ||
		    le(r + 8, 8) != k)
			fail_msg("record %zu does not decode", k);
	}
	/* No calibration: null, not zeros. */
	{
		json_t *j = load_json(f->final, "environment.json");

		assert_true(json_is_null(json_object_get(j, "calibration")));
		json_decref(j);
	}
	free(b);
	free(s);
}

/*
 * What the harness wrote, the formats' one reader reads back: summary.json
 * (analysis/formats/summary.c), environment.json and samples.bin, whose design
 * byte means what bench_design_name() says.
 */
static void test_folder_reads_back(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX * 2];
	struct samples_file sf;
	struct environment e;
	struct sample s;
	struct run r;
	json_t *j;

	assert_int_equal(do_run(f, false, true), 0);
	assert_int_equal(summary_load(f->final, &r, f->err, sizeof(f->err)), 0);
	assert_false(r.complete);
	assert_true(r.interrupted);
	assert_int_equal(r.nsc, 2);
	assert_int_equal(r.sc[0].nd, 2);
	assert_string_equal(r.sc[0].d[1].design, "do_irq");
	assert_true(r.sc[0].d[1].fired == 2010);
	assert_true(r.sc[0].d[0].handler_runs == 1007);
	assert_true(r.sc[0].has_placement && r.sc[0].placement.ncpus == 2);
	assert_false(r.sc[1].has_placement);
	assert_true(r.sc[1].d[0].entry.p99 == 400);
	run_free(&r);

	j = load_json(f->final, "environment.json");
	assert_int_equal(environment_read(j, &e, "environment.json", f->err,
					  sizeof(f->err)),
			 0);
	assert_int_equal(e.argc, 2);
	assert_true(e.has_calibration && e.calibration.ticks_per_us == 2500.25);
	environment_free(&e);
	json_decref(j);

	snprintf(path, sizeof(path), "%s/samples.bin", f->final);
	assert_int_equal(samples_open(&sf, path, f->err, sizeof(f->err)), 0);
	assert_int_equal(sf.nr, 3);
	for (size_t i = 0; i < sf.nr; i++) {
		samples_get(&sf, i, &s);
		assert_true(s.intended_ns == samples[i].intended_ns);
		assert_true(s.entry_ns == samples[i].entry_ns);
		assert_int_equal(s.design, samples[i].design);
		assert_int_equal(s.flags, samples[i].flags);
		assert_int_equal(s.cpu, samples[i].cpu);
		assert_int_equal(s.slot, samples[i].slot);
	}
	samples_close(&sf);

	for (int k = 0; k < BENCH_DESIGN_NR; k++) {
		assert_string_equal(samples_design_name((unsigned int)k),
				    bench_design_name(k));
		assert_int_equal(samples_design_number(bench_design_name(k)),
				 k);
	}
	assert_null(samples_design_name(BENCH_DESIGN_NR));
}

static void test_outdir_that_exists_is_refused(void **state)
{
	struct fixture *f = *state;
	char out[PATH_MAX * 2];
	struct bench_run *run;

	snprintf(out, sizeof(out), "%s/out", f->root);
	assert_int_equal(mkdir(out, 0755), 0);
	f->p.outdir = out;
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					f->err, sizeof(f->err)),
			 -EEXIST);
	assert_null(run);
	assert_non_null(strstr(f->err, out));
	assert_non_null(strstr(f->err, "already exists"));
	assert_int_equal(hidden_entries(f->root), 0);
	assert_int_equal(entries(out), 0);
}

static void test_outdir_is_made_with_its_parents(void **state)
{
	struct fixture *f = *state;
	char out[PATH_MAX * 2];

	snprintf(out, sizeof(out), "%s/a/b/out/", f->root);
	f->p.outdir = out;
	assert_int_equal(do_run(f, true, false), 0);
	out[strlen(out) - 1] = '\0';
	assert_string_equal(f->final, out);
	check_summary(out, true, false);
	assert_false(exists(f->root, "latest"));
	assert_false(exists(f->root, "runs"));
	snprintf(out, sizeof(out), "%s/a/b", f->root);
	assert_int_equal(hidden_entries(out), 0);
}

static void test_symlink_as_runs_is_refused(void **state)
{
	struct fixture *f = *state;
	char elsewhere[PATH_MAX * 2], runs[PATH_MAX * 2];
	struct bench_run *run;

	snprintf(elsewhere, sizeof(elsewhere), "%s/elsewhere", f->root);
	snprintf(runs, sizeof(runs), "%s/runs", f->root);
	assert_int_equal(mkdir(elsewhere, 0755), 0);
	assert_int_equal(symlink("elsewhere", runs), 0);
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					f->err, sizeof(f->err)),
			 -ELOOP);
	assert_null(run);
	assert_non_null(strstr(f->err, runs));
	assert_non_null(strstr(
		f->err, "is a symbolic link, refusing to write through it"));
	assert_int_equal(entries(elsewhere), 0);
}

static void test_symlink_as_outdir_parent_is_refused(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX * 2], link[PATH_MAX * 2];
	struct bench_run *run;

	snprintf(path, sizeof(path), "%s/real", f->root);
	snprintf(link, sizeof(link), "%s/link", f->root);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_equal(symlink("real", link), 0);

	/* The folder's parent itself: refused. */
	snprintf(path, sizeof(path), "%s/link/out", f->root);
	f->p.outdir = path;
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					f->err, sizeof(f->err)),
			 -ELOOP);
	assert_non_null(strstr(f->err, link));
	assert_non_null(strstr(f->err, "refusing to write through it"));

	/* An existing link above the parent: the user's layout, followed. */
	snprintf(path, sizeof(path), "%s/link/sub/out", f->root);
	assert_int_equal(do_run(f, true, false), 0);
	assert_string_equal(f->final, path);
	snprintf(path, sizeof(path), "%s/real/sub/out", f->root);
	check_summary(path, true, false);

	/* The folder's own name as a dangling link: it exists. */
	snprintf(path, sizeof(path), "%s/real/sub/dangling", f->root);
	assert_int_equal(symlink("/nonexistent", path), 0);
	f->p.outdir = path;
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					f->err, sizeof(f->err)),
			 -EEXIST);
}

static void test_failed_open_leaves_nothing(void **state)
{
	struct fixture *f = *state;
	char runs[PATH_MAX * 2];
	struct bench_run *run;

	/* bench_config_write() cannot write an empty cost path. */
	f->sc[1].cost[0] = '\0';
	assert_int_not_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					    f->err, sizeof(f->err)),
			     0);
	assert_null(run);
	assert_non_null(strstr(f->err, "config.ini"));
	snprintf(runs, sizeof(runs), "%s/runs", f->root);
	assert_int_equal(entries(runs), 0);
}

static void test_interrupted_run_is_marked_and_keeps_latest(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX * 2], before[PATH_MAX], after[PATH_MAX];
	ssize_t n;

	assert_int_equal(do_run(f, true, false), 0);
	snprintf(path, sizeof(path), "%s/latest", f->root);
	n = readlink(path, before, sizeof(before) - 1);
	assert_true(n > 0);
	before[n] = '\0';

	assert_int_equal(do_run(f, false, true), 0);
	assert_true(exists(f->final, "INCOMPLETE"));
	assert_true(exists(f->final, "summary.json"));
	check_summary(f->final, false, true);
	n = readlink(path, after, sizeof(after) - 1);
	assert_true(n > 0);
	after[n] = '\0';
	assert_string_equal(before, after);
	assert_string_not_equal(strrchr(f->final, '/') + 1, after + 5);

	/* Incomplete without a signal: the same. */
	assert_int_equal(do_run(f, false, false), 0);
	assert_true(exists(f->final, "INCOMPLETE"));
	check_summary(f->final, false, false);
	n = readlink(path, after, sizeof(after) - 1);
	after[n] = '\0';
	assert_string_equal(before, after);
	snprintf(path, sizeof(path), "%s/runs", f->root);
	assert_int_equal(hidden_entries(path), 0);
}

/* latest that is not a link is not replaced; the run itself is in place. */
static void test_latest_that_is_a_directory_is_an_error(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX * 2];

	snprintf(path, sizeof(path), "%s/latest", f->root);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_not_equal(do_run(f, true, false), 0);
	assert_non_null(strstr(f->err, path));
	check_summary(f->final, true, false);
	assert_int_equal(entries(path), 0);
	assert_int_equal(hidden_entries(f->root), 0);
}

/*
 * A parent every user may write, not ours and not sticky: refused, and
 * nothing made there. Sticky (as /tmp is), or ours: used. Making a
 * directory another user owns takes root; without it only "ours" is
 * checked and the test says it skipped the rest.
 */
static void test_world_writable_parent_is_refused(void **state)
{
	struct fixture *f = *state;
	char dir[PATH_MAX * 2], out[PATH_MAX * 3];
	struct bench_run *run;

	snprintf(dir, sizeof(dir), "%s/shared", f->root);
	snprintf(out, sizeof(out), "%s/out", dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(chmod(dir, 0777), 0);
	f->p.outdir = out;
	if (geteuid()) {
		assert_int_equal(do_run(f, true, false), 0);
		skip(); /* another user's directory needs root */
	}
	assert_int_equal(chown(dir, 65534, 65534), 0);
	assert_int_equal(bench_run_open(&run, &f->p, &f->cfg, NULL, &f->cal,
					f->err, sizeof(f->err)),
			 -EPERM);
	assert_null(run);
	assert_non_null(strstr(f->err, dir));
	assert_non_null(strstr(f->err, "writable by every user"));
	assert_int_equal(entries(dir), 0);
	assert_int_equal(hidden_entries(dir), 0);

	assert_int_equal(chmod(dir, 01777), 0);
	assert_int_equal(do_run(f, true, false), 0);
	check_summary(out, true, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_complete_run_in_default_location, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_second_run_gets_its_own_name, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_samples_across_buffer_flushes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_folder_reads_back, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_outdir_that_exists_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_outdir_is_made_with_its_parents, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlink_as_runs_is_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_symlink_as_outdir_parent_is_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_world_writable_parent_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inputs_copied_once_each,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_input_gone_leaves_nothing,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_open_leaves_nothing,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_interrupted_run_is_marked_and_keeps_latest, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_latest_that_is_a_directory_is_an_error, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
