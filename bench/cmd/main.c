// SPDX-License-Identifier: GPL-2.0
/*
 * The irqlab command: `irqlab run` and `irqlab bench` (cmd_run.c, their
 * options in cmd_args.c), `irqlab list` (what there is to run, and this
 * machine's topology, here), and the commands of other folders (report,
 * compare, soak, dispatch). Each subcommand parses its own options with
 * getopt_long and has --help.
 */
#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <unistd.h>
#include <genirq/flows.h>
#include "analysis/cli.h"
#include "cmd.h"
#include "designs/designs.h"
#include "perf/dispatch.h"
#include "perf/dispatch6.h"
#include "soak.h"
#include "adopt.h"
#include "ab.h"
#if IRQLAB_ANALYSIS
#include "analysis/report.h"
#endif

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
	"  export   a run for Perfetto, Bencher or a CSV table (docs/export.md)\n"
	"  lami     a trace's per-stage analysis for Trace Compass (LAMI)\n"
	"  history  index run folders into SQLite; each build against the last\n"
	"  ab       the A/B gate: two builds or configs in alternating runs\n"
	"  calibrate --gate  what the A/B gate is worth on this machine\n"
	"  soak     the suite again and again with random seeds, every run checked\n"
	"  adopt    install a run folder made elsewhere (./irqlab vm run's guest)\n"
	"  import   other tools' results (cyclictest, rtla, bcc, irq traces) as runs\n"
	"  list     what can be run, and this machine's topology\n"
	"  help     this text; `irqlab COMMAND --help` for a command's options\n";

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
		bench_cmd_usage_error("list", "unexpected argument",
				      argv[optind]);
		return BENCH_EXIT_USAGE;
	}
	printf("chips:\n");
	for (const struct chip_kind *ch = chip_kinds; ch->name; ch++) {
		printf("  %-7s %s\n          triggers:", ch->name, ch->what);
		for (int t = 0; t < BENCH_TRIG_NR; t++)
			if (ch->triggers & (1u << t))
				printf(" %s", bench_trigger_name(t));
		printf("\n");
	}
	printf("flows:");
	for (unsigned int i = 0; i < irq_nr_flow_types; i++)
		if (irq_flow_types[i].flags & IRQ_FLOW_MEASURED)
			printf(" %s", irq_flow_types[i].func);
	printf(" (and __do_IRQ)\n");
	printf("designs:\n");
	for (unsigned int d = 0; d < bench_nr_designs; d++)
		printf("  %-16s %s\n", bench_designs[d].name,
		       bench_designs[d].ops->what);
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
		return bench_cmd_run(argc - 1, argv + 1, false);
	if (!strcmp(cmd, "bench"))
		return bench_cmd_run(argc - 1, argv + 1, true);
	/* Not in the usage: what irqlab bench counts under callgrind. */
	if (!strcmp(cmd, "dispatch"))
		return bench_dispatch6_main(argc - 2, argv + 2,
					    "irqlab dispatch");
	if (!strcmp(cmd, "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(cmd, "adopt"))
		return bench_adopt_main(argc - 1, argv + 1);
	if (!strcmp(cmd, "import"))
		return bench_import_main(argc - 1, argv + 1);
	if (!strcmp(cmd, "soak") || !strcmp(cmd, "ab") ||
	    !strcmp(cmd, "calibrate")) {
		char self[4096];
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		if (n <= 0) {
			fprintf(stderr, "irqlab %s: /proc/self/exe: %s\n", cmd,
				strerror(errno));
			return BENCH_EXIT_FAIL;
		}
		self[n] = '\0';
		if (!strcmp(cmd, "ab"))
			return bench_ab_main(argc - 1, argv + 1, self);
		if (!strcmp(cmd, "calibrate"))
			return bench_ab_calibrate_main(argc - 1, argv + 1,
						       self);
		return bench_soak_main(argc - 1, argv + 1, self);
	}
#if IRQLAB_ANALYSIS
	if (!strcmp(cmd, "report"))
		return report_main(argc - 1, argv + 1, IRQLAB_RESULTS_DIR);
	if (!strcmp(cmd, "compare"))
		return compare_main(argc - 1, argv + 1);
	if (!strcmp(cmd, "export"))
		return bench_cmd_export(argc - 1, argv + 1);
	if (!strcmp(cmd, "lami"))
		return bench_cmd_lami(argc - 1, argv + 1);
	if (!strcmp(cmd, "history"))
		return bench_cmd_history(argc - 1, argv + 1);
#else
	if (!strcmp(cmd, "report") || !strcmp(cmd, "compare") ||
	    !strcmp(cmd, "export") || !strcmp(cmd, "lami") ||
	    !strcmp(cmd, "history")) {
		fprintf(stderr,
			"irqlab %s: this irqlab is built without analysis (IRQLAB_ANALYSIS=OFF); run report, compare, export, lami and history from a full build\n",
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
