/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Other tools' results as runs (docs/import.md): the readers of
 * cyclictest's JSON and histogram text, rtla's timerlat and osnoise
 * histograms and bcc's hardirqs log2 histograms (analysis/import/), the
 * cells they fill, and what an imported run's folder holds: summary.json
 * through summary.c's writer, and import.json (import_run.c). The irq
 * trace format is read by the harness's one
 * reader of that text (bench/device/replay.c), which fills the same
 * cells.
 */
#ifndef ANALYSIS_IMPORT_H
#define ANALYSIS_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>
#include "analysis/run.h"

#define IMP_FORMAT 1 /* import.json "format" */

enum imp_format {
	IMP_CYCLICTEST_JSON,
	IMP_CYCLICTEST_HIST,
	IMP_TIMERLAT,
	IMP_OSNOISE,
	IMP_HARDIRQS,
	IMP_IRQ_TRACE, /* read by bench/device/replay.c */
	IMP_NFORMATS,
};

/* What a cell's figures are (import.json "kind"). */
enum imp_kind {
	IMP_HIST, /* buckets of one width */
	IMP_LOG2, /* bcc's power-of-two buckets */
	IMP_EXACT, /* every value (handler durations) */
	IMP_SUMMARY, /* min/avg/max only (cyclictest --json without -h) */
};

/* The quantiles an imported run states (import.json "quantiles"). */
enum imp_q { IMP_P50, IMP_P90, IMP_P99, IMP_P999, IMP_NQ };

/**
 * struct imp_bucket - one non-empty bucket
 * @lo_ns: its low edge
 * @hi_ns: its high edge, excluded (lo + width; log2: bcc's HI + 1 unit)
 * @count: events in it
 */
struct imp_bucket {
	uint64_t lo_ns, hi_ns, count;
};

/**
 * struct imp_quantile - one quantile of a cell
 * @known: the cell has it (not a summary-only cell, count > 0)
 * @over: its rank lies past the histogram: at least @ns, nothing more
 * @ns: the middle of the bucket its rank lies in (exact: the value)
 * @resolution_ns: that bucket's width (0: exact)
 */
struct imp_quantile {
	bool known, over;
	uint64_t ns, resolution_ns;
};

/**
 * struct imp_cell - one scenario x design of an imported run
 * @scenario: "thread0", "cpu2", "all"
 * @design: "latency", "irq", "thread", "user", "noise", "irq:NAME",
 *	"irqN:NAME"
 * @source: what the file calls it ("thread 0", "IRQ-002")
 * @line: the line of the file that named it, for messages
 * @kind: what its figures are
 * @bucket_ns: the buckets' width (IMP_HIST), else 0
 * @b: the non-empty buckets, ascending; @nb of them
 * @v: the values (IMP_EXACT), ns; @nv of them
 * @has_range: the histogram ends at @range_ns: values past it are @over
 * @over: events past the histogram
 * @count: events, @over included
 * @skipped: exits without their entry (irq traces)
 * @has_summary: the tool states @min_ns, @max_ns and @avg_ns itself
 * @q: the quantiles, once imp_finish() computed them
 */
struct imp_cell {
	char scenario[32], design[96], source[128];
	unsigned int line;
	enum imp_kind kind;
	uint64_t bucket_ns;
	struct imp_bucket *b;
	size_t nb, capb;
	uint64_t *v;
	size_t nv, capv;
	bool has_range;
	uint64_t range_ns, over, count, skipped;
	bool has_summary;
	uint64_t min_ns, max_ns;
	double avg_ns;
	struct imp_quantile q[IMP_NQ];
};

/**
 * struct imp_run - one imported file
 * @format: what it was read as
 * @file: its base name
 * @tool: "cyclictest", "rtla timerlat", ...
 * @tool_version, @command_line: as the file states them; NULL: it does not
 * @machine: the file's own machine object (import.json "machine"), or NULL
 * @host: the machine's name, or NULL
 * @started, @finished: ISO 8601 UTC
 * @started_from_file: the file states @started (else: its mtime)
 * @seconds: the run's length where the file states it, else 0
 * @unit_ns: the file's unit (1000: microseconds)
 * @c: the cells, in the file's order; @nc of them
 */
struct imp_run {
	enum imp_format format;
	char file[256];
	const char *tool;
	char *tool_version, *command_line;
	json_t *machine;
	char *host;
	char started[32], finished[32];
	bool started_from_file;
	double seconds;
	uint64_t unit_ns;
	struct imp_cell *c;
	size_t nc;
};

/* "cyclictest-json", ...; NULL past the table. */
const char *imp_format_name(enum imp_format f);
/* The format named @name, or -1. */
int imp_format_find(const char *name);

/**
 * imp_detect - the format of @text by its content
 * @text: the file, NUL-terminated
 *
 * Return: the format, or -1 when the content names none (or, as an rtla
 * file without its header, could be two).
 */
int imp_detect(const char *text);

/**
 * imp_slurp - read the regular file @path whole
 * @path: the file
 * @text: its bytes and a NUL, to free()
 * @len: its length
 * @mtime: its modification time (seconds since the epoch)
 * @err: on failure, one sentence naming the file (and the line of a NUL)
 * @errlen: its size
 *
 * Return: 0, -errno, or -EINVAL for a file that is not text.
 */
int imp_slurp(const char *path, char **text, size_t *len, int64_t *mtime,
	      char *err, size_t errlen);

/**
 * imp_read - read @path as @format into @out
 * @path: the file
 * @format: a format, or -1 for imp_detect()'s
 * @out: the run, to free with imp_free() (also on failure)
 * @err: on failure "PATH:LINE: what is wrong"
 * @errlen: its size
 *
 * The irq trace format is not read here (-ENOTSUP, with a sentence):
 * its reader is the harness's.
 *
 * Return: 0, -EINVAL for input at fault, -ENOTSUP, -errno.
 */
int imp_read(const char *path, int format, struct imp_run *out, char *err,
	     size_t errlen);

/* Start @r for a file @path of @format, modified at @mtime. 0 or -ENOMEM. */
int imp_begin(struct imp_run *r, enum imp_format format, const char *path,
	      int64_t mtime);
/* A new cell of @r (zeroed, names set), or NULL out of memory. */
struct imp_cell *imp_cell_add(struct imp_run *r, const char *scenario,
			      const char *design, const char *source,
			      unsigned int line);
/* Add @count events at [@lo_ns, @hi_ns) to @c. 0 or -ENOMEM. */
int imp_cell_bucket(struct imp_cell *c, uint64_t lo_ns, uint64_t hi_ns,
		    uint64_t count);
/* Add the value @ns to an IMP_EXACT cell @c. 0 or -ENOMEM. */
int imp_cell_value(struct imp_cell *c, uint64_t ns);

/**
 * imp_finish - the cells' counts and quantiles
 * @r: the run read
 * @err: on failure, one sentence naming the file and the cell
 * @errlen: its size
 *
 * Sorts each cell's buckets and values, checks them against the tool's
 * own summary where it has one (a count below the buckets' sum, a min
 * above the lowest bucket), and computes the quantiles.
 *
 * Return: 0, -EINVAL (with @err: no cell, an inconsistent cell), -ENOMEM.
 */
int imp_finish(struct imp_run *r, char *err, size_t errlen);

void imp_free(struct imp_run *r);

/* summary.json of @r (summary.c's writer), or NULL out of memory. */
json_t *imp_summary_json(const struct imp_run *r);
/* import.json of @r, or NULL out of memory. */
json_t *imp_json(const struct imp_run *r);

/**
 * imp_as_run - @r as the run its folder would be read as
 * @r: the run, finished
 * @dir: what the run is called in messages (the file's path)
 * @out: the run (run_free()); no samples, no environment
 * @err: on failure, one sentence
 * @errlen: its size
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int imp_as_run(const struct imp_run *r, const char *dir, struct run *out,
	       char *err, size_t errlen);

/* Whether @r is an imported run (summary.json pattern "import"). */
bool imp_is_imported(const struct run *r);

#endif /* ANALYSIS_IMPORT_H */
