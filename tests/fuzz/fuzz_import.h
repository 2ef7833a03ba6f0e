/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the fuzz targets of irqlab import's formats share (fuzz_imp_*.c,
 * docs/import.md): the input is a file of one format, read with
 * imp_read() as that format from the scratch folder. An error must name
 * the file; a run it accepts must keep what the reader promises (each
 * cell's count at least its buckets' sum and its over, its known
 * quantiles in order, each within a bucket it has or past the last), and
 * must be written as summary.json and import.json and read back as a run.
 */
#ifndef TESTS_FUZZ_FUZZ_IMPORT_H
#define TESTS_FUZZ_FUZZ_IMPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/import.h"
#include "fuzz.h"

static inline void fuzz_imp_check(bool ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz import: %s\n", what);
		abort();
	}
}

/* The promises of one cell of an accepted run. */
static inline void fuzz_imp_cell(const struct imp_cell *c)
{
	uint64_t held = c->nv, last = 0;

	for (size_t i = 0; i < c->nb; i++) {
		held += c->b[i].count;
		fuzz_imp_check(c->b[i].hi_ns > c->b[i].lo_ns &&
				       (!i ||
					c->b[i].lo_ns >= c->b[i - 1].hi_ns),
			       "buckets overlap or are empty");
	}
	fuzz_imp_check(c->count >= held && c->count - held >= c->over,
		       "a count below the buckets and over");
	for (int q = 0; q < IMP_NQ; q++) {
		if (!c->q[q].known)
			continue;
		fuzz_imp_check(c->q[q].ns >= last, "quantiles out of order");
		last = c->q[q].ns;
	}
}

static inline void fuzz_imp_run(int format, const uint8_t *data, size_t size)
{
	struct imp_run r;
	struct run run;
	char err[1024];
	json_t *j;
	int ret;

	fuzz_write("f.txt", data, size);
	ret = imp_read(fuzz_path("f.txt"), format, &r, err, sizeof(err));
	if (ret) {
		fuzz_imp_check(ret == -EINVAL && strstr(err, "f.txt"),
			       "an error that does not name the file");
		fuzz_note("import: %s", err);
		imp_free(&r);
		return;
	}
	for (size_t i = 0; i < r.nc; i++)
		fuzz_imp_cell(&r.c[i]);
	j = imp_json(&r);
	fuzz_imp_check(j != NULL, "import.json not written");
	json_decref(j);
	ret = imp_as_run(&r, "f.txt", &run, err, sizeof(err));
	fuzz_imp_check(!ret, err);
	fuzz_note("import: %zu cells, %zu scenarios", r.nc, run.nsc);
	run_free(&run);
	imp_free(&r);
}

#endif /* TESTS_FUZZ_FUZZ_IMPORT_H */
