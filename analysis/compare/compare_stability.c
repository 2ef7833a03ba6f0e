// SPDX-License-Identifier: GPL-2.0
/*
 * How far the runs of a folder of runs (irqlab run --repeat) moved, per
 * scenario x design, into its stability.md (docs/statistics.md): each
 * run's p50, the spread between runs beside the spread one run's blocks
 * show, and for the cells the runs do not agree on within 10%, what the
 * runs recorded that differs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "compare_internal.h"
#include "analysis/report.h"

/* Stolen time's share of the blocks, CPUs and device thread together. */
static double noise_share(const struct run_design *d)
{
	return d->has_noise && d->noise_span_ns ?
		       (double)(d->noise_cpu.total_ns + d->noise_dev.total_ns) /
			       (double)d->noise_span_ns :
		       NAN;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Do the blocks' p50s of @d's runs fall in two groups, far apart (the
 * largest step between sorted values over 1.5x, at least two blocks
 * each side)? Then say where, in @buf.
 */
static bool two_modes(const struct run_design *const *d, size_t n, char *buf,
		      size_t len)
{
	double v[1024], best = 0;
	size_t m = 0, at = 0;

	for (size_t i = 0; i < n; i++)
		for (unsigned int b = 0; d[i]->bq[RUN_Q50] && b < d[i]->nblocks;
		     b++)
			if (d[i]->bq[RUN_Q50][b] > 0 && m < 1024)
				v[m++] = d[i]->bq[RUN_Q50][b];
	qsort(v, m, sizeof(v[0]), cmp_double);
	for (size_t i = 2; i + 2 <= m; i++)
		if (v[i] / v[i - 1] > best) {
			best = v[i] / v[i - 1];
			at = i;
		}
	if (best <= 1.5)
		return false;
	snprintf(
		buf, len,
		"two modes: %zu blocks' p50 at %.0f-%.0f ns, %zu at %.0f-%.0f ns",
		at, v[0], v[at - 1], m - at, v[at], v[m - 1]);
	return true;
}

/*
 * Did the runs' one-way hand-off differ (the median over each run's
 * rounds that count, over 1.1x apart)? Then say by how much, in @buf.
 */
static bool handoff_moved(const struct run_design *const *d, size_t n,
			  char *buf, size_t len)
{
	double lo = INFINITY, hi = 0;

	for (size_t i = 0; i < n; i++) {
		double v[1024];
		size_t m = 0;

		for (unsigned int b = 0;
		     d[i]->host[RUN_HOST_HANDOFF] && d[i]->bq[RUN_Q50] &&
		     b < d[i]->nhost && b < d[i]->nblocks && m < 1024;
		     b++)
			if (d[i]->host[RUN_HOST_HANDOFF][b] > 0 &&
			    d[i]->bq[RUN_Q50][b] > 0)
				v[m++] = d[i]->host[RUN_HOST_HANDOFF][b];
		if (!m)
			return false;
		qsort(v, m, sizeof(v[0]), cmp_double);
		lo = fmin(lo, v[m / 2]);
		hi = fmax(hi, v[m / 2]);
	}
	if (!(hi > 1.1 * lo))
		return false;
	snprintf(buf, len,
		 "the host's hand-off: the runs' medians %.0f to %.0f ns", lo,
		 hi);
	return true;
}

/*
 * What the runs of one cell recorded that explains their moving apart:
 * the host's noise (much of the time stolen, or different stolen time),
 * the share of coalesced events (a burst scenario's mode), or blocks
 * whose p50s fall in two groups (a median between two modes of the
 * latency, which a small change of timing moves from one to the other).
 */
static void why_moved(const struct run_design *const *d, size_t n, char *buf,
		      size_t len)
{
	double nlo = INFINITY, nhi = 0, clo = INFINITY, chi = 0;

	for (size_t i = 0; i < n; i++) {
		double ns = noise_share(d[i]);
		double co = d[i]->serviced ? (double)d[i]->coalesced /
						     (double)d[i]->serviced :
					     0;

		if (isfinite(ns)) {
			nlo = fmin(nlo, ns);
			nhi = fmax(nhi, ns);
		}
		clo = fmin(clo, co);
		chi = fmax(chi, co);
	}
	/* A quiet host here steals 5-7% (its ticks): more, or unequal. */
	if (nhi >= 0.20 || (nhi >= 0.02 && nhi >= 2 * nlo))
		snprintf(
			buf, len,
			"host noise: %.0f%% to %.0f%% of the blocks' time stolen",
			100 * nlo, 100 * nhi);
	else if (chi - clo > 0.10)
		snprintf(buf, len,
			 "coalescing: %.0f%% to %.0f%% of events coalesced",
			 100 * clo, 100 * chi);
	else if (two_modes(d, n, buf, len))
		;
	else if (handoff_moved(d, n, buf, len))
		;
	else
		snprintf(buf, len,
			 "not recorded: placement, layout or the host's state");
}

/* The design @dn of scenario @scn in each run of @sd (at most @max). */
static size_t cell_designs(const struct side *sd, const char *scn,
			   const char *dn, const struct run_design **d,
			   size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < sd->n && n < max; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&sd->r[i], scn);
		const struct run_design *x = sc ? run_find_design(sc, dn) :
						  NULL;

		if (x)
			d[n++] = x;
	}
	return n;
}

static void stability_table(FILE *f, const struct side *sd)
{
	const struct run *r0 = &sd->r[0];
	unsigned int cells = 0, agree = 0;

	fprintf(f,
		"# irqlab run --repeat: how far %zu runs moved\n\n"
		"Per scenario x design, each run's p50 of fire -> handler entry (the median of its blocks' p50, over the rounds the hypervisor did not take: what irqlab compare compares), the largest over the smallest, and two spreads of ln p50: between the runs' summaries, and within a run (the standard error of one run's median from its blocks, pooled). "
		"Where the first is much larger than the second, the runs differ by more than any one of them can show: compare such cells with several runs a side (docs/statistics.md). "
		"A cell that does not agree within 10%% says what the runs recorded that differed.\n\n"
		"| scenario | design | p50 per run (ns) | max / min | between runs (sd ln) | within a run (se ln) | within 10%% |\n"
		"|:---|:---|:---|---:|---:|---:|:---|\n",
		sd->n);
	for (size_t s = 0; s < r0->nsc; s++)
		for (size_t k = 0; k < r0->sc[s].nd; k++) {
			const char *scn = r0->sc[s].name;
			const char *dn = r0->sc[s].d[k].design;
			const struct run_design *d[100];
			double lo = INFINITY, hi = 0, sum = 0, ss = 0, w = 0;
			size_t n = 0, nm = 0;
			char list[1024], why[128];
			size_t at = 0;

			n = cell_designs(sd, scn, dn, d, 100);
			list[0] = '\0';
			for (size_t i = 0; i < n; i++) {
				struct irqstat_runsum rs = { 0 };
				double v;

				if (d[i]->bq[RUN_Q50])
					irqstat_runsum(d[i]->bq[RUN_Q50],
						       d[i]->nblocks, &rs);
				/* What compare compares: at-speed blocks. */
				v = rs.blocks ? exp(rs.centre) :
						(double)d[i]->entry.p50;
				lo = fmin(lo, v);
				hi = fmax(hi, v);
				at += (size_t)snprintf(list + at,
						       sizeof(list) - at,
						       "%s%.0f", i ? ", " : "",
						       v);
				if (at >= sizeof(list))
					at = sizeof(list) - 1;
				if (rs.blocks > 1) {
					sum += rs.centre;
					ss += rs.centre * rs.centre;
					w += rs.within;
					nm++;
				}
			}
			if (n < 2 || !(lo > 0))
				continue;
			cells++;
			agree += hi / lo <= 1.10;
			fprintf(f, "| %s | %s | %s | %.2f | ", scn, dn, list,
				hi / lo);
			if (nm > 1)
				fprintf(f, "%.3f | %.3f | ",
					sqrt(fmax(0, (ss - sum * sum / nm) /
							     (nm - 1))),
					sqrt(w / nm));
			else
				fprintf(f, "- | - | ");
			if (hi / lo <= 1.10)
				snprintf(why, sizeof(why), "yes");
			else
				why_moved(d, n, why, sizeof(why));
			fprintf(f, "%s |\n", why);
		}
	fprintf(f,
		"\n%u of %u cells agree within 10%% on p50 across the runs.\n",
		agree, cells);
}

int compare_stability(const char *dir, bool quiet, char *err, size_t errlen)
{
	struct side sd = { 0 };
	char path[4200], tmp[4300];
	FILE *f;
	int ret;

	ret = cmp_side_add(&sd, dir, err, errlen);
	if (ret)
		goto out;
	snprintf(path, sizeof(path), "%s/stability.md", dir);
	snprintf(tmp, sizeof(tmp), "%s/.stability.md.tmp", dir);
	f = fopen(tmp, "wx");
	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	/* Setting the stolen rounds apart again changes nothing. */
	host_rounds(f, &sd, 1);
	stability_table(f, &sd);
	if (!quiet) {
		host_rounds(stdout, &sd, 1);
		stability_table(stdout, &sd);
	}
	if (fclose(f) || rename(tmp, path)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
	}
out:
	for (size_t j = 0; j < sd.n; j++)
		run_free(&sd.r[j]);
	free(sd.r);
	return ret;
}
