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
 * the header and the column line (the columns are then rtla's defaults).
 * A later "ALL:" block of totals is not read: the per-CPU cells are.
 */
#include <errno.h>
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
	uint64_t *v; /* NAN-free counts; UINT64_MAX: "-" */
	size_t n;
};

struct rtla {
	bool header, index;
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
			r->v[r->n++] = UINT64_MAX;
			s++;
		} else if (imp_num(&s, &d) &&
			   (!*s || *s == ' ' || *s == '\t')) {
			r->v[r->n++] = (uint64_t)(d + 0.5);
		} else {
			return imp_fail(
				t,
				"\"%.30s\" is not a figure of rtla's histogram",
				s);
		}
	}
	return 0;
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
		if (imp_starts(s, "ALL:")) {
			ret = 0;
			break;
		}
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
		g = gcd(g, h->rows[i].v[0] - h->rows[i - 1].v[0]);
	return g ? g : 1;
}

/* The footer's figures of column @k into @c; @foot[f]: its row. */
static int footer(struct imp_run *r, struct imp_text *t, struct row **foot,
		  size_t k, struct imp_cell *c)
{
	uint64_t f[5], held = 0;

	for (int i = 0; i < 5; i++) {
		if (!foot[i]) {
			t->line = t->line ? t->line : 1;
			return imp_fail(t, "no %s line in the footer",
					foot_key[i]);
		}
		f[i] = foot[i]->v[k];
	}
	if (f[0] == UINT64_MAX || f[1] == UINT64_MAX) {
		t->line = foot[0]->line;
		return imp_fail(t, "%s: over and count must be counts",
				c->source);
	}
	c->over = f[0];
	c->count = f[1];
	for (size_t i = 0; i < c->nb; i++)
		held += c->b[i].count;
	if (held > c->count || c->count - held != c->over) {
		t->line = foot[1]->line;
		return imp_fail(
			t,
			"%s: count %llu is not its buckets' %llu and over %llu",
			c->source, (unsigned long long)c->count,
			(unsigned long long)held, (unsigned long long)c->over);
	}
	if (f[2] != UINT64_MAX && f[3] != UINT64_MAX && f[4] != UINT64_MAX &&
	    c->count) {
		c->has_summary = true;
		c->min_ns = f[2] * r->unit_ns;
		c->avg_ns = (double)f[3] * (double)r->unit_ns;
		c->max_ns = f[4] * r->unit_ns;
	}
	return 0;
}

/* The footer's rows: labelled, or (no labels) the last five lines. */
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
	if (!labelled && h->nrows >= 5 && !h->index) {
		*nb = h->nrows - 5;
		for (int k = 0; k < 5; k++)
			foot[k] = &h->rows[*nb + (size_t)k];
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
		h->index = nb && h->rows[0].n == h->rows[nb - 1].n && foot[1] &&
			   h->rows[0].n == foot[1]->n + 1;
	figs = foot[1] ? foot[1]->n : nb ? h->rows[0].n - h->index : 0;
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
			uint64_t at =
				h->index ? h->rows[i].v[0] / (w / r->unit_ns) :
					   i;

			if (!imp_mul(at, w, &lo) || lo > INT64_MAX - w)
				return imp_fail(t, "an index out of range");
			if (imp_cell_bucket(c, lo, lo + w,
					    h->rows[i].v[k + h->index]))
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
