// SPDX-License-Identifier: GPL-2.0
/*
 * The report's cells in words (report_internal.h): counts, numbers, a
 * ratio with its interval, and the verdict of a design against another,
 * which says whether it holds once the events host noise touched are set
 * apart (docs/statistics.md).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "analysis/report_internal.h"

void report_fmt_ns(char *buf, size_t len, uint64_t v)
{
	snprintf(buf, len, "%llu", (unsigned long long)v);
}

void report_fmt_num(char *buf, size_t len, double v, int decimals)
{
	if (isfinite(v))
		snprintf(buf, len, "%.*f", decimals, v);
	else
		snprintf(buf, len, "-");
}

const char *report_str(const char *s)
{
	return s ? s : "unknown";
}

void report_fmt_ratio(char *buf, size_t len, const struct irqstat_effect *e)
{
	if (!e->valid)
		snprintf(buf, len, "-");
	else if (e->enough)
		snprintf(buf, len, "%.3f [%.3f, %.3f]", e->point, e->lo, e->hi);
	else
		snprintf(buf, len, "%.3f", e->point);
}

/* "p50 12% lower", "p99 2.5x higher": a ratio as a reader says it. */
size_t report_fmt_change(char *buf, size_t len, const char *what, double x)
{
	const char *dir = x < 1 ? "lower" : "higher";
	const char *sep = *what ? " " : "";

	/* 2.5x reads better than 150%; 0.4 is 2.5x lower. */
	if (x >= 2 || (x > 0 && x <= 0.5))
		return (size_t)snprintf(buf, len, "%s%s%.1fx %s", what, sep,
					x >= 2 ? x : 1 / x, dir);
	return (size_t)snprintf(buf, len, "%s%s%.*f%% %s", what, sep,
				fabs(x - 1) < 0.1 ? 1 : 0, fabs(x - 1) * 100,
				dir);
}

/*
 * One quantile's verdict, @r as measured and @quiet with the host-noise
 * events set apart, appended at @at; the new end.
 */
static size_t verdict_one(char *buf, size_t len, size_t at, const char *q,
			  const struct irqstat_effect *r,
			  const struct irqstat_effect *quiet)
{
	enum irqstat_verdict w = irqstat_verdict(r);
	enum irqstat_verdict wq = irqstat_verdict(quiet);
	bool wv = w == IRQSTAT_LOWER || w == IRQSTAT_HIGHER;
	bool qv = wq == IRQSTAT_LOWER || wq == IRQSTAT_HIGHER;

	if (!wv && !(quiet->enough && qv))
		return at;
	if (at)
		at += (size_t)snprintf(buf + at, len - at, ", ");
	if (irqstat_verdict_quiet(r, quiet) == w && wv) {
		at += report_fmt_change(buf + at, len - at, q, r->point);
		if (quiet->enough)
			at += (size_t)snprintf(
				buf + at, len - at,
				" (holds with host-noise events set apart)");
	} else if (wv) {
		/* The host's verdict, not the design's. */
		at += (size_t)snprintf(buf + at, len - at,
				       "%s: no verdict, host noise (", q);
		at += report_fmt_change(buf + at, len - at, "", r->point);
		at += (size_t)snprintf(
			buf + at, len - at,
			" as measured, not with its events set apart)");
	} else {
		at += report_fmt_change(buf + at, len - at, q, quiet->point);
		at += (size_t)snprintf(
			buf + at, len - at,
			" only with host-noise events set apart (no verdict)");
	}
	return at >= len ? len - 1 : at;
}

void report_fmt_verdict(char *buf, size_t len, const struct vs_base *v)
{
	size_t at = 0;

	buf[0] = '\0';
	at = verdict_one(buf, len, at, "p50", &v->p50, &v->quiet50);
	at = verdict_one(buf, len, at, "p99", &v->p99, &v->quiet99);
	if (at)
		return;
	if (!v->p50.valid || (!v->p50.enough && !v->p50.n))
		snprintf(buf, len, "no samples: no interval");
	else if (!v->p50.enough)
		snprintf(buf, len,
			 "not enough blocks to tell (%u rounds, %d needed)",
			 v->p50.n, IRQSTAT_MIN_ROUNDS);
	else
		snprintf(buf, len, "no difference shown");
}

void report_versus(const struct run_design *d, const struct run_design *b,
		   struct vs_base *v)
{
	memset(v, 0, sizeof(*v));
	v->base = b;
	if (!b || b == d)
		return;
	if (d->bq[RUN_Q50] && b->bq[RUN_Q50]) {
		unsigned int n = d->nblocks < b->nblocks ? d->nblocks :
							   b->nblocks;

		irqstat_paired_ci(d->bq[RUN_Q50], b->bq[RUN_Q50], n,
				  REPORT_LEVEL, &v->p50);
		irqstat_paired_ci(d->bq[RUN_Q99], b->bq[RUN_Q99], n,
				  REPORT_LEVEL, &v->p99);
		if (d->bq_quiet[RUN_Q50] && b->bq_quiet[RUN_Q50]) {
			irqstat_paired_ci(d->bq_quiet[RUN_Q50],
					  b->bq_quiet[RUN_Q50], n, REPORT_LEVEL,
					  &v->quiet50);
			irqstat_paired_ci(d->bq_quiet[RUN_Q99],
					  b->bq_quiet[RUN_Q99], n, REPORT_LEVEL,
					  &v->quiet99);
		}
		return;
	}
	v->p50.valid = d->entry.count && b->entry.p50;
	v->p50.point = v->p50.valid ? (double)d->entry.p50 / b->entry.p50 : 0;
	v->p99.valid = d->entry.count && b->entry.p99;
	v->p99.point = v->p99.valid ? (double)d->entry.p99 / b->entry.p99 : 0;
}
