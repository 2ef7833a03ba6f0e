// SPDX-License-Identifier: GPL-2.0
/*
 * End to end: `irqlab run` writes its report; `irqlab report` rewrites it
 * the same for the same seed; the report's headline numbers are the run's
 * own (summary.json); every figure it names exists with its data file;
 * `irqlab compare` exits 0 on identical runs and 2 on an injected
 * regression (every latency of a copy made 1.5 times longer), and not on
 * an improvement; a truncated samples.bin and a missing folder get one
 * clear sentence and a non-zero exit; an irqlab bench object gets its
 * targets table, the "wanted" column from the targets' limits, and a
 * mistyped one a sentence naming the field.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdint.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include "e2e.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-report-XXXXXX";
static char run_dir[512];

static int run_cmd(char *const argv[], const char *name, char **out, char **err)
{
	char so[600], se[600];
	int rc;

	snprintf(so, sizeof(so), "%s/%s.out", tmp, name);
	snprintf(se, sizeof(se), "%s/%s.err", tmp, name);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*out = slurp(so);
	*err = slurp(se);
	assert_non_null(*out);
	assert_non_null(*err);
	return rc;
}

static void copy_file(const char *from_dir, const char *to_dir,
		      const char *name)
{
	char a[600], b[600], buf[65536];
	FILE *in, *out;
	size_t n;

	snprintf(a, sizeof(a), "%s/%s", from_dir, name);
	snprintf(b, sizeof(b), "%s/%s", to_dir, name);
	in = fopen(a, "rb");
	out = fopen(b, "wb");
	assert_non_null(in);
	assert_non_null(out);
	while ((n = fread(buf, 1, sizeof(buf), in)))
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

/* A copy of the run's data files (no report) at @tmp/@name. */
static void copy_run(const char *name, char *dir, size_t len)
{
	static const char *const files[] = { "summary.json", "environment.json",
					     "samples.bin", "topology.txt" };

	snprintf(dir, len, "%s/%s", tmp, name);
	assert_int_equal(mkdir(dir, 0755), 0);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		copy_file(run_dir, dir, files[i]);
}

static uint64_t get_le(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void put_le(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		p[i] = (unsigned char)v;
}

/*
 * With @slower, every serviced event of @dir's samples.bin 1.5 times as
 * late; with
 * @tighten, first each latency is replaced by one from [10, 11) us (the
 * same order, exit as far after entry as it was, under 1 us). A run on a
 * loaded machine (the thread sanitizer's) can have a p50 between two modes
 * whose bootstrap interval spans 0.1 to 20; a tightened copy is the base
 * whose 1.5 times slower copy must be found regressed.
 */
static void rewrite_samples(const char *dir, bool tighten, bool slower)
{
	char path[700];
	unsigned char *b;
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/samples.bin", dir);
	b = (unsigned char *)slurp_len(path, &n);
	assert_non_null(b);
	size_t rec = get_le(b + 12) & 0xffffffff; /* the header's size */

	for (size_t off = 32; off + rec <= n; off += rec) {
		uint64_t entry = get_le(b + off + 8),
			 exit = get_le(b + off + 16);

		if (!(b[off + 31] & 1))
			continue;
		if (tighten) {
			exit = 10000 + entry % 1000 +
			       (exit >= entry ? (exit - entry) % 1000 : 0);
			entry = 10000 + entry % 1000;
		}
		put_le(b + off + 8, slower ? entry * 3 / 2 : entry);
		put_le(b + off + 16, slower ? exit * 3 / 2 : exit);
		/* No lateness: the latency is the one written, any origin. */
		if (rec >= 52)
			memset(b + off + 48, 0, 4);
	}
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
	free(b);
}

/*
 * Every round of @dir's copy probed the same host: the copies' latencies
 * are rewritten, and the real run's probe, which can put a round of six
 * in the other hand-off regime on a loaded machine, must not set any of
 * them apart (analysis/report/host.c).
 */
static void even_probe(const char *dir)
{
	char path[700];
	json_t *sum, *sc, *d, *a, *v;
	size_t i, k, b;
	const char *key;

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	sum = json_load_file(path, 0, NULL);
	assert_non_null(sum);
	json_array_foreach(json_object_get(sum, "scenarios"), i, sc)
	{
		json_array_foreach(json_object_get(sc, "designs"), k, d)
		{
			json_object_foreach(json_object_get(d, "host"), key, a)
			{
				json_array_foreach(a, b, v)
				{
					json_array_set_new(a, b,
							   json_real(100));
				}
			}
		}
	}
	assert_int_equal(json_dump_file(sum, path, JSON_INDENT(1)), 0);
	json_decref(sum);
}

static void exists(const char *dir, const char *name)
{
	char path[700];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (stat(path, &st) || !st.st_size) {
		fprintf(stderr, "missing or empty: %s\n", path);
		fail();
	}
}

/*
 * The cells of the Markdown table row of @md that starts with @prefix
 * (its first cells, as "| a | b |"); how many there are.
 */
static int row_cells(const char *md, const char *prefix, char cells[][64],
		     int max)
{
	char key[320];
	const char *p;
	int n = 0;

	snprintf(key, sizeof(key), "\n%s", prefix);
	p = strstr(md, key);
	if (!p)
		return 0;
	for (p++; *p == '|' && p[1] != '\n' && n < max;) {
		const char *e = strchr(p + 1, '|'), *b = p + 1;
		size_t len;

		if (!e)
			break;
		while (*b == ' ')
			b++;
		len = (size_t)(e - b);
		while (len && b[len - 1] == ' ')
			len--;
		snprintf(cells[n++], 64, "%.*s", (int)len, b);
		p = e;
	}
	return n;
}

static const char *jstr(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* Cell @cell of @row is @o's integer @key. */
static void cell_is(char row[][64], int cell, json_t *o, const char *key)
{
	char want[32];

	snprintf(want, sizeof(want), "%lld",
		 (long long)json_integer_value(json_object_get(o, key)));
	assert_string_equal(row[cell], want);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Cell @cell of @row is the nearest-rank median of @d's blocks_ns.@q
 * over the blocks that have one, or "-" where none has.
 */
static void block_median_is(char row[][64], int cell, json_t *d, const char *q)
{
	json_t *a = json_object_get(json_object_get(d, "blocks_ns"), q), *v;
	double m[256];
	size_t n = 0, i;
	char want[32] = "-";

	json_array_foreach(a, i, v)
	{
		if (json_is_integer(v) && n < 256)
			m[n++] = (double)json_integer_value(v);
	}
	if (n) {
		qsort(m, n, sizeof(*m), cmp_double);
		snprintf(want, sizeof(want), "%.0f", m[(n + 1) / 2 - 1]);
	}
	assert_string_equal(row[cell], want);
}

/* Whether @sec, report.md from a paragraph on, starts with @para. */
static void md_para_is(const char **sec, const char *para, size_t n)
{
	assert_int_equal(strncmp(*sec, para, n), 0);
	assert_int_equal(strncmp(*sec + n, "\n\n", 2), 0);
	*sec += n + 2;
}

/*
 * @out, a command's terminal output, ends with the finding: a line that
 * says what it is, then the paragraphs of report.md's Finding section
 * (@md) wrapped at 78 columns, each under a "- ", then its last line,
 * which starts with @path_line (NULL: the finding is the last thing).
 */
static void finding_above(const char *out, const char *path_line,
			  const char *md)
{
	const char *at = strstr(out, "finding (");
	const char *end = path_line ? strstr(out, path_line) :
				      out + strlen(out) - 1;
	const char *sec = strstr(md, "## Finding\n\n");
	char para[8192];
	size_t n = 0;

	assert_non_null(at);
	assert_non_null(end);
	assert_non_null(sec);
	assert_true(at < end);
	assert_string_equal(strchr(end, '\n'), "\n");
	/* Past the section's first paragraph, which says how to read it. */
	sec = strstr(sec + strlen("## Finding\n\n"), "\n\n") + 2;
	for (at = strchr(at, '\n') + 1; at < end;) {
		const char *nl = strchr(at, '\n');
		bool first = !strncmp(at, "- ", 2);

		assert_true(nl - at <= 78);
		assert_true(first || (n && !strncmp(at, "  ", 2)));
		if (first && n) {
			md_para_is(&sec, para, n);
			n = 0;
		}
		n += (size_t)snprintf(para + n, sizeof(para) - n, "%s%.*s",
				      n ? " " : "", (int)(nl - at - 2), at + 2);
		at = nl + 1;
	}
	assert_true(n > 0);
	md_para_is(&sec, para, n);
}

/*
 * irqlab run writes its report: figures, headline cells from summary.json,
 * and for each design against __do_IRQ a ratio with its interval, which
 * takes IRQSTAT_MIN_ROUNDS (6) rounds of blocks that each serviced events.
 * drain_ms = 10000: with the default 20 ms, a loaded machine (the address
 * sanitizer's build with one `yes` and another run beside it) stranded
 * whole blocks, whose p50 is null, and the report rightly said "not
 * enough blocks to tell (2 rounds, 6 needed)". A block ends as soon as
 * every event is serviced, so the long drain costs nothing otherwise.
 */
static void test_run_writes_its_report(void **state)
{
	char cfg[512], *out, *err, *md, path[700];
	json_t *sum, *designs;
	size_t i;
	json_t *d;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "two",
		    "[run]\nduration_ms = 240\nblocks = 6\nrate = 5000\n"
		    "wait = spin\nseed = 3\ndrain_ms = 10000\n"
		    "[scenario ioapic-level]\nchip = ioapic\ntrigger = level\n"
		    "designs = flow flow do_irq\n"
		    "[scenario i8259-edge]\nchip = i8259\ntrigger = edge\n"
		    "designs = flow do_irq edge-masking\n");
	snprintf(run_dir, sizeof(run_dir), "%s/run", tmp);
	{
		char *argv[] = {
			(char *)irqlab, "run", cfg, "-o", run_dir, NULL
		};

		assert_int_equal(run_cmd(argv, "run", &out, &err), 0);
	}
	assert_non_null(strstr(err, "report in "));
	snprintf(path, sizeof(path), "%s/report.md", run_dir);
	md = slurp(path);
	assert_non_null(md);
	/* stdout: the table, then the finding, last; the path on stderr. */
	assert_true(strstr(out, "scenario ") < strstr(out, "- On chip "));
	finding_above(out, NULL, md);
	free(md);
	free(out);
	free(err);
	exists(run_dir, "report.md");
	exists(run_dir, "report.html");
	exists(run_dir, "figures/forest.png");
	exists(run_dir, "figures/forest.dat");
	for (i = 0; i < 2; i++) {
		static const char *const kind[] = { "cdf", "hist", "time" };

		for (int k = 0; k < 3; k++) {
			char f[64];

			snprintf(f, sizeof(f), "figures/%s-%02zu.png", kind[k],
				 i);
			exists(run_dir, f);
			snprintf(f, sizeof(f), "figures/%s-%02zu.dat", kind[k],
				 i);
			exists(run_dir, f);
		}
	}
	exists(run_dir, "figures/accesses.png");
	exists(run_dir, "figures/load.png");

	snprintf(path, sizeof(path), "%s/report.md", run_dir);
	md = slurp(path);
	assert_non_null(md);
	/* The report opens on its finding, the forest plot, then the tables. */
	assert_non_null(strstr(md, "## Finding"));
	assert_true(strstr(md, "## Finding") <
		    strstr(md, "](figures/forest.png)"));
	assert_true(strstr(md, "](figures/forest.png)") <
		    strstr(md, "## Headline"));
	assert_non_null(strstr(md, "## Headline"));
	assert_non_null(strstr(md, "## Environment"));
	assert_non_null(strstr(md, "This run was not traced"));
	/* The A/A control: its own row, and the pair with its interval. */
	assert_non_null(strstr(md, "## A/A controls"));
	assert_non_null(strstr(md, "| ioapic-level | flow#2 / flow | "));
	assert_non_null(strstr(md, "## Host noise"));
	/* Why the tail: each scenario, its designs side by side. */
	assert_non_null(strstr(md, "## Why the tail"));
	assert_non_null(strstr(md, "### ioapic-level"));
	assert_non_null(strstr(
		md,
		"| cause (mean per tail event) | flow | flow#2 | do_irq |"));
	/* The histogram data carry their bucket parameters. */
	snprintf(path, sizeof(path), "%s/figures/hist-00.dat", run_dir);
	out = slurp(path);
	assert_non_null(strstr(out, "# loghist sub_bits=3 max_exp=40"));
	assert_non_null(strstr(out, "overflow=0"));
	free(out);

	/*
	 * Headline p50 / p99 are the median over blocks of summary.json's
	 * blocks_ns, what the ratios compare; p99.9 its pooled latency.
	 */
	snprintf(path, sizeof(path), "%s/summary.json", run_dir);
	sum = json_load_file(path, 0, NULL);
	assert_non_null(sum);
	for (size_t s = 0; s < 2; s++) {
		json_t *sc =
			json_array_get(json_object_get(sum, "scenarios"), s);

		designs = json_object_get(sc, "designs");
		json_array_foreach(designs, i, d)
		{
			json_t *l = json_object_get(
				json_object_get(d, "latency_ns"), "entry");
			char row[14][64], key[300];

			snprintf(key, sizeof(key), "| %s | %s | %s | %s |",
				 jstr(sc, "name"), jstr(sc, "chip"),
				 jstr(sc, "trigger"), jstr(d, "design"));
			assert_int_equal(row_cells(md, key, row, 14), 14);
			block_median_is(row, 5, d, "p50");
			block_median_is(row, 6, d, "p99");
			cell_is(row, 7, l, "p999");
			cell_is(row, 10, d, "stranded");
			if (!strcmp(jstr(d, "design"), "do_irq"))
				assert_string_equal(row[11], "baseline");
			else if (!strchr(row[11], '[')) /* ratio, interval */
				fail_msg(
					"%s: p50 ratio \"%s\", not a ratio and its interval: %s",
					key, row[11], row[13]);
		}
	}
	json_decref(sum);
	free(md);
}

/* irqlab report prints the same finding on stdout, above its path. */
static void test_report_prints_finding(void **state)
{
	char *out, *err, *md, path[700], line[700];
	char *argv[] = { (char *)irqlab, "report", run_dir, "--no-trace",
			 NULL };

	(void)state;
	assert_int_equal(run_cmd(argv, "report-finding", &out, &err), 0);
	snprintf(path, sizeof(path), "%s/report.md", run_dir);
	md = slurp(path);
	assert_non_null(md);
	snprintf(line, sizeof(line), "report: %s/report.html", run_dir);
	finding_above(out, line, md);
	free(md);
	free(out);
	free(err);
}

static void test_report_is_reproducible(void **state)
{
	char *out, *err, *a, *b, path[700];
	char *argv[] = { (char *)irqlab, "report", run_dir, "--quiet", NULL };

	(void)state;
	snprintf(path, sizeof(path), "%s/report.md", run_dir);
	assert_int_equal(run_cmd(argv, "report1", &out, &err), 0);
	free(out);
	free(err);
	a = slurp(path);
	assert_int_equal(run_cmd(argv, "report2", &out, &err), 0);
	free(out);
	free(err);
	b = slurp(path);
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

static void test_compare_identical_and_regressed(void **state)
{
	char tight[600], slow[600], *out, *err;

	(void)state;
	{
		/* One run a side: nothing can be tested, never a pass. */
		char *argv[] = { (char *)irqlab, "compare",  run_dir,
				 run_dir,	 "--metric", "p50",
				 "--metric",	 "p99",	     NULL };

		assert_int_equal(run_cmd(argv, "same", &out, &err), 3);
		assert_non_null(strstr(out, "compare: inconclusive — "));
		assert_null(strstr(out, "REGRESSION"));
		free(out);
		free(err);
	}
	copy_run("tight", tight, sizeof(tight));
	rewrite_samples(tight, true, false);
	even_probe(tight);
	copy_run("slow", slow, sizeof(slow));
	rewrite_samples(slow, true, true);
	even_probe(slow);
	{
		/*
		 * Two runs a side (the same folder twice: no spread between
		 * runs), every cell 1.5x: the global shift, tested over runs.
		 */
		char *argv[] = { (char *)irqlab,
				 "compare",
				 "--base",
				 tight,
				 "--base",
				 tight,
				 slow,
				 slow,
				 "--metric",
				 "p50",
				 "--threshold",
				 "20",
				 NULL };

		assert_int_equal(run_cmd(argv, "slower", &out, &err), 2);
		assert_non_null(strstr(
			out, "REGRESSION: every cell moved 1.500x at once"));
		assert_non_null(strstr(out, "compare: regression — "));
		free(out);
		free(err);
	}
	{
		/* Faster is not a regression. */
		char *argv[] = { (char *)irqlab, "compare", "--base", slow,
				 "--base",	 slow,	    tight,    tight,
				 "--metric",	 "p50",	    NULL };

		assert_int_equal(run_cmd(argv, "faster", &out, &err), 0);
		assert_non_null(strstr(out, "compare: pass — "));
		free(out);
		free(err);
	}
	{
		/* Beyond 60%: a 50% slow-down is within it. */
		char *argv[] = { (char *)irqlab,
				 "compare",
				 "--base",
				 tight,
				 "--base",
				 tight,
				 slow,
				 slow,
				 "--metric",
				 "p50",
				 "--threshold",
				 "60",
				 NULL };

		assert_int_equal(run_cmd(argv, "within", &out, &err), 0);
		free(out);
		free(err);
	}
}

/*
 * A synthetic run: a copy of the run's summary.json alone (compare then
 * takes the blocks' quantiles from it), with i8259-edge copied twice
 * more (12 cells: ioapic-level's 3 are a quarter), SYN_BLOCKS blocks per
 * design. Block b of a cell has p50, p99, p99.9 of 1, 2 and 4 us times a
 * fixed jitter, times @level (the machine), times @ioapic on chip
 * ioapic, times the cell's own run-to-run factor (about 1%, from @seed);
 * block @stall 100x slower. Every round's steal is @steal_ns (negative:
 * absent, a folder from before it). The copy keeps the run's noise
 * objects: 70-80% of its events were touched by a gap.
 */
#define SYN_BLOCKS 12
struct syn {
	double level, ioapic;
	unsigned int seed;
	int stall;
	double steal_ns;
	const char *started;
	const char *origin; /* latency_origin; NULL: none, as before it */
};

static void syn_design(json_t *d, const struct syn *p, unsigned int cell,
		       bool ioapic)
{
	json_t *bq = json_object(), *host = json_object();
	static const char *const qn[] = { "p50", "p99", "p999" };
	static const char *const hn[] = { "compute_ns", "clock_ns",
					  "handoff_ns", "steal_ns",
					  "run_delay_ns" };
	/* A fixed hash of run and cell (splitmix64's finaliser): [0, 1). */
	uint64_t x = p->seed * 0x9e3779b97f4a7c15ULL ^
		     (cell + 1) * 0xbf58476d1ce4e5b9ULL;
	double u;

	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	u = (double)((x ^ (x >> 31)) >> 11) / 9007199254740992.0;
	double f;

	f = (ioapic ? p->ioapic : 1) * p->level * (1 + 0.034 * (u - 0.5));

	for (int q = 0; q < 3; q++) {
		json_t *a = json_array();

		for (unsigned int b = 0; b < SYN_BLOCKS; b++) {
			double j = 1 + 0.02 * ((b * 7 + q) % 5);

			json_array_append_new(
				a,
				json_integer((
					json_int_t)(1000.0 * (1 << q) * j * f *
						    ((int)b == p->stall ? 100 :
									  1))));
		}
		json_object_set_new(bq, qn[q], a);
	}
	json_object_set_new(d, "blocks_ns", bq);
	for (int h = 0; h < 5; h++) {
		double v[] = { 2000, 20, 50, p->steal_ns, 3000 };
		json_t *a;

		if (h == 3 && p->steal_ns < 0)
			continue;
		a = json_array();
		for (unsigned int b = 0; b < SYN_BLOCKS; b++)
			json_array_append_new(a, json_real(v[h]));
		json_object_set_new(host, hn[h], a);
	}
	json_object_set_new(d, "host", host);
	/* The template run's own origin goes: NULL writes an old folder. */
	json_object_del(d, "latency_origin");
	if (p->origin)
		json_object_set_new(d, "latency_origin",
				    json_string(p->origin));
}

static void syn_run(const char *name, const struct syn *p, char *dir,
		    size_t len)
{
	char path[700];
	json_t *sum, *scs, *sc, *d;
	size_t i, k, n;
	unsigned int cell = 0;

	snprintf(dir, len, "%s/%s", tmp, name);
	assert_int_equal(mkdir(dir, 0755), 0);
	copy_file(run_dir, dir, "environment.json");
	snprintf(path, sizeof(path), "%s/summary.json", run_dir);
	sum = json_load_file(path, 0, NULL);
	assert_non_null(sum);
	scs = json_object_get(sum, "scenarios");
	n = json_array_size(scs);
	for (i = 0; i < n; i++) {
		sc = json_array_get(scs, i);
		if (strcmp(json_string_value(json_object_get(sc, "name")),
			   "i8259-edge"))
			continue;
		for (int c = 0; c < 2; c++) {
			json_t *copy = json_deep_copy(sc);
			char nm[32];

			snprintf(nm, sizeof(nm), "i8259-edge-%c", 'b' + c);
			json_object_set_new(copy, "name", json_string(nm));
			json_object_set_new(copy, "index",
					    json_integer((json_int_t)(n + c)));
			json_array_append_new(scs, copy);
		}
	}
	json_array_foreach(scs, i, sc)
	{
		bool io =
			!strcmp(json_string_value(json_object_get(sc, "chip")),
				"ioapic");

		json_array_foreach(json_object_get(sc, "designs"), k, d)
			syn_design(d, p, cell++, io);
	}
	if (p->started)
		json_object_set_new(sum, "started", json_string(p->started));
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	assert_int_equal(json_dump_file(sum, path, JSON_INDENT(1)), 0);
	json_decref(sum);
}

/* @runs runs of @p, seeds one apart, as a folder of runs @name. */
static void syn_side(const char *name, struct syn p, unsigned int runs,
		     const char *const *started, char *dir, size_t len)
{
	char sub[700], got[800];

	snprintf(dir, len, "%s/%s", tmp, name);
	assert_int_equal(mkdir(dir, 0755), 0);
	for (unsigned int i = 0; i < runs; i++) {
		snprintf(sub, sizeof(sub), "%s/run-%u", name, i + 1);
		p.started = started ? started[i] : NULL;
		syn_run(sub, &p, got, sizeof(got));
		p.seed++;
	}
}

/* compare --base @base @side (p50 at 10%), JSON into @json. */
static int syn_compare(const char *base, const char *side, const char *json,
		       const char *name, char **out)
{
	char *argv[] = { (char *)irqlab, "compare", "--base",	  (char *)base,
			 (char *)side,	 "--json",  (char *)json, NULL };
	char *err;
	int rc = run_cmd(argv, name, out, &err);

	free(err);
	return rc;
}

static const char *const early[] = { "2026-12-07T10:00:00Z",
				     "2026-12-07T10:02:00Z",
				     "2026-12-07T10:04:00Z" };
static const char *const late[] = { "2026-12-07T11:00:00Z",
				    "2026-12-07T11:02:00Z",
				    "2026-12-07T11:04:00Z" };
static const char *const odd[] = { "2026-12-07T10:00:00Z",
				   "2026-12-07T10:02:00Z",
				   "2026-12-07T10:04:00Z" };
static const char *const even[] = { "2026-12-07T10:01:00Z",
				    "2026-12-07T10:03:00Z",
				    "2026-12-07T10:05:00Z" };

/* The JSON's "outcome". */
static void json_outcome_is(const char *path, const char *want)
{
	json_t *j = json_load_file(path, 0, NULL);

	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "outcome")),
			    want);
	json_decref(j);
}

/* How many cells of side 1's first metric are a REGRESSION: ioapic's, other. */
static void json_regressions(const char *path, unsigned int *io,
			     unsigned int *other)
{
	json_t *j = json_load_file(path, 0, NULL), *m, *c;
	size_t i;

	assert_non_null(j);
	m = json_array_get(
		json_object_get(json_array_get(json_object_get(j, "sides"), 0),
				"metrics"),
		0);
	assert_non_null(m);
	*io = *other = 0;
	json_array_foreach(json_object_get(m, "cells"), i, c)
	{
		bool reg = !strcmp(
			json_string_value(json_object_get(c, "verdict")),
			"REGRESSION");
		bool is_io = !strncmp(
			json_string_value(json_object_get(c, "scenario")),
			"ioapic", 6);

		*io += reg && is_io;
		*other += reg && !is_io;
	}
	json_decref(j);
}

/*
 * Known answers on synthetic sides, three runs each (interleaved in
 * time unless said): an A/A pair passes; one stalled block moves
 * nothing; +43% on every cell with most events noise-touched is a
 * regression (the noise is a caveat, never a veto); +50% on one chip is
 * a regression on that chip's cells only; 1.3x every cell with one run a
 * side is inconclusive and says why; sittings are warned of; a side the
 * hypervisor emptied is inconclusive; a folder without steal sets
 * nothing apart.
 */
static void test_compare_known_answers(void **state)
{
	struct syn same = { .level = 1,
			    .ioapic = 1,
			    .seed = 1,
			    .stall = -1,
			    .steal_ns = 1000 };
	struct syn p;
	char base[600], x[600], json[700], *out;
	unsigned int io, other;

	(void)state;
	snprintf(json, sizeof(json), "%s/cmp.json", tmp);
	syn_side("k-base", same, 3, odd, base, sizeof(base));

	p = same;
	p.seed = 11;
	syn_side("k-aa", p, 3, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-aa", &out), 0);
	assert_non_null(strstr(
		out,
		"compare: pass — every checked cell's upper bound is below 1.100"));
	assert_null(strstr(out, "WARNING"));
	assert_non_null(strstr(
		out,
		"Caveat, not used in the verdict: a host-noise gap touched"));
	json_outcome_is(json, "pass");
	free(out);

	p.seed = 21;
	p.stall = 3;
	syn_side("k-stall", p, 3, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-stall", &out), 0);
	free(out);

	p = same;
	p.seed = 31;
	p.level = 1.43;
	syn_side("k-vic", p, 1, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-vic", &out), 2);
	assert_non_null(strstr(out, "REGRESSION: every cell moved 1.4"));
	json_outcome_is(json, "regression");
	free(out);

	p = same;
	p.seed = 41;
	p.ioapic = 1.5;
	syn_side("k-chip", p, 3, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-chip", &out), 2);
	json_regressions(json, &io, &other);
	assert_int_equal(io, 3);
	assert_int_equal(other, 0);
	assert_null(strstr(out, "every cell moved"));
	free(out);

	/* One run a side, every cell 1.3x: untestable, and said. */
	{
		char b1[700], x1[700];

		snprintf(b1, sizeof(b1), "%s/run-1", base);
		p = same;
		p.seed = 51;
		p.level = 1.3;
		syn_run("k-global", &p, x1, sizeof(x1));
		assert_int_equal(syn_compare(b1, x1, json, "k-global", &out),
				 3);
		/* 1.3 times the two runs' own cell factors (about 1%). */
		assert_non_null(strstr(out, "Every cell 1."));
		assert_non_null(strstr(
			out,
			"x: one run a side cannot tell this from the machine"));
		assert_non_null(strstr(out, "run --repeat 3 at the base"));
		json_outcome_is(json, "inconclusive");
		free(out);
	}

	/* Every base run before every new one: two sittings, warned of. */
	{
		char eb[600];

		p = same;
		p.seed = 61;
		syn_side("k-late", p, 3, late, x, sizeof(x));
		p.seed = 71;
		syn_side("k-early", p, 3, early, eb, sizeof(eb));
		syn_compare(eb, x, json, "k-sittings", &out);
		assert_non_null(strstr(
			out,
			"WARNING: every base run was taken before every run of this side"));
		assert_non_null(strstr(out, "irqlab ab"));
		free(out);
	}

	/* The hypervisor took every round of the new side: inconclusive. */
	p = same;
	p.seed = 81;
	p.steal_ns = 5e6;
	syn_side("k-stolen", p, 3, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-stolen", &out), 3);
	assert_non_null(
		strstr(out, "48 of 48 rounds set apart (steal above 1000 us"));
	assert_non_null(strstr(out, "no rounds on a side"));
	json_outcome_is(json, "inconclusive");
	free(out);

	/* Folders from before steal_ns: unknown, nothing set apart. */
	p = same;
	p.seed = 91;
	p.steal_ns = -1;
	syn_side("k-old", p, 3, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-old", &out), 0);
	assert_non_null(strstr(out, "steal not recorded: none set apart"));
	free(out);

	/*
	 * Latency from the fire against latency from the intended time (a
	 * base from before latency_origin): not one quantity; every cell is
	 * left out, so nothing passes.
	 */
	p = same;
	p.seed = 101;
	p.origin = "fire";
	syn_side("k-origin", p, 3, even, x, sizeof(x));
	assert_int_equal(syn_compare(base, x, json, "k-origin", &out), 3);
	assert_non_null(strstr(out, "count latency from another point"));
	json_outcome_is(json, "inconclusive");
	free(out);
}

/*
 * --repeat: N runs, a process each, a stability table, and the folder of
 * runs as one side of compare; a control's known shift is reported with
 * its pair and counted in calibration.json. Only the plumbing: whether a
 * shift is found depends on the host. Every event is drained, however
 * slow the host: a block none of whose events was serviced in time has no
 * quantile, and a pair short of a round has no calibration. Blocks of
 * 1,500 events: a block needs 1,000 for a p99 (analysis/formats/latency.c), and
 * a pair without one has no calibration either.
 */
static void test_repeat_and_calibration(void **state)
{
	char cfg[512], dir[600], path[800], *out, *err, *md;
	json_t *cal;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "repeat",
		    "[run]\nduration_ms = 180\nblocks = 6\nrate = 50000\n"
		    "wait = spin\nseed = 5\ndrain_ms = 10000\n"
		    "[scenario shifted]\nchip = soft\ntrigger = simple\n"
		    "designs = flow flow\ncontrol_shift_ns = 2000\n");
	snprintf(dir, sizeof(dir), "%s/rep", tmp);
	{
		char *argv[] = {
			(char *)irqlab, "run", cfg,	  "--repeat", "2",
			"-o",		dir,   "--quiet", NULL
		};

		assert_int_equal(run_cmd(argv, "repeat", &out, &err), 0);
		free(out);
		free(err);
	}
	snprintf(path, sizeof(path), "%s/stability.md", dir);
	md = slurp(path);
	assert_non_null(md);
	assert_non_null(strstr(md, "| shifted | flow | "));
	assert_non_null(strstr(md, "| shifted | flow#2 | "));
	assert_non_null(strstr(md, "cells agree within 10% on p50"));
	free(md);
	{
		/* The folder of runs is a side of two runs. */
		char *argv[] = {
			(char *)irqlab, "compare", "--base", dir, dir, NULL
		};

		/* Pass or inconclusive, as the runs' spread allows. */
		assert_int_not_equal(run_cmd(argv, "sides", &out, &err), 2);
		assert_non_null(strstr(out, "compare: "));
		assert_non_null(
			strstr(out, "## Side 1: 2 runs against the base's 2"));
		free(out);
		free(err);
	}
	{
		char run1[700];
		char *argv[] = { (char *)irqlab, "report", run1, "--quiet",
				 NULL };

		snprintf(run1, sizeof(run1), "%s/run-1", dir);
		assert_int_equal(run_cmd(argv, "calreport", &out, &err), 0);
		free(out);
		free(err);
		snprintf(path, sizeof(path), "%s/report.md", run1);
		md = slurp(path);
		assert_non_null(md);
		assert_non_null(
			strstr(md, "| shifted | flow#2 / flow | 2000 | "));
		free(md);
		snprintf(path, sizeof(path), "%s/calibration.json", run1);
		cal = json_load_file(path, 0, NULL);
		assert_non_null(cal);
		assert_int_equal(
			json_integer_value(json_object_get(
				json_array_get(json_object_get(cal, "pairs"), 0),
				"shift_ns")),
			2000);
		json_decref(cal);
	}
	{
		/* --repeat needs -o, and at least two runs. */
		char *argv[] = { (char *)irqlab, "run", cfg, "--repeat", "1",
				 "-o",		 dir,	NULL };

		assert_int_equal(run_cmd(argv, "repeat1", &out, &err), 4);
		assert_non_null(strstr(err, "--repeat"));
		free(out);
		free(err);
	}
}

static void test_bad_input(void **state)
{
	char bad[600], path[700], *out, *err;

	(void)state;
	copy_run("truncated", bad, sizeof(bad));
	snprintf(path, sizeof(path), "%s/samples.bin", bad);
	{
		struct stat st;

		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(truncate(path, st.st_size - 7), 0);
	}
	{
		char *argv[] = { (char *)irqlab, "report", bad, NULL };

		assert_int_equal(run_cmd(argv, "trunc", &out, &err), 1);
		assert_non_null(strstr(err, "samples.bin"));
		assert_non_null(strstr(err, "truncated"));
		assert_null(strchr(strchr(err, '\n') + 1, '\n'));
		free(out);
		free(err);
	}
	snprintf(path, sizeof(path), "%s/report.md", bad);
	assert_int_not_equal(access(path, F_OK), 0);
	{
		char *argv[] = { (char *)irqlab, "report", "/nonexistent/run",
				 NULL };

		assert_int_equal(run_cmd(argv, "missing", &out, &err), 4);
		assert_non_null(strstr(err, "/nonexistent/run"));
		free(out);
		free(err);
	}
	{
		char *argv[] = { (char *)irqlab, "compare", run_dir, NULL };

		assert_int_equal(run_cmd(argv, "one", &out, &err), 4);
		free(out);
		free(err);
	}
	{
		char *argv[] = { (char *)irqlab, "compare", run_dir, run_dir,
				 "--metric",	 "p42",	    NULL };

		assert_int_equal(run_cmd(argv, "metric", &out, &err), 4);
		assert_non_null(strstr(err, "p42"));
		free(out);
		free(err);
	}
	{
		char *argv[] = { (char *)irqlab, "compare", run_dir, bad,
				 NULL };

		assert_int_equal(run_cmd(argv, "cmpbad", &out, &err), 4);
		assert_non_null(strstr(err, "samples.bin"));
		free(out);
		free(err);
	}
}

/* @dir/@file as JSON, to be changed and written back by json_put(). */
static json_t *json_get(const char *dir, const char *file)
{
	char path[700];
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	return j;
}

static void json_put(const char *dir, const char *file, json_t *j)
{
	char path[700];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	assert_int_equal(json_dump_file(j, path, JSON_INDENT(1)), 0);
	json_decref(j);
}

/*
 * Calibration counts each quantile over the pairs that resolve it: a
 * pair whose blocks of about 500 events give no p99 (a block needs
 * 1,000) still calibrates its p50.
 */
static void test_calibration_per_quantile(void **state)
{
	char cfg[512], dir[600], *out, *err;
	char *argv[] = {
		(char *)irqlab, "run", cfg, "-o", dir, "--quiet", NULL
	};
	json_t *j, *row;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "calq",
		    "[run]\nduration_ms = 60\nblocks = 6\nrate = 50000\n"
		    "wait = spin\nseed = 7\ndrain_ms = 10000\n"
		    "[scenario small]\nchip = soft\ntrigger = simple\n"
		    "designs = flow flow\ncontrol_shift_ns = 2000\n");
	snprintf(dir, sizeof(dir), "%s/calq", tmp);
	assert_int_equal(run_cmd(argv, "calq", &out, &err), 0);
	free(out);
	free(err);
	j = json_get(dir, "calibration.json");
	row = json_array_get(json_object_get(j, "pairs"), 0);
	assert_int_equal(json_integer_value(json_object_get(row, "pairs")), 1);
	assert_int_equal(json_integer_value(json_object_get(row, "p50_pairs")),
			 1);
	assert_int_equal(json_integer_value(json_object_get(row, "p99_pairs")),
			 0);
	assert_int_equal(
		json_integer_value(json_object_get(row, "p99_verdicts")), 0);
	json_decref(j);
}

/* irqlab report @dir fails with exit 1 and one sentence holding @want. */
static void report_refuses(const char *dir, const char *name, const char *want)
{
	char path[700], *out, *err;
	char *argv[] = { (char *)irqlab, "report", (char *)dir, NULL };

	assert_int_equal(run_cmd(argv, name, &out, &err), 1);
	if (!strstr(err, want))
		fail_msg("irqlab report said \"%s\", not \"%s\"", err, want);
	assert_null(strchr(strchr(err, '\n') + 1, '\n'));
	free(out);
	free(err);
	snprintf(path, sizeof(path), "%s/report.md", dir);
	assert_int_not_equal(access(path, F_OK), 0);
}

/*
 * A bench object of made-up figures: every flow at 120 instructions and
 * __do_IRQ at 200, idle tracepoints 20% over, linear shared actions, one
 * register cost 3% over, the sink not measured, one CPU.
 */
static json_t *bench_object(void)
{
	return json_pack("{s:[{s:s, s:f, s:f, s:f, s:f, s:f},"
			 " {s:s, s:f, s:f, s:f, s:f, s:f}],"
			 " s:f, s:{s:s, s:[{s:i, s:f}, {s:i, s:f}],"
			 " s:[{s:i, s:f}, {s:i, s:f}, {s:i, s:f}],"
			 " s:[{s:i, s:f, s:f}]},"
			 " s:[{s:s, s:s, s:i, s:f, s:f}], s:b, s:{s:b, s:s}}",
			 "dispatch", "flow", "simple", "ns", 10.0,
			 "ns_compiled_out", 9.5, "per_s", 1e8, "instructions",
			 120.0, "instructions_compiled_out", 100.0, "flow",
			 "do_irq", "ns", 12.0, "ns_compiled_out", 11.0, "per_s",
			 8e7, "instructions", 200.0,
			 "instructions_compiled_out", 160.0, "handoff_ns",
			 100.0, "scaling", "flow", "simple", "lines",
			 "other_lines", 0, "ns", 10.0, "other_lines", 15, "ns",
			 10.5, "shared", "actions", 1, "ns", 10.0, "actions", 2,
			 "ns", 11.0, "actions", 4, "ns", 13.2, "cpus", "cpus",
			 1, "ns", 10.0, "per_s", 1e8, "costs", "model",
			 "ioapic", "key", "ioapic_read_ns", "ns", 1000,
			 "measured_ns", 1030.0, "ratio", 1.03, "callgrind", 1,
			 "analysis", "measured", 0, "why", "needs tracing");
}

/* The targets row @what: its wanted, measured and verdict cells. */
static void target_is(const char *md, const char *what, const char *wanted,
		      const char *measured, const char *verdict)
{
	char row[5][64], key[200];

	snprintf(key, sizeof(key), "| %s |", what);
	assert_int_equal(row_cells(md, key, row, 5), 5);
	assert_string_equal(row[1], wanted);
	assert_string_equal(row[2], measured);
	assert_string_equal(row[3], verdict);
}

static void test_bench_targets(void **state)
{
	char dir[600], path[700], *out, *err, *md;
	char *argv[] = { (char *)irqlab, "report", dir, "--quiet", NULL };
	json_t *j;

	(void)state;
	copy_run("bench", dir, sizeof(dir));
	j = json_get(dir, "summary.json");
	json_object_set_new(j, "bench", bench_object());
	json_put(dir, "summary.json", j);
	assert_int_equal(run_cmd(argv, "bench", &out, &err), 0);
	free(out);
	free(err);
	snprintf(path, sizeof(path), "%s/report.md", dir);
	md = slurp(path);
	assert_non_null(md);
	assert_non_null(strstr(md, "## Benchmarks"));
	target_is(md, "instructions per dispatch, simple", "<= 150", "120",
		  "met");
	target_is(md, "instructions per dispatch, do_irq", "<= 150", "200",
		  "MISSED");
	target_is(md, "every flow's instructions at or below __do_IRQ's",
		  "<= __do_IRQ", "200", "met");
	target_is(md, "idle tracepoints' cost per dispatch, simple", "<= 5%",
		  "20%", "MISSED");
	target_is(md, "spin raise -> entry p50 over the hand-off", "<= 2x", "-",
		  "not measured");
	target_is(md, "register cost ioapic.ioapic_read_ns", "within 5%", "3%",
		  "met");
	target_is(md, "trace sink events/s over sink.utils.dummy's", ">= 0.8x",
		  "-", "not measured");
	target_is(md, "each shared action's cost (linear)", "<= 1.5x the first",
		  "1.1x", "met");
	target_is(md, "a dispatch's cost on n CPUs over one CPU's", "<= 1.2x",
		  "-", "not measured");
	assert_non_null(strstr(md, "Meeting 5% would take"));
	free(md);

	/*
	 * The sink in turns: a verdict only where every turn agrees. A
	 * median under 0.8x whose turns reach above it is no verdict.
	 */
	static const struct {
		double ratio, lo, hi;
		const char *shown, *verdict;
	} sink[] = {
		{ 0.85, 0.81, 0.90, "0.85x", "met" },
		{ 0.72, 0.48, 1.39, "0.72x",
		  "no verdict: the turns span the limit" },
		{ 0.60, 0.50, 0.70, "0.6x", "MISSED" },
	};
	for (size_t i = 0; i < sizeof(sink) / sizeof(*sink); i++) {
		j = json_get(dir, "summary.json");
		json_object_set_new(
			json_object_get(j, "bench"), "analysis",
			json_pack("{s:b, s:f, s:i, s:f, s:f, s:f, s:f, s:f}",
				  "measured", 1, "events", 1e6, "turns", 9,
				  "dummy_s", 1.0, "sink_s", 1.0 / sink[i].ratio,
				  "ratio", sink[i].ratio, "ratio_min",
				  sink[i].lo, "ratio_max", sink[i].hi));
		json_put(dir, "summary.json", j);
		unlink(path);
		assert_int_equal(run_cmd(argv, "bench", &out, &err), 0);
		free(out);
		free(err);
		md = slurp(path);
		assert_non_null(md);
		target_is(md, "trace sink events/s over sink.utils.dummy's",
			  ">= 0.8x", sink[i].shown, sink[i].verdict);
		free(md);
	}

	j = json_get(dir, "summary.json");
	json_object_set_new(json_object_get(j, "bench"), "handoff_ns",
			    json_string("fast"));
	json_put(dir, "summary.json", j);
	unlink(path);
	report_refuses(dir, "badbench",
		       "summary.json: bench.handoff_ns: not a number");
}

/*
 * The dispatch path's two copies (bench.dispatch[].instructions_traced,
 * .steps): a flow over 150 names the steps that hold it, the idle cost is
 * the untraced copy's against compiled out, the traced copy's is a note.
 */
static void test_bench_copies(void **state)
{
	char dir[600], path[700], *out, *err, *md;
	char *argv[] = { (char *)irqlab, "report", dir, "--quiet", NULL };
	json_t *j, *b, *f;

	(void)state;
	copy_run("copies", dir, sizeof(dir));
	j = json_get(dir, "summary.json");
	b = bench_object();
	f = json_array_get(json_object_get(b, "dispatch"), 0);
	json_object_set_new(f, "instructions", json_real(160));
	json_object_set_new(f, "instructions_compiled_out", json_real(160));
	json_object_set_new(f, "instructions_traced", json_real(200));
	json_object_set_new(f, "steps",
			    json_pack("[{s:s, s:f}, {s:s, s:f}]", "fn",
				      "handle_simple_irq", "instructions",
				      100.0, "fn", "irq_vector_entry",
				      "instructions", 60.0));
	json_object_set_new(j, "bench", b);
	json_put(dir, "summary.json", j);
	assert_int_equal(run_cmd(argv, "copies", &out, &err), 0);
	free(out);
	free(err);
	snprintf(path, sizeof(path), "%s/report.md", dir);
	md = slurp(path);
	assert_non_null(md);
	target_is(md, "instructions per dispatch, simple", "<= 150", "160",
		  "MISSED");
	assert_non_null(strstr(
		md, "held by handle_simple_irq 100, irq_vector_entry 60"));
	target_is(md, "idle tracepoints' cost per dispatch, simple", "<= 5%",
		  "0%", "met");
	assert_non_null(
		strstr(md, "the traced copy (--trace only): 200, +25%"));
	assert_non_null(strstr(
		md,
		"| simple | 160 | handle_simple_irq 100, irq_vector_entry 60 |"));
	/* __do_IRQ's untraced copy is 25% over: two copies compiled apart */
	assert_non_null(strstr(md, "which should equal a core built without"));
	assert_null(strstr(md, "Meeting 5% would take"));
	free(md);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_writes_its_report),
		cmocka_unit_test(test_report_prints_finding),
		cmocka_unit_test(test_report_is_reproducible),
		cmocka_unit_test(test_compare_identical_and_regressed),
		cmocka_unit_test(test_compare_known_answers),
		cmocka_unit_test(test_repeat_and_calibration),
		cmocka_unit_test(test_calibration_per_quantile),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_bench_targets),
		cmocka_unit_test(test_bench_copies),
	};
	char cmd[600];
	int rc;

	if (argc < 2) {
		fprintf(stderr, "usage: %s IRQLAB\n", argv[0]);
		return 2;
	}
	irqlab = argv[1];
	if (!mkdtemp(tmp))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	if (!rc) {
		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		if (system(cmd))
			return 1;
	}
	return rc;
}
