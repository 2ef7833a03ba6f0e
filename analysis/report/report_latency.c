// SPDX-License-Identifier: GPL-2.0
/*
 * The report's latency sections: the headline (each design's latency to
 * its handler's entry against __do_IRQ's in the same scenario, with the
 * verdict the intervals over rounds allow, the block quantiles those
 * intervals are made of, and which tail quantiles the blocks resolve)
 * and the full statistics, per design and per simulated CPU, with the
 * stimulus's own lateness apart.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/latency.h"
#include "report_internal.h"

/* The median over blocks of quantile @q, or "-" where none resolves it. */
static void fmt_block_median(char *buf, size_t len, const struct run_design *ds,
			     enum run_q q)
{
	double m = latency_block_median(ds, q);

	if (isfinite(m))
		report_fmt_ns(buf, len, (uint64_t)m);
	else
		snprintf(buf, len, "-");
}

/* One design's row of the headline: its latency, and against do_irq. */
static void headline_row(struct doc *d, const struct run_scenario *sc,
			 const struct run_design *ds)
{
	char c[9][64], verdict[128];
	const char *cells[14];
	struct vs_base v;

	report_versus(ds, run_find_design(sc, "do_irq"), &v);
	fmt_block_median(c[0], 64, ds, RUN_Q50);
	fmt_block_median(c[1], 64, ds, RUN_Q99);
	report_fmt_ns(c[2], 64, ds->entry.p999);
	report_fmt_num(c[3], 64, ds->throughput, 0);
	report_fmt_num(c[4], 64, ds->accesses_per_irq, 2);
	snprintf(c[5], 64, "%llu%s", (unsigned long long)ds->stranded,
		 ds->irq_disabled ? " (line disabled)" : "");
	if (!v.base || v.base == ds) {
		snprintf(c[6], 64, v.base ? "baseline" : "-");
		snprintf(c[7], 64, "%s", c[6]);
		snprintf(verdict, sizeof(verdict), "-");
	} else {
		report_fmt_ratio(c[6], 64, &v.p50);
		report_fmt_ratio(c[7], 64, &v.p99);
		report_fmt_verdict(verdict, sizeof(verdict), &v);
	}
	cells[0] = sc->name;
	cells[1] = sc->chip;
	cells[2] = sc->trigger;
	cells[3] = ds->design;
	cells[4] = ds->flow;
	for (int x = 0; x < 8; x++)
		cells[5 + x] = c[x];
	cells[13] = verdict;
	doc_row(d, cells);
}

/*
 * Where a pattern replay scenario's arrivals came from: a recording, the
 * source played, the speed (summary.json replay). Said under the headline
 * so that no figure of the scenario is read without it.
 */
static void headline_replay(const struct run *r, struct doc *d)
{
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_replay *p = &r->sc[i].replay;
		char irq[160];

		if (!r->sc[i].has_replay)
			continue;
		if (p->irq >= 0 && p->irq_name)
			snprintf(irq, sizeof(irq), "irq %lld (%s)",
				 (long long)p->irq, p->irq_name);
		else if (p->irq >= 0)
			snprintf(irq, sizeof(irq), "irq %lld",
				 (long long)p->irq);
		else
			snprintf(irq, sizeof(irq), "irq %s",
				 p->irq_name ? p->irq_name : "?");
		doc_para(d,
			 "Scenario %s replays recorded arrivals: %s (%s), %s, "
			 "%llu arrivals a pass, at speed %g; each block plays "
			 "the next slice of the recording, the same for every "
			 "design (docs/replay.md).",
			 r->sc[i].name, p->file, p->format, irq,
			 (unsigned long long)p->arrivals, p->speed);
	}
}

/* Where a design's latencies start, in words. */
static const char *origin_word(const struct run_design *ds)
{
	if (!ds->has_origin)
		return "intended (before latency_origin)";
	return ds->origin == RUN_FROM_FIRE ? "fire" : "intended";
}

/*
 * Where the latencies start: from the fire, but where the design held
 * the stimulus back (named), and in a folder from before the key.
 */
static void headline_origin(const struct run *r, struct doc *d)
{
	char held[512] = "";
	size_t at = 0, nheld = 0, old = 0, all = 0;

	for (size_t i = 0; i < r->nsc; i++) {
		bool from_i = false;

		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];

			all++;
			old += !ds->has_origin;
			from_i |= ds->has_origin &&
				  ds->origin == RUN_FROM_INTENDED;
		}
		if (from_i && at < sizeof(held)) {
			at += (size_t)snprintf(held + at, sizeof(held) - at,
					       "%s%s (wait %s, pattern %s)",
					       nheld++ ? ", " : "",
					       r->sc[i].name, r->sc[i].wait,
					       r->sc[i].pattern);
		}
	}
	if (old == all && all) {
		doc_para(
			d,
			"This folder was written before summary.json said where a latency starts (latency_origin): every latency here counts from the event's intended time, the stimulus's own lateness included. A newer folder counts from the fire where the design did not hold the stimulus back; set against this one, it compares a different quantity.");
		return;
	}
	doc_para(
		d,
		"Latency counts from the fire: the device thread's stamp read just before it asserted the event on the controller input (intended time + late_ns). The stimulus's own lateness is the harness's, and is given apart (\"The stimulus's lateness\" under the statistics). %s%s%s",
		nheld ? "Where the design itself held the stimulus back, it counts from the intended time instead, so that nothing the design delayed is hidden: " :
			"No scenario here held the stimulus back (wait inline, pattern back-to-back), where latency would count from the intended time.",
		held, nheld ? "." : "");
}

/* Per design: which of p99 and p99.9 its blocks resolve. */
static void headline_resolution(const struct run *r, struct doc *d)
{
	static const char *const head[] = { "scenario", "design",
					    "latency from", "p99", "p99.9" };
	static const enum run_q qs[] = { RUN_Q99, RUN_Q999 };
	static const char *const qn[] = { "p99", "p99.9" };

	doc_para(
		d,
		"A block's quantile q is one of the units the ratios are made of only where at least %d of the block's events lie above it, n (1 - q) >= %d: p99 needs %llu events a block, p99.9 %llu. With fewer it is the block's largest event or next to it, and the block has no value of q (null in blocks_ns). The p50 and p99 columns above are the median over blocks of the block quantile, what the ratios set against each other; p99.9 is pooled over all serviced events.",
		LATENCY_ABOVE_Q, LATENCY_ABOVE_Q,
		(unsigned long long)latency_min_events(990),
		(unsigned long long)latency_min_events(999));
	doc_table(d, 5, 3, head);
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];
			const char *cells[5] = { r->sc[i].name, ds->design,
						 origin_word(ds) };
			char c[2][160];

			for (int q = 0; q < 2; q++) {
				struct latency_resolution res;

				latency_resolution(ds, qs[q], &res);
				latency_resolution_fmt(c[q], sizeof(c[q]), &res,
						       qn[q]);
				cells[3 + q] = c[q];
			}
			doc_row(d, cells);
		}
	}
	doc_table_end(d);
}

/**
 * report_headline - latency to the handler's entry by design
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_headline(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",
		"chip",
		"trigger",
		"design",
		"flow handler",
		"p50 (ns, median of blocks)",
		"p99 (ns, median of blocks)",
		"p99.9 (ns, pooled)",
		"serviced/s",
		"accesses/irq",
		"stranded",
		"p50 / do_irq",
		"p99 / do_irq",
		"verdict",
	};
	const struct run *r = &rp->run;

	doc_para(
		d,
		"Per scenario (chip x trigger), each design's latency to its device handler's entry. "
		"Ratios are the design's quantile over __do_IRQ's in the same scenario, measured in interleaved blocks; "
		"%s",
		r->has_samples ?
			"each is the median over rounds of the ratio of the two designs' per-block quantiles, the brackets are its 95% interval with the round as the unit (the sign test's, over the rounds' log ratios: docs/statistics.md), and a verdict is given only where the interval excludes 1." :
			"this folder has no samples.bin, so there are no intervals and no verdicts.");
	headline_origin(r, d);
	doc_table(d, 14, 5, head);
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			headline_row(d, &r->sc[i], &r->sc[i].d[k]);
	doc_table_end(d);
	headline_resolution(r, d);
	headline_replay(r, d);
	return 0;
}

/* Per simulated CPU, where more than one serviced a design; 0 or -ENOMEM. */
static int statistics_per_cpu(const struct run *r, struct doc *d)
{
	static const char *const head[] = { "scenario", "design", "cpu",
					    "count",	"p50",	  "p99",
					    "p99.9",	"max" };

	doc_heading(d, 3, "Per simulated CPU");
	doc_table(d, 8, 2, head);
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];

			for (unsigned int cpu = 0;
			     ds->ncpus > 1 && cpu < ds->ncpus; cpu++) {
				uint64_t *v = malloc((ds->n ? ds->n : 1) *
						     sizeof(*v));
				struct irqstat s;
				size_t m = 0;
				char c[6][32];
				const char *cells[8] = { r->sc[i].name,
							 ds->design };

				if (!v)
					return -ENOMEM;
				for (size_t e = 0; e < ds->n; e++)
					if (ds->ev[e].cpu == cpu)
						v[m++] = ds->ev[e].entry_ns;
				irqstat_compute(v, m, &s);
				free(v);
				snprintf(c[0], 32, "%u", cpu);
				report_fmt_ns(c[1], 32, s.count);
				report_fmt_ns(c[2], 32, s.p50);
				report_fmt_ns(c[3], 32, s.p99);
				report_fmt_ns(c[4], 32, s.p999);
				report_fmt_ns(c[5], 32, s.max);
				for (int x = 0; x < 6; x++)
					cells[2 + x] = c[x];
				doc_row(d, cells);
			}
		}
	}
	doc_table_end(d);
	return 0;
}

/*
 * The stimulus's own lateness per design (summary.json stimulus_late_ns):
 * how late the device thread fired, the harness's, beside the overruns.
 */
static void statistics_late(const struct run *r, struct doc *d)
{
	static const char *const head[] = { "scenario",	    "design",
					    "latency from", "fired",
					    "late p50",	    "late p99",
					    "late max",	    "overruns" };
	bool any = false;

	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			any |= r->sc[i].d[k].has_late;
	doc_heading(d, 3, "The stimulus's lateness");
	if (!any) {
		doc_para(
			d,
			"This folder does not record how late the stimulus fired per design (summary.json stimulus_late_ns came later); only the overruns above count it.");
		return;
	}
	doc_para(
		d,
		"How late the device thread fired each event after its intended time, ns, over every event fired (samples.bin late_ns): the harness's lateness, a host that stalled the stimulus, not the design's. It is in the latencies above only where they count from the intended time.");
	doc_table(d, 8, 3, head);
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];
			const char *cells[8] = { r->sc[i].name, ds->design,
						 origin_word(ds) };
			char c[5][32];

			report_fmt_ns(c[0], 32, ds->late.count);
			report_fmt_ns(c[1], 32, ds->late.p50);
			report_fmt_ns(c[2], 32, ds->late.p99);
			report_fmt_ns(c[3], 32, ds->late.max);
			report_fmt_ns(c[4], 32, ds->overruns);
			for (int x = 0; x < 5; x++)
				cells[3 + x] = ds->has_late || x == 4 ? c[x] :
									"-";
			doc_row(d, cells);
		}
	}
	doc_table_end(d);
}

/**
 * report_statistics - every design's latency statistics, and per CPU
 * @rp: the report
 * @d: its document
 *
 * Return: 0, or -ENOMEM with rp->err set.
 */
int report_statistics(struct report *rp, struct doc *d)
{
	static const char *const head[] = { "scenario", "design", "count",
					    "min",	"p50",	  "p90",
					    "p99",	"p99.9",  "max",
					    "mean",	"stddev", "coalesced",
					    "overruns" };
	const struct run *r = &rp->run;
	bool per_cpu = false;

	doc_para(
		d,
		"Latency to the handler's entry, ns, from each design's origin (the headline says which), pooled over every serviced event (nearest-rank percentiles; stddev is the sample standard deviation). "
		"Overruns are events the stimulus itself issued more than overrun_ns late: their lateness is in the latency only where it counts from the intended time.");
	doc_table(d, 13, 2, head);
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];
			const struct irqstat *s = &ds->entry;
			char c[11][32];
			const char *cells[13] = { r->sc[i].name, ds->design };

			report_fmt_ns(c[0], 32, s->count);
			report_fmt_ns(c[1], 32, s->min);
			report_fmt_ns(c[2], 32, s->p50);
			report_fmt_ns(c[3], 32, s->p90);
			report_fmt_ns(c[4], 32, s->p99);
			report_fmt_ns(c[5], 32, s->p999);
			report_fmt_ns(c[6], 32, s->max);
			report_fmt_num(c[7], 32, s->mean, 1);
			report_fmt_num(c[8], 32, s->stddev, 1);
			report_fmt_ns(c[9], 32, ds->coalesced);
			report_fmt_ns(c[10], 32, ds->overruns);
			for (int x = 0; x < 11; x++)
				cells[2 + x] = c[x];
			doc_row(d, cells);
			per_cpu |= ds->ncpus > 1;
		}
	}
	doc_table_end(d);
	statistics_late(r, d);
	if (per_cpu && statistics_per_cpu(r, d)) {
		snprintf(rp->err, rp->errlen, "out of memory");
		return -ENOMEM;
	}
	return 0;
}
