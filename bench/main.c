// SPDX-License-Identifier: GPL-2.0
/*
 * The irqlab command: `irqlab run` (scenarios from INI files, a run folder
 * and a table at the end), `irqlab list` (what there is to run, and this
 * machine's topology). Each subcommand parses its own options with
 * getopt_long and has --help.
 */
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include <genirq/irq.h>
#include <irqlab/trace.h>
#include "bench.h"
#include "analysis/cli.h"
#include "scenario.h"
#include "dispatch.h"
#include "perf.h"
#include "repeat.h"
#include "soak.h"
#include "adopt.h"
#include "tracing.h"
#if IRQLAB_ANALYSIS
#include "analysis/report.h"
#endif

static int stop_requested; /* set by SIGINT/SIGTERM */

static void on_signal(int sig)
{
	(void)sig;
	__atomic_store_n(&stop_requested, 1, __ATOMIC_RELAXED);
}

static const struct sigaction stop_action = {
	.sa_handler = on_signal,
	.sa_flags = SA_RESETHAND,
};

static const char run_usage[] =
	"usage: irqlab run [CONFIG...] [-o DIR] [--quick] [--seed N] [--cpus LIST]\n"
	"                  [--quiet] [--no-report] [--trace ...]\n"
	"\n"
	"Run the scenarios of each CONFIG (INI files; default: configs/default.ini)\n"
	"and write a run folder: the config as run, the machine (hwloc topology,\n"
	"CPU, kernel, clock source, build), every event's raw latency\n"
	"(samples.bin) and summary.json. The folder goes to\n"
	"results/runs/<UTC time>-<host>/ and results/latest points at it.\n"
	"\n"
	"Every design of a scenario runs on the same stimuli, interleaved in blocks:\n"
	"one block of each per round, in an order drawn each round, and the rounds\n"
	"of all scenarios taken in turn. Latency is measured from each event's\n"
	"intended fire time.\n"
	"At the end of each block the books must balance: fired = serviced +\n"
	"stranded; the run fails if they do not.\n"
	"\n"
	"  -o, --output DIR  write the run folder at DIR (which must not exist)\n"
	"      --quick       a tenth of each scenario's duration, at most 2 blocks\n"
	"      --seed N      seed every scenario's stimuli with N\n"
	"      --cpus LIST   use only these CPUs (OS numbers, e.g. 0-3,6)\n"
	"      --trace       trace every flow stage with LTTng-UST into the run\n"
	"                    folder's trace/ (a private session daemon unless\n"
	"                    this user runs one); the run fails if the tracer\n"
	"                    discarded events\n"
	"      --trace-buffer SIZE\n"
	"                    sub-buffer size per CPU, 8 of them (default 8M)\n"
	"      --allow-trace-loss\n"
	"                    report discarded trace events instead of failing\n"
	"      --trace-snapshot\n"
	"                    trace into a flight recorder (overwrite mode) and\n"
	"                    write it out once: at the --break-us stop, or at the\n"
	"                    end of the run\n"
	"      --break-us N  stop the run at the first fire -> handler entry\n"
	"                    latency over N us (as cyclictest's breaktrace)\n"
	"      --relayd URL  stream the trace to lttng-relayd at URL\n"
	"                    (net://HOST[:CTRL_PORT[:DATA_PORT]]) instead of trace/\n"
	"      --no-report   do not write report.md and report.html at the end\n"
	"                    (irqlab report DIR writes them later)\n"
	"      --repeat N    the whole run N times (2..100), each a process of\n"
	"                    its own, into DIR/run-1 .. DIR/run-N (-o DIR is\n"
	"                    needed), then DIR/stability.md: how far the runs\n"
	"                    moved beside how far their blocks did\n"
	"  -q, --quiet       no progress and no table; errors still go to stderr\n"
	"  -h, --help        this text\n"
	"\n"
	"Exit status: 0 done; 1 the run failed (books, I/O, threads, trace\n"
	"loss); 2 bad command line or config (nothing was run); 3 stopped by\n"
	"--break-us; 130 interrupted by a signal. A stopped run keeps what it\n"
	"measured, marked incomplete.\n";

static const char bench_usage[] =
	"usage: irqlab bench [CONFIG...] [-o DIR] [--quick] [run options]\n"
	"\n"
	"The benchmark suite (docs/bench.md): a run folder like irqlab run's, of\n"
	"configs/bench.ini (or the CONFIGs), whose summary.json also holds what\n"
	"is measured outside scenarios, side by side in this process first:\n"
	"ns and instructions (under callgrind, where valgrind is installed) per\n"
	"dispatch of every flow and of __do_IRQ, with the tracepoints compiled\n"
	"in and out; the one-way cache-line hand-off between two pinned threads;\n"
	"dispatch as other lines and shared actions are added; and the\n"
	"busy-wait of every realistic register cost. The report sets every\n"
	"figure against its target and says which are missed. Options as for\n"
	"irqlab run (irqlab run --help).\n";

static const char list_usage[] =
	"usage: irqlab list [--cpus LIST]\n"
	"\n"
	"List the chips (with the triggers each offers), the flow handlers, the\n"
	"handler designs, the stimulus patterns, the wait modes and placements,\n"
	"and this machine's topology as hwloc sees it.\n";

static const char main_usage[] =
	"usage: irqlab COMMAND [OPTIONS]\n"
	"\n"
	"  run      run benchmark scenarios and write a run folder and its report\n"
	"  bench    the benchmark suite: dispatch cost, floors, scaling, targets\n"
	"  report   write a run folder's report (report.md, report.html)\n"
	"  compare  compare run folders; exit status 2 on a regression\n"
	"  soak     the suite again and again with random seeds, every run checked\n"
	"  adopt    install a run folder made elsewhere (./irqlab vm run's guest)\n"
	"  list     what can be run, and this machine's topology\n"
	"  help     this text; `irqlab COMMAND --help` for a command's options\n";

static void usage_error(const char *cmd, const char *what, const char *arg)
{
	fprintf(stderr, "irqlab %s: %s %s; see irqlab %s --help\n", cmd, what,
		arg, cmd);
}

/* Progress: blocks done out of all, with an ETA, on a terminal. */
struct progress {
	bool tty, quiet;
	unsigned int done, total;
	uint64_t t0;
	const char *scenario;
};

static void progress_show(void *ctx)
{
	struct progress *p = ctx;
	double el, eta;
	int width = 30, fill;

	p->done++;
	if (p->quiet || !p->tty)
		return;
	el = (double)(bench_now_ns() - p->t0) / 1e9;
	eta = p->done ? el / p->done * (p->total - p->done) : 0;
	fill = (int)((double)width * p->done / p->total);
	fprintf(stderr, "\r[%.*s%*s] %3u%%  ETA %2dm%02ds  %-28.28s", fill,
		"##############################", width - fill, "",
		p->done * 100 / p->total, (int)eta / 60, (int)eta % 60,
		p->scenario);
	fflush(stderr);
}

static void print_table(const struct bench_result *res, unsigned int n)
{
	printf("\n%-22s %-6s %-9s %-16s %-8s %8s %8s %6s %6s %5s %5s %8s %8s %9s %7s\n",
	       "scenario", "chip", "trigger", "design", "flow", "fired",
	       "serviced", "coal", "strand", "spur", "late", "p50_ns", "p99_ns",
	       "max_ns", "acc/irq");
	for (unsigned int i = 0; i < n; i++) {
		const struct bench_result *r = &res[i];

		if (!r->blocks)
			continue; /* interrupted before its first block */
		printf("%-22.22s %-6s %-9s %-16s %-8.8s %8llu %8llu %6llu %6llu %5llu %5llu %8llu %8llu %9llu %7.2f\n",
		       r->sc->name, r->sc->chip->name,
		       bench_trigger_name(r->sc->trigger),
		       bench_design_name(r->design), r->flow ? r->flow : "-",
		       (unsigned long long)r->fired,
		       (unsigned long long)r->serviced,
		       (unsigned long long)r->coalesced,
		       (unsigned long long)r->stranded,
		       (unsigned long long)r->spurious,
		       (unsigned long long)r->overruns,
		       (unsigned long long)r->entry.p50,
		       (unsigned long long)r->entry.p99,
		       (unsigned long long)r->entry.max,
		       r->chip_accesses_per_irq);
	}
}

#define DISPATCH_FLOWS 8
#define DISPATCH_N 20000 /* interrupts per round: ~1 M events traced */

/*
 * What the tracepoints cost a dispatch: each flow with the session idle
 * (@tracing false) or recording, in this process, and with them compiled
 * out, from irqlab-dispatch-notrace. Measured before the first scenario.
 */
static void measure_dispatch(struct bench_run_dispatch *d, bool tracing)
{
	unsigned int i = 0;

	for (const struct bench_dispatch_flow *f = bench_dispatch_flows;
	     f->name && i < DISPATCH_FLOWS; f++, i++) {
		double ns = -1;

		d[i].flow = f->name;
		if (tracing)
			irqlab_trace_block_begin("dispatch-cost", f->name,
						 "zero-cost", 0);
		if (bench_dispatch_measure(f, DISPATCH_N, &ns))
			ns = -1;
		if (tracing) {
			irqlab_trace_block_end("dispatch-cost", f->name,
					       "zero-cost", 0);
			d[i].tracing_ns = ns;
		} else {
			d[i].idle_ns = ns;
		}
	}
}

static unsigned int measure_dispatch_notrace(struct bench_run_dispatch *d)
{
	double ns[DISPATCH_FLOWS];
	unsigned int nr = 0;

	for (; bench_dispatch_flows[nr].name && nr < DISPATCH_FLOWS; nr++)
		;
	bench_dispatch_notrace(IRQLAB_DISPATCH_NOTRACE, DISPATCH_N, ns, nr);
	for (unsigned int i = 0; i < nr; i++)
		d[i].compiled_out_ns = ns[i];
	return nr;
}

/* The genirq printk: kept quiet during a run, counted, shown at the end. */
struct klog {
	unsigned long count;
	char first[3][160];
};

static void klog_hook(int level, const char *msg, void *ctx)
{
	struct klog *k = ctx;
	unsigned long n = __atomic_fetch_add(&k->count, 1, __ATOMIC_RELAXED);

	(void)level;
	if (n < 3)
		snprintf(k->first[n], sizeof(k->first[n]), "%s", msg);
}

static int parse_seed(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	if (!*s || *s == '-')
		return -EINVAL;
	*out = strtoull(s, &end, 0);
	return errno || *end ? -EINVAL : 0;
}

/* The command line of `irqlab run`, parsed. */
struct run_args {
	struct bench_params p;
	struct bench_trace_opts topts;
	bool tracing, allow_loss, no_report;
	struct bench_break brk; /* threshold from --break-us */
	unsigned int repeat; /* --repeat N: 0, or N runs a process each */
};

/* A size as lttng takes it: digits and at most one of k, K, M, G. */
static bool lttng_size(const char *s)
{
	size_t digits = strspn(s, "0123456789");

	return digits &&
	       (!s[digits] || (strchr("kKMG", s[digits]) && !s[digits + 1]));
}

#define RUN_HELP_PRINTED (-1)

/* 0: run; RUN_HELP_PRINTED: --help was printed; BENCH_EXIT_USAGE: bad. */
static int parse_run_args(int argc, char **argv, bool bench, struct run_args *a)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "quick", no_argument, NULL, 'Q' },
		{ "seed", required_argument, NULL, 'S' },
		{ "cpus", required_argument, NULL, 'C' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "trace", no_argument, NULL, 'T' },
		{ "trace-buffer", required_argument, NULL, 'B' },
		{ "allow-trace-loss", no_argument, NULL, 'L' },
		{ "trace-snapshot", no_argument, NULL, 'N' },
		{ "break-us", required_argument, NULL, 'K' },
		{ "relayd", required_argument, NULL, 'R' },
		{ "no-report", no_argument, NULL, 'P' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const default_config[] = { IRQLAB_CONFIG_DIR
						      "/default.ini" };
	static const char *const bench_config[] = { IRQLAB_CONFIG_DIR
						    "/bench.ini" };
	uint64_t us;
	int c;

	*a = (struct run_args){
		.p = { .argc = argc, .argv = argv },
		.topts = { .provider = IRQLAB_TRACE_PROVIDER,
			   .subbuf_size = "8M",
			   .num_subbuf = 8 },
	};
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			a->p.outdir = optarg;
			break;
		case 'Q':
			a->p.quick = true;
			break;
		case 'S':
			if (parse_seed(optarg, &a->p.seed)) {
				usage_error("run",
					    "--seed: not an unsigned integer:",
					    optarg);
				return BENCH_EXIT_USAGE;
			}
			a->p.seed_set = true;
			break;
		case 'C':
			a->p.cpus = optarg;
			break;
		case 'q':
			a->p.quiet = true;
			break;
		case 'P':
			a->no_report = true;
			break;
		case 'r':
			if (parse_seed(optarg, &us) || us < 2 || us > 100) {
				usage_error(
					"run",
					"--repeat: not a number of runs in 2..100:",
					optarg);
				return BENCH_EXIT_USAGE;
			}
			a->repeat = (unsigned int)us;
			break;
		case 'N':
			a->topts.snapshot = true;
			/* fall through */
		case 'T':
			a->tracing = true;
			break;
		case 'B':
			if (!lttng_size(optarg)) {
				usage_error(
					"run",
					"--trace-buffer: not a size such as 64k or 8M:",
					optarg);
				return BENCH_EXIT_USAGE;
			}
			a->topts.subbuf_size = optarg;
			break;
		case 'L':
			a->allow_loss = true;
			break;
		case 'K':
			if (parse_seed(optarg, &us) || !us || us > 60000000) {
				usage_error(
					"run",
					"--break-us: not a number of microseconds in 1..60000000:",
					optarg);
				return BENCH_EXIT_USAGE;
			}
			a->brk.threshold_ns = us * 1000;
			break;
		case 'R':
			if (strncmp(optarg, "net://", 6) &&
			    strncmp(optarg, "net6://", 7) &&
			    strncmp(optarg, "tcp://", 6)) {
				usage_error(
					"run",
					"--relayd: not an lttng URL such as net://HOST:",
					optarg);
				return BENCH_EXIT_USAGE;
			}
			a->topts.relayd = optarg;
			break;
		case 'h':
			fputs(bench ? bench_usage : run_usage, stdout);
			return RUN_HELP_PRINTED;
		default:
			cli_bad_option(bench ? "bench" : "run", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	a->p.configs = optind < argc ? (const char *const *)argv + optind :
		       bench	     ? bench_config :
				       default_config;
	a->p.nr_configs = optind < argc ? (unsigned int)(argc - optind) : 1;
	if (a->repeat && (!a->p.outdir || a->tracing || bench)) {
		usage_error(
			"run",
			"--repeat N needs -o DIR (the folder of the N runs), and is for irqlab run without tracing:",
			a->p.outdir ? "--trace" : "no -o");
		return BENCH_EXIT_USAGE;
	}
	if (a->topts.relayd && !a->tracing) {
		usage_error("run",
			    "--relayd needs --trace or --trace-snapshot:",
			    a->topts.relayd);
		return BENCH_EXIT_USAGE;
	}
	if (a->tracing && !*a->topts.provider) {
		usage_error(
			"run",
			"--trace: this irqlab was built with IRQLAB_TRACE=OFF;",
			"rebuild with -DIRQLAB_TRACE=ON");
		return BENCH_EXIT_USAGE;
	}
	return 0;
}

/* A traced run's session and what it measured before the scenarios. */
struct traced {
	struct bench_trace trace;
	struct bench_run_dispatch dispatch[DISPATCH_FLOWS];
	unsigned int nr_dispatch;
	double event_ns;
};

static int trace_begin(const struct run_args *a, struct traced *t,
		       struct bench_run *run, char *err, size_t errlen)
{
	char dir[4096];
	uint64_t c0;

	measure_dispatch(t->dispatch, false);
	t->nr_dispatch = measure_dispatch_notrace(t->dispatch);
	if (bench_run_path(run, dir, sizeof(dir)) ||
	    bench_trace_start(&t->trace, dir, &a->topts, err, errlen))
		return -EIO;
	/* Back to back: their spacing is what one event costs. */
	c0 = bench_now_ns();
	for (unsigned int i = 0; i < 1000; i++)
		irqlab_trace_calibrate(i);
	t->event_ns = (double)(bench_now_ns() - c0) / 1000;
	measure_dispatch(t->dispatch, true);
	return 0;
}

/*
 * Write the flight recorder out if asked, stop the session, and record
 * the trace in summary.json. Return @rc, or the failure that replaces it
 * (a snapshot or session error, events discarded without
 * --allow-trace-loss).
 */
static int trace_end(const struct run_args *a, struct traced *t,
		     struct bench_run *run, int rc)
{
	struct bench_run_trace info;
	char err[1024];

	if (a->topts.snapshot && (a->brk.hit || !rc) &&
	    bench_trace_snapshot(&t->trace, err, sizeof(err))) {
		fprintf(stderr, "irqlab run: --trace-snapshot: %s\n", err);
		rc = -EIO;
	}
	if (bench_trace_stop(&t->trace, err, sizeof(err))) {
		fprintf(stderr, "irqlab run: --trace: %s\n", err);
		rc = rc ? rc : -EIO;
	}
	info = (struct bench_run_trace){
		.mode = a->topts.snapshot ? "snapshot" : "session",
		.path = a->topts.relayd ? a->topts.relayd : "trace",
		.discarded = t->trace.discarded,
		.event_ns = t->event_ns,
		.snapshots = t->trace.snapshots,
		.dispatch = t->dispatch,
		.nr_dispatch = t->nr_dispatch,
	};
	bench_run_trace(run, &info);
	if (t->trace.discarded && !rc && !a->allow_loss) {
		fprintf(stderr,
			"irqlab run: the tracer discarded %llu events; raise --trace-buffer (now %s) or pass --allow-trace-loss\n",
			t->trace.discarded, a->topts.subbuf_size);
		rc = -ENOBUFS;
	} else if (t->trace.discarded) {
		fprintf(stderr,
			"irqlab run: the tracer discarded %llu events (allowed by --allow-trace-loss)\n",
			t->trace.discarded);
	}
	return rc;
}

/*
 * Every scenario, round by round: round 0 of each scenario in file order,
 * then round 1, ... (a scenario with fewer blocks drops out), so that a
 * drift of the host over the run falls on every scenario alike. Each
 * design's result then goes to the run folder and to @res (for the
 * table). Return 0, -EINTR if stopped (a signal or --break-us), or the
 * failure, with @err filled.
 */
static int run_scenarios(struct run_args *a, const struct bench_config *cfg,
			 const struct bench_topo *topo,
			 const struct bench_placement *pl,
			 struct bench_run *run, struct progress *prog,
			 struct bench_result *res, unsigned int *nres,
			 char *err, size_t errlen)
{
	struct bench_scenario_run *r =
		calloc(cfg->nr ? cfg->nr : 1, sizeof(*r));
	unsigned int rounds = 0, failed = UINT_MAX;
	int rc = 0;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (unsigned int i = 0; i < cfg->nr; i++) {
		r[i] = (struct bench_scenario_run){
			.sc = &cfg->sc[i],
			.index = i,
			.topo = topo,
			.pl = &pl[i],
			.run = run,
			.t0 = prog->t0,
			.stop = &stop_requested,
			.brk = a->brk.threshold_ns ? &a->brk : NULL,
			.progress = progress_show,
			.ctx = prog,
		};
		if (cfg->sc[i].blocks > rounds)
			rounds = cfg->sc[i].blocks;
		if (!a->p.quiet && *pl[i].note)
			fprintf(stderr, "%sirqlab run: %s: %s\n",
				prog->tty ? "\r\033[K" : "", cfg->sc[i].name,
				pl[i].note);
	}
	for (unsigned int b = 0; b < rounds && !rc; b++) {
		for (unsigned int i = 0; i < cfg->nr && !rc; i++) {
			const struct bench_scenario *sc = &cfg->sc[i];

			if (b >= sc->blocks)
				continue;
			prog->scenario = sc->name;
			rc = bench_scenario_round(&r[i], b, err, errlen);
			if (rc && rc != -EINTR)
				failed = i;
			/* Its last round: the scenario is done. */
			if (!rc && b + 1 == sc->blocks && !a->p.quiet &&
			    !prog->tty)
				fprintf(stderr,
					"irqlab run: %s done (%u/%u blocks)\n",
					sc->name, prog->done, prog->total);
		}
	}
	/*
	 * A stopped run keeps what its finished blocks measured; a failed
	 * one too, but for the scenario whose block failed.
	 */
	for (unsigned int i = 0; i < cfg->nr; i++) {
		const struct bench_scenario *sc = &cfg->sc[i];

		bench_scenario_finish(&r[i]);
		for (unsigned int k = 0; k < sc->nr_designs; k++) {
			res[*nres] = r[i].res[k];
			if (i != failed && (res[*nres].blocks || !rc) &&
			    bench_run_result(run, &res[*nres], &pl[i]) &&
			    (!rc || rc == -EINTR)) {
				snprintf(err, errlen,
					 "out of memory recording results");
				rc = -ENOMEM;
			}
			(*nres)++;
		}
	}
	free(r);
	return rc;
}

/* The first @name on $PATH that is executable, into @buf; NULL: none. */
static const char *find_tool(const char *name, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	char dirs[4096], *dir, *save = NULL;

	snprintf(dirs, sizeof(dirs), "%s",
		 path ? path : "/usr/local/bin:/usr/bin:/bin");
	for (dir = strtok_r(dirs, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(buf, len, "%s/%s", dir, name);
		if (!access(buf, X_OK))
			return buf;
	}
	return NULL;
}

/* irqlab bench's own measurements, into the run's summary.json. */
static int measure_perf(struct bench_run *run, const struct bench_topo *topo,
			const struct bench_params *p, char *err, size_t errlen)
{
	char self[4096], valgrind[4096], bt[4096], tool[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct bench_perf_opts o = {
		.self = self,
		.notrace = IRQLAB_DISPATCH_NOTRACE,
		.valgrind = find_tool("valgrind", valgrind, sizeof(valgrind)),
		.profile = IRQLAB_CONFIG_DIR "/cost/realistic.ini",
		.quick = p->quick,
		.babeltrace2 = find_tool("babeltrace2", bt, sizeof(bt)),
		.plugin_dir = IRQLAB_BT_PLUGIN_DIR,
		.tracing = *IRQLAB_TRACE_PROVIDER &&
			   find_tool("lttng-sessiond", tool, sizeof(tool)) &&
			   find_tool("lttng", tool, sizeof(tool)),
		.quick_config = IRQLAB_CONFIG_DIR "/quick.ini",
	};
	json_t *perf;

	self[n > 0 ? n : 0] = '\0';
	if (!p->quiet)
		fprintf(stderr,
			"irqlab bench: dispatch, hand-off, scaling and cost figures%s\n",
			o.valgrind ? ", instructions under callgrind" :
				     " (no valgrind: no instruction counts)");
	perf = bench_perf_measure(&o, topo);
	if (!perf) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	bench_run_perf(run, perf);
	return 0;
}

/*
 * --repeat N: the runs, each a process, then how far they moved (a
 * folder of runs is what irqlab compare takes as one side).
 */
static int run_repeat(const struct run_args *a, int argc, char **argv)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int rc;

	if (n <= 0) {
		perror("irqlab run: /proc/self/exe");
		return BENCH_EXIT_FAIL;
	}
	self[n] = '\0';
	if (!access(a->p.outdir, F_OK)) {
		fprintf(stderr, "irqlab run: %s: already exists\n",
			a->p.outdir);
		return BENCH_EXIT_USAGE;
	}
	rc = bench_repeat(argc, argv, self, a->repeat, a->p.outdir, a->p.quiet);
	if (rc < 0) {
		fputs("irqlab run: out of memory\n", stderr);
		return BENCH_EXIT_FAIL;
	}
#if IRQLAB_ANALYSIS
	if (!rc && !a->no_report) {
		char err[1024];

		if (compare_stability(a->p.outdir, a->p.quiet, err,
				      sizeof(err))) {
			fprintf(stderr, "irqlab run: %s\n", err);
			rc = BENCH_EXIT_FAIL;
		}
	}
#endif
	return rc;
}

static int cmd_run(int argc, char **argv, bool bench)
{
	struct run_args a;
	struct bench_config cfg = { 0 };
	struct bench_placement *pl = NULL;
	struct bench_result *res = NULL;
	struct chip_delay_calibration cal;
	struct bench_topo *topo = NULL;
	struct bench_run *run = NULL;
	struct progress prog = { 0 };
	struct klog klog = { 0 };
	struct traced t = { 0 };
	char err[1024], failure[1024] = "", final[4096];
	unsigned int nres = 0;
	int ret, rc;
	bool complete;

	ret = parse_run_args(argc, argv, bench, &a);
	if (ret)
		return ret == RUN_HELP_PRINTED ? BENCH_EXIT_OK : ret;
	ret = BENCH_EXIT_USAGE;
	for (unsigned int i = 0; i < a.p.nr_configs; i++) {
		if (bench_config_load(&cfg, a.p.configs[i], &a.p, err,
				      sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			goto out;
		}
	}
	if (a.repeat) {
		ret = run_repeat(&a, argc, argv);
		goto out;
	}
	if (bench_topo_open(&topo, a.p.cpus, NULL, err, sizeof(err))) {
		fprintf(stderr, "irqlab run: %s\n", err);
		goto out;
	}
	/* Every placement is decided, or refused, before any thread runs. */
	pl = calloc(cfg.nr, sizeof(*pl));
	res = calloc((size_t)cfg.nr * BENCH_MAX_DESIGNS, sizeof(*res));
	if (!pl || !res) {
		fputs("irqlab run: out of memory\n", stderr);
		ret = BENCH_EXIT_FAIL;
		goto out;
	}
	for (unsigned int i = 0; i < cfg.nr; i++) {
		if (bench_place(topo, &cfg.sc[i], &pl[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			goto out;
		}
		prog.total += cfg.sc[i].blocks * cfg.sc[i].nr_designs;
	}

	ret = BENCH_EXIT_FAIL;
	if (chip_delay_calibrate(&cal)) {
		fputs("irqlab run: cannot calibrate the busy-wait clock\n",
		      stderr);
		goto out;
	}
	genirq_set_printk(klog_hook, &klog);
	/* Before the folder exists; a second signal kills as usual. */
	sigaction(SIGINT, &stop_action, NULL);
	sigaction(SIGTERM, &stop_action, NULL);
	rc = bench_run_open(&run, &a.p, &cfg, topo, &cal, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "irqlab run: %s\n", err);
		/* -o names what exists, or cannot be, or is a symlink. */
		if (rc != -ENOSPC && rc != -EDQUOT && rc != -EIO &&
		    rc != -ENOMEM)
			ret = BENCH_EXIT_USAGE;
		goto out;
	}
	if (bench && measure_perf(run, topo, &a.p, err, sizeof(err))) {
		fprintf(stderr, "irqlab bench: %s\n", err);
		goto out;
	}
	if (a.tracing && trace_begin(&a, &t, run, err, sizeof(err))) {
		fprintf(stderr, "irqlab run: --trace: %s\n", err);
		goto out;
	}
	prog.tty = isatty(STDERR_FILENO);
	prog.quiet = a.p.quiet;
	prog.t0 = bench_run_start_ns(run);
	if (!a.p.quiet) {
		char topo_line[512];

		bench_topo_summary(topo, topo_line, sizeof(topo_line));
		fprintf(stderr,
			"irqlab run: %u scenarios on %s; busy-wait error %.0f ns mean, %.0f ns max\n",
			cfg.nr, topo_line, cal.err_ns_mean, cal.err_ns_max);
	}
	rc = run_scenarios(&a, &cfg, topo, pl, run, &prog, res, &nres, err,
			   sizeof(err));
	if (prog.tty && !a.p.quiet)
		fputs("\r\033[K", stderr);
	if (rc && rc != -EINTR)
		snprintf(failure, sizeof(failure), "%s", err);
	if (a.brk.hit) {
		fprintf(stderr,
			"irqlab run: latency %.1f us over --break-us %.0f in scenario %s, design %s, block %u (event %llu): stopped\n",
			(double)a.brk.latency_ns / 1e3,
			(double)a.brk.threshold_ns / 1e3, a.brk.scenario,
			a.brk.design, a.brk.block,
			(unsigned long long)a.brk.seq);
		bench_run_break(run, &a.brk);
	}
	if (a.tracing)
		rc = trace_end(&a, &t, run, rc);

	complete = !rc;
	/*
	 * One sentence for a failure: the closing's, if it failed too (a
	 * full disk fails both; the closing's names the file and says
	 * where the folder is), else the run's.
	 */
	if (bench_run_close(run, complete, rc == -EINTR && !a.brk.hit, final,
			    sizeof(final), err, sizeof(err))) {
		fprintf(stderr, "irqlab run: %s\n", err);
		run = NULL; /* closed, even when closing failed */
		goto out;
	}
	if (*failure)
		fprintf(stderr, "irqlab run: %s\n", failure);
	run = NULL;
	if (!a.p.quiet)
		print_table(res, nres);
	if (klog.count)
		fprintf(stderr,
			"irqlab run: the genirq core logged %lu message%s, first: %s\n",
			klog.count, klog.count == 1 ? "" : "s", klog.first[0]);
	for (unsigned int i = 0; i < nres; i++)
		if (res[i].thread_fifo &&
		    !strcmp(res[i].thread_fifo, "not permitted")) {
			fprintf(stderr,
				"irqlab run: the irq threads ran SCHED_OTHER, not SCHED_FIFO: this process may not use real-time scheduling (CAP_SYS_NICE or an RLIMIT_RTPRIO of 50 or more allows it), so their latency includes the scheduler's time-sharing\n");
			break;
		}
	fprintf(stderr, "irqlab run: %s%s\n",
		complete ? "results in " : "incomplete results in ", final);
	ret = a.brk.hit && rc == -EINTR ? BENCH_EXIT_BREAK :
	      rc == -EINTR		? BENCH_EXIT_INTERRUPTED :
	      rc			? BENCH_EXIT_FAIL :
					  BENCH_EXIT_OK;
#if IRQLAB_ANALYSIS
	/*
	 * Not after Ctrl-C: whoever pressed it wants the prompt back. Built
	 * without analysis, every run is --no-report.
	 */
	if (!a.no_report && ret != BENCH_EXIT_INTERRUPTED) {
		struct report_opts ro = { true, a.p.quiet };

		if (report_write(final, &ro, err, sizeof(err))) {
			fprintf(stderr, "irqlab run: the report failed: %s\n",
				err);
			if (ret == BENCH_EXIT_OK)
				ret = BENCH_EXIT_FAIL;
		} else {
			fprintf(stderr,
				"irqlab run: report in %s/report.html\n",
				final);
		}
	}
#endif
out:
	if (a.tracing)
		bench_trace_stop(&t.trace, NULL, 0);
	if (run)
		bench_run_close(run, false, false, final, sizeof(final), err,
				sizeof(err));
	genirq_set_printk(NULL, NULL);
	free(res);
	free(pl);
	bench_topo_close(topo);
	bench_config_free(&cfg);
	return ret;
}

static void list_names(const char *title, const char *(*name)(int), int nr)
{
	printf("%s:", title);
	for (int i = 0; i < nr; i++)
		printf(" %s", name(i));
	printf("\n");
}

#define NAME_FN(type, e)                          \
	static const char *type##_name_int(int v) \
	{                                         \
		return bench_##type##_name((e)v); \
	}
NAME_FN(pattern, enum bench_pattern)
NAME_FN(wait, enum bench_wait)
NAME_FN(place, enum bench_place)

static int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "cpus", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const designs[BENCH_DESIGN_NR] = {
		"the chip's genirq flow handler (set_type picks it)",
		"the __do_IRQ() baseline with the chip's legacy ack/end",
		"naive: mask + ack for the whole handler, unmask, no replay",
		"the flow; the hard handler clears the device, a thread works",
		"the flow with IRQF_ONESHOT: masked until the thread is done",
	};
	struct bench_topo *topo;
	const char *cpus = NULL;
	char err[512], buf[512];
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		if (c == 'C') {
			cpus = optarg;
		} else if (c == 'h') {
			fputs(list_usage, stdout);
			return BENCH_EXIT_OK;
		} else {
			cli_bad_option("list", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		usage_error("list", "unexpected argument", argv[optind]);
		return BENCH_EXIT_USAGE;
	}
	printf("chips:\n");
	for (unsigned int i = 0; bench_chips[i]; i++) {
		const struct bench_chip *ch = bench_chips[i];

		printf("  %-7s %s\n          triggers:", ch->name, ch->what);
		for (int t = 0; t < BENCH_TRIG_NR; t++)
			if (ch->triggers & (1u << t))
				printf(" %s", bench_trigger_name(t));
		printf("\n");
	}
	printf("flows: handle_level_irq handle_edge_irq handle_simple_irq handle_percpu_irq handle_fasteoi_irq (and __do_IRQ)\n");
	printf("designs:\n");
	for (int d = 0; d < BENCH_DESIGN_NR; d++)
		printf("  %-16s %s\n", bench_design_name(d), designs[d]);
	list_names("patterns", pattern_name_int, BENCH_PAT_NR);
	list_names("wait modes", wait_name_int, BENCH_WAIT_NR);
	list_names("device placements", place_name_int, BENCH_PLACE_PU);
	printf("  (or a PU number)\n");
	if (bench_topo_open(&topo, cpus, NULL, err, sizeof(err))) {
		fprintf(stderr, "irqlab list: %s\n", err);
		return BENCH_EXIT_USAGE;
	}
	bench_topo_summary(topo, buf, sizeof(buf));
	printf("topology: %s\n", buf);
	bench_topo_close(topo);
	return BENCH_EXIT_OK;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "help";

	if (!strcmp(cmd, "run"))
		return cmd_run(argc - 1, argv + 1, false);
	if (!strcmp(cmd, "bench"))
		return cmd_run(argc - 1, argv + 1, true);
	/* Not in the usage: what irqlab bench counts under callgrind. */
	if (!strcmp(cmd, "dispatch"))
		return bench_dispatch_main(argc - 2, argv + 2,
					   "irqlab dispatch");
	if (!strcmp(cmd, "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(cmd, "adopt"))
		return bench_adopt_main(argc - 1, argv + 1);
	if (!strcmp(cmd, "soak")) {
		char self[4096];
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		if (n <= 0) {
			perror("irqlab soak: /proc/self/exe");
			return BENCH_EXIT_FAIL;
		}
		self[n] = '\0';
		return bench_soak_main(argc - 1, argv + 1, self);
	}
#if IRQLAB_ANALYSIS
	if (!strcmp(cmd, "report"))
		return report_main(argc - 1, argv + 1, IRQLAB_RESULTS_DIR);
	if (!strcmp(cmd, "compare"))
		return compare_main(argc - 1, argv + 1);
#else
	if (!strcmp(cmd, "report") || !strcmp(cmd, "compare")) {
		fprintf(stderr,
			"irqlab %s: this irqlab is built without analysis (IRQLAB_ANALYSIS=OFF); run report and compare from a full build\n",
			cmd);
		return BENCH_EXIT_USAGE;
	}
#endif
	if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") ||
	    !strcmp(cmd, "-h")) {
		fputs(main_usage, stdout);
		return BENCH_EXIT_OK;
	}
	fprintf(stderr, "irqlab: no command %s; see irqlab help\n", cmd);
	return BENCH_EXIT_USAGE;
}
