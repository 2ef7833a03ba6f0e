// SPDX-License-Identifier: GPL-2.0
/*
 * The finding in one sentence per chip (report_finding.h), the first
 * lines of report.md, report.html and the terminal's finding: which
 * design is faster or slower than __do_IRQ, by how much in rounded
 * words, at what register cost; "no verdict" where the verdicts give
 * none. Written from struct report_verdicts alone: the same calls and
 * points as the paragraphs that follow (report_finding.c), rounded, and
 * nothing the verdicts do not say. Then the biggest effect of the run
 * and its cause, from what the run recorded for it: the edges the
 * controller dropped while the line was masked and what serviced their
 * events (the books: coalesced, handler runs, stranded), the hand-off
 * to a thread, or, where the books hold neither, its register accesses.
 */
#define _GNU_SOURCE /* open_memstream */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_finding.h"
#include "report_internal.h"

/* Why there is no verdict, as report_finding.c words it, briefly. */
static const char *const why_none[REPORT_NCALLS] = {
	[REPORT_SPANS] = "interval spans 1",
	[REPORT_FAMILY] = "not beyond the run's other comparisons",
	[REPORT_FEW] = "too few rounds",
	[REPORT_NONE] = "no interval",
};

static bool is_verdict(enum report_call c)
{
	return c == REPORT_FASTER || c == REPORT_SLOWER;
}

/* @x to @sig significant digits, as words print it: 180, 11, 5.4, 196. */
static void fmt_sig(char *buf, size_t len, double x, int sig)
{
	int digits = (int)floor(log10(x));
	double scale = pow(10, digits - sig + 1), v = round(x / scale) * scale;
	int decimals = sig - 1 - digits;

	snprintf(buf, len, "%.*f", decimals > 0 ? decimals : 0, v);
	/* "2.0" reads as "2" */
	if (strchr(buf, '.') && !strcmp(buf + strlen(buf) - 2, ".0"))
		buf[strlen(buf) - 2] = '\0';
}

static void fmt_sig2(char *buf, size_t len, double x)
{
	fmt_sig(buf, len, x, 2);
}

/*
 * The size of ratios @lo..@hi (points, all on one side of 1) in rounded
 * words: "12%" or "7-21%" below 2x, "about 180x" or "4.7-5.6x" from it;
 * faster ratios by how much less latency (1 - r), or 1/r times where it
 * is half or less.
 */
static void fmt_size(char *buf, size_t len, double lo, double hi)
{
	bool faster = hi < 1;
	double a = faster ? 1 / hi : lo, b = faster ? 1 / lo : hi;
	char x[24], y[24];

	if (b < 2) {
		long p = lround(faster ? (1 - hi) * 100 : (lo - 1) * 100);
		long q = lround(faster ? (1 - lo) * 100 : (hi - 1) * 100);

		if (q < 1)
			snprintf(buf, len, "under 1%%");
		else if (p == q)
			snprintf(buf, len, "%ld%%", p);
		else
			snprintf(buf, len, "%ld-%ld%%", p < 1 ? 1 : p, q);
		return;
	}
	fmt_sig2(x, sizeof(x), a);
	fmt_sig2(y, sizeof(y), b);
	if (!strcmp(x, y))
		snprintf(buf, len, "about %sx", x);
	else
		snprintf(buf, len, "%s-%sx", x, y);
}

/* The cells of design @name on the chip of scenario @first, into @c. */
static size_t chip_cells(const struct report_verdicts *vs, size_t first,
			 const char *name, const struct report_vs **c)
{
	const struct run *r = vs->r;
	const char *chip = report_str(r->sc[first].chip);
	size_t n = 0;

	for (size_t i = 0; i < vs->n; i++)
		if (!strcmp(report_str(vs->c[i].sc->chip), chip) &&
		    !strcmp(vs->c[i].d->design, name))
			c[n++] = &vs->c[i];
	return n;
}

/* ", in a and b", ", in 5 of its 8 scenarios", or nothing for all of 1. */
static void where(FILE *m, const struct report_vs **c, size_t n, int q,
		  enum report_call call)
{
	size_t k = 0, seen = 0;

	for (size_t i = 0; i < n; i++)
		k += c[i]->call[q] == call;
	if (n == 1)
		return;
	if (k == n) {
		fprintf(m, " in each of its %zu scenarios", n);
		return;
	}
	if (k > 3) {
		fprintf(m, " in %zu of its %zu scenarios", k, n);
		return;
	}
	fputs(" in ", m);
	for (size_t i = 0; i < n; i++) {
		if (c[i]->call[q] != call)
			continue;
		fputs(!seen ? "" : seen + 1 == k ? " and " : ", ", m);
		fputs(c[i]->sc->name, m);
		seen++;
	}
}

/*
 * The register cost of the cells with a verdict at @q, against
 * __do_IRQ's: ", with half the register accesses"; nothing where the
 * run has no counts.
 */
static void cost(FILE *m, const struct report_vs **c, size_t n, int q)
{
	double lo = INFINITY, hi = -INFINITY, most = 0;
	bool none = false;
	char a[32], b[32];

	for (size_t i = 0; i < n; i++) {
		double x = c[i]->d->accesses_per_irq;
		double y = c[i]->base->accesses_per_irq;

		if (!is_verdict(c[i]->call[q]) || !isfinite(x) || !isfinite(y))
			continue;
		if (y <= 0) {
			none = true;
			most = fmax(most, x);
			continue;
		}
		lo = fmin(lo, x / y);
		hi = fmax(hi, x / y);
	}
	if (none) {
		if (most > 0)
			fprintf(m,
				", with up to %.0f register accesses an interrupt where __do_IRQ makes none",
				most);
		else if (!isfinite(lo))
			fputs(", neither touching a register", m);
		return;
	}
	if (!isfinite(lo))
		return;
	snprintf(a, sizeof(a), "%.2f", lo);
	snprintf(b, sizeof(b), "%.2f", hi);
	if (strcmp(a, b)) {
		fmt_sig2(a, sizeof(a), lo);
		fmt_sig2(b, sizeof(b), hi);
		fprintf(m, ", with %s-%sx the register accesses", a, b);
	} else if (!strcmp(a, "1.00")) {
		fputs(", with the same register accesses", m);
	} else if (!strcmp(a, "0.50")) {
		fputs(", with half the register accesses", m);
	} else if (!strcmp(a, "2.00")) {
		fputs(", with twice the register accesses", m);
	} else if (lo < 1) {
		fprintf(m, ", with %ld%% of the register accesses",
			lround(lo * 100));
	} else {
		fmt_sig2(a, sizeof(a), lo);
		fprintf(m, ", with %sx the register accesses", a);
	}
}

/* "<size> faster than __do_IRQ at p50 in a and b": one direction. */
static void direction(FILE *m, const struct report_vs **c, size_t n, int q,
		      enum report_call call)
{
	double lo = INFINITY, hi = -INFINITY;
	const struct irqstat_effect *e;
	char size[96];

	for (size_t i = 0; i < n; i++) {
		if (c[i]->call[q] != call)
			continue;
		e = q ? &c[i]->v.p99 : &c[i]->v.p50;
		lo = fmin(lo, e->point);
		hi = fmax(hi, e->point);
	}
	fmt_size(size, sizeof(size), lo, hi);
	fprintf(m, "%s %s than __do_IRQ at p%s", size,
		call == REPORT_FASTER ? "faster" : "slower", q ? "99" : "50");
	where(m, c, n, q, call);
}

/*
 * The clause of design @name if it has a verdict (at p50, else p99):
 * "flow is 7-21% faster than __do_IRQ at p50 in ..., with half the
 * register accesses". Return: whether it had one.
 */
static bool design_clause(FILE *m, const struct report_vs **c, size_t n,
			  const char *name, bool first)
{
	size_t count[2][REPORT_NCALLS] = { { 0 } };
	int q;

	for (size_t i = 0; i < n; i++) {
		count[0][c[i]->call[0]]++;
		count[1][c[i]->call[1]]++;
	}
	for (q = 0; q < 2; q++)
		if (count[q][REPORT_FASTER] || count[q][REPORT_SLOWER])
			break;
	if (q == 2)
		return false;
	fprintf(m, "%s%s is ", first ? "" : "; ", name);
	if (count[q][REPORT_FASTER])
		direction(m, c, n, q, REPORT_FASTER);
	if (count[q][REPORT_FASTER] && count[q][REPORT_SLOWER])
		fputs(" and ", m);
	if (count[q][REPORT_SLOWER])
		direction(m, c, n, q, REPORT_SLOWER);
	cost(m, c, n, q);
	if (q)
		fputs(" (no verdict at p50)", m);
	return true;
}

/* The one reason without a verdict of every cell of @c, both quantiles;
 * REPORT_NCALLS where they differ. */
static enum report_call one_reason(const struct report_vs **c, size_t n,
				   enum report_call one)
{
	for (size_t i = 0; i < n; i++)
		for (int q = 0; q < 2; q++) {
			if (one == REPORT_NCALLS + 1)
				one = c[i]->call[q];
			else if (c[i]->call[q] != one)
				return REPORT_NCALLS;
		}
	return one;
}

/* The chip's sentence, of the group that starts at scenario @first. */
static int chip_sentence(const struct report_verdicts *vs, size_t first,
			 char **out)
{
	const struct run *r = vs->r;
	const char *chip = report_str(r->sc[first].chip);
	const struct report_vs **c = calloc(vs->n + 1, sizeof(*c));
	const char **none = calloc(vs->n + 1, sizeof(*none));
	enum report_call why = REPORT_NCALLS + 1;
	size_t len, n, nnone = 0;
	bool said = false, base = false;
	FILE *m = c && none ? open_memstream(out, &len) : NULL;

	if (!m) {
		free(c);
		free(none);
		return -ENOMEM;
	}
	fprintf(m, "On chip %s, ", chip);
	for (size_t i = first; i < r->nsc; i++)
		base |= !strcmp(report_str(r->sc[i].chip), chip) &&
			run_find_design(&r->sc[i], REPORT_BASE);
	for (size_t i = 0; i < vs->n; i++) {
		const char *name = vs->c[i].d->design;
		bool seen = false;

		if (strcmp(report_str(vs->c[i].sc->chip), chip))
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(report_str(vs->c[k].sc->chip), chip) &&
			       !strcmp(vs->c[k].d->design, name);
		if (seen)
			continue;
		n = chip_cells(vs, first, name, c);
		if (design_clause(m, c, n, name, !said)) {
			said = true;
		} else {
			none[nnone++] = name;
			why = one_reason(c, n, why);
		}
	}
	if (!base)
		fputs("no scenario ran __do_IRQ: nothing to compare", m);
	else if (!said && !nnone)
		fputs("only __do_IRQ ran: nothing to compare", m);
	else if (!said)
		fputs("no design is faster or slower than __do_IRQ: ", m);
	else if (nnone)
		fputs("; ", m);
	for (size_t k = 0; k < nnone; k++)
		fprintf(m, "%s%s",
			!k	       ? "no verdict for " :
			k + 1 == nnone ? " and " :
					 ", ",
			none[k]);
	if (nnone && why < REPORT_NCALLS)
		fprintf(m, " (%s)", why_none[why]);
	fputs(".", m);
	free(c);
	free(none);
	return fclose(m) ? -ENOMEM : 0;
}

/* "24,721": a count with thousands separated. */
static void fmt_count(char *buf, size_t len, uint64_t v)
{
	char raw[32];
	size_t n, at = 0;

	n = (size_t)snprintf(raw, sizeof(raw), "%llu", (unsigned long long)v);
	for (size_t i = 0; i < n && at + 2 < len; i++) {
		if (i && (n - i) % 3 == 0)
			buf[at++] = ',';
		buf[at++] = raw[i];
	}
	buf[at] = '\0';
}

/* "196 us", "1.15 us", "850 ns": a latency to three digits. */
static void fmt_time(char *buf, size_t len, double ns)
{
	char v[20];

	if (ns < 1000) {
		snprintf(buf, len, "%.0f ns", ns);
		return;
	}
	fmt_sig(v, sizeof(v), ns < 1e6 ? ns / 1e3 : ns / 1e6, 3);
	snprintf(buf, len, "%s %s", v, ns < 1e6 ? "us" : "ms");
}

/*
 * The biggest effect: of the cells with a verdict at p50, the one
 * farthest from 1 (either way, on a log scale); at p99 where p50 has
 * none. NULL where the run has no verdict.
 */
static const struct report_vs *biggest(const struct report_verdicts *vs,
				       int *qout)
{
	for (int q = 0; q < 2; q++) {
		const struct report_vs *best = NULL;
		double far = 0;

		for (size_t i = 0; i < vs->n; i++) {
			const struct report_vs *c = &vs->c[i];
			double x =
				fabs(log(q ? c->v.p99.point : c->v.p50.point));

			if (is_verdict(c->call[q]) && x > far) {
				far = x;
				best = c;
			}
		}
		if (best) {
			*qout = q;
			return best;
		}
	}
	return NULL;
}

/*
 * Edges dropped while masked: how many, and what serviced their events
 * (a later edge's handler run, coalesced; none, stranded), then the
 * wait for that later edge against the stimulus's spacing.
 */
static void cause_dropped(FILE *m, const struct report_vs *c)
{
	const struct run_design *d = c->d, *b = c->base;
	char dropped[32], fired[32], co[32], runs[32], bruns[32], st[32];
	char t[48], bt[48], gap[48], rate[32];

	fmt_count(dropped, sizeof(dropped), d->dropped_edges);
	fmt_count(fired, sizeof(fired), d->fired);
	fmt_count(co, sizeof(co), d->coalesced);
	fmt_count(runs, sizeof(runs), d->handler_runs);
	fmt_count(bruns, sizeof(bruns), b->handler_runs);
	fmt_count(st, sizeof(st), d->stranded);
	fprintf(m,
		" the %s controller dropped %s of its %s edges (%.0f%%), because they came while the line was masked (dropped_edges; __do_IRQ's: %llu).",
		report_str(c->sc->chip), dropped, fired,
		100.0 * (double)d->dropped_edges / (double)d->fired,
		(unsigned long long)b->dropped_edges);
	fprintf(m,
		" Their events were serviced only when a later edge of the device started a handler run, which drained them with its own: %s events were serviced coalesced, by %s handler runs (__do_IRQ: %s)",
		co, runs, bruns);
	if (d->stranded)
		fprintf(m,
			", and %s never were (stranded: no later edge came before the block's end)",
			st);
	fputs(".", m);
	fmt_time(t, sizeof(t), (double)d->entry.p50);
	fmt_time(bt, sizeof(bt), (double)b->entry.p50);
	if (c->sc->pattern && c->sc->rate_hz > 0 &&
	    (!strcmp(c->sc->pattern, "burst") ||
	     !strcmp(c->sc->pattern, "periodic"))) {
		fmt_time(gap, sizeof(gap), 1e9 / c->sc->rate_hz);
		fmt_count(rate, sizeof(rate),
			  (uint64_t)llround(c->sc->rate_hz));
		fprintf(m,
			" With %s arrivals at %s a second, the next edge came with the next %s, %s on: its p50 is %s, __do_IRQ's %s.",
			c->sc->pattern, rate,
			strcmp(c->sc->pattern, "burst") ? "event" : "burst",
			gap, t, bt);
	} else {
		fprintf(m,
			" That wait is its latency: its p50 is %s, __do_IRQ's %s.",
			t, bt);
	}
}

/* The hand-off to a thread: where the hard handler ran, and the thread. */
static void cause_thread(FILE *m, const struct report_vs *c)
{
	char hard[48], th[48], bt[48];

	fmt_time(hard, sizeof(hard), (double)c->d->hard.p50);
	fmt_time(th, sizeof(th), (double)c->d->entry.p50);
	fmt_time(bt, sizeof(bt), (double)c->base->entry.p50);
	fprintf(m,
		" its handler runs in a thread: the hard handler was entered at p50 %s after the fire, the thread's handler at %s, against __do_IRQ's handler at %s; the difference is the thread's wake-up and switch.",
		hard, th, bt);
}

/* The cause of cell @c's effect at quantile @q, as a paragraph. */
static int cause(const struct report_vs *c, int q, char **out)
{
	const struct run_design *d = c->d, *b = c->base;
	const struct irqstat_effect *e = q ? &c->v.p99 : &c->v.p50;
	char size[96];
	size_t len;
	FILE *m = open_memstream(out, &len);

	if (!m)
		return -ENOMEM;
	fmt_size(size, sizeof(size), e->point, e->point);
	fprintf(m, "The biggest effect, %s %s %s than __do_IRQ at p%s in %s:",
		d->design, size, e->point < 1 ? "faster" : "slower",
		q ? "99" : "50", c->sc->name);
	if (d->fired && d->dropped_edges > b->dropped_edges &&
	    d->dropped_edges * 100 >= d->fired) {
		cause_dropped(m, c);
	} else if (d->threaded && d->hard.count) {
		cause_thread(m, c);
	} else {
		fprintf(m,
			" the run recorded no dropped edges, stranded events or hand-off to a thread for it; it makes %.2f register accesses an interrupt against __do_IRQ's %.2f. \"Why the tail\" cuts its slowest events into causes.",
			d->accesses_per_irq, b->accesses_per_irq);
	}
	return fclose(m) ? -ENOMEM : 0;
}

/**
 * report_sentences - the finding in one sentence per chip, then the cause
 * of the run's biggest effect
 * @vs: the run's verdicts (report_verdicts_make())
 * @put: called with each sentence (plain text, one line) in turn; 0 to
 *	go on, or -errno to stop with
 * @arg: for @put
 *
 * Return: how many, or -errno (-ENOMEM, @put's).
 */
int report_sentences(const struct report_verdicts *vs,
		     int (*put)(void *arg, const char *para), void *arg)
{
	const struct run *r = vs->r;
	const struct report_vs *big;
	int n = 0, ret = 0, q = 0;
	char *p = NULL;

	for (size_t i = 0; !ret && i < r->nsc; i++) {
		bool first = true;

		for (size_t j = 0; first && j < i; j++)
			first = strcmp(report_str(r->sc[i].chip),
				       report_str(r->sc[j].chip));
		if (!first)
			continue;
		ret = chip_sentence(vs, i, &p);
		if (!ret)
			ret = put(arg, p);
		free(p);
		p = NULL;
		n++;
	}
	big = ret ? NULL : biggest(vs, &q);
	if (big) {
		ret = cause(big, q, &p);
		if (!ret)
			ret = put(arg, p);
		free(p);
		n++;
	}
	return ret ? ret : n;
}
