// SPDX-License-Identifier: GPL-2.0
/*
 * The command line of `irqlab run` and `irqlab bench`: their usage, and
 * their options parsed with getopt_long into struct run_args, each bad
 * one said in one line on stderr.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/cli.h"
#include "cmd.h"

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
	"  -q, --quiet       no progress, no table and no finding; errors still\n"
	"                    go to stderr\n"
	"  -h, --help        this text\n"
	"\n"
	"A stopped or interrupted run keeps what it measured, marked\n"
	"incomplete.\n";

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

void bench_cmd_usage_error(const char *cmd, const char *what, const char *arg)
{
	fprintf(stderr, "irqlab %s: %s %s; see irqlab %s --help\n", cmd, what,
		arg, cmd);
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

/* A size as lttng takes it: digits and at most one of k, K, M, G. */
static bool lttng_size(const char *s)
{
	size_t digits = strspn(s, "0123456789");

	return digits &&
	       (!s[digits] || (strchr("kKMG", s[digits]) && !s[digits + 1]));
}

/* The tracing options, and what no option is. */
static int trace_option(int c, bool bench, char **argv, struct run_args *a)
{
	uint64_t us;

	switch (c) {
	case 'N':
		a->topts.snapshot = true;
		/* fall through */
	case 'T':
		a->tracing = true;
		break;
	case 'B':
		if (!lttng_size(optarg)) {
			bench_cmd_usage_error(
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
			bench_cmd_usage_error(
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
			bench_cmd_usage_error(
				"run",
				"--relayd: not an lttng URL such as net://HOST:",
				optarg);
			return BENCH_EXIT_USAGE;
		}
		a->topts.relayd = optarg;
		break;
	default:
		cli_bad_option(bench ? "bench" : "run", c, argv);
		return BENCH_EXIT_USAGE;
	}
	return 0;
}

/* One option @c of getopt_long(): 0, or BENCH_EXIT_USAGE (said). */
static int run_option(int c, bool bench, char **argv, struct run_args *a)
{
	uint64_t us;

	switch (c) {
	case 'o':
		a->p.outdir = optarg;
		break;
	case 'Q':
		a->p.quick = true;
		break;
	case 'S':
		if (parse_seed(optarg, &a->p.seed)) {
			bench_cmd_usage_error(
				"run",
				"--seed: not an unsigned integer:", optarg);
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
			bench_cmd_usage_error(
				"run",
				"--repeat: not a number of runs in 2..100:",
				optarg);
			return BENCH_EXIT_USAGE;
		}
		a->repeat = (unsigned int)us;
		break;
	default:
		return trace_option(c, bench, argv, a);
	}
	return 0;
}

/* The options that only go together. */
static int check_run_args(const struct run_args *a, bool bench)
{
	if (a->repeat && (!a->p.outdir || a->tracing || bench)) {
		bench_cmd_usage_error(
			"run",
			"--repeat N needs -o DIR (the folder of the N runs), and is for irqlab run without tracing:",
			a->p.outdir ? "--trace" : "no -o");
		return BENCH_EXIT_USAGE;
	}
	if (a->topts.relayd && !a->tracing) {
		bench_cmd_usage_error(
			"run", "--relayd needs --trace or --trace-snapshot:",
			a->topts.relayd);
		return BENCH_EXIT_USAGE;
	}
	if (a->tracing && !*a->topts.provider) {
		bench_cmd_usage_error(
			"run",
			"--trace: this irqlab was built with IRQLAB_TRACE=OFF;",
			"rebuild with -DIRQLAB_TRACE=ON");
		return BENCH_EXIT_USAGE;
	}
	return 0;
}

int bench_cmd_parse_run_args(int argc, char **argv, bool bench,
			     struct run_args *a)
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
	int c;

	*a = (struct run_args){
		.p = { .argc = argc, .argv = argv },
		.topts = { .provider = IRQLAB_TRACE_PROVIDER,
			   .subbuf_size = "8M",
			   .num_subbuf = 8 },
	};
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:qh", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(bench ? bench_usage : run_usage, stdout);
			ana_exit_help(stdout, ANA_CMD_RUN);
			return RUN_HELP_PRINTED;
		}
		if (run_option(c, bench, argv, a))
			return BENCH_EXIT_USAGE;
	}
	a->p.configs = optind < argc ? (const char *const *)argv + optind :
		       bench	     ? bench_config :
				       default_config;
	a->p.nr_configs = optind < argc ? (unsigned int)(argc - optind) : 1;
	return check_run_args(a, bench);
}
