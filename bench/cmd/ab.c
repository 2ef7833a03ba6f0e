// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab ab`: the interleaved A/B gate. Two builds (--a-bin, --b-bin)
 * or two sets of configs (--a, --b), or both, run as short runs in
 * pairs, each run a process of its own (`BIN run CONFIG... -q
 * --no-report -o DIR/pair-NNN-a`), each pair's order (AB or BA) drawn
 * from a seed, until the gate (analysis/compare/ab.c) gives a pass or a
 * regression at one of its looks, or the budget or --max-pairs ends
 * (inconclusive). DIR holds the runs, ab.json (rewritten after every
 * pair, staged as .ab.json.tmp) and ab.md; INCOMPLETE marks it until
 * the end, and stays when a signal or a failed run stopped it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include "bench/bench.h"
#include "runfolder/runfolder.h"
#include "ab.h"
#include "analysis/ab.h"
#include "analysis/cli.h"
#include "run/tracing.h"

#define AB_MAX_CONFIGS 16

static const char usage[] =
	"usage: irqlab ab [-o DIR] [--a-bin PATH] [--b-bin PATH]\n"
	"                 [--a CONFIG]... [--b CONFIG]... [--metric M]...\n"
	"                 [--threshold PCT] [--alpha A] [--budget MINUTES]\n"
	"                 [--max-pairs N] [--seed N] [--keep-samples] [-q]\n"
	"\n"
	"The A/B gate: is B slower than A? Short runs of each side alternate in\n"
	"pairs, each run a process of its own, each pair's order (AB or BA)\n"
	"drawn at random, so that drift between sittings enters every pair's\n"
	"log ratio with either sign. Per cell (scenario x design x metric) and\n"
	"per metric's global shift (each pair's median over all cells), a\n"
	"Wilcoxon signed-rank test over the pairs, Holm over the family, at\n"
	"looks spaced by 1.5x with the error split over them (docs/analysis.md).\n"
	"\n"
	"  -o, --output DIR     the gate's folder (must not exist); default\n"
	"                       results/ab/<UTC time>\n"
	"      --a-bin PATH     side A's irqlab binary (default: this one)\n"
	"      --b-bin PATH     side B's (default: this one)\n"
	"      --a CONFIG       side A's scenario file (repeatable; default\n"
	"                       configs/ab.ini)\n"
	"      --b CONFIG       side B's (repeatable; default: side A's)\n"
	"      --metric M       p50, p99 or p999, repeatable (default p50)\n"
	"      --threshold PCT  how much slower is a regression (default 10)\n"
	"      --alpha A        false-regression rate over all cells and looks\n"
	"                       (default 0.05)\n"
	"      --budget MINUTES stop with the last look after this long\n"
	"                       (default 15)\n"
	"      --max-pairs N    and at N pairs at the latest (default 100)\n"
	"      --seed N         the order's seed (default: drawn, recorded)\n"
	"      --keep-samples   keep each run's samples.bin (the gate reads\n"
	"                       summary.json only, and removes it)\n"
	"  -q, --quiet          only the table's last line\n"
	"\n";

/**
 * struct ab_side - what one side runs
 * @bin: the irqlab binary
 * @configs: its scenario files, @nconfigs of them
 */
struct ab_side {
	const char *bin;
	const char *configs[AB_MAX_CONFIGS];
	unsigned int nconfigs;
};

/**
 * struct ab_run - one gate: its parameters and its state
 * @side: A and B
 * @dir: the gate's folder
 * @p: the gate's parameters
 * @budget_s: the time it may take
 * @seed: the order's
 * @seed_given: --seed set it
 * @quiet: -q
 * @keep_samples: --keep-samples: each run's samples.bin stays
 * @g: the judgement
 * @order: per pair, 'A' or 'B': which side ran first
 * @t0: when the first pair began (CLOCK_MONOTONIC, s)
 * @failed: the sentence of a run that failed; "" while none did
 * @rc: the exit status a failed run or a signal gives
 */
struct ab_run {
	struct ab_side side[2];
	const char *dir;
	struct ab_params p;
	double budget_s;
	uint64_t seed;
	bool seed_given, quiet, keep_samples;
	struct ab_gate g;
	char *order;
	double t0;
	char started[32];
	char failed[1024];
	int rc;
};

static volatile sig_atomic_t stop;
static volatile pid_t child;

/* Pass the signal on to the run in progress: it ends incomplete. */
static void on_signal(int sig)
{
	stop = sig;
	if (child > 0)
		kill(child, sig);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int __attribute__((format(printf, 1, 2))) bad(const char *fmt, ...)
{
	va_list ap;

	fputs("irqlab ab: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return BENCH_EXIT_USAGE;
}

/* A number in [lo, hi] from @v, all of it; -EINVAL otherwise. */
static int number(const char *v, double lo, double hi, double *out)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(v, &end);
	if (errno || end == v || *end || !(x >= lo && x <= hi))
		return -EINVAL;
	*out = x;
	return 0;
}

static int add_config(struct ab_side *s, const char *path, char which)
{
	struct stat st;

	if (s->nconfigs == AB_MAX_CONFIGS)
		return bad("--%c %s: at most %d configs a side", which, path,
			   AB_MAX_CONFIGS);
	if (stat(path, &st) || !S_ISREG(st.st_mode) || access(path, R_OK))
		return bad("--%c %s: %s", which, path,
			   errno && !S_ISREG(st.st_mode) ?
				   strerror(errno) :
				   "not a readable regular file");
	s->configs[s->nconfigs++] = path;
	return 0;
}

static int set_bin(struct ab_side *s, const char *path, char which)
{
	struct stat st;

	if (stat(path, &st) || !S_ISREG(st.st_mode) || access(path, X_OK))
		return bad("--%c-bin %s: not an executable file", which, path);
	s->bin = path;
	return 0;
}

/* One option of the command line into @r: 0, or the exit status. */
static int option(struct ab_run *r, int c, char **argv)
{
	double x;
	enum run_q q;

	switch (c) {
	case 'o':
		r->dir = optarg;
		return 0;
	case 'A':
	case 'B':
		return set_bin(&r->side[c == 'B'], optarg,
			       c == 'B' ? 'b' : 'a');
	case 'a':
	case 'b':
		return add_config(&r->side[c == 'b'], optarg, (char)c);
	case 'm':
		if (ab_metric_parse(optarg, &q))
			return bad("--metric %s: not p50, p99 or p999", optarg);
		for (unsigned int i = 0; i < r->p.nmetrics; i++)
			if (r->p.metric[i] == q)
				return bad("--metric %s: given twice", optarg);
		r->p.metric[r->p.nmetrics++] = q;
		return 0;
	case 't':
		if (number(optarg, 0.1, 1000, &x))
			return bad(
				"--threshold %s: not a percentage from 0.1 to 1000",
				optarg);
		r->p.threshold = x / 100;
		return 0;
	case 'l':
		if (number(optarg, 1e-6, 0.5, &r->p.alpha))
			return bad(
				"--alpha %s: not a rate from 0.000001 to 0.5",
				optarg);
		return 0;
	case 'u':
		if (number(optarg, 0.01, 7 * 24 * 60, &x))
			return bad(
				"--budget %s: not a number of minutes from 0.01 to a week",
				optarg);
		r->budget_s = x * 60;
		return 0;
	case 'n':
		if (number(optarg, AB_MIN_PAIRS, 10000, &x) || x != floor(x))
			return bad(
				"--max-pairs %s: not a whole number from %d to 10000",
				optarg, AB_MIN_PAIRS);
		r->p.max_pairs = (unsigned int)x;
		return 0;
	case 's':
		if (number(optarg, 0, 9.2e18, &x) || x != floor(x))
			return bad("--seed %s: not a whole number", optarg);
		r->seed = strtoull(optarg, NULL, 10);
		r->seed_given = true;
		return 0;
	case 'q':
		r->quiet = true;
		return 0;
	case 'k':
		r->keep_samples = true;
		return 0;
	case 'h':
		fputs(usage, stdout);
		ana_exit_help(stdout, ANA_CMD_AB);
		return -1;
	default:
		cli_bad_option("ab", c, argv);
		return BENCH_EXIT_USAGE;
	}
}

/* The command line into @r: -2 to go on, else the exit status. */
static int parse(struct ab_run *r, int argc, char **argv, const char *self)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "a-bin", required_argument, NULL, 'A' },
		{ "b-bin", required_argument, NULL, 'B' },
		{ "a", required_argument, NULL, 'a' },
		{ "b", required_argument, NULL, 'b' },
		{ "metric", required_argument, NULL, 'm' },
		{ "threshold", required_argument, NULL, 't' },
		{ "alpha", required_argument, NULL, 'l' },
		{ "budget", required_argument, NULL, 'u' },
		{ "max-pairs", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "keep-samples", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, ret;

	optind = 0; /* again from the start: calibrate calls it often */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:qh", opts, NULL)) != -1) {
		ret = option(r, c, argv);
		if (ret)
			return ret < 0 ? BENCH_EXIT_OK : ret;
	}
	if (optind < argc)
		return bad(
			"unexpected argument %s: configs go with --a and --b",
			argv[optind]);
	for (int s = 0; s < 2; s++)
		if (!r->side[s].bin)
			r->side[s].bin = self;
	if (!r->side[0].nconfigs) {
		ret = add_config(&r->side[0], IRQLAB_CONFIG_DIR "/ab.ini", 'a');
		if (ret)
			return ret;
	}
	if (!r->side[1].nconfigs)
		r->side[1] = (struct ab_side){ .bin = r->side[1].bin };
	if (!r->side[1].nconfigs) {
		memcpy(r->side[1].configs, r->side[0].configs,
		       sizeof(r->side[0].configs));
		r->side[1].nconfigs = r->side[0].nconfigs;
	}
	if (!r->p.nmetrics) {
		/* As compare: p50 unless asked; a p99 needs blocks of
		 * 1,000 events, which the gate's short runs do not have. */
		r->p.metric[r->p.nmetrics++] = RUN_Q50;
	}
	return -2;
}

/* A refused run's one sentence (its log's last line), as ours. */
static void last_line(const char *log, char side, char *why, size_t whylen)
{
	char line[1024] = "", buf[1024];
	FILE *f = fopen(log, "re");

	while (f && fgets(buf, sizeof(buf), f))
		if (buf[0] != '\n')
			memcpy(line, buf, sizeof(line));
	if (f)
		fclose(f);
	line[strcspn(line, "\n")] = '\0';
	snprintf(why, whylen, "side %c's run refused its input: %.900s", side,
		 *line ? line : log);
}

/*
 * Run one side of pair @k into DIR/pair-NNN-x, its output into a log
 * beside it (removed when the run went well). Return: its exit status
 * (128 + signal if killed), or -errno; @why says what failed.
 */
static int run_side(struct ab_run *r, unsigned int k, int s, char *why,
		    size_t whylen)
{
	const struct ab_side *sd = &r->side[s];
	char out[4200], log[4300], *argv[AB_MAX_CONFIGS + 8];
	posix_spawn_file_actions_t fa;
	int a = 0, status, ret;
	pid_t pid;

	snprintf(out, sizeof(out), "%s/pair-%03u-%c", r->dir, k, "ab"[s]);
	snprintf(log, sizeof(log), "%s.log", out);
	argv[a++] = (char *)sd->bin;
	argv[a++] = "run";
	for (unsigned int i = 0; i < sd->nconfigs; i++)
		argv[a++] = (char *)sd->configs[i];
	argv[a++] = "-q";
	argv[a++] = "--no-report";
	argv[a++] = "-o";
	argv[a++] = out;
	argv[a] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(
		&fa, 1, log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	ret = posix_spawn(&pid, sd->bin, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		snprintf(why, whylen, "%.900s: cannot start: %s", sd->bin,
			 strerror(ret));
		return -ret;
	}
	child = pid;
	if (stop) /* the signal came before child was set */
		kill(pid, stop);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			child = 0;
			return -errno;
		}
	child = 0;
	ret = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (!ret)
		unlink(log);
	else if (ret == BENCH_EXIT_USAGE)
		last_line(log, "AB"[s], why, whylen);
	else
		snprintf(why, whylen,
			 "side %c's run exited %d; its output: %.900s", "AB"[s],
			 ret, log);
	return ret;
}

/* ab.json: the judgement and the gate's own record, staged, renamed. */
static int write_json(struct ab_run *r, bool complete)
{
	char tmp[4200], path[4200], now[32];
	json_t *j = ab_gate_json(&r->g), *side[2];

	if (!j)
		return -ENOMEM;
	for (int s = 0; s < 2; s++) {
		json_t *c = json_array();

		for (unsigned int i = 0; c && i < r->side[s].nconfigs; i++)
			json_array_append_new(
				c, json_string(r->side[s].configs[i]));
		side[s] = json_pack("{s:s, s:o}", "bin", r->side[s].bin,
				    "configs", c ? c : json_null());
	}
	bench_utc_now(false, now, sizeof(now));
	json_object_set_new(j, "irqlab", json_string(IRQLAB_VERSION));
	json_object_set_new(j, "complete", json_boolean(complete));
	json_object_set_new(j, "interrupted", json_boolean(stop != 0));
	json_object_set_new(j, "failed",
			    *r->failed ? json_string(r->failed) : json_null());
	json_object_set_new(j, "started", json_string(r->started));
	json_object_set_new(j, "finished", json_string(now));
	json_object_set_new(j, "minutes",
			    json_real(r->t0 ? (now_s() - r->t0) / 60 : 0));
	json_object_set_new(j, "budget_minutes", json_real(r->budget_s / 60));
	json_object_set_new(j, "max_pairs", json_integer(r->p.max_pairs));
	json_object_set_new(j, "seed", json_integer((json_int_t)r->seed));
	json_object_set_new(j, "order", json_string(r->order));
	json_object_set_new(j, "a", side[0]);
	json_object_set_new(j, "b", side[1]);
	if (*r->failed || stop)
		json_object_set_new(j, "exit", json_integer(r->rc));
	snprintf(tmp, sizeof(tmp), "%s/.ab.json.tmp", r->dir);
	snprintf(path, sizeof(path), "%s/ab.json", r->dir);
	if (json_dump_file(j, tmp, JSON_INDENT(1) | JSON_REAL_PRECISION(6)) ||
	    rename(tmp, path)) {
		json_decref(j);
		return -EIO;
	}
	json_decref(j);
	return 0;
}

/* ab.md: the same judgement for a person, staged, renamed. */
static int write_md(struct ab_run *r, double minutes)
{
	char tmp[4200], path[4200];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s/.ab.md.tmp", r->dir);
	snprintf(path, sizeof(path), "%s/ab.md", r->dir);
	f = fopen(tmp, "we");
	if (!f)
		return -errno;
	fprintf(f, "# irqlab ab: %s\n\n", ana_outcome_name(r->g.outcome));
	for (int s = 0; s < 2; s++) {
		fprintf(f, "- side %c: `%s run", "AB"[s], r -> side[s].bin);
		for (unsigned int i = 0; i < r->side[s].nconfigs; i++)
			fprintf(f, " %s", r->side[s].configs[i]);
		fprintf(f, "`\n");
	}
	fprintf(f,
		"- %u pairs in %.1f minutes, order (first side of each pair) %s, seed %llu\n"
		"- threshold %.1f%%, alpha %.3g over %u cells and %u looks (%.3g a look, "
		"intervals at %.6f), looks at",
		r->g.pairs, minutes, r->order, (unsigned long long)r->seed,
		100 * r->p.threshold, r->p.alpha, r->g.m, r->g.nlooks,
		r->g.alpha_look, r->g.level);
	for (unsigned int i = 0; i < r->g.nlooks; i++)
		fprintf(f, " %u", r->g.looks[i]);
	fprintf(f, " pairs; %u taken\n\n", r->g.look);
	ab_gate_table(&r->g, f, true, minutes);
	fprintf(f,
		"\nHost noise (summary.json noise.events over serviced, beside the "
		"verdicts, never used to set events apart): A %.2f%%, B %.2f%%. "
		"A difference between them is what the host did, not the design.\n",
		100 * ab_noise_share(&r->g.noise[0]),
		100 * ab_noise_share(&r->g.noise[1]));
	if (fclose(f) || rename(tmp, path))
		return -EIO;
	return 0;
}

static int marker(const char *dir, bool on)
{
	char path[4200];
	int fd;

	snprintf(path, sizeof(path), "%s/INCOMPLETE", dir);
	if (!on)
		return unlink(path) ? -errno : 0;
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* One pair, in its drawn order, into the gate. Return: 0, or the exit. */
static int pair(struct ab_run *r, unsigned int k, bool b_first)
{
	char a[4200], b[4200], why[1024];
	int rc = 0;

	for (int i = 0; i < 2 && !rc && !stop; i++) {
		int s = b_first ? 1 - i : i;

		rc = run_side(r, k, s, why, sizeof(why));
	}
	if (stop)
		return BENCH_EXIT_INTERRUPTED;
	if (rc) {
		snprintf(r->failed, sizeof(r->failed), "%s", why);
		return rc == BENCH_EXIT_USAGE ? BENCH_EXIT_USAGE :
						BENCH_EXIT_FAIL;
	}
	snprintf(a, sizeof(a), "%s/pair-%03u-a", r->dir, k);
	snprintf(b, sizeof(b), "%s/pair-%03u-b", r->dir, k);
	rc = ab_gate_add(&r->g, a, b, why, sizeof(why));
	if (rc) {
		snprintf(r->failed, sizeof(r->failed), "%s", why);
		return BENCH_EXIT_FAIL;
	}
	r->order[k - 1] = b_first ? 'B' : 'A';
	/*
	 * The gate reads summary.json only; samples.bin is 1-3 MB a run of
	 * quick.ini, 300 MB a 10-minute gate, 6 GB a calibration.
	 */
	for (int s = 0; s < 2 && !r->keep_samples; s++) {
		char path[4300];

		snprintf(path, sizeof(path), "%s/samples.bin", s ? b : a);
		unlink(path);
	}
	return 0;
}

static void look(struct ab_run *r)
{
	unsigned int untold = 0;

	if (ab_gate_judge(&r->g) < 0)
		return;
	for (size_t i = 0; i < r->g.ncells; i++)
		untold += r->g.cells[i].verdict == AB_UNDECIDED;
	if (!r->quiet)
		fprintf(stderr,
			"irqlab ab: look %u at %u pairs (%.1f min): %s, %u of %u cells undecided\n",
			r->g.look, r->g.pairs, (now_s() - r->t0) / 60,
			ana_outcome_name(r->g.outcome), untold, r->g.m);
}

/* Pairs until a look decides, the budget or the pairs end, or a signal. */
static int pairs(struct ab_run *r)
{
	bool *b_first = calloc(r->p.max_pairs, sizeof(*b_first));
	int rc = 0;

	r->order = calloc(r->p.max_pairs + 1, 1);
	if (!b_first || !r->order) {
		free(b_first);
		return BENCH_EXIT_FAIL;
	}
	ab_order(r->seed, r->p.max_pairs, b_first);
	r->t0 = now_s();
	for (unsigned int k = 1; k <= r->p.max_pairs; k++) {
		double spent = now_s() - r->t0;

		/* Start no pair the budget cannot finish, at this pace. */
		if (k > 1 && spent + spent / (k - 1) > r->budget_s)
			break;
		rc = pair(r, k, b_first[k - 1]);
		if (rc)
			break;
		if (!r->quiet)
			fprintf(stderr, "irqlab ab: pair %u (%s) done\n", k,
				b_first[k - 1] ? "BA" : "AB");
		if (ab_gate_is_look(&r->g)) {
			look(r);
			if (ab_gate_decided(&r->g))
				break;
		}
		if (write_json(r, false))
			fprintf(stderr, "irqlab ab: %s/ab.json: cannot write\n",
				r->dir);
	}
	/* The budget ended between two looks: this is the next one. */
	if (!rc && r->g.pairs && !ab_gate_is_look(&r->g))
		look(r);
	free(b_first);
	return rc;
}

/**
 * bench_ab_run - irqlab ab: see usage above and docs/analysis.md
 * @argc: the arguments from "ab" on
 * @argv: them
 * @self: this program, each side's binary unless given
 * @res: where the judged gate goes (the caller frees res->g), or NULL
 *
 * Return: the exit status.
 */
int bench_ab_run(int argc, char **argv, const char *self,
		 struct bench_ab_result *res)
{
	struct ab_run r = {
		.p = { .alpha = 0.05, .threshold = 0.10, .max_pairs = 100 },
		.budget_s = 900, /* identical builds pass at 68 pairs, 13 min */
	};
	struct sigaction sa = { .sa_handler = on_signal };
	char dflt[4096], stamp[32], foot[1024];
	double minutes;
	int rc = parse(&r, argc, argv, self);

	if (res)
		memset(res, 0, sizeof(*res));
	if (rc != -2)
		return rc;
	if (!r.seed_given &&
	    getrandom(&r.seed, sizeof(r.seed), 0) != sizeof(r.seed))
		r.seed = (uint64_t)time(NULL) ^ (uint64_t)getpid();
	r.seed &= INT64_MAX; /* JSON's integers are signed */
	bench_utc_now(true, stamp, sizeof(stamp));
	if (!r.dir) {
		snprintf(dflt, sizeof(dflt), "%s/ab/%s", IRQLAB_RESULTS_DIR,
			 stamp);
		r.dir = dflt;
	}
	rc = bench_make_new_dir(r.dir);
	if (rc)
		return bad("-o %s: %s", r.dir,
			   rc == -EEXIST ? "already exists; give a new folder" :
					   strerror(-rc));
	if (marker(r.dir, true))
		return bad("%s/INCOMPLETE: cannot write: %s", r.dir,
			   strerror(errno));
	bench_utc_now(false, r.started, sizeof(r.started));
	ab_gate_init(&r.g, &r.p);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	r.t0 = now_s();
	rc = pairs(&r);
	r.rc = stop ? BENCH_EXIT_INTERRUPTED : rc;
	minutes = (now_s() - r.t0) / 60;
	if (r.g.look && !r.quiet)
		ab_gate_table(&r.g, stdout, false, minutes);
	else if (r.g.look) {
		ab_gate_footer(&r.g, foot, sizeof(foot), minutes);
		printf("%s\n", foot);
	}
	if (write_json(&r, !rc) || write_md(&r, minutes) ||
	    (!rc && marker(r.dir, false))) {
		fprintf(stderr,
			"irqlab ab: %s: cannot write ab.json or ab.md\n",
			r.dir);
		rc = rc ? rc : BENCH_EXIT_FAIL;
	}
	if (*r.failed)
		fprintf(stderr, "irqlab ab: %s\n", r.failed);
	if (stop)
		fprintf(stderr, "irqlab ab: interrupted; %s is incomplete\n",
			r.dir);
	else if (!r.quiet)
		fprintf(stderr, "irqlab ab: %s/ab.json, %s/ab.md\n", r.dir,
			r.dir);
	/* The status before the gate is freed: its outcome goes with it. */
	rc = stop ? BENCH_EXIT_INTERRUPTED :
	     rc	  ? rc :
		    ana_outcome_exit(r.g.outcome);
	if (res) {
		res->exit = rc;
		res->minutes = minutes;
		res->g = r.g;
	} else {
		ab_gate_free(&r.g);
	}
	free(r.order);
	return rc;
}

int bench_ab_main(int argc, char **argv, const char *self)
{
	return bench_ab_run(argc, argv, self, NULL);
}
