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
#include "bench/bench.h"
#include "runfolder/runfolder.h"
#include "analysis/cli.h"
#include "analysis/latency.h"
#include "analysis/run.h"
#include "analysis/samples.h"
#include "analysis/summary.h"
#include "soak.h"
#include "run/tracing.h"

/* What samples.bin says about one scenario's design. */
struct tally {
	uint64_t records, serviced, coalesced, stranded;
	/* Entry latency of the serviced, counted from either origin. */
	uint64_t min[RUN_NORIGIN], max[RUN_NORIGIN];
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

/* One record into its design's tally (by slot, or by design before). */
static int tally_one(struct tally *t, size_t nsc, const struct sample *s,
		     bool slots, char *why, size_t whylen, int bad)
{
	uint64_t de = slots ? s->slot : s->design;
	struct tally *x;

	if (s->scenario >= nsc || de >= BENCH_MAX_DESIGNS)
		return say(
			why, whylen, bad,
			"samples.bin: a record of scenario %u design %llu, which summary.json does not have",
			s->scenario, (unsigned long long)de);
	x = &t[s->scenario * BENCH_MAX_DESIGNS + de];
	x->records++;
	if (!(s->flags & SAMPLE_SERVICED)) {
		x->stranded++;
		x->unstamped += s->entry_ns != SAMPLE_NEVER ||
				s->exit_ns != SAMPLE_NEVER;
		return bad;
	}
	x->serviced++;
	x->coalesced += !!(s->flags & SAMPLE_COALESCED);
	x->unstamped += s->entry_ns == SAMPLE_NEVER ||
			s->exit_ns == SAMPLE_NEVER;
	x->disorder += s->exit_ns < s->entry_ns;
	for (int o = 0; o < RUN_NORIGIN; o++) {
		uint64_t lat = latency_entry(s, (enum run_origin)o);

		x->min[o] = x->serviced == 1 || lat < x->min[o] ? lat :
								  x->min[o];
		x->max[o] = lat > x->max[o] ? lat : x->max[o];
	}
	return bad;
}

/*
 * samples.bin record by record into @t, per scenario and slot (or design,
 * before version 3); @slots: whether records name their slot.
 */
static int read_samples(const char *dir, struct tally *t, size_t nsc,
			bool *slots, char *why, size_t whylen)
{
	struct samples_file f;
	struct sample s;
	char path[4200];
	int bad = 0, ret;

	snprintf(path, sizeof(path), "%s/samples.bin", dir);
	ret = samples_open(&f, path, why, whylen);
	if (ret)
		return ret;
	*slots = samples_have_slots(&f);
	for (size_t i = 0; i < f.nr; i++) {
		samples_get(&f, i, &s);
		bad = tally_one(t, nsc, &s, *slots, why, whylen, bad);
	}
	samples_close(&f);
	return bad;
}

/*
 * Where samples.bin's records of design @d are tallied: its slot (version
 * 3 records name it), else, in older folders, its design's number.
 */
static int tally_index(const struct run_design *d, bool slots)
{
	if (slots)
		return d->slot < BENCH_MAX_DESIGNS ? d->slot : -1;
	return samples_design_number(d->design);
}

/* The books of design @d of summary.json. */
static int check_books(const char *sc, const struct run_design *d, char *why,
		       size_t len, int bad)
{
	const char *de = d->design;

	if (d->fired != d->serviced + d->stranded)
		bad = say(why, len, bad,
			  "%s/%s: fired %llu but serviced %llu + stranded %llu",
			  sc, de, (unsigned long long)d->fired,
			  (unsigned long long)d->serviced,
			  (unsigned long long)d->stranded);
	if (d->serviced != d->handler_runs + d->coalesced)
		bad = say(
			why, len, bad,
			"%s/%s: serviced %llu but handler runs %llu + coalesced %llu",
			sc, de, (unsigned long long)d->serviced,
			(unsigned long long)d->handler_runs,
			(unsigned long long)d->coalesced);
	return bad;
}

/* Design @d of summary.json against its tally of samples.bin. */
static int check_design(const char *sc, const struct run_design *d,
			const struct tally *t, char *why, size_t len, int bad)
{
	const char *de = d->design;
	const struct irqstat *e = &d->entry;

	bad = check_books(sc, d, why, len, bad);
	if (t->records != d->fired || t->serviced != d->serviced ||
	    t->stranded != d->stranded)
		bad = say(
			why, len, bad,
			"%s/%s: samples.bin has %llu records, %llu serviced, %llu stranded; summary.json %llu, %llu, %llu",
			sc, de, (unsigned long long)t->records,
			(unsigned long long)t->serviced,
			(unsigned long long)t->stranded,
			(unsigned long long)d->fired,
			(unsigned long long)d->serviced,
			(unsigned long long)d->stranded);
	/*
	 * summary.json counts the events a run drained beyond its first;
	 * samples.bin flags every event of such a run, at least two a run:
	 * coalesced <= flagged <= 2 x coalesced.
	 */
	if (t->coalesced < d->coalesced || t->coalesced > 2 * d->coalesced)
		bad = say(
			why, len, bad,
			"%s/%s: %llu events coalesced in summary.json, but %llu flagged so in samples.bin",
			sc, de, (unsigned long long)d->coalesced,
			(unsigned long long)t->coalesced);
	if (d->serviced &&
	    (e->count != d->serviced || e->min != t->min[d->origin] ||
	     e->max != t->max[d->origin]))
		bad = say(
			why, len, bad,
			"%s/%s: entry latency count %llu, min %llu, max %llu in summary.json; %llu, %llu, %llu in samples.bin",
			sc, de, (unsigned long long)e->count,
			(unsigned long long)e->min, (unsigned long long)e->max,
			(unsigned long long)d->serviced,
			(unsigned long long)t->min[d->origin],
			(unsigned long long)t->max[d->origin]);
	if (d->serviced &&
	    !(e->min <= e->p50 && e->p50 <= e->p90 && e->p90 <= e->p99 &&
	      e->p99 <= e->p999 && e->p999 <= e->max))
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

/* Every design of scenario @i against its tally; records of none. */
static int check_scenario(const struct run *r, size_t i, const struct tally *t,
			  bool slots, uint64_t *interrupts, char *why,
			  size_t whylen, int bad)
{
	const struct run_scenario *sc = &r->sc[i];
	bool seen[BENCH_MAX_DESIGNS] = { false };
	/* A complete run has every scenario: samples.bin numbers them 0.. */
	size_t row = sc->index < r->nsc ? sc->index : i;

	if (sc->index != row)
		bad = say(
			why, whylen, bad,
			"%s/summary.json: scenario %s: index %u, but the run has %zu scenarios",
			r->dir, sc->name, sc->index, r->nsc);

	for (size_t k = 0; k < sc->nd; k++) {
		int de = tally_index(&sc->d[k], slots);

		if (de < 0 || seen[de]) {
			bad = say(
				why, whylen, bad,
				"%s/summary.json: scenario %s has an unknown or repeated design",
				r->dir, sc->name);
			continue;
		}
		seen[de] = true;
		*interrupts += sc->d[k].fired;
		bad = check_design(sc->name, &sc->d[k],
				   &t[row * BENCH_MAX_DESIGNS + de], why,
				   whylen, bad);
	}
	for (int de = 0; de < BENCH_MAX_DESIGNS; de++)
		if (!seen[de] && t[row * BENCH_MAX_DESIGNS + de].records)
			bad = say(
				why, whylen, bad,
				"%s: samples.bin has records of a design (slot %d) summary.json lacks",
				sc->name, de);
	return bad;
}

/**
 * bench_soak_check - check one complete run folder against itself
 * @dir: the run folder
 * @interrupts: the events it fired (all scenarios and designs)
 * @why: the first mismatch, one sentence naming the scenario and design;
 *	or what is wrong with a file that cannot be read
 * @whylen: its size
 *
 * summary.json must say complete; every design's books must balance
 * (fired = serviced + stranded, serviced = handler runs + coalesced), and
 * samples.bin must agree with summary.json record by record: as many
 * records, serviced and stranded events per scenario and design, one to
 * two events flagged coalesced per one counted so, the latency count,
 * minimum and maximum, and entry <= exit for every serviced event, ~0
 * for every stranded one. Both files are read by their formats' one
 * reader (analysis/formats/summary.c, analysis/formats/samples.c): a field
 * missing or of the wrong type is an error, not a 0.
 *
 * Return: the number of mismatches (0: none), or -errno if the folder
 * cannot be read (@why says what).
 */
int bench_soak_check(const char *dir, uint64_t *interrupts, char *why,
		     size_t whylen)
{
	struct run r;
	struct tally *t;
	bool slots = false;
	int bad = 0, ret;

	*interrupts = 0;
	why[0] = '\0';
	ret = summary_load(dir, &r, why, whylen);
	if (ret) {
		run_free(&r);
		return ret;
	}
	if (!r.complete)
		bad = say(why, whylen, bad,
			  "%s/summary.json: the run is not complete", dir);
	t = calloc(r.nsc ? r.nsc * BENCH_MAX_DESIGNS : 1, sizeof(*t));
	if (!t) {
		run_free(&r);
		return -ENOMEM;
	}
	ret = read_samples(dir, t, r.nsc, &slots, why, whylen);
	if (ret >= 0) {
		bad += ret;
		for (size_t i = 0; i < r.nsc; i++)
			bad = check_scenario(&r, i, t, slots, interrupts, why,
					     whylen, bad);
		ret = bad;
	}
	free(t);
	run_free(&r);
	return ret;
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

/* soak.json, replaced whole: a reader never sees half of it. */
static int write_summary(const struct soak *s, bool complete)
{
	char tmp[4200], path[4200], now[32];
	json_t *j;
	int ret;

	bench_utc_now(false, now, sizeof(now));
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

/* The options into @s: -1 to go on, else the exit status. */
static int parse_options(struct soak *s, int argc, char **argv)
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
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":m:o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
		case 's':
			if (parse_time(optarg, c == 'm' ? 60 : 1,
				       &s->seconds)) {
				fprintf(stderr,
					"irqlab soak: --%s %s: not a positive number of %s (at most a week)\n",
					c == 'm' ? "minutes" : "seconds",
					optarg,
					c == 'm' ? "minutes" : "seconds");
				return BENCH_EXIT_USAGE;
			}
			break;
		case 'Q':
			s->quick = true;
			break;
		case 'o':
			s->dir = optarg;
			break;
		case 'k':
			s->keep = true;
			break;
		case 'c':
			return check_only(optarg);
		case 'q':
			s->quiet = true;
			break;
		case 'h':
			fputs(usage, stdout);
			return BENCH_EXIT_OK;
		default:
			cli_bad_option("soak", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	s->configs = argv + optind;
	s->nconfigs = argc - optind;
	if (s->nconfigs > 40) {
		fputs("irqlab soak: at most 40 configs\n", stderr);
		return BENCH_EXIT_USAGE;
	}
	for (int i = 0; i < s->nconfigs; i++)
		if (access(s->configs[i], R_OK)) {
			fprintf(stderr, "irqlab soak: %s: %s\n", s->configs[i],
				strerror(errno));
			return BENCH_EXIT_USAGE;
		}
	return -1;
}

/* Cycles until the time is up or a signal; the number done in *@n. */
static int cycles(struct soak *s, unsigned int *n)
{
	struct sigaction sa = { .sa_handler = on_signal };
	struct timespec t0, now;
	int ret;

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		ret = cycle(s, *n);
		if (ret)
			break;
		(*n)++;
		if (write_summary(s, false)) {
			ret = -EIO;
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (!stop &&
		 (double)(now.tv_sec - t0.tv_sec) +
				 (double)(now.tv_nsec - t0.tv_nsec) / 1e9 <
			 s->seconds);
	return ret;
}

/**
 * bench_soak_main - irqlab soak [CONFIG...] [--minutes N] ...
 * @argc: the arguments from "soak" on
 * @argv: them
 * @self: this program's path, for each cycle's `irqlab run`
 *
 * Return: the exit status (usage).
 */
int bench_soak_main(int argc, char **argv, const char *self)
{
	struct soak s = { .self = self, .seconds = 600 };
	char dflt[4096], stamp[32];
	unsigned int n = 0;
	int ret = parse_options(&s, argc, argv);

	if (ret >= 0)
		return ret;
	bench_utc_now(true, stamp, sizeof(stamp));
	if (!s.dir) {
		snprintf(dflt, sizeof(dflt), "%s/soak/%s", IRQLAB_RESULTS_DIR,
			 stamp);
		s.dir = dflt;
	}
	ret = bench_make_new_dir(s.dir);
	if (ret) {
		fprintf(stderr, "irqlab soak: %s: %s\n", s.dir,
			ret == -EEXIST ? "already exists" : strerror(-ret));
		return BENCH_EXIT_USAGE;
	}
	bench_utc_now(false, s.started, sizeof(s.started));
	s.cycles = json_array();
	if (!s.cycles)
		return BENCH_EXIT_FAIL;
	ret = cycles(&s, &n);
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
