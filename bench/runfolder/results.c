// SPDX-License-Identifier: GPL-2.0
/*
 * The open run (bench.h bench_run_*, docs/results.md): a run folder
 * (runfolder.c) filled with config.ini and the input-* files it names,
 * environment.json, topology.* and samples.bin when the run opens,
 * samples.bin as the run goes, and summary.json (and INCOMPLETE for a run
 * that did not finish) when it closes. The formats are analysis/'s
 * (samples.c, summary.c, environment.c); what the run recorded becomes
 * summary.json's model in summarize.c.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
#include "analysis/outcome.h"
#include "analysis/samples.h"
#include "bench/bench.h"
#include "results.h"
#include "runfolder.h"

#define SAMPLES_BUF (1u << 20) /* 21845 records between writes */

/* Where each input's copy goes: "input-" and its base name, made safe. */
static int input_name(const struct bench_inputs *in, const char *path,
		      char **name)
{
	const char *base = strrchr(path, '/');
	char buf[NAME_MAX + 1];
	int n;

	base = base ? base + 1 : path;
	/* A rerun of a run folder's config.ini keeps its inputs' names. */
	if (!strncmp(base, "input-", strlen("input-")))
		base += strlen("input-");
	for (unsigned int k = 1;; k++) {
		bool taken = false;

		n = k == 1 ? snprintf(buf, sizeof(buf), "input-%.200s", base) :
			     snprintf(buf, sizeof(buf), "input-%u-%.200s", k,
				      base);
		if (n < 0)
			return -EINVAL;
		for (char *c = buf + strlen("input-"); *c; c++)
			if (!isalnum((unsigned char)*c) && !strchr("._-", *c))
				*c = '_';
		for (unsigned int i = 0; i < in->nr; i++)
			taken |= !strcmp(in->name[i], buf);
		if (!taken)
			break;
	}
	*name = strdup(buf);
	return *name ? 0 : -ENOMEM;
}

/* Copy @path into the run folder as @name. */
static int copy_input(const struct bench_folder *f, const char *path,
		      const char *name)
{
	int in = open(path, O_RDONLY | O_CLOEXEC), ret;
	const char *step;

	if (in < 0)
		return -errno;
	ret = bench_folder_copy(f, in, name, &step);
	close(in);
	return ret;
}

/* Add @path (once) to the run's inputs and copy it; "" is no file. */
static int add_input(struct bench_run *run, const char *path, char *err,
		     size_t errlen)
{
	struct bench_inputs *in = &run->inputs;
	char where[PATH_MAX + NAME_MAX + 2], **p, **nm;
	int ret;

	if (!*path || bench_inputs_name(in, path) != path)
		return 0;
	p = realloc(in->path, (in->nr + 1) * sizeof(*p));
	if (p)
		in->path = p;
	nm = realloc(in->name, (in->nr + 1) * sizeof(*nm));
	if (nm)
		in->name = nm;
	if (!p || !nm)
		return bench_fail(err, errlen, -ENOMEM, "out of memory");
	in->path[in->nr] = strdup(path);
	ret = in->path[in->nr] ? input_name(in, path, &in->name[in->nr]) :
				 -ENOMEM;
	if (ret) {
		free(in->path[in->nr]);
		return bench_fail(err, errlen, ret, "out of memory");
	}
	in->nr++;
	ret = copy_input(&run->f, path, in->name[in->nr - 1]);
	if (ret) {
		bench_folder_path(&run->f, where, sizeof(where));
		return bench_fail(err, errlen, ret,
				  "cannot copy %s into %s as %s: %s", path,
				  where, in->name[in->nr - 1], strerror(-ret));
	}
	return 0;
}

/*
 * The cost profiles and recordings the scenarios read, copied beside
 * config.ini, which names them by their copies: the folder holds what the
 * run was made of, whole, and names no path of the machine.
 */
static int copy_inputs(struct bench_run *run, const struct bench_config *cfg,
		       char *err, size_t errlen)
{
	int ret = 0;

	for (unsigned int i = 0; i < cfg->nr && !ret; i++) {
		const struct bench_scenario *sc = &cfg->sc[i];

		ret = add_input(run, sc->cost, err, errlen);
		if (!ret && sc->pattern == BENCH_PAT_REPLAY)
			ret = add_input(run, sc->replay, err, errlen);
	}
	return ret;
}

static void inputs_free(struct bench_inputs *in)
{
	for (unsigned int i = 0; i < in->nr; i++) {
		free(in->path[i]);
		free(in->name[i]);
	}
	free(in->path);
	free(in->name);
	*in = (struct bench_inputs){ 0 };
}

static int write_config(const struct bench_folder *f,
			const struct bench_config *cfg,
			const struct bench_inputs *in)
{
	int fd = bench_folder_create(f, "config.ini"), ret;
	FILE *fp;

	if (fd < 0)
		return fd;
	fp = fdopen(fd, "w");
	if (!fp) {
		ret = -errno;
		close(fd);
		return ret;
	}
	ret = bench_config_write(cfg, in, fp);
	if (fflush(fp) && !ret)
		ret = -errno;
	if (ferror(fp) && !ret)
		ret = -EIO;
	if (fsync(fd) && !ret)
		ret = -errno;
	if (fclose(fp) && !ret)
		ret = -errno;
	return ret;
}

static int samples_flush(struct bench_run *run)
{
	size_t half = run->used / SAMPLES_RECORD / 2 * SAMPLES_RECORD;
	int ret;

	if (run->samples_err || !run->used)
		return run->samples_err;
	/* Tests stop the run here, samples.bin half-written. */
	ret = bench_write_all(run->samplesfd, run->buf, half);
	ana_stage_pause("samples");
	if (!ret)
		ret = bench_write_all(run->samplesfd, run->buf + half,
				      run->used - half);
	if (ret)
		run->samples_err = ret;
	run->used = 0;
	return ret;
}

static void run_release(struct bench_run *run)
{
	if (run->samplesfd >= 0)
		close(run->samplesfd);
	bench_folder_close(&run->f);
	free(run->buf);
	free(run->res);
	bench_run_trace_free(run);
	json_decref(run->perf);
	inputs_free(&run->inputs);
	free(run);
}

/* A failed open leaves nothing: what it made held no measurement. */
static void run_discard(struct bench_run *run)
{
	static const char *const files[] = {
		"config.ini",	"environment.json", "topology.xml",
		"topology.txt", "samples.bin",
	};

	if (run->samplesfd >= 0)
		close(run->samplesfd);
	run->samplesfd = -1;
	for (unsigned int i = 0; i < run->inputs.nr && run->f.dirfd >= 0; i++)
		unlinkat(run->f.dirfd, run->inputs.name[i], 0);
	bench_folder_discard(&run->f, files, sizeof(files) / sizeof(*files));
	run_release(run);
}

/* config.ini, environment.json, topology.*, and samples.bin's header. */
static int write_open(struct bench_run *run, const struct bench_params *p,
		      const struct bench_config *cfg,
		      const struct bench_topo *t,
		      const struct chip_delay_calibration *cal, char *err,
		      size_t errlen)
{
	const char *what = "config.ini";
	char where[PATH_MAX + NAME_MAX + 2];
	json_t *env;
	int ret;

	bench_folder_path(&run->f, where, sizeof(where));
	ret = copy_inputs(run, cfg, err, errlen);
	if (ret)
		return ret;
	ret = write_config(&run->f, cfg, &run->inputs);
	if (!ret) {
		what = "environment.json";
		env = bench_environment(p, run->host, run->started, run->t0_ns,
					cal);
		if (!env)
			return bench_fail(err, errlen, -ENOMEM,
					  "environment.json: out of memory");
		ret = bench_folder_json(&run->f, what, env);
		json_decref(env);
	}
	if (!ret && t) {
		what = "topology.xml";
		ret = bench_topo_write(t, run->f.dirfd);
	}
	if (ret)
		return bench_fail(err, errlen, ret, "%s/%s: cannot write: %s",
				  where, what, strerror(-ret));
	run->samplesfd = bench_folder_create(&run->f, "samples.bin");
	if (run->samplesfd < 0)
		return bench_fail(err, errlen, run->samplesfd,
				  "%s/samples.bin: cannot create: %s", where,
				  strerror(-run->samplesfd));
	samples_put_header(run->buf, run->t0_ns);
	run->used = SAMPLES_HEADER;
	return 0;
}

/**
 * bench_run_open - create the run's temporary folder and record the run
 * @runp: the new run, on success
 * @p: the command line (outdir, results root, argv)
 * @cfg: written as config.ini
 * @t: written as topology.xml / topology.txt; NULL: no topology files
 * @cal: the busy-wait calibration, into environment.json (may be NULL)
 * @err: one sentence naming the path at fault, on failure
 * @errlen: its size
 *
 * The folder is @p->outdir, which must not exist, or
 * <results root>/runs/<UTC yyyymmddThhmmssZ>-<host>[-k]; it is built as
 * ".<name>.tmp" beside that name (bench_folder_make()). On failure
 * nothing is left behind.
 *
 * Return: 0 or -errno with @err filled.
 */
int bench_run_open(struct bench_run **runp, const struct bench_params *p,
		   const struct bench_config *cfg, const struct bench_topo *t,
		   const struct chip_delay_calibration *cal, char *err,
		   size_t errlen)
{
	struct bench_run *run;
	struct timespec now;
	int ret;

	*runp = NULL;
	if (!p || !cfg)
		return bench_fail(err, errlen, -EINVAL,
				  "no parameters or config");
	run = calloc(1, sizeof(*run));
	if (!run)
		return bench_fail(err, errlen, -ENOMEM, "out of memory");
	run->samplesfd = -1;
	run->f.rootfd = run->f.parentfd = run->f.dirfd = -1;
	run->buf = malloc(SAMPLES_BUF);
	if (!run->buf) {
		run_release(run);
		return bench_fail(err, errlen, -ENOMEM, "out of memory");
	}
	clock_gettime(CLOCK_REALTIME, &now);
	run->t0_ns = bench_now_ns();
	bench_utc(&now, false, run->started, sizeof(run->started));
	bench_host_name(run->host, sizeof(run->host));

	ret = bench_folder_make(&run->f, p->outdir,
				p->results_root ? p->results_root :
						  IRQLAB_RESULTS_DIR,
				NULL, &now, err, errlen);
	if (ret) {
		run_release(run);
		return ret;
	}
	ret = write_open(run, p, cfg, t, cal, err, errlen);
	if (ret) {
		run_discard(run);
		return ret;
	}
	*runp = run;
	return 0;
}

/**
 * bench_run_path - where the run folder is being written
 * @run: the open run
 * @buf: room for the path of ".<name>.tmp"
 * @len: its size
 *
 * For writers outside this file that need a path, not a descriptor: the
 * LTTng session daemon writes the trace into @buf/trace.
 * Return: 0, or -ENAMETOOLONG.
 */
int bench_run_path(const struct bench_run *run, char *buf, size_t len)
{
	return bench_folder_path(&run->f, buf, len);
}

/**
 * bench_run_perf - record irqlab bench's measurements in summary.json
 * @run: the open run
 * @perf: its "bench" object; taken over
 */
void bench_run_perf(struct bench_run *run, json_t *perf)
{
	json_decref(run->perf);
	run->perf = perf;
}

/**
 * bench_run_break - record that --break-us stopped the run
 * @run: the open run
 * @brk: the threshold and what crossed it (copied; its strings must stay
 *	valid until bench_run_close())
 */
void bench_run_break(struct bench_run *run, const struct bench_break *brk)
{
	run->brk = *brk;
}

/**
 * bench_run_failed - name the scenario whose block failed, for summary.json
 * @run: the open run
 * @sc: the scenario; it stays valid until bench_run_close(), and its
 *	results are not given to bench_run_result()
 * @index: its place in the config (samples.bin's number for it)
 * @why: the sentence that stopped the run, copied
 *
 * samples.bin keeps the records of its finished blocks; the readers
 * leave them out, and say so (analysis/formats/run.c).
 */
void bench_run_failed(struct bench_run *run, const struct bench_scenario *sc,
		      unsigned int index, const char *why)
{
	snprintf(run->failed_why, sizeof(run->failed_why), "%s", why);
	run->failed = (struct run_failed){
		.scenario = sc->name,
		.why = run->failed_why,
		.index = index,
	};
}

/**
 * bench_run_start_ns - the run's time zero
 * @run: the open run
 *
 * Return: the stamp clock's ns at which bench_run_open() ran, the header
 * time of samples.bin, against which sample times are measured.
 */
uint64_t bench_run_start_ns(const struct bench_run *run)
{
	return run->t0_ns;
}

bool bench_run_reclaimed(const struct bench_run *run)
{
	return run->f.reclaimed;
}

/**
 * bench_run_samples - append samples to samples.bin
 * @run: the open run
 * @s: the samples
 * @n: how many
 *
 * Records are encoded (analysis/formats/samples.c) into a large buffer that is
 * written when full and on bench_run_close(). A write error is kept:
 * every later call, and bench_run_close(), fails with it.
 *
 * Return: 0 or -errno.
 */
int bench_run_samples(struct bench_run *run, const struct bench_sample *s,
		      size_t n)
{
	int ret;

	if (!run || (n && !s))
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		if (run->used + SAMPLES_RECORD > SAMPLES_BUF) {
			ret = samples_flush(run);
			if (ret)
				return ret;
		}
		if (run->samples_err)
			return run->samples_err;
		samples_put(run->buf + run->used,
			    &(struct sample){
				    .intended_ns = s[i].intended_ns,
				    .entry_ns = s[i].entry_ns,
				    .exit_ns = s[i].exit_ns,
				    .seq = s[i].seq,
				    .scenario = s[i].scenario,
				    .design = s[i].design,
				    .flags = s[i].flags,
				    .chip_accesses = s[i].chip_accesses,
				    .block = s[i].block,
				    .cpu = s[i].cpu,
				    .noise_ns = s[i].noise_ns,
				    .slot = s[i].slot,
				    .late_ns = s[i].late_ns,
				    .access_ns = s[i].access_ns,
				    .close_ns = s[i].close_ns,
			    });
		run->used += SAMPLES_RECORD;
	}
	return run->samples_err;
}

/**
 * bench_run_result - record one scenario x design result for summary.json
 * @run: the open run
 * @r: the result, copied; @r->sc must stay valid until bench_run_close()
 * @pl: the scenario's placement, copied (NULL: none recorded)
 *
 * Scenarios appear in summary.json in the order of their first result.
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int bench_run_result(struct bench_run *run, const struct bench_result *r,
		     const struct bench_placement *pl)
{
	struct bench_run_entry *e;

	if (!run || !r || !r->sc)
		return -EINVAL;
	if (run->nr == run->cap) {
		size_t cap = run->cap ? run->cap * 2 : 16;

		e = realloc(run->res, cap * sizeof(*e));
		if (!e)
			return -ENOMEM;
		run->res = e;
		run->cap = cap;
	}
	e = &run->res[run->nr++];
	memset(e, 0, sizeof(*e));
	e->r = *r;
	if (pl) {
		e->pl = *pl;
		e->has_pl = true;
	}
	return 0;
}

/* samples.bin and summary.json, synced; "" or what failed in @err. */
static int write_close(struct bench_run *run, bool complete, bool interrupted,
		       const char *where, char *err, size_t errlen)
{
	char finished[32];
	struct timespec now;
	json_t *j;
	int ret;

	ret = samples_flush(run);
	if (!ret) {
		ret = bench_finish_fd(run->samplesfd);
		run->samplesfd = -1;
	}
	if (ret)
		return bench_fail(err, errlen, ret,
				  "%s/samples.bin: cannot write: %s", where,
				  strerror(-ret));
	clock_gettime(CLOCK_REALTIME, &now);
	bench_utc(&now, false, finished, sizeof(finished));
	j = bench_summary(run, complete, interrupted, finished);
	if (!j)
		return bench_fail(err, errlen, -ENOMEM,
				  "%s/summary.json: out of memory", where);
	ret = bench_folder_json(&run->f, "summary.json", j);
	json_decref(j);
	if (ret)
		return bench_fail(err, errlen, ret,
				  "%s/summary.json: cannot write: %s", where,
				  strerror(-ret));
	return 0;
}

/**
 * bench_run_close - write summary.json and move the folder into place
 * @run: the open run; freed, whatever happens
 * @complete: every scenario finished
 * @interrupted: stopped by a signal
 * @final: where the folder ended up (may be NULL): its final path, or the
 *	".<name>.tmp" path it was left at when closing failed
 * @finallen: size of @final
 * @err: one sentence naming the path at fault, on failure
 * @errlen: its size
 *
 * Flushes samples.bin, writes summary.json, and for a run that is not
 * complete (or was interrupted) an empty INCOMPLETE; syncs them, renames
 * ".<name>.tmp" to its name, and for a complete run in the default
 * location replaces <results root>/latest with a link to runs/<name>
 * (bench_folder_commit()). When a step before the rename fails, what was
 * written is kept as bench_folder_salvage() can.
 *
 * Return: 0 or -errno with @err filled.
 */
int bench_run_close(struct bench_run *run, bool complete, bool interrupted,
		    char *final, size_t finallen, char *err, size_t errlen)
{
	char where[PATH_MAX + NAME_MAX + 2];
	int ret;

	if (!run)
		return bench_fail(err, errlen, -EINVAL, "no run to close");
	complete = complete && !interrupted;
	bench_folder_path(&run->f, where, sizeof(where));
	if (final && finallen)
		snprintf(final, finallen, "%s", where);
	ret = write_close(run, complete, interrupted, where, err, errlen);
	if (!ret)
		ret = bench_folder_commit(&run->f, complete, final, finallen,
					  err, errlen);
	if (ret && run->f.dirfd >= 0)
		bench_folder_salvage(&run->f, final, finallen, err, errlen);
	run_release(run);
	return ret;
}
