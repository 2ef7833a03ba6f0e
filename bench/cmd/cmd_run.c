// SPDX-License-Identifier: GPL-2.0
/*
 * The run driver of `irqlab run` and `irqlab bench`: the config files
 * loaded, every placement decided before any thread runs, the busy-wait
 * calibrated, the run folder opened, the scenarios run round by round
 * with progress on a terminal, the folder closed, the table printed and
 * the report written; or, with --repeat N, N runs as processes of their
 * own.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* glibc's historical no-op SA_INTERRUPT; 2.6.18's own follows. */
#undef SA_INTERRUPT
#include <genirq/irq.h>
#include "cmd.h"
#include "repeat.h"
#include "run/scenario.h"
#include "analysis/outcome.h"
#if IRQLAB_ANALYSIS
#include "analysis/report.h"
#endif

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
	/* Tests stop the run here, its first block done. */
	ana_stage_pause("measuring");
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
			 int *stop, struct bench_result *res,
			 unsigned int *nres, char *err, size_t errlen)
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
			.stop = stop,
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
	 * one too, but for the scenario whose block failed, which
	 * summary.json names with its sentence.
	 */
	if (failed != UINT_MAX && run)
		bench_run_failed(run, &cfg->sc[failed], failed, err);
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

/**
 * struct run_ctx - one `irqlab run` from its configs to its exit status
 * @a:		the command line
 * @cfg:	the scenarios
 * @pl:		where each scenario's threads go
 * @res:	what each scenario x design measured, for the table
 * @nres:	how many
 * @cal:	the busy-wait's calibration
 * @topo:	the machine
 * @run:	the run folder, until closed
 * @prog:	progress
 * @klog:	the genirq core's messages
 * @t:		a traced run's session
 * @err:	the last error's sentence
 * @failure:	the run's failure, said after the folder is closed
 * @final:	where the run folder is, once closed
 * @closed:	the run folder was closed, and @final is it
 * @complete:	it holds the whole measurement
 * @signalled:	a signal stopped the measurement (the folder INCOMPLETE)
 * @stop:	set to the signal that asked the run to stop (SIGINT,
 *		SIGTERM), from the folder's making on
 */
struct run_ctx {
	struct run_args a;
	struct bench_config cfg;
	struct bench_placement *pl;
	struct bench_result *res;
	unsigned int nres;
	struct chip_delay_calibration cal;
	struct bench_topo *topo;
	struct bench_run *run;
	struct progress prog;
	struct klog klog;
	struct traced t;
	char err[1024], failure[1024], final[4096];
	bool closed, complete, signalled;
	int *stop;
};

/* Every config file; 0, or the exit status. */
static int load_configs(struct run_ctx *c)
{
	for (unsigned int i = 0; i < c->a.p.nr_configs; i++) {
		if (bench_config_load(&c->cfg, c->a.p.configs[i], &c->a.p,
				      c->err, sizeof(c->err))) {
			fprintf(stderr, "%s\n", c->err);
			return BENCH_EXIT_USAGE;
		}
	}
	return 0;
}

/* The machine, and every placement decided or refused: 0 or the status. */
static int place(struct run_ctx *c)
{
	const struct bench_config *cfg = &c->cfg;

	if (bench_topo_open(&c->topo, c->a.p.cpus, NULL, c->err,
			    sizeof(c->err))) {
		fprintf(stderr, "irqlab run: %s\n", c->err);
		return BENCH_EXIT_USAGE;
	}
	c->pl = calloc(cfg->nr, sizeof(*c->pl));
	c->res = calloc((size_t)cfg->nr * BENCH_MAX_DESIGNS, sizeof(*c->res));
	if (!c->pl || !c->res) {
		fputs("irqlab run: out of memory\n", stderr);
		return BENCH_EXIT_FAIL;
	}
	for (unsigned int i = 0; i < cfg->nr; i++) {
		if (bench_place(c->topo, &cfg->sc[i], &c->pl[i], c->err,
				sizeof(c->err))) {
			fprintf(stderr, "%s\n", c->err);
			return BENCH_EXIT_USAGE;
		}
		c->prog.total += cfg->sc[i].blocks * cfg->sc[i].nr_designs;
	}
	return 0;
}

/*
 * With the kernel's autogroups, each session shares the CPUs equally
 * whatever its processes' nice: a build in another terminal took half of
 * the spinning CPU thread's time (its loop saw 1.3 s of gaps in 2.6 s),
 * and p50s read in ms. The run's own session is raised where the kernel
 * lets it (CAP_SYS_NICE); environment.json says what it got.
 */
static void raise_session(void)
{
	FILE *f = fopen("/proc/self/autogroup", "w");

	if (f) {
		fputs("-10", f);
		fclose(f);
	}
}

/*
 * Calibrate, open the run folder and make what is measured before the
 * scenarios: 0, or the exit status.
 */
static int start(struct run_ctx *c, bool bench)
{
	int rc;

	raise_session();

	if (chip_delay_calibrate(&c->cal)) {
		fputs("irqlab run: cannot calibrate the busy-wait clock\n",
		      stderr);
		return BENCH_EXIT_FAIL;
	}
	genirq_set_printk(klog_hook, &c->klog);
	/* Before the folder exists; a second signal kills as usual. */
	c->stop = ana_stop_catch();
	rc = bench_run_open(&c->run, &c->a.p, &c->cfg, c->topo, &c->cal, c->err,
			    sizeof(c->err));
	if (rc) {
		fprintf(stderr, "irqlab run: %s\n", c->err);
		/* -o names what exists, or cannot be, or is a symlink. */
		if (rc != -ENOSPC && rc != -EDQUOT && rc != -EIO &&
		    rc != -ENOMEM)
			return BENCH_EXIT_USAGE;
		return BENCH_EXIT_FAIL;
	}
	if (bench_run_reclaimed(c->run) && !c->a.p.quiet)
		fprintf(stderr,
			"irqlab run: %s: removed its staged .NAME.tmp folder, left by a run that was killed before it finished\n",
			c->a.p.outdir);
	if (bench && bench_cmd_measure_perf(c->run, c->topo, &c->a.p, c->err,
					    sizeof(c->err))) {
		fprintf(stderr, "irqlab bench: %s\n", c->err);
		return BENCH_EXIT_FAIL;
	}
	if (c->a.tracing && bench_cmd_trace_begin(&c->a, &c->t, c->run, c->err,
						  sizeof(c->err))) {
		fprintf(stderr, "irqlab run: --trace: %s\n", c->err);
		return BENCH_EXIT_FAIL;
	}
	return 0;
}

/* The scenarios, then --break-us's stop and the trace: the run's result. */
static int measure(struct run_ctx *c)
{
	struct run_args *a = &c->a;
	int rc;

	c->prog.tty = isatty(STDERR_FILENO);
	c->prog.quiet = a->p.quiet;
	c->prog.t0 = bench_run_start_ns(c->run);
	if (!a->p.quiet) {
		char topo_line[512];

		bench_topo_summary(c->topo, topo_line, sizeof(topo_line));
		fprintf(stderr,
			"irqlab run: %u scenarios on %s; busy-wait error %.0f ns mean, %.0f ns max\n",
			c->cfg.nr, topo_line, c->cal.err_ns_mean,
			c->cal.err_ns_max);
	}
	rc = run_scenarios(a, &c->cfg, c->topo, c->pl, c->run, &c->prog,
			   c->stop, c->res, &c->nres, c->err, sizeof(c->err));
	if (c->prog.tty && !a->p.quiet)
		fputs("\r\033[K", stderr);
	if (rc && rc != -EINTR)
		snprintf(c->failure, sizeof(c->failure), "%s", c->err);
	if (a->brk.hit) {
		fprintf(stderr,
			"irqlab run: latency %.1f us over --break-us %.0f in scenario %s, design %s, block %u (event %llu): stopped\n",
			(double)a->brk.latency_ns / 1e3,
			(double)a->brk.threshold_ns / 1e3, a->brk.scenario,
			a->brk.design, a->brk.block,
			(unsigned long long)a->brk.seq);
		if (*a->brk.why)
			fprintf(stderr,
				"irqlab run: why it was slow (docs/tail.md):\n%s",
				a->brk.why);
		bench_run_break(c->run, &a->brk);
	}
	if (a->tracing)
		rc = bench_cmd_trace_end(a, &c->t, c->run, rc);
	return rc;
}

/* What the end of a run says besides the table. */
static void notes(const struct run_ctx *c)
{
	if (c->klog.count)
		fprintf(stderr,
			"irqlab run: the genirq core logged %lu message%s, first: %s\n",
			c->klog.count, c->klog.count == 1 ? "" : "s",
			c->klog.first[0]);
	for (unsigned int i = 0; i < c->nres; i++)
		if (c->res[i].thread_fifo &&
		    !strcmp(c->res[i].thread_fifo, "not permitted")) {
			fprintf(stderr,
				"irqlab run: the irq threads ran SCHED_OTHER, not SCHED_FIFO: this process may not use real-time scheduling (CAP_SYS_NICE or an RLIMIT_RTPRIO of 50 or more allows it), so their latency includes the scheduler's time-sharing\n");
			break;
		}
}

/*
 * Close the run folder and print the table: the exit status. One
 * sentence for a failure: the closing's, if it failed too (a full disk
 * fails both; the closing's names the file and says where the folder
 * is), else the run's. The table goes out before the report is written,
 * flushed, so that nothing on stderr lands inside it whatever stdout is.
 */
static int finish(struct run_ctx *c, int rc)
{
	const struct run_args *a = &c->a;
	bool complete = !rc;

	if (bench_run_close(c->run, complete, rc == -EINTR && !a->brk.hit,
			    c->final, sizeof(c->final), c->err,
			    sizeof(c->err))) {
		fprintf(stderr, "irqlab run: %s\n", c->err);
		c->run = NULL; /* closed, even when closing failed */
		return BENCH_EXIT_FAIL;
	}
	if (*c->failure)
		fprintf(stderr, "irqlab run: %s\n", c->failure);
	c->run = NULL;
	c->closed = true;
	c->complete = complete;
	c->signalled = rc == -EINTR && !a->brk.hit;
	if (!a->p.quiet)
		print_table(c->res, c->nres);
	fflush(stdout);
	return a->brk.hit && rc == -EINTR ? BENCH_EXIT_BREAK :
	       rc == -EINTR		  ? ana_signal_exit(ana_stop_signal()) :
	       rc			  ? BENCH_EXIT_FAIL :
					    BENCH_EXIT_OK;
}

#if IRQLAB_ANALYSIS
/*
 * A complete measurement that a signal stopped before or while its report
 * was written: what the folder holds and how to get the report.
 */
static int stopped_before_report(const struct run_ctx *c)
{
	int sig = ana_stop_signal();

	fprintf(stderr,
		"irqlab run: %s: the measurement is %s in %s, its report not written; `irqlab report %s` writes it\n",
		sig == SIGTERM ? "terminated (SIGTERM)" :
				 "interrupted (SIGINT)",
		c->complete ? "complete" : "kept, marked INCOMPLETE,", c->final,
		c->final);
	return ana_signal_exit(sig);
}
#endif

/*
 * report.md and report.html in the closed run folder, the finding on
 * stdout after the table: the exit status. Not after Ctrl-C during the
 * measurement: whoever pressed it wants the prompt back. Built without
 * analysis, every run is --no-report.
 */
static int report(struct run_ctx *c, int ret, bool *reported)
{
#if IRQLAB_ANALYSIS
	struct report_opts ro = { true, c->a.p.quiet,
				  c->a.p.quiet ? NULL : stdout, c->stop };
	int r;

	if (c->signalled)
		return ret;
	if (c->a.no_report)
		return ana_stop_signal() ? ana_signal_exit(ana_stop_signal()) :
					   ret;
	if (ana_stop_signal())
		return stopped_before_report(c);
	r = report_write(c->final, &ro, c->err, sizeof(c->err));
	fflush(stdout);
	if (r == -EINTR)
		return stopped_before_report(c);
	if (r) {
		fprintf(stderr, "irqlab run: the report failed: %s\n", c->err);
		return ret == BENCH_EXIT_OK ? BENCH_EXIT_FAIL : ret;
	}
	*reported = true;
#else
	(void)reported;
	if (!c->signalled && ana_stop_signal())
		return ana_signal_exit(ana_stop_signal());
#endif
	return ret;
}

/* The end of the output, after the table and the finding. */
static void say_where(const struct run_ctx *c, bool reported)
{
	notes(c);
	fprintf(stderr, "irqlab run: %s%s\n",
		c->complete ? "results in " : "incomplete results in ",
		c->final);
	if (reported)
		fprintf(stderr, "irqlab run: report in %s/report.html\n",
			c->final);
}

/* Whatever is still open or allocated, on every way out. */
static void cleanup(struct run_ctx *c)
{
	if (c->a.tracing)
		bench_trace_stop(&c->t.trace, NULL, 0);
	if (c->run)
		bench_run_close(c->run, false, false, c->final,
				sizeof(c->final), c->err, sizeof(c->err));
	genirq_set_printk(NULL, NULL);
	free(c->res);
	free(c->pl);
	bench_topo_close(c->topo);
	bench_config_free(&c->cfg);
}

/* Load, place, start, measure, finish: the exit status. */
static int run(struct run_ctx *c, int argc, char **argv, bool bench)
{
	int ret = load_configs(c);

	if (ret)
		return ret;
	if (c->a.repeat)
		return run_repeat(&c->a, argc, argv);
	ret = place(c);
	if (!ret)
		ret = start(c, bench);
	if (ret)
		return ret;
	ret = finish(c, measure(c));
	if (c->closed) {
		bool reported = false;

		ret = report(c, ret, &reported);
		say_where(c, reported);
	}
	return ret;
}

int bench_cmd_run(int argc, char **argv, bool bench)
{
	struct run_ctx c = { 0 };
	int ret;

	ret = bench_cmd_parse_run_args(argc, argv, bench, &c.a);
	if (ret)
		return ret == RUN_HELP_PRINTED ? BENCH_EXIT_OK : ret;
	ret = run(&c, argc, argv, bench);
	cleanup(&c);
	return ret;
}
