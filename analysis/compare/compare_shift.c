// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare's two levels of change (docs/statistics.md): each run's
 * global level over every cell, the global shift between the sides over
 * those levels, and each cell's change against it, with the run-to-run
 * spread pooled from the replicates within each side.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "compare_internal.h"

/* Within-side sum of squares of @x about its side's mean; its df. */
static double side_ss(const double *x, size_t n, size_t *df)
{
	double sum = 0, ss = 0;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i])) {
			sum += x[i];
			k++;
		}
	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]))
			ss += (x[i] - sum / (double)k) *
			      (x[i] - sum / (double)k);
	*df = k ? k - 1 : 0;
	return ss;
}

/*
 * Each run's global level: the median over cells of its summary less
 * the cell's reference (the median over every run of both sides, so
 * that no side is favoured and the runs stay exchangeable under no
 * change). Into sh->gb and sh->gn.
 */
void cmp_run_levels(const struct side *base, const struct side *now,
		    struct cell *c, size_t nc, struct shift *sh)
{
	size_t nr = base->n + now->n;
	double *all = calloc(nr ? nr : 1, sizeof(*all));
	double *ref = calloc(nc ? nc : 1, sizeof(*ref));
	double *col = calloc(nc ? nc : 1, sizeof(*col));

	for (size_t i = 0; all && ref && i < nc; i++) {
		memcpy(all, c[i].sb, base->n * sizeof(*all));
		memcpy(all + base->n, c[i].sn, now->n * sizeof(*all));
		ref[i] = irqstat_median_finite(all, nr);
	}
	for (size_t r = 0; all && ref && col && r < nr; r++) {
		bool b = r < base->n;
		size_t j = b ? r : r - base->n;

		for (size_t i = 0; i < nc; i++)
			col[i] = (b ? c[i].sb[j] : c[i].sn[j]) - ref[i];
		(b ? sh->gb : sh->gn)[j] = irqstat_median_finite(col, nc);
	}
	free(all);
	free(ref);
	free(col);
}

/*
 * The global shift, a quantity of its own, over the runs' levels: the
 * Mann-Whitney interval of the Hodges-Lehmann shift where the runs
 * allow one at @level, else Student's t from the levels' spread within
 * each side; with one run a side there is none to be had.
 */
void cmp_global_shift(const struct side *base, const struct side *now,
		      double level, struct shift *sh)
{
	size_t fb, fn;
	double ss =
		side_ss(sh->gb, base->n, &fb) + side_ss(sh->gn, now->n, &fn);
	size_t nb = 0, nn = 0;

	for (size_t i = 0; i < base->n; i++)
		nb += isfinite(sh->gb[i]);
	for (size_t i = 0; i < now->n; i++)
		nn += isfinite(sh->gn[i]);
	if (irqstat_ranksum_can(nb, nn, level)) {
		irqstat_ranksum(sh->gb, base->n, sh->gn, now->n, level,
				&sh->global);
		sh->method = "Hodges-Lehmann over runs, Mann-Whitney interval";
		return;
	}
	irqstat_runs_shift(sh->gb, base->n, sh->gn, now->n,
			   fb + fn ? ss / (double)(fb + fn) : 0,
			   (double)(fb + fn), level, &sh->global);
	sh->method =
		fb + fn ?
			"difference of the runs' mean levels, t interval from their spread within each side" :
			"untestable: one run a side";
}

/*
 * Each cell against the global shift: its runs' summaries less their
 * run's level, the side means' difference, with the run-to-run spread
 * pooled over the cells from the replicates within each side (never
 * from the differences being tested). 0, or -ENOMEM.
 */
int cmp_local_shifts(const struct side *base, const struct side *now,
		     struct cell *c, size_t nc, double level, struct shift *sh)
{
	double *v = calloc(nc ? nc : 1, sizeof(*v));
	size_t k = 0, full = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < nc; i++) {
		size_t fb, fn;
		double ss;

		c[i].vb = c[i].vn = 0;
		for (size_t j = 0; j < base->n; j++) {
			c[i].eb[j] = c[i].sb[j] - sh->gb[j];
			c[i].vb += isfinite(c[i].eb[j]);
		}
		for (size_t j = 0; j < now->n; j++) {
			c[i].en[j] = c[i].sn[j] - sh->gn[j];
			c[i].vn += isfinite(c[i].en[j]);
		}
		ss = side_ss(c[i].eb, base->n, &fb) +
		     side_ss(c[i].en, now->n, &fn);
		/* Cells with every run: one df for all, as pooling needs. */
		if (fb + fn && c[i].vb == base->n && c[i].vn == now->n) {
			v[k++] = ss / (double)(fb + fn);
			full = fb + fn;
		}
	}
	sh->var = irqstat_pooled_var(v, k, (double)full, &sh->df);
	sh->replicates = (unsigned int)k;
	free(v);
	for (size_t i = 0; i < nc; i++) {
		const struct irqstat_shift *g = &sh->global;
		struct irqstat_shift *l = &c[i].local;

		irqstat_runs_shift(c[i].eb, base->n, c[i].en, now->n, sh->var,
				   sh->df, level, l);
		c[i].lo = g->enough && l->enough ? g->lo * l->lo : NAN;
		c[i].hi = g->enough && l->enough ? g->hi * l->hi : NAN;
	}
	return 0;
}
