// SPDX-License-Identifier: GPL-2.0
/*
 * A run's cells for CI dashboards (export.h): Bencher Metric Format
 * (benchmark -> measure -> value with lower and upper bounds), and one
 * flat CSV row per run and cell (RFC 4180) for DuckDB or a spreadsheet.
 * The bounds are irqlab's own: the sign test's interval over the run's
 * blocks (stats.h, irqstat_paired_ci()), given only where there are
 * blocks enough; the cells come from run_load() only.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "analysis/export.h"
#include "analysis/report.h"
#include "analysis/stats.h"

void export_block_interval(const struct run_design *d, enum run_q q,
			   double *point, double *lo, double *hi)
{
	struct irqstat_effect e = { 0 };
	double *one;

	*point = *lo = *hi = NAN;
	if (!d->bq[q] || !d->nblocks)
		return;
	one = malloc(d->nblocks * sizeof(*one));
	if (!one)
		return;
	for (unsigned int i = 0; i < d->nblocks; i++)
		one[i] = 1.0;
	/* The median of the block quantiles and its interval: x / 1. */
	irqstat_paired_ci(d->bq[q], one, d->nblocks, REPORT_LEVEL, &e);
	free(one);
	if (!e.valid)
		return;
	*point = e.point;
	if (e.enough) {
		*lo = e.lo;
		*hi = e.hi;
	}
}

int export_config_hash(const char *dir, char hex[17])
{
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a 64 */
	char path[4200], line[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/config.ini", dir);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		size_t n = strlen(line);

		while (n && strchr(" \t\r\n", line[n - 1]))
			line[--n] = '\0';
		if (!n || line[0] == ';' || line[0] == '#')
			continue;
		line[n++] = '\n';
		for (size_t i = 0; i < n; i++) {
			h ^= (unsigned char)line[i];
			h *= 0x100000001b3ULL;
		}
	}
	fclose(f);
	snprintf(hex, 17, "%016" PRIx64, h);
	return 0;
}

static const unsigned int q_measure[RUN_NQ] = { 50, 99, 999 };

static uint64_t entry_q(const struct run_design *d, enum run_q q)
{
	return q == RUN_Q50 ? d->entry.p50 :
	       q == RUN_Q99 ? d->entry.p99 :
			      d->entry.p999;
}

/* To a thousandth: exp() of logs of whole ns leaves 981.00000000000034. */
static json_t *milli(double v)
{
	return json_real(round(v * 1000) / 1000);
}

/* A measure {value, lower_value, upper_value}; bounds where known. */
static json_t *measure(double v, double lo, double hi)
{
	json_t *m = json_pack("{so}", "value", milli(v));

	if (m && isfinite(lo) && isfinite(hi)) {
		json_object_set_new(m, "lower_value", milli(lo));
		json_object_set_new(m, "upper_value", milli(hi));
	}
	return m;
}

static json_t *design_measures(const struct run_design *d)
{
	json_t *b = json_object();
	char name[32];

	for (int q = 0; b && q < RUN_NQ; q++) {
		double p, lo, hi;

		if (!d->entry.count)
			break;
		export_block_interval(d, (enum run_q)q, &p, &lo, &hi);
		if (!isfinite(p))
			p = (double)entry_q(d, (enum run_q)q);
		snprintf(name, sizeof(name), "latency-p%u", q_measure[q]);
		json_object_set_new(b, name, measure(p, lo, hi));
	}
	if (b && isfinite(d->throughput))
		json_object_set_new(b, "throughput",
				    measure(d->throughput, NAN, NAN));
	if (b && isfinite(d->accesses_per_irq))
		json_object_set_new(b, "chip-accesses",
				    measure(d->accesses_per_irq, NAN, NAN));
	return b;
}

int export_bencher(const struct run *r, FILE *out)
{
	json_t *j = json_object();
	char name[512];
	int ret = 0;

	for (size_t s = 0; j && s < r->nsc && !ret; s++)
		for (size_t k = 0; k < r->sc[s].nd && !ret; k++) {
			const struct run_design *d = &r->sc[s].d[k];
			json_t *m = design_measures(d);

			snprintf(name, sizeof(name), "%s/%s", r->sc[s].name,
				 d->design);
			if (!m || json_object_set_new(j, name, m))
				ret = -ENOMEM;
		}
	if (!j || ret) {
		json_decref(j);
		return -ENOMEM;
	}
	ret = json_dumpf(j, out, JSON_INDENT(1) | JSON_SORT_KEYS) ||
			      fputc('\n', out) == EOF ?
		      -EIO :
		      0;
	json_decref(j);
	return ret;
}

/* The CSV's columns, in order: the run's, then the cell's. */
static const char *const csv_cols[] = {
	"run_id",	  "run_dir",	      "host",	       "cpu_model",
	"kernel",	  "irqlab",	      "git_revision",  "build_type",
	"sanitizer",	  "config_hash",      "config_file",   "started",
	"complete",	  "traced",	      "scenario",      "chip",
	"trigger",	  "pattern",	      "design",	       "flow",
	"latency_from",	  "blocks",	      "fired",	       "serviced",
	"coalesced",	  "stranded",	      "p50_ns",	       "p99_ns",
	"p999_ns",	  "max_ns",	      "p50_blocks_ns", "p50_lo_ns",
	"p50_hi_ns",	  "p99_blocks_ns",    "p99_lo_ns",     "p99_hi_ns",
	"serviced_per_s", "accesses_per_irq",
};

/* One field, quoted as RFC 4180 says where it must be. */
static void field(FILE *f, bool first, const char *s)
{
	if (!first)
		fputc(',', f);
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void num(FILE *f, double v)
{
	char b[40];

	if (isfinite(v))
		snprintf(b, sizeof(b), "%.10g", v);
	field(f, false, isfinite(v) ? b : NULL);
}

static void unum(FILE *f, uint64_t v)
{
	char b[24];

	snprintf(b, sizeof(b), "%" PRIu64, v);
	field(f, false, b);
}

int export_csv_header(FILE *out)
{
	for (size_t i = 0; i < sizeof(csv_cols) / sizeof(*csv_cols); i++)
		field(out, i == 0, csv_cols[i]);
	fputs("\r\n", out);
	return ferror(out) ? -EIO : 0;
}

/* The run's columns, the same on each of its rows. */
static void run_fields(const struct run *r, const char *hash, FILE *f)
{
	const struct environment *e = &r->environment;
	const char *base = strrchr(r->dir, '/');
	bool env = r->has_environment;

	field(f, true, base && base[1] ? base + 1 : r->dir);
	field(f, false, r->dir);
	field(f, false, r->host ? r->host : env ? e->host.name : NULL);
	field(f, false, env ? e->host.cpu_model : NULL);
	field(f, false, env ? e->host.release : NULL);
	field(f, false, r->irqlab);
	field(f, false, env ? e->git_revision : NULL);
	field(f, false, env ? e->build_type : NULL);
	field(f, false, env ? e->sanitizer : NULL);
	field(f, false, hash);
}

static void cell_fields(const struct run *r, const struct run_scenario *sc,
			const struct run_design *d, FILE *f)
{
	double p[2], lo[2], hi[2];

	field(f, false, sc->file);
	field(f, false, r->started);
	field(f, false, r->complete ? "true" : "false");
	field(f, false, r->traced ? "true" : "false");
	field(f, false, sc->name);
	field(f, false, sc->chip);
	field(f, false, sc->trigger);
	field(f, false, sc->pattern);
	field(f, false, d->design);
	field(f, false, d->flow);
	field(f, false,
	      d->has_origin && d->origin == RUN_FROM_FIRE ? "fire" :
							    "intended");
	unum(f, d->nblocks ? d->nblocks : d->blocks);
	unum(f, d->fired);
	unum(f, d->serviced);
	unum(f, d->coalesced);
	unum(f, d->stranded);
	unum(f, d->entry.p50);
	unum(f, d->entry.p99);
	unum(f, d->entry.p999);
	unum(f, d->entry.max);
	export_block_interval(d, RUN_Q50, &p[0], &lo[0], &hi[0]);
	export_block_interval(d, RUN_Q99, &p[1], &lo[1], &hi[1]);
	for (int i = 0; i < 2; i++) {
		num(f, p[i]);
		num(f, lo[i]);
		num(f, hi[i]);
	}
	num(f, d->throughput);
	num(f, d->accesses_per_irq);
	fputs("\r\n", f);
}

int export_csv_run(const struct run *r, FILE *out)
{
	char hash[17];

	if (export_config_hash(r->dir, hash))
		hash[0] = '\0';
	for (size_t s = 0; s < r->nsc; s++)
		for (size_t k = 0; k < r->sc[s].nd; k++) {
			run_fields(r, hash[0] ? hash : NULL, out);
			cell_fields(r, &r->sc[s], &r->sc[s].d[k], out);
		}
	return ferror(out) ? -EIO : 0;
}
