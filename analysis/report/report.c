// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab report: one run folder -> report.md, report.html and figures/
 * (docs/analysis.md). The numbers come from samples.bin (exact order
 * statistics, intervals over rounds of blocks), the counters from
 * summary.json, the per-stage times from the trace through the
 * in-process Babeltrace2 graph, the figures from gnuplot scripts in
 * analysis/gp/. The report is the table of sections below, each written
 * by the file of its subject (report_*.c, benchmarks.c) through the run
 * folder's typed reader (run.h) and one document (doc.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "report_internal.h"
#include "report_finding.h"
#include "analysis/cli.h"
#include "analysis/outcome.h"

/* The report, in order: a section whose applies() is false is left out. */
static const struct report_section sections[] = {
	{ .title = "Finding", .write = report_answer },
	{ .title = "Headline: fire -> handler entry latency by design",
	  .write = report_headline },
	{ .title = "Real interrupts (UIO)",
	  .applies = report_uio_applies,
	  .write = report_uio },
	{ .title = "Two generations: 2.6.18 against the modern core",
	  .applies = report_generations_applies,
	  .write = report_generations },
	{ .title = "Affinity races",
	  .applies = report_races_applies,
	  .write = report_races },
	{ .title = "Threaded handlers",
	  .applies = report_threaded_applies,
	  .write = report_threaded },
	{ .title = "A/A controls",
	  .applies = report_controls_applies,
	  .write = report_controls },
	{ .title = "Host noise",
	  .applies = report_noise_applies,
	  .write = report_noise },
	{ .title = "Why the tail",
	  .applies = report_tail_applies,
	  .write = report_tail },
	{ .title = "Latency statistics", .write = report_statistics },
	{ .title = "Figures", .write = report_figures },
	{ .title = "Per-stage timing (trace)", .write = report_stages },
	{ .title = "Tracing",
	  .applies = report_trace_applies,
	  .write = report_trace },
	{ .title = "Benchmarks",
	  .applies = report_benchmarks_applies,
	  .write = report_benchmarks },
	{ .title = "Environment", .write = report_environment },
	{ .title = "Caveats", .write = report_caveats },
};

/* The title, the folder in one paragraph, then every section that applies. */
static int write_sections(struct report *rp, struct doc *d)
{
	const struct run *r = &rp->run;
	const char *base = strrchr(r->dir, '/');
	char title[512];
	int ret = 0;

	snprintf(title, sizeof(title), "irqlab report: %s",
		 base ? base + 1 : r->dir);
	doc_begin(d, title);
	doc_para(
		d,
		"Run folder %s: %zu scenarios, %s. Host %s, started %s. Statistics from %s.",
		r->dir, r->nsc, r->complete ? "complete" : "INCOMPLETE",
		report_str(r->host), r->started,
		r->has_samples ? "samples.bin (every event)" :
				 "summary.json (no samples.bin)");
	for (size_t i = 0; i < sizeof(sections) / sizeof(*sections); i++) {
		const struct report_section *s = &sections[i];

		if (s->applies && !s->applies(r))
			continue;
		doc_heading(d, 2, s->title);
		ret = s->write(rp, d);
		if (ret)
			return ret;
	}
	return 0;
}

static int open_figdir(struct report *rp)
{
	struct stat st;

	snprintf(rp->figdir, sizeof(rp->figdir), "%s/figures", rp->run.dir);
	if (mkdir(rp->figdir, 0755) && errno != EEXIST) {
		snprintf(rp->err, rp->errlen, "%s: %s", rp->figdir,
			 strerror(errno));
		return -errno;
	}
	if (lstat(rp->figdir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(
			rp->err, rp->errlen,
			"%s: not a directory (a symbolic link?), refusing to write through it",
			rp->figdir);
		return -ENOTDIR;
	}
	return 0;
}

/* @path.tmp, created afresh for writing; NULL with errno set. */
static FILE *open_tmp(const char *tmp, int *fd)
{
	unlink(tmp);
	*fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		   0644);
	return *fd < 0 ? NULL : fdopen(*fd, "w");
}

/* Close @f (or its @fd where fdopen failed); -EIO on a write error. */
static int close_tmp(FILE *f, int fd)
{
	if (f)
		return fclose(f) ? -EIO : 0;
	if (fd >= 0)
		close(fd);
	return 0;
}

/* The report's two files, as .tmp until everything is written. */
static int write_docs(struct report *rp)
{
	char md[4200], html[4200], md_tmp[4300], html_tmp[4300];
	struct doc d = { .dir = rp->run.dir };
	int ret = 0, fd1, fd2, c1, c2;

	snprintf(md, sizeof(md), "%s/report.md", rp->run.dir);
	snprintf(html, sizeof(html), "%s/report.html", rp->run.dir);
	snprintf(md_tmp, sizeof(md_tmp), "%s.tmp", md);
	snprintf(html_tmp, sizeof(html_tmp), "%s.tmp", html);
	d.md = open_tmp(md_tmp, &fd1);
	d.html = open_tmp(html_tmp, &fd2);
	if (!d.md || !d.html) {
		snprintf(rp->err, rp->errlen, "%s: %s",
			 d.md ? html_tmp : md_tmp, strerror(errno));
		ret = -errno;
	}
	if (!ret)
		ret = write_sections(rp, &d);
	if (!ret) {
		ret = doc_end(&d);
		if (ret)
			snprintf(rp->err, rp->errlen, "%s: write error (%s)",
				 md_tmp, strerror(-ret));
	}
	c1 = close_tmp(d.md, fd1);
	c2 = close_tmp(d.html, fd2);
	if (!ret)
		ret = c1 ? c1 : c2;
	if (!ret && (rename(md_tmp, md) || rename(html_tmp, html))) {
		ret = -errno;
		snprintf(rp->err, rp->errlen, "%s: %s", md, strerror(errno));
	}
	if (ret) {
		unlink(md_tmp);
		unlink(html_tmp);
	}
	return ret;
}

int report_write(const char *dir, const struct report_opts *o, char *err,
		 size_t errlen)
{
	struct report rp = { .o = o, .err = err, .errlen = errlen };
	int ret;

	ret = run_load(dir, true, &rp.run, err, errlen);
	if (ret)
		return ret;
	ret = report_verdicts_make(&rp.run, &rp.vs);
	if (ret) {
		snprintf(err, errlen, "%s: out of memory", dir);
		run_free(&rp.run);
		return ret;
	}
	ret = tail_run_select(&rp.run, &rp.tail, err, errlen);
	if (!ret && o->trace) {
		ret = stages_graph_run_watch(dir, rp.tail.watch, rp.tail.nwatch,
					     &rp.st, err, errlen);
		rp.traced = !ret;
		if (ret == -ENOENT)
			ret = 0;
	}
	if (!ret)
		ret = open_figdir(&rp);
	if (!ret)
		ret = write_docs(&rp);
	if (!ret && o->finding)
		report_finding_print(o->finding, &rp.vs);
	if (rp.traced)
		stages_result_free(&rp.st);
	tail_run_free(&rp.tail);
	report_verdicts_free(&rp.vs);
	run_free(&rp.run);
	return ret;
}

static void report_usage(FILE *f)
{
	fputs("usage: irqlab report [RUN_DIR] [--no-trace] [--quiet]\n"
	      "  Writes report.md, report.html and figures/ into RUN_DIR\n"
	      "  (default: results/latest).\n"
	      "  --no-trace   do not analyse the folder's trace\n",
	      f);
}

int report_main(int argc, char **argv, const char *results_dir)
{
	static const struct option opts[] = {
		{ "no-trace", no_argument, NULL, 'T' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct report_opts o = { true, false, stdout };
	char latest[4096], err[1024] = "";
	const char *dir;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'T':
			o.trace = false;
			break;
		case 'q':
			o.quiet = true;
			o.finding = NULL;
			break;
		case 'h':
			report_usage(stdout);
			return 0;
		default:
			cli_bad_option("report", c, argv);
			return ANA_EXIT_BAD_INPUT;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "irqlab report: one run folder at a time\n");
		return ANA_EXIT_BAD_INPUT;
	}
	if (optind < argc) {
		dir = argv[optind];
	} else {
		snprintf(latest, sizeof(latest), "%s/latest", results_dir);
		dir = latest;
	}
	if (access(dir, F_OK)) {
		fprintf(stderr, "irqlab report: %s: %s%s\n", dir,
			strerror(errno),
			optind < argc ? "" : " (no run yet: ./irqlab run)");
		return ANA_EXIT_BAD_INPUT;
	}
	/* A folder of runs (irqlab run --repeat): its stability table. */
	{
		char sum[4200];

		snprintf(sum, sizeof(sum), "%s/summary.json", dir);
		if (access(sum, F_OK)) {
			snprintf(sum, sizeof(sum), "%s/run-1/summary.json",
				 dir);
			if (!access(sum, F_OK)) {
				if (compare_stability(dir, o.quiet, err,
						      sizeof(err))) {
					fprintf(stderr, "irqlab report: %s\n",
						err);
					return 1;
				}
				return 0;
			}
		}
	}
	if (report_write(dir, &o, err, sizeof(err))) {
		fprintf(stderr, "irqlab report: %s\n", err);
		return 1;
	}
	if (!o.quiet)
		printf("report: %s/report.html\n", dir);
	return 0;
}
