// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab soak`: the suite run again and again, each time as its own
 * `irqlab run` child with a random seed, until the time is up; after each
 * run its folder is checked against itself (bench_soak_check(): the books
 * of every design, and samples.bin record by record against summary.json)
 * and removed when it holds up, kept when it does not. soak.json in the
 * soak's folder has every cycle: its seed, exit status, interrupts and
 * mismatches; it is rewritten (to a temporary name, then renamed) after
 * each cycle, "complete" only at the end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include "bench.h"
#include "cli.h"
#include "results.h"
#include "soak.h"
#include "tracing.h"

#define NEVER UINT64_MAX /* entry/exit of an event never serviced */
#define CHUNK 4096 /* records read at a time */

static uint64_t le(const unsigned char *p, int bytes)
{
	uint64_t v = 0;

	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* What samples.bin says about one scenario's design. */
struct tally {
	uint64_t records, serviced, coalesced, stranded;
	uint64_t min, max; /* entry latency of the serviced */
	uint64_t disorder; /* serviced with exit < entry */
	uint64_t unstamped; /* stranded with a latency, or serviced without */
};

static int vsay(char *why, size_t len, int n, const char *fmt, va_list ap)
{
	if (!n)
		vsnprintf(why, len, fmt, ap);
	return n + 1;
}

/* Count one mismatch; the first one's sentence is kept in @why. */
static int __attribute__((format(printf, 4, 5)))
say(char *why, size_t len, int n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	n = vsay(why, len, n, fmt, ap);
	va_end(ap);
	return n;
}

static int read_samples(const char *dir, struct tally *t, size_t nsc, char *why,
			size_t whylen)
{
	unsigned char hdr[BENCH_SAMPLES_HEADER], *buf;
	char path[4200];
	size_t rec;
	bool slots; /* version 3: records name their design's slot */
	FILE *f;
	int bad = 0;

	snprintf(path, sizeof(path), "%s/samples.bin", dir);
	f = fopen(path, "rb");
	if (!f) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return -errno;
	}
	if (fread(hdr, 1, sizeof(hdr), f) != sizeof(hdr) ||
	    memcmp(hdr + BENCH_SAMPLES_OFF_MAGIC, BENCH_SAMPLES_MAGIC, 8) ||
	    (rec = le(hdr + BENCH_SAMPLES_OFF_RECORD, 4)) <
		    BENCH_SAMPLES_RECORD ||
	    rec > 4096) {
		fclose(f);
		snprintf(why, whylen, "%s: not a samples file", path);
		return -EINVAL;
	}
	slots = le(hdr + BENCH_SAMPLES_OFF_VERSION, 4) >= 3;
	buf = malloc(CHUNK * rec);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	for (;;) {
		size_t n = fread(buf, rec, CHUNK, f);

		for (size_t i = 0; i < n; i++) {
			const unsigned char *r = buf + i * rec;
			uint64_t sc = le(r + BENCH_SAMPLE_OFF_SCENARIO, 2);
			uint64_t de = slots ? r[BENCH_SAMPLE_OFF_SLOT] :
					      r[BENCH_SAMPLE_OFF_DESIGN];
			unsigned int fl = r[BENCH_SAMPLE_OFF_FLAGS];
			uint64_t en = le(r + BENCH_SAMPLE_OFF_ENTRY, 8);
			uint64_t ex = le(r + BENCH_SAMPLE_OFF_EXIT, 8);
			struct tally *x;

			if (sc >= nsc || de >= BENCH_MAX_DESIGNS) {
				bad = say(
					why, whylen, bad,
					"samples.bin: a record of scenario %llu design %llu, which summary.json does not have",
					(unsigned long long)sc,
					(unsigned long long)de);
				continue;
			}
			x = &t[sc * BENCH_MAX_DESIGNS + de];
			x->records++;
			if (!(fl & BENCH_SAMPLE_SERVICED)) {
				x->stranded++;
				x->unstamped += en != NEVER || ex != NEVER;
				continue;
			}
			x->serviced++;
			x->coalesced += !!(fl & BENCH_SAMPLE_COALESCED);
			x->unstamped += en == NEVER || ex == NEVER;
			x->disorder += ex < en;
			x->min = x->serviced == 1 || en < x->min ? en : x->min;
			x->max = en > x->max ? en : x->max;
		}
		if (n < CHUNK)
			break;
	}
	if (ferror(f))
		bad = say(why, whylen, bad, "%s: %s", path, strerror(errno));
	free(buf);
	fclose(f);
	return bad;
}

static uint64_t u(const json_t *o, const char *key)
{
	return (uint64_t)json_integer_value(json_object_get(o, key));
}

/*
 * Where samples.bin's records of summary design @d are tallied: its slot
 * (version 3 records name it), else, in older folders, its design.
 */
static int tally_index(const json_t *d)
{
	const char *name = json_string_value(json_object_get(d, "design"));
	const json_t *slot = json_object_get(d, "slot");

	if (slot)
		return json_is_integer(slot) && json_integer_value(slot) >= 0 &&
				       json_integer_value(slot) <
					       BENCH_MAX_DESIGNS ?
			       (int)json_integer_value(slot) :
			       -1;
	for (int k = 0; name && k < BENCH_DESIGN_NR; k++)
		if (!strcmp(bench_design_name(k), name))
			return k;
	return -1;
}

/* One design of summary.json against its own books and its tally. */
static int check_design(const char *sc, const json_t *d, const struct tally *t,
			char *why, size_t len, int bad)
{
	const char *de = json_string_value(json_object_get(d, "design"));
	const json_t *e =
		json_object_get(json_object_get(d, "latency_ns"), "entry");
	uint64_t fired = u(d, "fired"), serviced = u(d, "serviced");
	uint64_t stranded = u(d, "stranded"), coalesced = u(d, "coalesced");

	if (fired != serviced + stranded)
		bad = say(why, len, bad,
			  "%s/%s: fired %llu but serviced %llu + stranded %llu",
			  sc, de, (unsigned long long)fired,
			  (unsigned long long)serviced,
			  (unsigned long long)stranded);
	if (serviced != u(d, "handler_runs") + coalesced)
		bad = say(
			why, len, bad,
			"%s/%s: serviced %llu but handler runs %llu + coalesced %llu",
			sc, de, (unsigned long long)serviced,
			(unsigned long long)u(d, "handler_runs"),
			(unsigned long long)coalesced);
	if (t->records != fired || t->serviced != serviced ||
	    t->stranded != stranded)
		bad = say(
			why, len, bad,
			"%s/%s: samples.bin has %llu records, %llu serviced, %llu stranded; summary.json %llu, %llu, %llu",
			sc, de, (unsigned long long)t->records,
			(unsigned long long)t->serviced,
			(unsigned long long)t->stranded,
			(unsigned long long)fired, (unsigned long long)serviced,
			(unsigned long long)stranded);
	/*
	 * summary.json counts the events a run drained beyond its first;
	 * samples.bin flags every event of such a run, at least two a run:
	 * coalesced <= flagged <= 2 x coalesced.
	 */
	if (t->coalesced < coalesced || t->coalesced > 2 * coalesced)
		bad = say(
			why, len, bad,
			"%s/%s: %llu events coalesced in summary.json, but %llu flagged so in samples.bin",
			sc, de, (unsigned long long)coalesced,
			(unsigned long long)t->coalesced);
	if (serviced && (u(e, "count") != serviced || u(e, "min") != t->min ||
			 u(e, "max") != t->max))
		bad = say(
			why, len, bad,
			"%s/%s: entry latency count %llu, min %llu, max %llu in summary.json; %llu, %llu, %llu in samples.bin",
			sc, de, (unsigned long long)u(e, "count"),
			(unsigned long long)u(e, "min"),
			(unsigned long long)u(e, "max"),
			(unsigned long long)serviced,
			(unsigned long long)t->min, (unsigned long long)t->max);
	if (serviced &&
	    !(u(e, "min") <= u(e, "p50") && u(e, "p50") <= u(e, "p90") &&
	      u(e, "p90") <= u(e, "p99") && u(e, "p99") <= u(e, "p999") &&
	      u(e, "p999") <= u(e, "max")))
		bad = say(why, len, bad,
			  "%s/%s: entry latency quantiles out of order", sc,
			  de);
	if (t->disorder || t->unstamped)
		bad = say(
			why, len, bad,
			"%s/%s: %llu events exit before they enter, %llu stamped against their flags",
			sc, de, (unsigned long long)t->disorder,
			(unsigned long long)t->unstamped);
	return bad;
}

int bench_soak_check(const char *dir, uint64_t *interrupts, char *why,
		     size_t whylen)
{
	char path[4200];
	json_error_t je;
	json_t *sum, *scs, *sc, *d;
	struct tally *t;
	size_t i, k, nsc;
	int bad = 0, ret;

	*interrupts = 0;
	why[0] = '\0';
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	sum = json_load_file(path, 0, &je);
	if (!sum) {
		snprintf(why, whylen, "%s:%d: %s", path, je.line, je.text);
		return -EINVAL;
	}
	scs = json_object_get(sum, "scenarios");
	nsc = json_array_size(scs);
	if (!json_is_true(json_object_get(sum, "complete")))
		bad = say(why, whylen, bad, "%s: the run is not complete",
			  path);
	t = calloc(nsc ? nsc * BENCH_MAX_DESIGNS : 1, sizeof(*t));
	if (!t) {
		json_decref(sum);
		return -ENOMEM;
	}
	ret = read_samples(dir, t, nsc, why, whylen);
	if (ret < 0) {
		free(t);
		json_decref(sum);
		return ret;
	}
	bad += ret;
	json_array_foreach(scs, i, sc)
	{
		const char *name =
			json_string_value(json_object_get(sc, "name")) ?: "?";
		bool seen[BENCH_MAX_DESIGNS] = { false };

		json_array_foreach(json_object_get(sc, "designs"), k, d)
		{
			int de = tally_index(d);

			if (de < 0 || seen[de]) {
				bad = say(
					why, whylen, bad,
					"%s: scenario %s has an unknown or repeated design",
					path, name);
				continue;
			}
			seen[de] = true;
			*interrupts += u(d, "fired");
			bad = check_design(name, d,
					   &t[i * BENCH_MAX_DESIGNS + de], why,
					   whylen, bad);
		}
		for (int de = 0; de < BENCH_MAX_DESIGNS; de++)
			if (!seen[de] && t[i * BENCH_MAX_DESIGNS + de].records)
				bad = say(
					why, whylen, bad,
					"%s: samples.bin has records of a design (slot %d) summary.json lacks",
					name, de);
	}
	free(t);
	json_decref(sum);
	return bad;
}

/* ---------------------------------------------------------------- soak */

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static const char usage[] =
	"usage: irqlab soak [CONFIG...] [--minutes N | --seconds N] [--quick]\n"
	"                   [-o DIR] [--keep] [-q]\n"
	"       irqlab soak --check RUN_FOLDER\n"
	"\n"
	"Run the scenarios of each CONFIG (default: the default suite) again and\n"
	"again, each time as `irqlab run --seed S` with a random S, until the\n"
	"time is up (at least once), and check every run's folder: the books of\n"
	"every design (fired = serviced + stranded, serviced = handler runs +\n"
	"coalesced) and samples.bin record by record against summary.json. A\n"
	"run that holds up is removed, one that does not is kept. DIR/soak.json\n"
	"has every cycle: seed, exit status, interrupts, mismatches.\n"
	"\n"
	"  -m, --minutes N   how long (default 10)\n"
	"      --seconds N   the same in seconds\n"
	"      --quick       each run with --quick (a tenth of every duration)\n"
	"  -o, --output DIR  the soak's folder (must not exist); default\n"
	"                    results/soak/<UTC time>\n"
	"      --keep        keep every run's folder, not only those that fail\n"
	"      --check DIR   only check one run folder: 0 if it holds up\n"
	"  -q, --quiet       only the last line\n"
	"\n"
	"Exit status: 0 no mismatch in any cycle, 1 a mismatch or a failed run\n"
	"(its folder is kept), 2 bad command line, 130 interrupted.\n";

struct soak {
	const char *self, *dir;
	char **configs;
	int nconfigs;
	bool quick, keep, quiet;
	double seconds;
	json_t *cycles;
	uint64_t interrupts, mismatches, failed;
	char started[32];
};

static void utc_now(char *buf, size_t len, bool compact)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, len, compact ? "%Y%m%dT%H%M%SZ" : "%Y-%m-%dT%H:%M:%SZ",
		 &tm);
}

/* soak.json, replaced whole: a reader never sees half of it. */
static int write_summary(const struct soak *s, bool complete)
{
	char tmp[4200], path[4200], now[32];
	json_t *j;
	int ret;

	utc_now(now, sizeof(now), false);
	j = json_pack("{s:s, s:s, s:s, s:b, s:b, s:f, s:I, s:I, s:I, s:O}",
		      "irqlab", IRQLAB_VERSION, "started", s->started,
		      "finished", now, "complete", complete, "quick", s->quick,
		      "seconds", s->seconds, "interrupts",
		      (json_int_t)s->interrupts, "mismatches",
		      (json_int_t)s->mismatches, "failed_runs",
		      (json_int_t)s->failed, "cycles", s->cycles);
	if (!j)
		return -ENOMEM;
	snprintf(tmp, sizeof(tmp), "%s/.soak.json.tmp", s->dir);
	snprintf(path, sizeof(path), "%s/soak.json", s->dir);
	ret = json_dump_file(j, tmp, JSON_INDENT(1)) || rename(tmp, path) ?
		      -EIO :
		      0;
	json_decref(j);
	return ret;
}

/* The last non-empty line of @out, for a failed run's record. */
static const char *last_line(char *out)
{
	char *end = out + strlen(out), *p;

	while (end > out && (end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	p = strrchr(out, '\n');
	return p ? p + 1 : out;
}

static int cycle(struct soak *s, unsigned int n)
{
	char run[4200], seed[24], out[8192], why[512];
	char *argv[64];
	int a = 0, rc, bad;
	uint64_t sv, irqs = 0;
	json_t *c;

	if (getrandom(&sv, sizeof(sv), 0) != sizeof(sv))
		sv = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid();
	sv >>= 1; /* --seed takes what strtoull does, no sign */
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)sv);
	snprintf(run, sizeof(run), "%s/cycle-%04u", s->dir, n);
	argv[a++] = (char *)s->self;
	argv[a++] = "run";
	for (int i = 0; i < s->nconfigs && a < 50; i++)
		argv[a++] = s->configs[i];
	argv[a++] = "--seed";
	argv[a++] = seed;
	if (s->quick)
		argv[a++] = "--quick";
	argv[a++] = "-q";
	argv[a++] = "--no-report";
	argv[a++] = "-o";
	argv[a++] = run;
	argv[a] = NULL;
	rc = bench_run_tool(argv, out, sizeof(out));
	if (stop && rc == BENCH_EXIT_INTERRUPTED) {
		bench_remove_tree(run);
		return 1; /* not a cycle: the soak was stopped in it */
	}
	if (rc) {
		bad = 1;
		snprintf(why, sizeof(why), "irqlab run exited %d: %s", rc,
			 last_line(out));
		s->failed++;
	} else {
		bad = bench_soak_check(run, &irqs, why, sizeof(why));
		if (bad < 0)
			bad = 1;
	}
	s->interrupts += irqs;
	s->mismatches += (uint64_t)bad;
	c = json_pack("{s:i, s:s, s:i, s:I, s:i}", "cycle", n, "seed", seed,
		      "exit", rc, "interrupts", (json_int_t)irqs, "mismatches",
		      bad);
	if (c && bad)
		json_object_set_new(c, "why", json_string(why));
	if (c && (bad || s->keep))
		json_object_set_new(c, "folder", json_string(run));
	if (!c || json_array_append_new(s->cycles, c))
		return -ENOMEM;
	if (!bad && !s->keep)
		bench_remove_tree(run);
	if (!s->quiet)
		printf("cycle %u: seed %s, %llu interrupts, %s%s\n", n, seed,
		       (unsigned long long)irqs, bad ? "MISMATCH: " : "ok",
		       bad ? why : "");
	fflush(stdout);
	return 0;
}

/* Make @dir and what leads to it; @dir itself must be new. */
static int make_dir(const char *dir)
{
	char p[4096];

	if (snprintf(p, sizeof(p), "%s", dir) >= (int)sizeof(p))
		return -ENAMETOOLONG;
	for (char *c = p + 1; *c; c++)
		if (*c == '/') {
			*c = '\0';
			if (mkdir(p, 0755) && errno != EEXIST)
				return -errno;
			*c = '/';
		}
	return mkdir(p, 0755) ? -errno : 0;
}

static int parse_time(const char *v, double scale, double *out)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(v, &end);
	if (errno || end == v || *end || !(x > 0) || x * scale > 7 * 86400)
		return -EINVAL;
	*out = x * scale;
	return 0;
}

static int check_only(const char *dir)
{
	char why[512];
	uint64_t irqs;
	int bad = bench_soak_check(dir, &irqs, why, sizeof(why));

	if (bad < 0) {
		fprintf(stderr, "irqlab soak: %s\n", why);
		return BENCH_EXIT_FAIL;
	}
	if (bad) {
		printf("%s: %d mismatches; the first: %s\n", dir, bad, why);
		return BENCH_EXIT_FAIL;
	}
	printf("%s: %llu interrupts, books balance, samples.bin agrees\n", dir,
	       (unsigned long long)irqs);
	return BENCH_EXIT_OK;
}

int bench_soak_main(int argc, char **argv, const char *self)
{
	static const struct option opts[] = {
		{ "minutes", required_argument, NULL, 'm' },
		{ "seconds", required_argument, NULL, 's' },
		{ "quick", no_argument, NULL, 'Q' },
		{ "output", required_argument, NULL, 'o' },
		{ "keep", no_argument, NULL, 'k' },
		{ "check", required_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct soak s = { .self = self, .seconds = 600 };
	char dflt[4096], stamp[32];
	struct sigaction sa = { .sa_handler = on_signal };
	struct timespec t0, now;
	unsigned int n = 0;
	int c, ret = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":m:o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
		case 's':
			if (parse_time(optarg, c == 'm' ? 60 : 1, &s.seconds)) {
				fprintf(stderr,
					"irqlab soak: --%s %s: not a positive number of %s (at most a week)\n",
					c == 'm' ? "minutes" : "seconds",
					optarg,
					c == 'm' ? "minutes" : "seconds");
				return BENCH_EXIT_USAGE;
			}
			break;
		case 'Q':
			s.quick = true;
			break;
		case 'o':
			s.dir = optarg;
			break;
		case 'k':
			s.keep = true;
			break;
		case 'c':
			return check_only(optarg);
		case 'q':
			s.quiet = true;
			break;
		case 'h':
			fputs(usage, stdout);
			return BENCH_EXIT_OK;
		default:
			cli_bad_option("soak", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	s.configs = argv + optind;
	s.nconfigs = argc - optind;
	if (s.nconfigs > 40) {
		fputs("irqlab soak: at most 40 configs\n", stderr);
		return BENCH_EXIT_USAGE;
	}
	for (int i = 0; i < s.nconfigs; i++)
		if (access(s.configs[i], R_OK)) {
			fprintf(stderr, "irqlab soak: %s: %s\n", s.configs[i],
				strerror(errno));
			return BENCH_EXIT_USAGE;
		}
	utc_now(stamp, sizeof(stamp), true);
	if (!s.dir) {
		snprintf(dflt, sizeof(dflt), "%s/soak/%s", IRQLAB_RESULTS_DIR,
			 stamp);
		s.dir = dflt;
	}
	ret = make_dir(s.dir);
	if (ret) {
		fprintf(stderr, "irqlab soak: %s: %s\n", s.dir,
			ret == -EEXIST ? "already exists" : strerror(-ret));
		return BENCH_EXIT_USAGE;
	}
	utc_now(s.started, sizeof(s.started), false);
	s.cycles = json_array();
	if (!s.cycles)
		return BENCH_EXIT_FAIL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		ret = cycle(&s, n);
		if (ret)
			break;
		n++;
		if (write_summary(&s, false)) {
			ret = -EIO;
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (!stop &&
		 (double)(now.tv_sec - t0.tv_sec) +
				 (double)(now.tv_nsec - t0.tv_nsec) / 1e9 <
			 s.seconds);
	if (ret < 0 || write_summary(&s, !stop && !ret)) {
		fprintf(stderr, "irqlab soak: %s/soak.json: cannot write\n",
			s.dir);
		json_decref(s.cycles);
		return BENCH_EXIT_FAIL;
	}
	printf("irqlab soak: %u cycles, %llu interrupts, %llu mismatches, %llu failed runs%s; %s/soak.json\n",
	       n, (unsigned long long)s.interrupts,
	       (unsigned long long)s.mismatches, (unsigned long long)s.failed,
	       stop ? " (interrupted)" : "", s.dir);
	json_decref(s.cycles);
	if (stop)
		return BENCH_EXIT_INTERRUPTED;
	return s.mismatches ? BENCH_EXIT_FAIL : BENCH_EXIT_OK;
}
