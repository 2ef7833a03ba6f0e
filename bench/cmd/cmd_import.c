// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab import FORMAT|auto FILE... -o DIR (docs/import.md): each file
 * another latency tool wrote becomes one run folder, DIR itself for one
 * file, DIR/run-1 .. run-N for several. Every file is read and checked
 * before any folder is made, so bad input writes nothing; each folder is
 * staged and renamed into place by the run folder's own code
 * (bench/runfolder/runfolder.c), complete or absent. The histogram
 * formats are analysis/import's; an irq trace is read by the harness's
 * one reader of that text (device/replay.c), its entries paired with
 * their exits, and its handlers' durations become the cells.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "analysis/cli.h"
#include "analysis/import.h"
#include "analysis/outcome.h"
#include "cmd.h"
#include "device/replay.h"
#include "runfolder/runfolder.h"

static const char usage[] =
	"usage: irqlab import FORMAT|auto FILE... -o DIR\n"
	"\n"
	"Turn other latency tools' results into run folders that irqlab compare\n"
	"and irqlab report read: DIR itself for one FILE, DIR/run-1 .. run-N for\n"
	"several. FORMAT: auto (by content), cyclictest-json, cyclictest-hist,\n"
	"timerlat, osnoise, hardirqs, irq-trace (docs/import.md). Input at fault\n"
	"is refused with FILE:LINE and nothing is written (exit status 4).\n";

/* An irq trace's handlers, on each CPU, into cells of @r. */
static int trace_cells(struct imp_run *r, const struct bench_replay *rec)
{
	for (size_t i = 0; i < rec->nr_handlers; i++) {
		const struct bench_replay_handler *h = &rec->handlers[i];
		char scen[32], design[96], src[128];
		struct imp_cell *c;

		snprintf(scen, sizeof(scen), "cpu%u", h->cpu);
		snprintf(design, sizeof(design), "irq%ld:%s", h->num, h->name);
		snprintf(src, sizeof(src), "irq %ld %s on CPU %u", h->num,
			 h->name, h->cpu);
		c = imp_cell_add(r, scen, design, src, h->line);
		if (!c)
			return -ENOMEM;
		c->kind = IMP_EXACT;
		c->skipped = h->skipped;
		for (size_t k = 0; k < h->n; k++)
			if (imp_cell_value(c, h->ns[k]))
				return -ENOMEM;
	}
	return 0;
}

/* The irq trace @path into @r. */
static int read_trace(const char *path, struct imp_run *r, char *err,
		      size_t errlen)
{
	struct bench_replay *rec = NULL;
	int64_t mtime;
	size_t len;
	char *text;
	FILE *f;
	int ret = imp_slurp(path, &text, &len, &mtime, err, errlen);

	if (ret)
		return ret;
	f = fmemopen(text, len ? len : 1, "r");
	ret = f ? bench_replay_read_pairs(f, path, &rec, err, errlen) : -ENOMEM;
	if (f)
		fclose(f);
	free(text);
	imp_begin(r, IMP_IRQ_TRACE, path, mtime);
	if (!ret) {
		r->tool = bench_replay_format_name(rec->format);
		ret = trace_cells(r, rec);
		if (rec->nr_all > 1)
			r->seconds = (double)(rec->all[rec->nr_all - 1].ns -
					      rec->all[0].ns) /
				     1e9;
	}
	bench_replay_free(rec);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	if (!ret)
		ret = imp_finish(r, err, errlen);
	return ret;
}

/* One file, read as @format (-1: by content). */
static int read_one(const char *path, int format, struct imp_run *r, char *err,
		    size_t errlen)
{
	int64_t mtime;
	size_t len;
	char *text;
	int ret;

	if (format < 0) {
		ret = imp_slurp(path, &text, &len, &mtime, err, errlen);
		if (ret)
			return ret;
		format = imp_detect(text);
		free(text);
	}
	if (format == IMP_IRQ_TRACE)
		return read_trace(path, r, err, errlen);
	return imp_read(path, format, r, err, errlen);
}

/* @r's folder at @dir: summary.json, import.json and the file's copy. */
static int write_one(const struct imp_run *r, const char *path, const char *dir,
		     char *err, size_t errlen)
{
	struct bench_folder f;
	struct timespec now;
	char name[NAME_MAX + 1], final[PATH_MAX];
	const char *step = "write";
	json_t *sum = imp_summary_json(r), *imp = imp_json(r);
	int ret, in;

	clock_gettime(CLOCK_REALTIME, &now);
	snprintf(name, sizeof(name), "input-%.*s", NAME_MAX - 6, r->file);
	ret = sum && imp ? bench_folder_make(&f, dir, IRQLAB_RESULTS_DIR, NULL,
					     &now, err, errlen) :
			   -ENOMEM;
	if (!ret) {
		ret = bench_folder_json(&f, "summary.json", sum);
		if (!ret)
			ret = bench_folder_json(&f, "import.json", imp);
		in = ret ? -1 : open(path, O_RDONLY | O_CLOEXEC);
		if (!ret && in < 0)
			ret = -errno;
		if (!ret) {
			ret = bench_folder_copy(&f, in, name, &step);
			close(in);
		}
		if (!ret)
			ret = bench_folder_commit(&f, true, final,
						  sizeof(final), err, errlen);
		else
			snprintf(err, errlen, "%.*s: cannot %s: %s", 900, dir,
				 step, strerror(-ret));
		if (ret && f.dirfd >= 0)
			bench_folder_discard(
				&f,
				(const char *const[]){ "summary.json",
						       "import.json", name },
				3);
	}
	if (!ret)
		printf("%s\n", final);
	json_decref(sum);
	json_decref(imp);
	return ret;
}

/* The options; -1 to go on, else the exit status. */
static int options(int argc, char **argv, const char **out)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
		if (c == 'o') {
			*out = optarg;
		} else if (c == 'h') {
			fputs(usage, stdout);
			ana_exit_help(stdout, ANA_CMD_RUN);
			return ANA_EXIT_PASS;
		} else {
			cli_bad_option("import", c, argv);
			return ANA_EXIT_BAD_INPUT;
		}
	}
	if (!*out || argc - optind < 2) {
		fprintf(stderr,
			"irqlab import: needs FORMAT (or auto), at least one FILE and -o DIR; see irqlab import --help\n");
		return ANA_EXIT_BAD_INPUT;
	}
	return -1;
}

int bench_import_main(int argc, char **argv)
{
	const char *out = NULL;
	struct imp_run *runs;
	char err[1024], dir[PATH_MAX];
	int ret = options(argc, argv, &out), format;
	size_t n, done = 0;

	if (ret >= 0)
		return ret;
	format = strcmp(argv[optind], "auto") ? imp_format_find(argv[optind]) :
						-1;
	if (format < 0 && strcmp(argv[optind], "auto")) {
		fprintf(stderr,
			"irqlab import: FORMAT '%s' is not auto, cyclictest-json, cyclictest-hist, timerlat, osnoise, hardirqs or irq-trace\n",
			argv[optind]);
		return ANA_EXIT_BAD_INPUT;
	}
	n = (size_t)(argc - optind - 1);
	runs = calloc(n, sizeof(*runs));
	if (!runs)
		return ANA_EXIT_ERROR;
	for (ret = 0; !ret && done < n; done++)
		ret = read_one(argv[optind + 1 + (int)done], format,
			       &runs[done], err, sizeof(err));
	for (size_t i = 0; !ret && i < n; i++) {
		snprintf(dir, sizeof(dir), n == 1 ? "%s" : "%s/run-%zu", out,
			 i + 1);
		ret = write_one(&runs[i], argv[optind + 1 + (int)i], dir, err,
				sizeof(err));
		ret = ret ? ANA_EXIT_ERROR : 0;
	}
	if (ret)
		fprintf(stderr, "irqlab import: %s\n", err);
	for (size_t i = 0; i < done; i++)
		imp_free(&runs[i]);
	free(runs);
	if (ret == -ENOMEM || ret == ANA_EXIT_ERROR || ret == -EIO)
		return ANA_EXIT_ERROR;
	return ret ? ANA_EXIT_BAD_INPUT : ANA_EXIT_PASS;
}
