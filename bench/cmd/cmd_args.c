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

static const char run_usage_head[] =
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
	"\n";

static const char run_usage_tail[] =
	"\n"
	"A stopped or interrupted run keeps what it measured, marked\n"
	"incomplete.\n";

/**
 * struct run_opt - one option of irqlab run and irqlab bench
 * @name:	the long name, without "--"
 * @has_arg:	getopt_long's no_argument or required_argument
 * @val:	what getopt_long returns for it: the short letter where
 *		@shrt, else a letter no short option uses
 * @shrt:	whether @val is also the short option -@val
 * @arg:	the value's name in the usage, or NULL
 * @trace:	whether it needs the tracepoints (IRQLAB_TRACE=ON)
 * @help:	its usage text, lines split by '\n'
 *
 * The one table of the options: the parser, --help and --options (the
 * table for scripts: ./irqlab vm run forwards options by it) all read it.
 */
struct run_opt {
	const char *name;
	int has_arg;
	int val;
	bool shrt;
	const char *arg;
	bool trace;
	const char *help;
};

static const struct run_opt run_opts[] = {
	{ "output", required_argument, 'o', true, "DIR", false,
	  "write the run folder at DIR (which must not exist)" },
	{ "quick", no_argument, 'Q', false, NULL, false,
	  "a tenth of each scenario's duration, at most 2 blocks" },
	{ "seed", required_argument, 'S', false, "N", false,
	  "seed every scenario's stimuli with N" },
	{ "cpus", required_argument, 'C', false, "LIST", false,
	  "use only these CPUs (OS numbers, e.g. 0-3,6)" },
	{ "trace", no_argument, 'T', false, NULL, true,
	  "trace every flow stage with LTTng-UST into the run\n"
	  "folder's trace/ (a private session daemon unless\n"
	  "this user runs one); the run fails if the tracer\n"
	  "discarded events" },
	{ "trace-buffer", required_argument, 'B', false, "SIZE", true,
	  "sub-buffer size per CPU, 8 of them (default 8M)" },
	{ "allow-trace-loss", no_argument, 'L', false, NULL, true,
	  "report discarded trace events instead of failing" },
	{ "trace-snapshot", no_argument, 'N', false, NULL, true,
	  "trace into a flight recorder (overwrite mode) and\n"
	  "write it out once: at the --break-us stop, or at the\n"
	  "end of the run" },
	{ "break-us", required_argument, 'K', false, "N", false,
	  "stop the run at the first fire -> handler entry\n"
	  "latency over N us (as cyclictest's breaktrace)" },
	{ "relayd", required_argument, 'R', false, "URL", true,
	  "stream the trace to lttng-relayd at URL\n"
	  "(net://HOST[:CTRL_PORT[:DATA_PORT]]) instead of trace/" },
	{ "no-report", no_argument, 'P', false, NULL, false,
	  "do not write report.md and report.html at the end\n"
	  "(irqlab report DIR writes them later)" },
	{ "repeat", required_argument, 'r', false, "N", false,
	  "the whole run N times (2..100), each a process of\n"
	  "its own, into DIR/run-1 .. DIR/run-N (-o DIR is\n"
	  "needed), then DIR/stability.md: how far the runs\n"
	  "moved beside how far their blocks did" },
	{ "quiet", no_argument, 'q', true, NULL, false,
	  "no progress, no table and no finding; errors still\n"
	  "go to stderr" },
	{ "options", no_argument, 'O', false, NULL, false,
	  "print these options for scripts, one a line, fields\n"
	  "split by tabs: --NAME, -X or -, VALUE or -, yes or\n"
	  "why this build lacks it, the help on one line" },
	{ "help", no_argument, 'h', true, NULL, false, "this text" },
};

#define NR_RUN_OPTS (sizeof(run_opts) / sizeof(run_opts[0]))

/* The options' part of --help, from the table. */
static void print_run_opts(FILE *f)
{
	for (size_t i = 0; i < NR_RUN_OPTS; i++) {
		const struct run_opt *o = &run_opts[i];
		const char *h = o->help;
		int n;

		n = fprintf(f, "  %s%c%s--%s%s%s", o->shrt ? "-" : " ",
			    o->shrt ? o->val : ' ', o->shrt ? ", " : "  ",
			    o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		if (n > 18)
			fprintf(f, "\n%20s", "");
		else
			fprintf(f, "%*s", 20 - n, "");
		for (const char *nl; (nl = strchr(h, '\n')); h = nl + 1)
			fprintf(f, "%.*s\n%20s", (int)(nl - h), h, "");
		fprintf(f, "%s\n", h);
	}
}

/* --options: the table, one row a line, for scripts (scripts/vm/run). */
static void print_run_opts_table(FILE *f)
{
	bool traced = *IRQLAB_TRACE_PROVIDER;

	for (size_t i = 0; i < NR_RUN_OPTS; i++) {
		const struct run_opt *o = &run_opts[i];

		fprintf(f, "--%s\t", o->name);
		if (o->shrt)
			fprintf(f, "-%c", o->val);
		else
			fputc('-', f);
		fprintf(f, "\t%s\t%s\t", o->arg ? o->arg : "-",
			o->trace && !traced ?
				"this irqlab is built with IRQLAB_TRACE=OFF" :
				"yes");
		for (const char *h = o->help; *h; h++)
			fputc(*h == '\n' ? ' ' : *h, f);
		fputc('\n', f);
	}
}

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
	static const char *const default_config[] = { IRQLAB_CONFIG_DIR
						      "/default.ini" };
	static const char *const bench_config[] = { IRQLAB_CONFIG_DIR
						    "/bench.ini" };
	struct option opts[NR_RUN_OPTS + 1] = { { 0 } };
	char shorts[2 * NR_RUN_OPTS + 2] = ":";
	int c;

	for (size_t i = 0, n = 1; i < NR_RUN_OPTS; i++) {
		opts[i] = (struct option){ run_opts[i].name,
					   run_opts[i].has_arg, NULL,
					   run_opts[i].val };
		if (!run_opts[i].shrt)
			continue;
		shorts[n++] = (char)run_opts[i].val;
		if (run_opts[i].has_arg == required_argument)
			shorts[n++] = ':';
	}
	*a = (struct run_args){
		.p = { .argc = argc, .argv = argv },
		.topts = { .provider = IRQLAB_TRACE_PROVIDER,
			   .subbuf_size = "8M",
			   .num_subbuf = 8 },
	};
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(bench ? bench_usage : run_usage_head, stdout);
			if (!bench) {
				print_run_opts(stdout);
				fputs(run_usage_tail, stdout);
			}
			ana_exit_help(stdout, ANA_CMD_RUN);
			return RUN_HELP_PRINTED;
		}
		if (c == 'O') {
			print_run_opts_table(stdout);
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
