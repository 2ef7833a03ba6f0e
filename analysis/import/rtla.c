// SPDX-License-Identifier: GPL-2.0
/*
 * rtla's histograms, `rtla timerlat hist` and `rtla osnoise hist`
 * (docs/import.md): "# " header lines (the time unit among them), the
 * column line "Index IRQ-000 Thr-000 ..." ("CPU-000" for osnoise), a
 * line per bucket whose index is the bucket's low edge, then the footer
 * over/count/min/avg/max, a figure per column. rtla's count includes
 * over. --no-index drops the index column and the footer's labels (the
 * last five lines are then the footer, and the bucket lines are read as
 * the buckets from 0, as --with-zeros prints them); --no-header drops
 * the header and the column line (the columns are then rtla's defaults);
 * --no-summary drops count/min/avg/max, leaving over: (the count is then
 * the buckets' and over's). A zero count prints "-" for min/avg/max
 * (rtla before 6.9 printed ~0 for min). What follows the footer is not
 * read: the "ALL:" totals of rtla 6.9 on (under --no-index a bare "IRQ
 * Thr Usr" line), and what a stop threshold adds ("rtla timerlat hit
 * stop tracing", the auto-analysis, "Saving trace to ...", "N events
 * missed"). The printf calls followed are those of Linux 6.15's
 * tools/tracing/rtla/src/timerlat_hist.c and osnoise_hist.c, whose
 * layout has not changed since rtla's first release (5.17) but for the
 * ALL block, the Usr- columns and osnoise's avg (%.2f).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "import_internal.h"

#define MAX_COLS 3072 /* 1024 CPUs, three columns each */

static const char *const foot_key[5] = { "over:", "count:", "min:", "avg:",
					 "max:" };

/* One line of figures: a label (or none), then a number per column. */
struct row {
	int foot; /* foot_key index, or -1 */
	unsigned int line;
	double *v; /* as printed; NAN: "-" (or ~0, a zero count's min) */
	size_t n;
};

struct rtla {
	bool header, index, over_seen;
	char (*col)[16]; /* "IRQ-000", or made up */
	size_t ncols;
	unsigned int col_line; /* the column line's, or the first's */
	struct row *rows;
	size_t nrows;
};

/* The column line's names. */
static int columns(struct imp_text *t, struct rtla *h, const char *s)
{
	char name[16];
	int used;

	h->index = imp_starts(s, "Index");
	h->col_line = t->line;
	s += h->index ? 5 : 0;
	h->ncols = 0;
	while (sscanf(s, " %15s%n", name, &used) == 1) {
		char(*c)[16];

		if (h->ncols == MAX_COLS)
			return imp_fail(t, "more than %d columns", MAX_COLS);
		c = realloc(h->col, (h->ncols + 1) * sizeof(*c));
		if (!c)
			return -ENOMEM;
		h->col = c;
		memcpy(h->col[h->ncols++], name, sizeof(name));
		s += used;
	}
	if (!h->ncols && h->index)
		return imp_fail(
			t,
			"a column line without columns: rtla saw no sample on any CPU, nothing to import");
	return h->ncols ? 0 : imp_fail(t, "a column line without columns");
}

/* A line of figures into a new row. */
static int figures(struct imp_text *t, struct rtla *h, const char *s)
{
	struct row *r = realloc(h->rows, (h->nrows + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	h->rows = r;
	r += h->nrows++;
	*r = (struct row){ .foot = -1, .line = t->line };
	for (int k = 0; k < 5; k++)
		if (imp_starts(s, foot_key[k])) {
			r->foot = k;
			s += strlen(foot_key[k]);
		}
	r->v = calloc(MAX_COLS + 1, sizeof(*r->v));
	if (!r->v)
		return -ENOMEM;
	while (*(s = imp_skip_blank(s))) {
		double d;

		if (r->n == MAX_COLS + 1)
			return imp_fail(t, "more than %d columns", MAX_COLS);
		if (*s == '-' && (s[1] == ' ' || !s[1])) {
			r->v[r->n++] = NAN;
			s++;
		} else if (imp_num(&s, &d) &&
			   (!*s || *s == ' ' || *s == '\t')) {
			/* 2^63 and up: rtla's ~0, the min of no event */
			r->v[r->n++] = d < 9.2e18 ? d : NAN;
		} else {
			return imp_fail(
				t,
				"\"%.30s\" is not a figure of rtla's histogram",
				s);
		}
	}
	return 0;
}

/* "IRQ Thr Usr", the ALL block's column line under --no-index. */
static bool all_columns(const char *s)
{
	bool any = false;

	while (*(s = imp_skip_blank(s))) {
		if (!imp_starts(s, "IRQ") && !imp_starts(s, "Thr") &&
		    !imp_starts(s, "Usr"))
			return false;
		s += 3;
		if (*s && *s != ' ' && *s != '\t')
			return false;
		any = true;
	}
	return any;
}

/*
 * Whether @s is past the histogram: what rtla prints after the footer.
 * After a labelled over: line, any line that is no footer line and no
 * figures is (the auto-analysis has many shapes).
 */
static bool past_histogram(const struct rtla *h, const char *s)
{
	bool label = false;

	for (int k = 0; k < 5; k++)
		label |= imp_starts(s, foot_key[k]);
	return imp_starts(s, "ALL:") || all_columns(s) ||
	       imp_starts(s, "rtla ") || imp_starts(s, "Saving trace") ||
	       strstr(s, "events missed") ||
	       (h->over_seen && !label && (*s < '0' || *s > '9'));
}

static int lines(struct imp_run *r, struct imp_text *t, struct rtla *h)
{
	int ret;

	while ((ret = imp_text_next(t)) > 0) {
		const char *s = imp_skip_blank(t->cur);

		if (!*s)
			continue;
		if (*s == '#') {
			h->header = true;
			if (strstr(s, "Time unit is nanoseconds"))
				r->unit_ns = 1;
			continue;
		}
		if (past_histogram(h, s)) {
			ret = 0;
			break;
		}
		h->over_seen |= imp_starts(s, "over:");
		if (imp_starts(s, "Index") || imp_starts(s, "IRQ-") ||
		    imp_starts(s, "Thr-") || imp_starts(s, "CPU-") ||
		    imp_starts(s, "Usr-"))
			ret = h->ncols ? imp_fail(t, "a second column line") :
					 columns(t, h, s);
		else
			ret = figures(t, h, s);
		if (ret)
			return ret;
	}
	return ret;
}

/* The defaults of a file without its column line. */
static int default_columns(struct imp_run *r, struct imp_text *t,
			   struct rtla *h, size_t figs)
{
	size_t per = r->format == IMP_TIMERLAT ? 2 : 1;

	if (!figs || figs % per || figs / per > MAX_COLS / 3)
		return imp_fail(
			t,
			"%zu columns without a column line: not rtla's defaults (%s)",
			figs,
			per == 2 ? "IRQ and Thread per CPU" : "one per CPU");
	h->col = calloc(figs, sizeof(*h->col));
	if (!h->col)
		return -ENOMEM;
	h->ncols = figs;
	for (size_t i = 0; i < figs; i++)
		snprintf(h->col[i], sizeof(h->col[i]), "%s-%03u",
			 per == 1 ? "CPU" :
			 i % 2	  ? "Thr" :
				    "IRQ",
			 (unsigned int)(i / per % 10000));
	return 0;
}

/* A column's cell: "IRQ-002" is cpu2 x irq. */
static struct imp_cell *column_cell(struct imp_run *r, struct imp_text *t,
				    const char *col, unsigned int line)
{
	static const struct {
		const char *pfx, *design;
		enum imp_format f;
	} kinds[] = {
		{ "IRQ-", "irq", IMP_TIMERLAT },
		{ "Thr-", "thread", IMP_TIMERLAT },
		{ "Usr-", "user", IMP_TIMERLAT },
		{ "CPU-", "noise", IMP_OSNOISE },
	};
	const char *p = col + 4;
	char scen[32];
	uint64_t cpu;

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (!imp_starts(col, kinds[k].pfx))
			continue;
		if (kinds[k].f != r->format || !imp_u64(&p, &cpu) || *p ||
		    cpu >= MAX_COLS)
			break;
		snprintf(scen, sizeof(scen), "cpu%llu",
			 (unsigned long long)cpu);
		for (size_t i = 0; i < r->nc; i++)
			if (!strcmp(r->c[i].scenario, scen) &&
			    !strcmp(r->c[i].design, kinds[k].design)) {
				t->line = line;
				imp_fail(t, "column %s twice", col);
				return NULL;
			}
		return imp_cell_add(r, scen, kinds[k].design, col, line);
	}
	t->line = line;
	imp_fail(t, "column %s is not one of %s", col,
		 r->format == IMP_TIMERLAT ? "IRQ-N, Thr-N, Usr-N" : "CPU-N");
	return NULL;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t c = a % b;

		a = b;
		b = c;
	}
	return a;
}

/* The bucket size: the indices' greatest common step (1 unit alone). */
static uint64_t bucket_units(const struct rtla *h, size_t nb)
{
	uint64_t g = 0;

	for (size_t i = 1; h->index && i < nb; i++)
		g = gcd(g, (uint64_t)h->rows[i].v[0] -
				   (uint64_t)h->rows[i - 1].v[0]);
	return g ? g : 1;
}

/* Whether @d is a count: a whole number rtla printed with %d. */
static bool is_count(double d)
{
	return d >= 0 && d < 9.2e18 && d == (double)(uint64_t)d;
}

/*
 * The footer's figures of column @k into @c; @foot[f]: its row. Without
 * count/min/avg/max (--no-summary) the count is the buckets' and over's.
 */
static int footer(struct imp_run *r, struct imp_text *t, struct row **foot,
		  size_t k, struct imp_cell *c)
{
	bool summary = foot[1] || foot[2] || foot[3] || foot[4];
	double f[5];
	uint64_t held = 0;

	for (int i = 0; i < 5; i++) {
		if (!foot[i] && (!i || summary)) {
			t->line = t->line ? t->line : 1;
			return imp_fail(t, "no %s line in the footer",
					foot_key[i]);
		}
		f[i] = foot[i] ? foot[i]->v[k] : NAN;
	}
	for (size_t i = 0; i < c->nb; i++)
		held += c->b[i].count;
	if (!is_count(f[0]) || (summary && !is_count(f[1]))) {
		t->line = foot[0]->line;
		return imp_fail(t, "%s: over and count must be counts",
				c->source);
	}
	c->over = (uint64_t)f[0];
	c->count = summary ? (uint64_t)f[1] : held + c->over;
	if (held > c->count || c->count - held != c->over) {
		t->line = foot[1]->line;
		return imp_fail(
			t,
			"%s: count %llu is not its buckets' %llu and over %llu",
			c->source, (unsigned long long)c->count,
			(unsigned long long)held, (unsigned long long)c->over);
	}
	if (summary && !isnan(f[2]) && !isnan(f[3]) && !isnan(f[4]) &&
	    c->count) {
		c->has_summary = true;
		c->min_ns = (uint64_t)f[2] * r->unit_ns;
		c->avg_ns = f[3] * (double)r->unit_ns;
		c->max_ns = (uint64_t)f[4] * r->unit_ns;
	}
	return 0;
}

/*
 * Whether the last five of @nrows rows can be an unlabelled footer: each
 * column's count (the fourth last) is its buckets' and over's (the fifth).
 */
static bool summary_fits(const struct rtla *h)
{
	size_t n = h->nrows;

	if (n < 5)
		return false;
	for (size_t k = 0; k < h->rows[n - 5].n; k++) {
		double held = h->rows[n - 5].v[k];

		for (size_t i = 0; i + 5 < n; i++)
			held += k < h->rows[i].n ? h->rows[i].v[k] : NAN;
		if (h->rows[n - 4].n != h->rows[n - 5].n ||
		    h->rows[n - 4].v[k] != held)
			return false;
	}
	return true;
}

/*
 * The footer's rows: labelled, or (no labels) the last five lines, or
 * the last alone where those five do not add up (--no-summary).
 */
static int find_footer(struct imp_text *t, struct rtla *h, struct row **foot,
		       size_t *nb)
{
	bool labelled = false;

	*nb = h->nrows;
	memset(foot, 0, 5 * sizeof(*foot));
	for (size_t i = 0; i < h->nrows; i++)
		if (h->rows[i].foot >= 0) {
			foot[h->rows[i].foot] = &h->rows[i];
			*nb = *nb < i ? *nb : i;
			labelled = true;
		}
	if (!labelled && !h->index && summary_fits(h)) {
		*nb = h->nrows - 5;
		for (int k = 0; k < 5; k++)
			foot[k] = &h->rows[*nb + (size_t)k];
	} else if (!labelled && !h->index && h->nrows >= 1) {
		*nb = h->nrows - 1;
		foot[0] = &h->rows[*nb];
	}
	for (size_t i = *nb; labelled && i < h->nrows; i++)
		if (h->rows[i].foot < 0) {
			t->line = h->rows[i].line;
			return imp_fail(t, "a bucket line inside the footer");
		}
	return 0;
}

static int make_cells(struct imp_run *r, struct imp_text *t, struct rtla *h)
{
	struct row *foot[5];
	size_t nb, figs;
	uint64_t w;
	int ret = find_footer(t, h, foot, &nb);

	if (ret)
		return ret;
	if (!h->ncols)
		h->index = nb && h->rows[0].n == h->rows[nb - 1].n && foot[0] &&
			   h->rows[0].n == foot[0]->n + 1;
	figs = foot[0] ? foot[0]->n : nb ? h->rows[0].n - h->index : 0;
	if (!h->ncols && (ret = default_columns(r, t, h, figs)))
		return ret;
	for (size_t i = 0; i < h->nrows; i++) {
		size_t want = h->ncols + (h->rows[i].foot < 0 && h->index);

		if (h->rows[i].n != want) {
			t->line = h->rows[i].line;
			return imp_fail(
				t, "%zu figures where the columns need %zu",
				h->rows[i].n, want);
		}
		for (size_t k = 0; i < nb && k < h->rows[i].n; k++)
			if (!is_count(h->rows[i].v[k])) {
				t->line = h->rows[i].line;
				return imp_fail(
					t,
					"a bucket line's figure %zu is not a count",
					k + 1);
			}
		if (i && i < nb && h->index &&
		    h->rows[i].v[0] <= h->rows[i - 1].v[0]) {
			t->line = h->rows[i].line;
			return imp_fail(
				t, "index %llu after %llu",
				(unsigned long long)h->rows[i].v[0],
				(unsigned long long)h->rows[i - 1].v[0]);
		}
	}
	w = bucket_units(h, nb);
	if (!imp_mul(w, r->unit_ns, &w))
		return imp_fail(t, "a bucket size out of range");
	for (size_t k = 0; k < h->ncols; k++) {
		struct imp_cell *c = column_cell(r, t, h->col[k],
						 h->col_line ? h->col_line :
						 nb	     ? h->rows[0].line :
							       1);
		uint64_t lo, top = 0;

		if (!c)
			return t->err[0] ? -EINVAL : -ENOMEM;
		c->kind = IMP_HIST;
		c->bucket_ns = w;
		for (size_t i = 0; i < nb; i++) {
			uint64_t at = h->index ? (uint64_t)h->rows[i].v[0] /
							 (w / r->unit_ns) :
						 i;

			if (!imp_mul(at, w, &lo) || lo > INT64_MAX - w)
				return imp_fail(t, "an index out of range");
			if (imp_cell_bucket(
				    c, lo, lo + w,
				    (uint64_t)h->rows[i].v[k + h->index]))
				return -ENOMEM;
			top = lo + w;
		}
		c->has_range = nb > 0;
		c->range_ns = top;
		if ((ret = footer(r, t, foot, k, c)))
			return ret;
	}
	return 0;
}

int imp_read_rtla(struct imp_run *r, struct imp_text *t)
{
	struct rtla h = { 0 };
	int ret;

	t->err[0] = '\0';
	ret = lines(r, t, &h);
	if (!ret && !h.nrows)
		ret = imp_fail(t, "no histogram lines: not rtla's %s hist",
			       r->format == IMP_TIMERLAT ? "timerlat" :
							   "osnoise");
	if (!ret)
		ret = make_cells(r, t, &h);
	for (size_t i = 0; i < h.nrows; i++)
		free(h.rows[i].v);
	free(h.rows);
	free(h.col);
	return ret;
}
