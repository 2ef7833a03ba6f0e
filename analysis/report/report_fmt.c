// SPDX-License-Identifier: GPL-2.0
/*
 * The report's cells in words (report_internal.h): counts, numbers, a
 * ratio with its interval, and the verdict of a design against another,
 * with the ratio over the events no host-noise gap touched beside it as
 * a caveat (docs/statistics.md).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report_internal.h"

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
 * One quantile's verdict, @r, appended at @at; the new end. The ratio
 * with the host-noise events set apart (@quiet) is a caveat beside it,
 * never a condition: which events a gap touches depends on their
 * latency, which the design moves (docs/statistics.md).
 */
static size_t verdict_one(char *buf, size_t len, size_t at, const char *q,
			  const struct irqstat_effect *r,
			  const struct irqstat_effect *quiet)
{
	enum irqstat_verdict w = irqstat_verdict(r);

	if (w != IRQSTAT_LOWER && w != IRQSTAT_HIGHER)
		return at;
	if (at)
		at += (size_t)snprintf(buf + at, len - at, ", ");
	at += report_fmt_change(buf + at, len - at, q, r->point);
	if (at < len && quiet->valid && quiet->point > 0) {
		at += (size_t)snprintf(buf + at, len - at,
				       " (noise-touched events set apart: ");
		if (at < len)
			at += report_fmt_change(buf + at, len - at, "",
						quiet->point);
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, ")");
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
