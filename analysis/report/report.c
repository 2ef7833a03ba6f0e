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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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

static int put_para(void *arg, const char *para)
{
	doc_para(arg, "%s", para);
	return 0;
}

bool report_stopped(struct report *rp)
{
	int sig = rp->o->stop ? __atomic_load_n(rp->o->stop, __ATOMIC_RELAXED) :
				0;

	/* 1 is --break-us's stop of the measurement, not a signal. */
	if (sig != SIGINT && sig != SIGTERM)
		return false;
	snprintf(rp->err, rp->errlen, "interrupted by %s",
		 sig == SIGTERM ? "SIGTERM" : "SIGINT");
	return true;
}

/*
 * The title, the answer in one sentence per chip, the folder in one
 * paragraph, then every section that applies; a signal stops it between
 * sections.
 */
static int write_sections(struct report *rp, struct doc *d)
{
	const struct run *r = &rp->run;
	const char *base = strrchr(r->dir, '/');
	char title[512];
	int ret = 0;

	snprintf(title, sizeof(title), "irqlab report: %s",
		 base ? base + 1 : r->dir);
	doc_begin(d, title);
	ret = report_sentences(&rp->vs, put_para, d);
	if (ret < 0) {
		snprintf(rp->err, rp->errlen, "out of memory");
		return ret;
	}
	ret = 0;
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
		/* Tests stop the report here, its .tmp files half-written. */
		ana_stage_pause("report");
		if (report_stopped(rp))
			return -EINTR;
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

/*
 * What a report killed on the way (SIGKILL, a crash) left: its .tmp
 * files and gnuplot's log. Nothing else writes these names.
 */
static void remove_stale(const char *dir)
{
	static const char *const stale[] = {
		"report.md.tmp",
		"report.html.tmp",
		"figures/gnuplot.log",
	};
	char path[4200];

	for (size_t i = 0; i < sizeof(stale) / sizeof(*stale); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, stale[i]);
		unlink(path);
	}
}

int report_write(const char *dir, const struct report_opts *o, char *err,
		 size_t errlen)
{
	struct report rp = { .o = o, .err = err, .errlen = errlen };
	int ret;

	remove_stale(dir);
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

/*
 * Whether @dir is a run folder being made, ".NAME.tmp" (bench/runfolder/
 * runfolder.c): then one sentence says what it is. The run that makes
 * it holds an flock on it to the end; one that was killed holds none.
 */
static bool staged_folder(const char *dir)
{
	char name[4096], *base;
	size_t n;
	int fd;
	bool live;

	snprintf(name, sizeof(name), "%s", dir);
	n = strlen(name);
	while (n > 1 && name[n - 1] == '/')
		name[--n] = '\0';
	base = strrchr(name, '/');
	base = base ? base + 1 : name;
	n = strlen(base);
	if (base[0] != '.' || n < 6 || strcmp(base + n - 4, ".tmp"))
		return false;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	live = flock(fd, LOCK_EX | LOCK_NB) && errno == EWOULDBLOCK;
	close(fd);
	base[n - 4] = '\0';
	fprintf(stderr,
		"irqlab report: %s: a run folder still being made, as \"%s\" is until its run ends; %s\n",
		dir, base + 1,
		live ? "its run is measuring into it now, and renames it when done" :
		       "no run holds it: its run was killed before it finished (SIGKILL, a crash), so nothing in it is complete, and the next `irqlab run -o` into the same name removes it");
	return true;
}

/* Where @dir does not exist: a hint, if its staged folder does. */
static const char *missing_hint(const char *dir, bool named)
{
	char staged[4200], copy[4096], *slash;

	if (!named)
		return " (no run yet: ./irqlab run)";
	snprintf(copy, sizeof(copy), "%s", dir);
	slash = strrchr(copy, '/');
	if (slash) {
		*slash = '\0';
		snprintf(staged, sizeof(staged), "%s/.%s.tmp", copy, slash + 1);
	} else {
		snprintf(staged, sizeof(staged), ".%s.tmp", copy);
	}
	return access(staged, F_OK) ?
		       "" :
		       " (its run has not finished: see `irqlab report` on its .NAME.tmp folder)";
}

/* The report of @dir, stopped by SIGINT or SIGTERM: the exit status. */
static int report_one(const char *dir, struct report_opts *o)
{
	char err[1024] = "";
	int ret;

	o->stop = ana_stop_catch();
	ret = report_write(dir, o, err, sizeof(err));
	fflush(stdout);
	if (ret == -EINTR) {
		fprintf(stderr,
			"irqlab report: %s: no report written, the run folder %s is as it was; `irqlab report %s` writes it\n",
			err, dir, dir);
		return ana_signal_exit(ana_stop_signal());
	}
	if (ret) {
		fprintf(stderr, "irqlab report: %s\n", err);
		return 1;
	}
	if (!o->quiet)
		printf("report: %s/report.html\n", dir);
	return 0;
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
	struct report_opts o = { true, false, stdout, NULL };
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
			strerror(errno), missing_hint(dir, optind < argc));
		return ANA_EXIT_BAD_INPUT;
	}
	if (staged_folder(dir))
		return ANA_EXIT_BAD_INPUT;
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
	return report_one(dir, &o);
}
