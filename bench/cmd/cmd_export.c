// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab export FORMAT` and `irqlab lami`: the command lines of the
 * exports of analysis/export/ (docs/export.md). Perfetto's trace goes to
 * a file, written beside it and renamed into place; Bencher's JSON, the
 * CSV and LAMI's JSON go to standard output unless -o says otherwise.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "analysis/cli.h"
#include "cmd.h"
#if IRQLAB_ANALYSIS
#include "analysis/export.h"
#include "analysis/history.h"

static const char export_usage[] =
	"usage: irqlab export perfetto RUN [-o FILE] [--dispatch-cost]\n"
	"       irqlab export bencher RUN [-o FILE]\n"
	"       irqlab export csv RUN... [-o FILE]\n"
	"\n"
	"  perfetto  the run's LTTng trace (irqlab run --trace) as a Perfetto\n"
	"            TrackEvent trace: a track per simulated CPU, device and irq\n"
	"            thread, a slice per interrupt and stage, flows from raise\n"
	"            to handler (default FILE: RUN's name + .pftrace, here);\n"
	"            --dispatch-cost keeps the dispatch-cost blocks too\n"
	"  bencher   Bencher Metric Format: SCENARIO/DESIGN -> latency-p50,\n"
	"            -p99, -p999 (ns, bounds: 95% interval over the blocks),\n"
	"            throughput, chip-accesses\n"
	"  csv       one row per run and cell, a header line, RFC 4180; a\n"
	"            folder stands for every run folder below it\n"
	"  -o FILE   write here instead of standard output\n";

static const char lami_usage[] =
	"usage: irqlab lami --metadata | --mi-version\n"
	"       irqlab lami [--begin NS] [--end NS] [--limit N] TRACE_DIR\n"
	"\n"
	"The per-stage analysis of an irqlab trace in LAMI v0.1, the machine\n"
	"interface of LTTng analyses, for Trace Compass's External Analyses.\n"
	"NS: ns from the trace clock's origin; N: rows a table, or unlimited.\n";

/* The Perfetto trace into @path via @path.tmp. */
static int perfetto(const char *run, const char *path, bool dispatch_cost)
{
	struct export_perfetto_opts o = { .dispatch_cost = dispatch_cost };
	struct export_perfetto_counts c;
	char tmp[4300], err[8192];
	FILE *f;
	int ret;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "wb");
	if (!f) {
		fprintf(stderr, "irqlab export: %s: %s\n", tmp,
			strerror(errno));
		return BENCH_EXIT_FAIL;
	}
	ret = export_perfetto(run, f, &o, &c, err, sizeof(err));
	if (fclose(f) && !ret) {
		ret = -EIO;
		snprintf(err, sizeof(err), "%s: cannot write", tmp);
	}
	if (!ret && rename(tmp, path)) {
		ret = -errno;
		snprintf(err, sizeof(err), "%s: %s", path, strerror(errno));
	}
	if (ret) {
		unlink(tmp);
		fprintf(stderr, "irqlab export: %s\n", err);
		return ret == -ENOENT ? BENCH_EXIT_USAGE : BENCH_EXIT_FAIL;
	}
	fprintf(stderr,
		"irqlab export: %s: %" PRIu64 " tracks, %" PRIu64
		" slices, %" PRIu64 " instants, %" PRIu64 " flows from %" PRIu64
		" events\n",
		path, c.tracks, c.slices, c.instants, c.flows, c.events);
	return BENCH_EXIT_OK;
}

/* Bencher's JSON or the CSV of the runs @dirs to @f. */
static int dashboards(bool csv, char **dirs, int n, FILE *f)
{
	char **runs = NULL, err[1024];
	size_t nruns = 0;
	int ret;

	ret = history_find_runs((const char *const *)dirs, (size_t)n, &runs,
				&nruns, err, sizeof(err));
	if (!ret && !csv && nruns != 1) {
		snprintf(err, sizeof(err),
			 "bencher takes one run folder; %s holds %zu", dirs[0],
			 nruns);
		ret = -EINVAL;
	}
	if (!ret && csv)
		ret = export_csv_header(f);
	for (size_t i = 0; i < nruns && !ret; i++) {
		struct run r;

		ret = run_load(runs[i], true, &r, err, sizeof(err));
		if (ret)
			break;
		ret = csv ? export_csv_run(&r, f) : export_bencher(&r, f);
		if (ret)
			snprintf(err, sizeof(err), "%s: cannot write", runs[i]);
		run_free(&r);
	}
	history_runs_free(runs, nruns);
	if (ret)
		fprintf(stderr, "irqlab export: %s\n", err);
	return !ret			     ? BENCH_EXIT_OK :
	       ret == -ENOMEM || ret == -EIO ? BENCH_EXIT_FAIL :
					       BENCH_EXIT_USAGE;
}

static int export_run(const char *fmt, char **args, int n, const char *out,
		      bool dispatch_cost)
{
	char path[4200];
	FILE *f = stdout;
	int ret;

	if (!strcmp(fmt, "perfetto")) {
		char run[4096], *base;
		size_t len;

		if (n != 1) {
			bench_cmd_usage_error("export",
					      "perfetto takes one run",
					      args[n > 1 ? 1 : 0]);
			return BENCH_EXIT_USAGE;
		}
		/* "results/latest/": the folder's own name, here. */
		snprintf(run, sizeof(run), "%s", args[0]);
		len = strlen(run);
		while (len > 1 && run[len - 1] == '/')
			run[--len] = '\0';
		base = strrchr(run, '/');
		snprintf(path, sizeof(path), "%s.pftrace",
			 base && base[1] ? base + 1 : run);
		return perfetto(args[0], out ? out : path, dispatch_cost);
	}
	if (out && !(f = fopen(out, "w"))) {
		fprintf(stderr, "irqlab export: %s: %s\n", out,
			strerror(errno));
		return BENCH_EXIT_FAIL;
	}
	ret = dashboards(!strcmp(fmt, "csv"), args, n, f);
	if (f != stdout && fclose(f) && !ret) {
		fprintf(stderr, "irqlab export: %s: cannot write\n", out);
		ret = BENCH_EXIT_FAIL;
	}
	return ret;
}

int bench_cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "dispatch-cost", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL;
	bool dispatch_cost = false;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
		if (c == 'o') {
			out = optarg;
		} else if (c == 'd') {
			dispatch_cost = true;
		} else if (c == 'h') {
			fputs(export_usage, stdout);
			return BENCH_EXIT_OK;
		} else {
			cli_bad_option("export", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	if (argc - optind < 2 ||
	    (strcmp(argv[optind], "perfetto") &&
	     strcmp(argv[optind], "bencher") && strcmp(argv[optind], "csv"))) {
		bench_cmd_usage_error(
			"export",
			"needs a format (perfetto, bencher, csv) and a run",
			optind < argc ? argv[optind] : "");
		return BENCH_EXIT_USAGE;
	}
	return export_run(argv[optind], argv + optind + 1, argc - optind - 1,
			  out, dispatch_cost);
}

/* LAMI's error object on standard output, the sentence on stderr too. */
static int lami_error(const char *msg, int status)
{
	json_t *j = json_pack("{ss si}", "error-message", msg, "error-code",
			      status);

	if (j) {
		json_dumpf(j, stdout, 0);
		fputc('\n', stdout);
		json_decref(j);
	}
	fprintf(stderr, "irqlab lami: %s\n", msg);
	return status;
}

/* A --begin, --end or --limit value; false if it is not a number. */
static bool ns_arg(const char *arg, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(arg, &end, 10);
	return !errno && end != arg && !*end && arg[0] != '-';
}

static int lami_opt(int c, struct export_lami_opts *o, bool *meta)
{
	char msg[160];
	bool ok = true;

	if (c == 'm')
		*meta = true;
	else if (c == 'b')
		ok = o->has_begin = ns_arg(optarg, &o->begin);
	else if (c == 'e')
		ok = o->has_end = ns_arg(optarg, &o->end);
	else if (c == 'l')
		ok = !strcmp(optarg, "unlimited") ? (o->limit = 0, true) :
						    ns_arg(optarg, &o->limit);
	if (ok)
		return 0;
	snprintf(msg, sizeof(msg), "--%s: '%s' is not a number",
		 c == 'b' ? "begin" :
		 c == 'e' ? "end" :
			    "limit",
		 optarg);
	return lami_error(msg, BENCH_EXIT_USAGE);
}

int bench_cmd_lami(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "metadata", no_argument, NULL, 'm' },
		{ "begin", required_argument, NULL, 'b' },
		{ "end", required_argument, NULL, 'e' },
		{ "limit", required_argument, NULL, 'l' },
		{ "output-progress", no_argument, NULL, 'p' },
		{ "mi-version", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct export_lami_opts o = { 0 };
	bool meta = false;
	char err[1024];
	int c, ret;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(lami_usage, stdout);
			return BENCH_EXIT_OK;
		}
		/* What a LAMI 1.0 consumer asks first: this is 0.1. */
		if (c == 'v') {
			puts("{\"major\": 0, \"minor\": 1}");
			return BENCH_EXIT_OK;
		}
		if (c == ':' || c == '?') {
			cli_bad_option("lami", c, argv);
			return lami_error("bad command line", BENCH_EXIT_USAGE);
		}
		/* --output-progress: allowed, and no progress is written. */
		if (c != 'p' && (ret = lami_opt(c, &o, &meta)))
			return ret;
	}
	if (meta)
		return export_lami_metadata(stdout) ? BENCH_EXIT_FAIL :
						      BENCH_EXIT_OK;
	if (argc - optind != 1)
		return lami_error("needs one trace directory (or --metadata)",
				  BENCH_EXIT_USAGE);
	ret = export_lami(argv[optind], &o, stdout, err, sizeof(err));
	if (ret)
		return lami_error(err, ret == -ENOENT ? BENCH_EXIT_USAGE :
							BENCH_EXIT_FAIL);
	return BENCH_EXIT_OK;
}
#endif /* IRQLAB_ANALYSIS */
