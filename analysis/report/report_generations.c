// SPDX-License-Identifier: GPL-2.0
/*
 * Report section "Two generations": per scenario that ran the modern
 * family (designs v6-*, Linux v6.17's genirq on each chip's modern
 * driver form) beside flow (2.6.18's flow handlers), each modern design
 * against flow: its latency ratio over the interleaved rounds with the
 * same interval as the headline's and Holm's step-down over this
 * section's family of comparisons, its register accesses per interrupt,
 * and the access difference by the chip operation that makes it (the
 * elided mask, the skipped or moved EOI), from summary.json's
 * chip_accesses_by_op. Also the one sentence per chip the finding ends
 * its paragraph with (report_generations_sentence()).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/infer.h"
#include "analysis/stats.h"
#include "report_finding.h"
#include "report_internal.h"

#define V6_PREFIX "v6-"
#define V6_BASE "flow"

static bool is_v6(const char *design)
{
	return !strncmp(design, V6_PREFIX, strlen(V6_PREFIX));
}

bool report_generations_applies(const struct run *r)
{
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (is_v6(r->sc[i].d[k].design))
				return true;
	return false;
}

/* One modern design against flow in one scenario. */
struct gen_cell {
	const struct run_scenario *sc;
	const struct run_design *d, *base;
	struct vs_base v;
};

struct gens {
	struct gen_cell *c;
	size_t n;
	double cutoff; /* Holm's over every cell's p50 and p99 */
};

static int holm(struct gens *g)
{
	double *p = calloc(2 * g->n + 1, sizeof(*p));
	bool *rej = calloc(2 * g->n + 1, sizeof(*rej));
	size_t n = 0;

	if (!p || !rej) {
		free(p);
		free(rej);
		return -ENOMEM;
	}
	g->cutoff = -1;
	for (size_t i = 0; i < g->n; i++) {
		if (g->c[i].v.p50.enough)
			p[n++] = g->c[i].v.p50.p;
		if (g->c[i].v.p99.enough)
			p[n++] = g->c[i].v.p99.p;
	}
	if (irqstat_holm(p, n, 1 - REPORT_LEVEL, rej) > 0)
		for (size_t i = 0; i < n; i++)
			if (rej[i] && p[i] > g->cutoff)
				g->cutoff = p[i];
	free(p);
	free(rej);
	return 0;
}

static int gens_make(const struct run *r, struct gens *g)
{
	size_t max = 1;

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < r->nsc; i++)
		max += r->sc[i].nd;
	g->c = calloc(max, sizeof(*g->c));
	if (!g->c)
		return -ENOMEM;
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];
		const struct run_design *b = run_find_design(sc, V6_BASE);

		for (size_t k = 0; b && k < sc->nd; k++) {
			struct gen_cell *c = &g->c[g->n];

			if (!is_v6(sc->d[k].design))
				continue;
			c->sc = sc;
			c->d = &sc->d[k];
			c->base = b;
			report_versus(c->d, b, &c->v);
			g->n++;
		}
	}
	return holm(g);
}

/* The interrupts a design took: its accesses over accesses per irq. */
static double irqs_of(const struct run_design *d)
{
	if (!isfinite(d->accesses_per_irq) || d->accesses_per_irq <= 0)
		return NAN;
	return (double)d->chip_accesses / d->accesses_per_irq;
}

/*
 * @d's accesses per interrupt minus @b's, by operation, in words:
 * "mask -1.00, unmask -1.00"; "" where neither recorded them or none
 * differs by 0.01 or more.
 */
static void by_op_words(char *buf, size_t len, const struct run_design *d,
			const struct run_design *b)
{
	double nd = irqs_of(d), nb = irqs_of(b);
	size_t at = 0;

	buf[0] = '\0';
	if (!d->has_by_op || !b->has_by_op || !isfinite(nd) || !isfinite(nb))
		return;
	for (unsigned int a = 0; a < RUN_NR_ACC && at < len; a++) {
		double diff =
			(double)d->by_op[a] / nd - (double)b->by_op[a] / nb;

		if (fabs(diff) < 0.005)
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s %+.2f",
				       at ? ", " : "", run_acc_name(a), diff);
	}
}

static const char *call_word(enum report_call c)
{
	switch (c) {
	case REPORT_FASTER:
		return "faster";
	case REPORT_SLOWER:
		return "slower";
	case REPORT_FAMILY:
		return "no verdict (Holm)";
	case REPORT_SPANS:
		return "no verdict (spans 1)";
	case REPORT_FEW:
		return "no verdict (few rounds)";
	default:
		return "no interval";
	}
}

static void cell_row(struct doc *d, const struct gens *g,
		     const struct gen_cell *c)
{
	char p50[96], p99[96], acc[32], ops[256], v50[96], v99[96];
	const char *row[8];

	report_fmt_ratio(p50, sizeof(p50), &c->v.p50);
	report_fmt_ratio(p99, sizeof(p99), &c->v.p99);
	snprintf(v50, sizeof(v50), "%s",
		 call_word(report_call(&c->v.p50, g->cutoff)));
	snprintf(v99, sizeof(v99), "%s",
		 call_word(report_call(&c->v.p99, g->cutoff)));
	report_fmt_num(acc, sizeof(acc), c->d->accesses_per_irq, 2);
	by_op_words(ops, sizeof(ops), c->d, c->base);
	row[0] = c->d->design;
	row[1] = report_str(c->d->flow);
	row[2] = p50;
	row[3] = v50;
	row[4] = p99;
	row[5] = v99;
	row[6] = acc;
	row[7] = ops[0] ? ops : "none";
	doc_row(d, row);
}

int report_generations(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"design",     "flow handler",
		"p50 / flow", "p50 verdict",
		"p99 / flow", "p99 verdict",
		"acc/irq",    "accesses/irq against flow, by operation",
	};
	const struct run *r = &rp->run;
	const struct run_scenario *last = NULL;
	struct gens g;
	int ret = gens_make(r, &g);

	if (ret)
		return ret;
	doc_para(
		d,
		"The 2006 core (design flow: 2.6.18's flow handlers and irq_chip forms) against its descendant (v6-*: Linux v6.17's genirq, core6/, with each chip programmed by its modern driver form on the same register model and costs). Ratios are a modern design's quantile over flow's in the same scenario, paired over the interleaved rounds as in the headline; a verdict needs the interval to exclude 1 and Holm's step-down at 5%% over this section's %zu comparisons (p50 and p99 each). The last column is where the register accesses differ: per interrupt, by the chip operation that made them (mask and unmask elided by IRQD_IRQ_MASKED or made from a cached entry, an EOI skipped or moved to the thread).",
		2 * g.n);
	for (size_t i = 0; i < g.n; i++) {
		const struct gen_cell *c = &g.c[i];
		char acc[32];

		if (c->sc != last) {
			if (last)
				doc_table_end(d);
			report_fmt_num(acc, sizeof(acc),
				       c->base->accesses_per_irq, 2);
			doc_para(
				d,
				"Scenario %s (chip %s, %s): flow %s, %s accesses/irq.",
				c->sc->name, report_str(c->sc->chip),
				report_str(c->sc->trigger),
				report_str(c->base->flow), acc);
			doc_table(d, 8, 2, head);
			last = c->sc;
		}
		cell_row(d, &g, c);
	}
	if (last)
		doc_table_end(d);
	else
		doc_para(d, "No scenario ran a modern design beside flow.");
	free(g.c);
	return 0;
}

/**
 * report_generations_sentence - the finding's sentence on one chip
 * @r: the run
 * @chip: the chip's name
 * @buf: where the sentence goes ("" when the chip ran no v6-flow beside
 *	flow)
 * @len: its size
 *
 * Which generation is faster at p50 in each scenario of @chip that ran
 * both, where this section's verdicts say so, and what v6-flow saves or
 * adds in register accesses per interrupt against flow.
 */
void report_generations_sentence(const struct run *r, const char *chip,
				 char *buf, size_t len)
{
	struct gens g;
	size_t at = 0;

	buf[0] = '\0';
	if (gens_make(r, &g))
		return;
	for (size_t i = 0; i < g.n && at < len; i++) {
		const struct gen_cell *c = &g.c[i];
		enum report_call k = report_call(&c->v.p50, g.cutoff);
		double dacc =
			c->d->accesses_per_irq - c->base->accesses_per_irq;
		char ops[256];

		if (strcmp(report_str(c->sc->chip), chip) ||
		    strcmp(c->d->design, "v6-flow"))
			continue;
		by_op_words(ops, sizeof(ops), c->d, c->base);
		if (k == REPORT_FASTER || k == REPORT_SLOWER)
			at += (size_t)snprintf(
				buf + at, len - at,
				"%sIn %s the modern core (v6-flow) is %s than 2.6.18's flow at p50, %.2fx",
				at ? " " : "", c->sc->name,
				k == REPORT_FASTER ? "faster" : "slower",
				c->v.p50.point);
		else
			at += (size_t)snprintf(
				buf + at, len - at,
				"%sIn %s the data give no verdict between the modern core (v6-flow) and 2.6.18's flow at p50 (%s)",
				at ? " " : "", c->sc->name, call_word(k));
		if (at < len)
			at += (size_t)snprintf(
				buf + at, len - at,
				"; it makes %+.2f register accesses per interrupt%s%s%s.",
				isfinite(dacc) ? dacc : 0.0, ops[0] ? " (" : "",
				ops, ops[0] ? ")" : "");
	}
	free(g.c);
}

void report_generations_finding(FILE *m, const struct run *r, const char *chip)
{
	char buf[2048];

	report_generations_sentence(r, chip, buf, sizeof(buf));
	if (buf[0])
		fprintf(m, " %s", buf);
}
