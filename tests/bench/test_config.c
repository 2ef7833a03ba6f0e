// SPDX-License-Identifier: GPL-2.0
/*
 * The config reader (bench/config/config_*.c): a file with every key parsed
 * into the right fields and key lines, [run] defaults with scenario keys
 * winning, the built-in defaults, --quick and --seed, a table of bad files
 * each failing with the right errno and "FILE:LINE: " at the exact line with
 * the key or name at fault in the sentence, scenario names unique across
 * files, cost overrides that stay valid as more files load, a failed load that
 * leaves the config as it was, and bench_config_write() read back to the same
 * scenarios. Files are written into a fresh mkdtemp() folder.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "bench/bench.h"
#include "device/replay.h"
#include "scratch.h"

static char tmpdir[PATH_MAX];
static const char *srcdir; /* argv[2], the source tree, or NULL */

static void path_of(char *buf, size_t len, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", tmpdir, name);

	assert_true(n > 0 && (size_t)n < len);
}

static void write_file(const char *name, const char *text, char *path,
		       size_t len)
{
	FILE *f;

	path_of(path, len, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

static int load_text(struct bench_config *cfg, const char *name,
		     const char *text, const struct bench_params *p, char *path,
		     size_t len, char *err, size_t errlen)
{
	write_file(name, text, path, len);
	err[0] = '\0';
	return bench_config_load(cfg, path, p, err, errlen);
}

/* @err starts with "FILE:LINE: " (or "FILE: " for line 0). */
static void check_prefix(const char *err, const char *file, unsigned int line)
{
	char want[PATH_MAX + 32];

	if (line)
		snprintf(want, sizeof(want), "%s:%u: ", file, line);
	else
		snprintf(want, sizeof(want), "%s: ", file);
	if (strncmp(err, want, strlen(want)))
		fail_msg("error \"%s\" does not start with \"%s\"", err, want);
}

static void check_has(const char *err, const char *needle)
{
	if (needle && !strstr(err, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", err, needle);
}

static void check_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	if (n < m || strcmp(s + n - m, suffix))
		fail_msg("\"%s\" does not end with \"%s\"", s, suffix);
}

/* The built-in profile @name resolves to the source tree's. */
static void check_builtin_cost(const struct bench_scenario *sc,
			       const char *name)
{
	char want[PATH_MAX + 64];

	assert_string_equal(sc->cost_name, name);
	snprintf(want, sizeof(want), "/configs/cost/%s.ini", name);
	check_suffix(sc->cost, want);
	if (srcdir) {
		char real_src[PATH_MAX], real_cost[PATH_MAX];

		assert_non_null(realpath(srcdir, real_src));
		assert_non_null(realpath(sc->cost, real_cost));
		snprintf(want, sizeof(want), "%s/configs/cost/%s.ini", real_src,
			 name);
		assert_string_equal(real_cost, want);
	}
}

static void test_free_empty(void **state)
{
	struct bench_config cfg = { 0 };

	(void)state;
	bench_config_free(&cfg);
	bench_config_free(&cfg);
	assert_int_equal(cfg.nr, 0);
	assert_null(cfg.sc);
}

static const char full_text[] =
	"; every key, one per line: key k on line k + 3\n"
	"[scenario full-1.x_y]    ; line 2\n"
	"chip = gpio\n"
	"trigger = edge\n"
	"designs = edge-masking, flow, flow\n"
	"pin = 7\n"
	"pattern = burst\n"
	"rate = 2500.5\n"
	"burst = 16\n"
	"burst_gap_ns = 300\n"
	"devices = 3\n"
	"storm_rate = 12.25\n"
	"handler_ns = 400\n"
	"control_shift_ns = 150\n"
	"pulse_ns = 50\n"
	"hold_ns = 0\n"
	"disable_rate = 1000\n"
	"disable_ns = 2500\n"
	"lazy_disable = 1\n"
	"cpus = 1\n"
	"wait = inline\n"
	"cpu = 2\n"
	"device = 5\n"
	"placement = strict\n"
	"duration_ms = 500\n"
	"blocks = 5\n"
	"drain_ms = 7\n"
	"overrun_ns = 9000\n"
	"seed = 0xdeadbeef\n"
	"cost = realistic ; the sourced figures\n";

static void test_full(void **state)
{
	struct bench_config cfg = { 0 };
	const struct bench_scenario *sc;
	char path[PATH_MAX], err[1024];

	(void)state;
	assert_int_equal(load_text(&cfg, "full.ini", full_text, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 1);
	assert_int_equal(cfg.nr_files, 1);
	assert_string_equal(cfg.files[0], path);
	sc = &cfg.sc[0];
	assert_string_equal(sc->name, "full-1.x_y");
	assert_ptr_equal(sc->file, cfg.files[0]);
	assert_int_equal(sc->line, 2);
	assert_ptr_equal(sc->chip, bench_chip_find("gpio"));
	assert_int_equal(sc->trigger, BENCH_TRIG_EDGE);
	assert_int_equal(sc->nr_designs, 3);
	assert_int_equal(sc->designs[0], BENCH_DESIGN_EDGE_MASKING);
	assert_int_equal(sc->designs[1], BENCH_DESIGN_FLOW);
	assert_int_equal(sc->designs[2], BENCH_DESIGN_FLOW); /* A/A */
	assert_int_equal(sc->control_shift_ns, 150);
	assert_int_equal(sc->pin, 7);
	assert_int_equal(sc->pattern, BENCH_PAT_BURST);
	assert_true(sc->rate_hz == 2500.5);
	assert_int_equal(sc->burst, 16);
	assert_int_equal(sc->burst_gap_ns, 300);
	assert_int_equal(sc->devices, 3);
	assert_true(sc->storm_rate_hz == 12.25);
	assert_int_equal(sc->handler_ns, 400);
	assert_int_equal(sc->pulse_ns, 50);
	assert_int_equal(sc->hold_ns, 0);
	assert_true(sc->disable_hz == 1000);
	assert_int_equal(sc->disable_ns, 2500);
	assert_int_equal(sc->lazy_disable, 1);
	assert_int_equal(sc->cpus, 1);
	assert_int_equal(sc->wait, BENCH_WAIT_INLINE);
	assert_int_equal(sc->cpu_pu, 2);
	assert_int_equal(sc->device, BENCH_PLACE_PU);
	assert_int_equal(sc->device_pu, 5);
	assert_true(sc->strict);
	assert_int_equal(sc->duration_ms, 500);
	assert_int_equal(sc->blocks, 5);
	assert_int_equal(sc->drain_ms, 7);
	assert_int_equal(sc->overrun_ns, 9000);
	assert_int_equal(sc->seed, 0xdeadbeef);
	check_builtin_cost(sc, "realistic");
	assert_int_equal(sc->nr_overrides, 0);
	assert_null(sc->overrides);
	/* Every key but chip uio's own (test_uio_keys). */
	for (int k = 0; k < BENCH_KEY_UIO; k++)
		assert_int_equal(sc->key_line[k], k + 3);
	bench_config_free(&cfg);
}

static void test_run_defaults(void **state)
{
	static const char text[] = "[scenario a]\n" /* 1 */
				   "chip = ioapic\n" /* 2 */
				   "rate = 5\n" /* 3 */
				   "[run]\n" /* 4 */
				   "rate = 100\n" /* 5 */
				   "blocks = 2\n" /* 6 */
				   "chip = gic\n" /* 7 */
				   "wait = block\n" /* 8 */
				   "cost = realistic\n" /* 9 */
				   "\n"
				   "[scenario b]\n" /* 11 */
				   "trigger = level\n" /* 12 */
				   "wait = spin\n"; /* 13 */
	static const char other[] = "[scenario c]\n"
				    "chip = soft\n";
	struct bench_config cfg = { 0 };
	const struct bench_scenario *a, *b, *c;
	char path[PATH_MAX], err[1024];

	(void)state;
	assert_int_equal(load_text(&cfg, "run.ini", text, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	/* [run] is per file: c gets none of it. */
	assert_int_equal(load_text(&cfg, "run2.ini", other, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 3);
	a = &cfg.sc[0];
	b = &cfg.sc[1];
	c = &cfg.sc[2];
	assert_string_equal(a->name, "a");
	assert_ptr_equal(a->chip, bench_chip_find("ioapic"));
	assert_int_equal(a->key_line[BENCH_KEY_CHIP], 2);
	assert_true(a->rate_hz == 5);
	assert_int_equal(a->key_line[BENCH_KEY_RATE], 3);
	assert_int_equal(a->blocks, 2);
	assert_int_equal(a->key_line[BENCH_KEY_BLOCKS], 6);
	assert_int_equal(a->wait, BENCH_WAIT_BLOCK);
	assert_int_equal(a->key_line[BENCH_KEY_WAIT], 8);
	assert_int_equal(a->trigger, BENCH_TRIG_EDGE);
	assert_int_equal(a->key_line[BENCH_KEY_TRIGGER], 0);
	assert_int_equal(a->pin, 16);
	check_builtin_cost(a, "realistic");
	assert_int_equal(a->key_line[BENCH_KEY_COST], 9);

	assert_string_equal(b->name, "b");
	assert_int_equal(b->line, 11);
	assert_ptr_equal(b->chip, bench_chip_find("gic"));
	assert_int_equal(b->key_line[BENCH_KEY_CHIP], 7);
	assert_int_equal(b->trigger, BENCH_TRIG_LEVEL);
	assert_int_equal(b->key_line[BENCH_KEY_TRIGGER], 12);
	assert_int_equal(b->pin, 32);
	assert_true(b->rate_hz == 100);
	assert_int_equal(b->key_line[BENCH_KEY_RATE], 5);
	assert_int_equal(b->wait, BENCH_WAIT_SPIN);
	assert_int_equal(b->key_line[BENCH_KEY_WAIT], 13);
	assert_ptr_equal(a->file, b->file);

	assert_ptr_equal(c->chip, bench_chip_find("soft"));
	assert_true(c->rate_hz == 10000);
	assert_int_equal(c->blocks, 4);
	check_builtin_cost(c, "zero");
	assert_int_equal(c->key_line[BENCH_KEY_COST], 0);
	assert_ptr_equal(c->file, cfg.files[1]);
	assert_ptr_not_equal(c->file, a->file);
	bench_config_free(&cfg);
}

static void test_defaults(void **state)
{
	static const char text[] = "[scenario d]\n"
				   "chip = gic\n"
				   "[scenario ppi]\n"
				   "chip = gic\n"
				   "trigger = percpu\n"
				   "[scenario burst]\n"
				   "chip = soft\n"
				   "pattern = burst\n";
	struct bench_config cfg = { 0 };
	const struct bench_scenario *sc;
	char path[PATH_MAX], err[1024];

	(void)state;
	assert_int_equal(load_text(&cfg, "defaults.ini", text, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 3);
	sc = &cfg.sc[0];
	assert_int_equal(sc->line, 1);
	assert_int_equal(sc->trigger, BENCH_TRIG_EDGE);
	assert_int_equal(sc->nr_designs, 2);
	assert_int_equal(sc->designs[0], BENCH_DESIGN_FLOW);
	assert_int_equal(sc->designs[1], BENCH_DESIGN_DO_IRQ);
	assert_int_equal(sc->pin, 32);
	assert_int_equal(sc->pattern, BENCH_PAT_PERIODIC);
	assert_true(sc->rate_hz == 10000);
	assert_int_equal(sc->burst, 1);
	assert_int_equal(sc->burst_gap_ns, 0);
	assert_int_equal(sc->devices, 1);
	assert_true(sc->storm_rate_hz == 0);
	assert_int_equal(sc->handler_ns, 0);
	assert_int_equal(sc->pulse_ns, 0);
	assert_int_equal(sc->hold_ns, 0);
	assert_true(sc->disable_hz == 0);
	assert_int_equal(sc->disable_ns, 0);
	assert_int_equal(sc->lazy_disable, 0);
	assert_int_equal(sc->cpus, 1);
	assert_int_equal(sc->wait, BENCH_WAIT_SPIN);
	assert_int_equal(sc->cpu_pu, 0);
	assert_int_equal(sc->device, BENCH_PLACE_ANY);
	assert_false(sc->strict);
	assert_int_equal(sc->duration_ms, 1000);
	assert_int_equal(sc->blocks, 4);
	assert_int_equal(sc->drain_ms, 20);
	assert_int_equal(sc->overrun_ns, 5000);
	assert_int_equal(sc->seed, 1);
	check_builtin_cost(sc, "zero");
	assert_int_equal(sc->nr_overrides, 0);
	for (int k = 0; k < BENCH_KEY_NR; k++)
		assert_int_equal(sc->key_line[k], k == BENCH_KEY_CHIP ? 2 : 0);

	assert_int_equal(cfg.sc[1].trigger, BENCH_TRIG_PERCPU);
	assert_int_equal(cfg.sc[1].pin, 29);
	/* soft can only do simple; burst defaults to 4 for pattern burst */
	assert_int_equal(cfg.sc[2].trigger, BENCH_TRIG_SIMPLE);
	assert_int_equal(cfg.sc[2].burst, 4);
	assert_int_equal(cfg.sc[2].pin, 0);
	bench_config_free(&cfg);
}

static void test_quick_seed(void **state)
{
	static const char text[] = "[scenario long]\n"
				   "chip = soft\n"
				   "seed = 77\n"
				   "[scenario short]\n"
				   "chip = soft\n"
				   "duration_ms = 15\n"
				   "blocks = 10\n"
				   "drain_ms = 3\n"
				   "[scenario one]\n"
				   "chip = soft\n"
				   "blocks = 1\n"
				   "duration_ms = 5\n";
	struct bench_params p = { .quick = true,
				  .seed_set = true,
				  .seed = UINT64_MAX };
	struct bench_config cfg = { 0 };
	char path[PATH_MAX], err[1024];

	(void)state;
	assert_int_equal(load_text(&cfg, "quick.ini", text, &p, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 3);
	assert_int_equal(cfg.sc[0].blocks, 2);
	assert_int_equal(cfg.sc[0].duration_ms, 100);
	assert_int_equal(cfg.sc[0].drain_ms, 20);
	assert_int_equal(cfg.sc[0].seed, UINT64_MAX);
	assert_int_equal(cfg.sc[1].blocks, 2);
	assert_int_equal(cfg.sc[1].duration_ms, 2);
	assert_int_equal(cfg.sc[1].drain_ms, 3);
	assert_int_equal(cfg.sc[1].seed, UINT64_MAX);
	assert_int_equal(cfg.sc[2].blocks, 1);
	assert_int_equal(cfg.sc[2].duration_ms, 1);
	bench_config_free(&cfg);

	/* seed alone: no change to the durations */
	p.quick = false;
	p.seed = 5;
	assert_int_equal(load_text(&cfg, "quick.ini", text, &p, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.sc[0].blocks, 4);
	assert_int_equal(cfg.sc[0].duration_ms, 1000);
	assert_int_equal(cfg.sc[0].drain_ms, 20);
	assert_int_equal(cfg.sc[0].seed, 5);
	assert_int_equal(cfg.sc[1].duration_ms, 15);
	bench_config_free(&cfg);
}

#define S "[scenario a]\n" /* line 1 of most cases */

/**
 * struct bad - one config that must fail
 * @text:	the file
 * @ret:	the errno
 * @line:	where (0: "FILE: " without a line)
 * @in:		the file the error is in: NULL for the config, else a
 *		profile written by test_bad()
 * @has:	what the sentence must mention
 */
struct bad {
	const char *text;
	int ret;
	unsigned int line;
	const char *in;
	const char *has[4];
};

static const char long_comment[] = S
	"chip = soft ; "
	"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	"\n";

/* clang-format off */
static const struct bad bad[] = {
	{ S "chip = soft\n[foo]\n", -EINVAL, 3, NULL,
	  { "[foo]", "[run]", "[scenario NAME]", "[cost.MODEL]" } },
	{ S "chip = soft\nbogus = 1\n", -EINVAL, 3, NULL,
	  { "bogus", "rate", "duration_ms", "cost" } },
	{ S "chip = soft\nrate = 5\nrate = 6\n", -EINVAL, 4, NULL,
	  { "duplicate key rate", "line 3" } },
	{ S "chip = soft\nrate = abc\n", -EINVAL, 3, NULL,
	  { "key rate: \"abc\" is not a positive number of events per "
	    "second" } },
	{ S "chip = soft\nrate = -5\n", -EINVAL, 3, NULL,
	  { "key rate: \"-5\" is not a positive number of events per "
	    "second" } },
	{ S "chip = soft\nrate = 0\n", -EINVAL, 3, NULL,
	  { "key rate", "\"0\"" } },
	{ S "chip = soft\nrate = 1e8\n", -EINVAL, 3, NULL,
	  { "key rate", "10000000" } },
	{ S "chip = soft\nrate = nan\n", -EINVAL, 3, NULL, { "key rate" } },
	{ S "chip = soft\nstorm_rate = -1\n", -EINVAL, 3, NULL,
	  { "key storm_rate", "\"-1\"" } },
	{ S "chip = soft\nblocks = -1\n", -EINVAL, 3, NULL,
	  { "key blocks", "\"-1\"", "1 to 1000" } },
	{ S "chip = soft\nseed = 18446744073709551616\n", -EINVAL, 3, NULL,
	  { "key seed", "18446744073709551616", "64-bit" } },
	{ S "chip = soft\nseed = 0x\n", -EINVAL, 3, NULL, { "key seed" } },
	{ S "chip = soft\n\npin = 4294967296\n", -EINVAL, 4, NULL,
	  { "key pin", "4294967296" } },
	{ S "chip = soft\nduration_ms = 100ms\n", -EINVAL, 3, NULL,
	  { "key duration_ms", "\"100ms\"", "milliseconds" } },
	{ S "chip = soft\nburst = 1025\n", -EINVAL, 3, NULL,
	  { "key burst", "1 to 1024" } },
	{ S "chip = soft\ndevices = 9\n", -EINVAL, 3, NULL,
	  { "key devices", "1 to 8" } },
	{ S "chip = soft\ncpus = 0\n", -EINVAL, 3, NULL,
	  { "key cpus", "1 to 16" } },
	{ S "chip = soft\nhandler_ns = 1000000001\n", -EINVAL, 3, NULL,
	  { "key handler_ns", "nanoseconds" } },
	{ S "chip = soft\noverrun_ns = 0\n", -EINVAL, 3, NULL,
	  { "key overrun_ns" } },
	{ S "chip = soft\ndrain_ms = 60001\n", -EINVAL, 3, NULL,
	  { "key drain_ms" } },
	{ S "chip = soft\nrate =\n", -EINVAL, 3, NULL,
	  { "key rate", "no value" } },
	{ S "chip = z80\n", -EINVAL, 2, NULL,
	  { "key chip", "z80", "soft, i8259, ioapic, gic, gpio" } },
	{ S "chip = soft\ntrigger = rising\n", -EINVAL, 3, NULL,
	  { "key trigger", "rising",
	    "edge, edge-falling, edge-both, level, level-low, percpu, "
	    "simple" } },
	{ S "chip = soft\ndesigns = flow fast\n", -EINVAL, 3, NULL,
	  { "key designs", "fast", "flow, do_irq, edge-masking" } },
	{ S "chip = soft\ncontrol_shift_ns = 100\n", -EINVAL, 3, NULL,
	  { "key control_shift_ns", "lists none twice" } },
	{ S "chip = soft\ndesigns = flow do_irq flow flow\n", -EINVAL, 3, NULL,
	  { "key designs", "flow", "three times", "A/A control" } },
	{ S "chip = soft\ndesigns = , ,\n", -EINVAL, 3, NULL,
	  { "key designs", "no design" } },
	{ S "chip = soft\npattern = random\n", -EINVAL, 3, NULL,
	  { "key pattern", "random", "periodic, poisson, burst, storm" } },
	{ S "chip = soft\nwait = sleep\n", -EINVAL, 3, NULL,
	  { "key wait", "sleep", "spin, block, inline" } },
	{ S "chip = soft\narch = x86\n", -EINVAL, 3, NULL,
	  { "key arch", "x86", "generic, i386, arm" } },
	{ S "chip = soft\ndevice = far\n", -EINVAL, 3, NULL,
	  { "key device", "far",
	    "any, sibling, same-core, other-core, other-package",
	    "PU number" } },
	{ S "chip = soft\ndevice = pu\n", -EINVAL, 3, NULL,
	  { "key device", "PU number" } },
	{ S "chip = soft\nplacement = loose\n", -EINVAL, 3, NULL,
	  { "key placement", "loose", "strict or adapt" } },
	{ S "chip = ioapic\n; percpu is GIC only\ntrigger = percpu\n",
	  -EINVAL, 4, NULL,
	  { "key trigger", "ioapic", "percpu", "edge, level" } },
	{ S "chip = ioapic\npin = 24\n", -EINVAL, 3, NULL,
	  { "ioapic", "24", "pins are 0-23" } },
	{ S "chip = gic\ntrigger = percpu\npin = 40\n", -EINVAL, 4, NULL,
	  { "gic", "40", "PPI" } },
	{ S "chip = ioapic\ndesigns = flow edge-masking\ntrigger = level\n",
	  -EINVAL, 4, NULL, { "key designs", "edge-masking", "level" } },
	{ "[run]\ntrigger = level\n" S "chip = ioapic\n"
	  "designs = edge-masking\n",
	  -EINVAL, 5, NULL, { "key designs", "edge-masking", "level" } },
	{ S "chip = soft\nwait = inline\ncpus = 2\n", -EINVAL, 4, NULL,
	  { "inline", "cpus = 2" } },
	{ "[run]\ncpus = 2\n\n[scenario a]\nchip = soft\nwait = inline\n",
	  -EINVAL, 6, NULL, { "key wait", "inline", "cpus = 2" } },
	{ S "chip = soft\nduration_ms = 3\nblocks = 4\n", -EINVAL, 4, NULL,
	  { "duration_ms", "blocks" } },
	{ S "chip = soft\n[scenario b]\nchip = soft\n[scenario a]\n",
	  -EINVAL, 5, NULL, { "duplicate scenario a", "bad-", ":1" } },
	{ "[run]\nchip = soft\n", -EINVAL, 0, NULL,
	  { "no [scenario NAME] section" } },
	{ "; nothing\n", -EINVAL, 0, NULL, { "no [scenario NAME] section" } },
	{ "\nchip = soft\n" S, -EINVAL, 2, NULL,
	  { "key chip", "outside any section" } },
	{ S "rate = 5\n", -EINVAL, 1, NULL, { "scenario a", "key chip" } },
	{ "[run]\nchip = soft\n[run]\n" S, -EINVAL, 3, NULL,
	  { "duplicate [run]", ":1" } },
	{ "[scenario a b]\nchip = soft\n", -EINVAL, 1, NULL,
	  { "bad scenario name", "\"a b\"" } },
	{ "[scenario]\nchip = soft\n", -EINVAL, 1, NULL,
	  { "bad scenario name" } },
	{ "[scenario "
	  "a123456789b123456789c123456789d123456789e123456789f123456789abcd]\n"
	  "chip = soft\n",
	  -EINVAL, 1, NULL, { "bad scenario name", "1-63" } },
	{ "[scenario a/b]\nchip = soft\n", -EINVAL, 1, NULL,
	  { "bad scenario name", "a/b" } },
	{ S "chip = soft\ncost = nothere\n", -ENOENT, 3, NULL,
	  { "key cost", "nothere", "cannot read" } },
	{ S "chip = soft\ncost = /nonexistent/x.ini\n", -ENOENT, 3, NULL,
	  { "key cost", "/nonexistent/x.ini" } },
	{ S "chip = soft\ncost = badkey.prof\n", -EINVAL, 4, "badkey.prof",
	  { "key bogus_ns", "ioapic", "ioapic_read_ns", ".ini:3)" } },
	{ "[run]\ncost = badval.prof\n" S "chip = soft\n", -EINVAL, 2,
	  "badval.prof", { "key read_ns", "\"-1\"", ".ini:2)" } },
	{ S "chip = soft\ncost = badsect.prof\n", -EINVAL, 1, "badsect.prof",
	  { "[z80]", "ioapic", "gpio", ".ini:3)" } },
	{ S "chip = soft\ncost = nosect.prof\n", -EINVAL, 2, "nosect.prof",
	  { "key read_ns", "outside" } },
	{ S "chip = soft\ncost = .\n", -EINVAL, 0, ".",
	  { "cannot read", "cost profile of", ".ini:3)" } },
	{ S "chip = soft\n[cost.z80]\nx_ns = 1\n", -EINVAL, 3, NULL,
	  { "[cost.z80]", "soft, i8259, ioapic, gic, vic, gpio" } },
	{ S "chip = ioapic\n[cost.ioapic]\nioapic_read_ns = 1\nfoo_ns = 1\n",
	  -EINVAL, 5, NULL,
	  { "key foo_ns", "ioapic", "ioapic_read_ns, ioapic_write_ns" } },
	{ S "chip = ioapic\n[cost.ioapic]\nioapic_read_ns = 1e9\n",
	  -EINVAL, 4, NULL,
	  { "key ioapic_read_ns", "1e9", "nanoseconds" } },
	{ S "chip = ioapic\n[cost.ioapic]\nioapic_read_ns = 1000000000\n",
	  -EINVAL, 4, NULL, { "key ioapic_read_ns", "1000000000" } },
	{ "[cost.ioapic]\nlapic_eoi_ns = 1\n" S "chip = ioapic\n"
	  "[cost.ioapic]\nlapic_eoi_ns = 2\n",
	  -EINVAL, 6, NULL, { "duplicate key lapic_eoi_ns", "line 2" } },
	{ S "chip = soft\n[cost.cpu]\nexit_ns = 1\n", -EINVAL, 4, NULL,
	  { "key exit_ns", "model cpu", "entry_ns" } },
	{ S "chip = ioapic\ncost.ioapic.nope_ns = 1\n", -EINVAL, 3, NULL,
	  { "key nope_ns", "ioapic_read_ns" } },
	{ S "chip = ioapic\ncost.z80.x_ns = 1\n", -EINVAL, 3, NULL,
	  { "cost.z80.x_ns", "z80" } },
	{ "[run]\ncost.ioapic.lapic_eoi_ns = 1\n" S "chip = ioapic\n",
	  -EINVAL, 2, NULL,
	  { "unknown key cost.ioapic.lapic_eoi_ns", "[run]" } },
	{ S "chip = soft\njust some words\n", -EINVAL, 3, NULL,
	  { "not a [section], key = value" } },
	{ S "chip = soft\n[scenario b\n", -EINVAL, 3, NULL,
	  { "not a [section]" } },
	/* inih's own error comes first, before the bad chip */
	{ S "junk\nchip = z80\n", -EINVAL, 2, NULL, { "not a [section]" } },
	{ S "chip = soft\n  more\n", -EINVAL, 3, NULL,
	  { "indented", "key chip" } },
	{ long_comment, -EINVAL, 2, NULL, { "too long" } },
	/* inih reads these as continuations, even a [header] or a key */
	{ S "chip = soft\nrate = 5\n  [scenario b]\n", -EINVAL, 4, NULL,
	  { "indented", "key rate" } },
	{ S "chip = soft\n\trate = 5\n", -EINVAL, 3, NULL,
	  { "indented", "key chip" } },
	{ S "chip = ioapic\n[cost.ioapic]\nioapic_read_ns = 1\n  2\n",
	  -EINVAL, 5, NULL, { "indented", "key ioapic_read_ns" } },
	{ S "chip = soft\ncost = cont.prof\n", -EINVAL, 3, "cont.prof",
	  { "indented", "key ioapic_read_ns", ".ini:3)" } },
	/* chip uio: the device must be there, be UIO, and be usable */
	{ S "chip = uio\n", -EINVAL, 1, NULL,
	  { "chip uio needs key uio" } },
	{ S "chip = uio\nuio = /dev/uio97\n", -EINVAL, 3, NULL,
	  { "key uio: UIO device /dev/uio97: No such file or directory" } },
	{ S "chip = uio\nuio = /dev/null\n", -EINVAL, 3, NULL,
	  { "key uio: /dev/null is not a UIO device" } },
	{ S "chip = uio\nuio = some_driver\n", -EINVAL, 3, NULL,
	  { "key uio: no UIO device is named some_driver" } },
	{ S "chip = ioapic\nuio = /dev/uio0\n", -EINVAL, 3, NULL,
	  { "key uio: only chip uio drives a real device, not chip ioapic" } },
	{ S "chip = uio\nuio = /dev/uio0\nuio_backend = e1000\n", -EINVAL,
	  4, NULL, { "unknown backend \"e1000\"", "edu, passive" } },
	{ S "chip = uio\nuio = /dev/uio0\nuio_mask = both\n", -EINVAL, 4,
	  NULL, { "key uio_mask: \"both\" is not auto, irqcontrol or intx" } },
	{ S "chip = uio\nuio = /dev/uio0\nwait = inline\n", -EINVAL, 4, NULL,
	  { "key wait: chip uio", "inline" } },
	{ S "chip = uio\nuio = /dev/uio0\ncpus = 2\n", -EINVAL, 4, NULL,
	  { "key cpus: chip uio", "cpus must be 1" } },
	{ S "chip = uio\nuio = /dev/uio0\ndevices = 2\n", -EINVAL, 4, NULL,
	  { "key devices: chip uio drives one real device" } },
	{ S "chip = uio\nuio = /dev/uio0\npattern = storm\n", -EINVAL, 4,
	  NULL, { "key pattern: a real device cannot storm" } },
	{ S "chip = uio\nuio = /dev/uio0\ntrigger = edge\n", -EINVAL, 4,
	  NULL, { "chip uio cannot do trigger edge", "level" } },
};
/* clang-format on */

static void test_bad(void **state)
{
	static const struct {
		const char *name, *text;
	} profiles[] = {
		{ "badkey.prof", "; a bad key\n[ioapic]\nioapic_read_ns = 5\n"
				 "bogus_ns = 3\n" },
		{ "badval.prof", "[vic]\nread_ns = -1\n" },
		{ "badsect.prof", "[z80]\n" },
		{ "nosect.prof", "\nread_ns = 1\n" },
		{ "cont.prof", "[ioapic]\nioapic_read_ns = 5\n  6\n" },
	};
	char path[PATH_MAX], prof[PATH_MAX], real[PATH_MAX], name[32];
	char err[1024];

	(void)state;
	for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++)
		write_file(profiles[i].name, profiles[i].text, path,
			   sizeof(path));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct bench_config cfg = { 0 };
		const char *file = path;
		int ret;

		snprintf(name, sizeof(name), "bad-%02zu.ini", i);
		ret = load_text(&cfg, name, bad[i].text, NULL, path,
				sizeof(path), err, sizeof(err));
		print_message("bad[%zu]: %d %s\n", i, ret, err);
		assert_int_equal(ret, bad[i].ret);
		assert_int_equal(cfg.nr, 0);
		assert_int_equal(cfg.nr_files, 0);
		assert_null(cfg.sc);
		if (bad[i].in) {
			path_of(prof, sizeof(prof), bad[i].in);
			assert_non_null(realpath(prof, real));
			file = real;
		}
		check_prefix(err, file, bad[i].line);
		for (int j = 0; j < 4; j++)
			check_has(err, bad[i].has[j]);
		bench_config_free(&cfg);
	}
	print_message("%zu bad configs\n", sizeof(bad) / sizeof(bad[0]));
}

static void test_missing_file(void **state)
{
	struct bench_config cfg = { 0 };
	char path[PATH_MAX], want[PATH_MAX + 64], err[1024];

	(void)state;
	path_of(path, sizeof(path), "absent.ini");
	assert_int_equal(bench_config_load(&cfg, path, NULL, err, sizeof(err)),
			 -ENOENT);
	snprintf(want, sizeof(want), "%s: cannot read: %s", path,
		 strerror(ENOENT));
	assert_string_equal(err, want);
	assert_int_equal(cfg.nr, 0);
	bench_config_free(&cfg);
}

/* Names are unique across files; a failed load changes nothing. */
static void test_across_files(void **state)
{
	struct bench_config cfg = { 0 };
	char a[PATH_MAX], b[PATH_MAX], c[PATH_MAX], err[1024];

	(void)state;
	assert_int_equal(load_text(&cfg, "x1.ini",
				   "[cost.soft]\nstatus_read_ns = 9\n"
				   "[scenario x]\nchip = soft\n",
				   NULL, a, sizeof(a), err, sizeof(err)),
			 0);
	assert_int_equal(load_text(&cfg, "x2.ini",
				   "[scenario y]\nchip = soft\n"
				   "[cost.soft]\nstatus_read_ns = 1\n"
				   "[scenario x]\nchip = soft\n",
				   NULL, b, sizeof(b), err, sizeof(err)),
			 -EINVAL);
	check_prefix(err, b, 5);
	check_has(err, "duplicate scenario x");
	check_has(err, a);
	check_has(err, ":3");
	assert_int_equal(cfg.nr, 1);
	assert_int_equal(cfg.nr_files, 1);
	assert_int_equal(cfg.nr_overrides, 1);
	assert_int_equal(load_text(&cfg, "x3.ini",
				   "[scenario z]\nchip = soft\n"
				   "[cost.soft]\nstatus_write_ns = 3\n"
				   "enable_write_ns = 4\n",
				   NULL, c, sizeof(c), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 2);
	assert_int_equal(cfg.nr_files, 2);
	assert_string_equal(cfg.sc[1].name, "z");
	assert_string_equal(cfg.sc[1].file, c);
	/* x's overrides survived the reallocation */
	assert_int_equal(cfg.sc[0].nr_overrides, 1);
	assert_true(cfg.sc[0].overrides >= cfg.overrides &&
		    cfg.sc[0].overrides < cfg.overrides + cfg.nr_overrides);
	assert_string_equal(cfg.sc[0].overrides[0].key, "status_read_ns");
	assert_int_equal(cfg.sc[0].overrides[0].ns, 9);
	assert_string_equal(cfg.sc[0].overrides[0].file, a);
	assert_int_equal(cfg.sc[0].overrides[0].line, 2);
	assert_int_equal(cfg.sc[1].nr_overrides, 2);
	assert_string_equal(cfg.sc[1].overrides[1].key, "enable_write_ns");
	assert_int_equal(cfg.sc[1].overrides[1].ns, 4);
	assert_int_equal(cfg.sc[1].overrides[1].line, 5);
	assert_ptr_equal(cfg.sc[1].overrides[1].file, cfg.files[1]);
	bench_config_free(&cfg);
}

/* cost = PATH is relative to the config file's folder. */
static void test_cost_path(void **state)
{
	struct bench_config cfg = { 0 };
	char path[PATH_MAX], real[PATH_MAX], err[1024];

	(void)state;
	write_file("good.prof", "[ioapic]\nioapic_read_ns = 3\n[gic]\n", path,
		   sizeof(path));
	assert_non_null(realpath(path, real));
	path_of(path, sizeof(path), "sub");
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(load_text(&cfg, "sub/c.ini",
				   "[scenario p]\nchip = ioapic\n"
				   "cost = ../good.prof\n",
				   NULL, path, sizeof(path), err, sizeof(err)),
			 0);
	assert_string_equal(cfg.sc[0].cost_name, "../good.prof");
	assert_string_equal(cfg.sc[0].cost, real);
	assert_int_equal(cfg.sc[0].key_line[BENCH_KEY_COST], 3);
	bench_config_free(&cfg);
}

static void check_same(const struct bench_scenario *a,
		       const struct bench_scenario *b)
{
	assert_string_equal(a->name, b->name);
	assert_ptr_equal(a->chip, b->chip);
	assert_int_equal(a->trigger, b->trigger);
	assert_int_equal(a->nr_designs, b->nr_designs);
	assert_memory_equal(a->designs, b->designs,
			    a->nr_designs * sizeof(a->designs[0]));
	assert_int_equal(a->pin, b->pin);
	assert_int_equal(a->pattern, b->pattern);
	assert_true(a->rate_hz == b->rate_hz);
	assert_int_equal(a->burst, b->burst);
	assert_int_equal(a->burst_gap_ns, b->burst_gap_ns);
	assert_int_equal(a->devices, b->devices);
	assert_true(a->storm_rate_hz == b->storm_rate_hz);
	assert_int_equal(a->handler_ns, b->handler_ns);
	assert_int_equal(a->pulse_ns, b->pulse_ns);
	assert_int_equal(a->hold_ns, b->hold_ns);
	assert_int_equal(a->cpus, b->cpus);
	assert_int_equal(a->wait, b->wait);
	assert_int_equal(a->cpu_pu, b->cpu_pu);
	assert_int_equal(a->device, b->device);
	if (a->device == BENCH_PLACE_PU)
		assert_int_equal(a->device_pu, b->device_pu);
	assert_int_equal(a->strict, b->strict);
	assert_int_equal(a->duration_ms, b->duration_ms);
	assert_int_equal(a->blocks, b->blocks);
	assert_int_equal(a->drain_ms, b->drain_ms);
	assert_int_equal(a->overrun_ns, b->overrun_ns);
	assert_int_equal(a->seed, b->seed);
	assert_string_equal(a->cost, b->cost);
	assert_int_equal(a->nr_overrides, b->nr_overrides);
	for (unsigned int i = 0; i < a->nr_overrides; i++) {
		assert_string_equal(a->overrides[i].model,
				    b->overrides[i].model);
		assert_string_equal(a->overrides[i].key, b->overrides[i].key);
		assert_int_equal(a->overrides[i].ns, b->overrides[i].ns);
	}
}

/* @path's text without its comment lines. */
static char *read_keys(const char *path)
{
	char line[1024], *out;
	size_t len = 0, cap = 1 << 16;
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	out = calloc(1, cap);
	assert_non_null(out);
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == ';')
			continue;
		assert_true(len + strlen(line) < cap);
		strcpy(out + len, line);
		len += strlen(line);
	}
	fclose(f);
	return out;
}

static void write_config(const struct bench_config *cfg, const char *name,
			 char *path, size_t len)
{
	FILE *f;

	path_of(path, len, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(bench_config_write(cfg, NULL, f), 0);
	assert_int_equal(fclose(f), 0);
}

/*
 * arch: each chip's default is the architecture its controller's kernel
 * was (i8259, ioapic: i386; gic, gpio behind the vic: arm; soft: generic),
 * a scenario or [run] overrides it, and the config as run says it.
 */
static void test_arch(void **state)
{
	static const char text[] = "[run]\n"
				   "arch = generic\n"
				   "[scenario pic]\n"
				   "chip = i8259\n"
				   "arch = i386\n"
				   "[scenario apic]\n"
				   "chip = ioapic\n"
				   "[scenario gic]\n"
				   "chip = gic\n"
				   "[scenario gpio-as-i386]\n"
				   "chip = gpio\n"
				   "arch = i386\n"
				   "[scenario pic-as-arm]\n"
				   "chip = i8259\n"
				   "arch = arm\n";
	static const char defaults[] = "[scenario a]\nchip = ioapic\n"
				       "[scenario b]\nchip = gic\n"
				       "[scenario c]\nchip = gpio\n"
				       "[scenario d]\nchip = soft\n"
				       "[scenario e]\nchip = i8259\n";
	struct bench_config cfg = { 0 }, back = { 0 };
	char path[PATH_MAX], err[1024], out[PATH_MAX];
	char *written;

	(void)state;
	assert_int_equal(load_text(&cfg, "arch-defaults.ini", defaults, NULL,
				   path, sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.sc[0].arch, GENIRQ_ARCH_I386);
	assert_int_equal(cfg.sc[1].arch, GENIRQ_ARCH_ARM);
	assert_int_equal(cfg.sc[2].arch, GENIRQ_ARCH_ARM);
	assert_int_equal(cfg.sc[3].arch, GENIRQ_ARCH_GENERIC);
	assert_int_equal(cfg.sc[4].arch, GENIRQ_ARCH_I386);
	assert_int_equal(cfg.sc[4].key_line[BENCH_KEY_ARCH], 0);
	bench_config_free(&cfg);

	assert_int_equal(load_text(&cfg, "arch.ini", text, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 5);
	assert_int_equal(cfg.sc[0].arch, GENIRQ_ARCH_I386);
	assert_int_equal(cfg.sc[0].key_line[BENCH_KEY_ARCH], 5);
	/* [run]'s value, where the scenario says nothing */
	assert_int_equal(cfg.sc[1].arch, GENIRQ_ARCH_GENERIC);
	assert_int_equal(cfg.sc[2].arch, GENIRQ_ARCH_GENERIC);
	assert_int_equal(cfg.sc[3].arch, GENIRQ_ARCH_I386);
	assert_int_equal(cfg.sc[4].arch, GENIRQ_ARCH_ARM);

	write_config(&cfg, "arch-written.ini", out, sizeof(out));
	written = read_keys(out);
	assert_non_null(strstr(written, "arch = arm\n"));
	assert_non_null(strstr(written, "arch = i386\n"));
	free(written);
	assert_int_equal(bench_config_load(&back, out, NULL, err, sizeof(err)),
			 0);
	for (unsigned int i = 0; i < cfg.nr; i++)
		assert_int_equal(back.sc[i].arch, cfg.sc[i].arch);
	bench_config_free(&back);
	bench_config_free(&cfg);
}

static void test_round_trip(void **state)
{
	static const char one[] = "[run]\n"
				  "cost = realistic\n"
				  "pulse_ns = 100\n"
				  "[cost.ioapic]\n"
				  "ioapic_read_ns = 800\n"
				  "[scenario r1]\n"
				  "chip = ioapic\n"
				  "designs = flow,edge-masking\n"
				  "rate = 0.1\n"
				  "storm_rate = 3.3333333333333335\n"
				  "device = 3\n"
				  "seed = 12345678901234567890\n"
				  "placement = strict\n"
				  "[scenario r2]\n"
				  "chip = gic\n"
				  "trigger = percpu\n"
				  "device = other-package\n"
				  "cost.gic.dist_read_ns = 7\n"
				  "cost.ioapic.ioapic_read_ns = 801\n"
				  "wait = block\n"
				  "cpus = 3\n";
	static const char two[] = "[cost.gic]\n"
				  "cpu_read_ns = 11\n"
				  "[cost.cpu]\n"
				  "entry_ns = 40\n"
				  "[scenario r3]\n"
				  "chip = gpio\n"
				  "trigger = level-low\n"
				  "pattern = poisson\n"
				  "cost = good.prof\n"
				  "[scenario r4]\n"
				  "chip = i8259\n"
				  "trigger = level\n"
				  "pattern = storm\n"
				  "wait = inline\n"
				  "device = same-core\n";
	struct bench_params p = { .quick = true };
	struct bench_config cfg = { 0 }, back = { 0 };
	char path[PATH_MAX], out1[PATH_MAX], out2[PATH_MAX], err[1024];
	char *text1, *text2;

	(void)state;
	write_file("good.prof", "[gpio]\nread_ns = 1\n", path, sizeof(path));
	assert_int_equal(load_text(&cfg, "rt1.ini", one, &p, path, sizeof(path),
				   err, sizeof(err)),
			 0);
	assert_int_equal(load_text(&cfg, "rt2.ini", two, &p, path, sizeof(path),
				   err, sizeof(err)),
			 0);
	assert_int_equal(cfg.nr, 4);
	/* r2: the file's override replaced by its own, then its own */
	assert_int_equal(cfg.sc[1].nr_overrides, 2);
	assert_string_equal(cfg.sc[1].overrides[0].key, "ioapic_read_ns");
	assert_int_equal(cfg.sc[1].overrides[0].ns, 801);
	assert_int_equal(cfg.sc[1].overrides[0].line, 19);
	assert_string_equal(cfg.sc[1].overrides[1].model, "gic");
	assert_int_equal(cfg.sc[1].overrides[1].ns, 7);
	assert_int_equal(cfg.sc[0].nr_overrides, 1);
	assert_int_equal(cfg.sc[0].overrides[0].ns, 800);
	assert_int_equal(cfg.sc[2].nr_overrides, 2);
	assert_int_equal(cfg.sc[2].overrides[0].ns, 11);
	/* the simulated CPU's entry cost: a model of the overrides too */
	assert_string_equal(cfg.sc[2].overrides[1].model, "cpu");
	assert_string_equal(cfg.sc[2].overrides[1].key, "entry_ns");
	assert_int_equal(cfg.sc[2].overrides[1].ns, 40);
	assert_ptr_equal(cfg.sc[2].overrides, cfg.sc[3].overrides);

	write_config(&cfg, "written.ini", out1, sizeof(out1));
	assert_int_equal(bench_config_load(&back, out1, NULL, err, sizeof(err)),
			 0);
	assert_int_equal(back.nr, cfg.nr);
	for (unsigned int i = 0; i < cfg.nr; i++)
		check_same(&cfg.sc[i], &back.sc[i]);
	for (int k = 0; k < BENCH_KEY_UIO; k++)
		assert_int_not_equal(back.sc[0].key_line[k], 0);

	/* and what is written again is the same, comments aside */
	write_config(&back, "written2.ini", out2, sizeof(out2));
	text1 = read_keys(out1);
	text2 = read_keys(out2);
	assert_string_equal(text1, text2);
	free(text1);
	free(text2);
	bench_config_free(&back);
	bench_config_free(&cfg);
}

/*
 * Pattern replay's keys as run: the recording's resolved path, the
 * source played (named by the file's only source when replay_irq was not
 * given) and the speed load back to the same recording, and a scenario
 * of another pattern writes none of them.
 */
static void test_replay_round_trip(void **state)
{
	struct bench_config cfg = { 0 }, back = { 0 };
	char path[PATH_MAX], rec[PATH_MAX], out[PATH_MAX], err[1024];
	char *text;

	(void)state;
	write_file("one.rec", "10 7\n20 7\n35 7\n", rec, sizeof(rec));
	assert_int_equal(load_text(&cfg, "replay.ini",
				   "[run]\nchip = i8259\nreplay = one.rec\n"
				   "[scenario r]\npattern = replay\n"
				   "replay_speed = 2.5\n"
				   "[scenario p]\npattern = poisson\n",
				   NULL, path, sizeof(path), err, sizeof(err)),
			 0);
	assert_string_equal(cfg.sc[0].replay, rec);
	assert_string_equal(cfg.sc[0].replay_name, "one.rec");
	assert_int_equal(cfg.sc[0].replay_rec->n, 3);
	assert_null(cfg.sc[1].replay_rec);
	assert_true(cfg.sc[1].replay_speed == 1);
	write_config(&cfg, "replay-written.ini", out, sizeof(out));
	text = read_keys(out);
	assert_non_null(strstr(text, "replay_irq = 7\n"));
	assert_non_null(strstr(text, "replay_speed = 2.5\n"));
	/* scenario p, written after r, has none of the keys */
	assert_non_null(strstr(text, "[scenario p]"));
	assert_null(strstr(strstr(text, "[scenario p]"), "replay"));
	assert_int_equal(bench_config_load(&back, out, NULL, err, sizeof(err)),
			 0);
	assert_string_equal(back.sc[0].replay, rec);
	assert_string_equal(back.sc[0].replay_irq, "7");
	assert_true(back.sc[0].replay_speed == 2.5);
	assert_int_equal(back.sc[0].replay_rec->n, 3);
	assert_int_equal(back.sc[1].key_line[BENCH_KEY_REPLAY], 0);
	free(text);
	bench_config_free(&back);
	bench_config_free(&cfg);
}

/* What inih can read is what counts: BOM, CRLF, the longest line. */
static void test_lines(void **state)
{
	struct bench_config cfg = { 0 };
	char text[512], path[PATH_MAX], err[1024];

	(void)state;
	/* 198 characters and the newline fill inih's 200-byte line */
	snprintf(text, sizeof(text),
		 "\xEF\xBB\xBF[scenario crlf]\r\nchip = soft\r\n"
		 "; comment\r\nrate = 7 ; %-187s\n",
		 "x");
	assert_int_equal(strlen(strstr(text, "rate")), 198 + 1);
	assert_int_equal(load_text(&cfg, "lines.ini", text, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 0);
	assert_string_equal(cfg.sc[0].name, "crlf");
	assert_true(cfg.sc[0].rate_hz == 7);
	assert_int_equal(cfg.sc[0].key_line[BENCH_KEY_RATE], 4);
	bench_config_free(&cfg);

	snprintf(text, sizeof(text),
		 "[scenario long]\nchip = soft\nrate = 7 ; %-188s\n", "x");
	assert_int_equal(load_text(&cfg, "lines.ini", text, NULL, path,
				   sizeof(path), err, sizeof(err)),
			 -EINVAL);
	check_prefix(err, path, 3);
	check_has(err, "too long");
	assert_int_equal(cfg.nr, 0);
	bench_config_free(&cfg);
}

/* Only after a key is an indented line a continuation. */
static void test_indented(void **state)
{
	struct bench_config cfg = { 0 };
	char path[PATH_MAX], err[1024];

	(void)state;
	write_file("ind.prof", "[ioapic]\n  ioapic_read_ns = 5\n", path,
		   sizeof(path));
	assert_int_equal(load_text(&cfg, "ind.ini",
				   "[scenario i]\n  chip = ioapic\n"
				   "cost = ind.prof\n"
				   "[cost.ioapic]\n\tioapic_write_ns = 2\n",
				   NULL, path, sizeof(path), err, sizeof(err)),
			 0);
	assert_ptr_equal(cfg.sc[0].chip, bench_chip_find("ioapic"));
	assert_int_equal(cfg.sc[0].key_line[BENCH_KEY_CHIP], 2);
	assert_int_equal(cfg.sc[0].nr_overrides, 1);
	assert_int_equal(cfg.sc[0].overrides[0].line, 5);
	bench_config_free(&cfg);
}

static int setup(void **state)
{
	char templ[] = "/tmp/irqlab-config-XXXXXX";

	(void)state;
	if (!mkdtemp(templ) || !realpath(templ, tmpdir))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return test_rm_tree(tmpdir);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_free_empty),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_run_defaults),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_arch),
		cmocka_unit_test(test_quick_seed),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_across_files),
		cmocka_unit_test(test_cost_path),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_replay_round_trip),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_indented),
	};

	if (argc > 2)
		srcdir = argv[2];
	return cmocka_run_group_tests(tests, setup, teardown);
}
