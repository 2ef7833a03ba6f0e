// SPDX-License-Identifier: GPL-2.0
/*
 * The report's "Threaded handlers" section: hard-IRQ, threaded and
 * __do_IRQ handling side by side, for every scenario that ran a threaded
 * design: when the hard handler ran, when the thread did, and what the
 * line paid (masked time, accesses).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report_internal.h"

static bool scenario_threaded(const struct run_scenario *sc)
{
	for (size_t k = 0; k < sc->nd; k++)
		if (sc->d[k].threaded)
			return true;
	return false;
}

/**
 * report_threaded_applies - whether any scenario ran a threaded design
 * @r: the run
 */
bool report_threaded_applies(const struct run *r)
{
	for (size_t i = 0; i < r->nsc; i++)
		if (scenario_threaded(&r->sc[i]))
			return true;
	return false;
}

static void threaded_row(struct doc *d, const struct run_scenario *sc,
			 const struct run_design *ds)
{
	bool thr = ds->threaded;
	/* A hard-IRQ design's handler is its hard handler. */
	const struct irqstat *hard = thr ? &ds->hard : &ds->entry;
	char c[9][32];
	const char *cells[12];

	report_fmt_ns(c[0], 32, hard->p50);
	report_fmt_ns(c[1], 32, hard->p99);
	report_fmt_ns(c[2], 32, ds->entry.p50);
	report_fmt_ns(c[3], 32, ds->entry.p99);
	if (thr)
		snprintf(c[4], 32, "%llu", (unsigned long long)ds->thread_runs);
	else
		snprintf(c[4], 32, "-");
	snprintf(c[5], 32, "%llu", (unsigned long long)ds->coalesced);
	snprintf(c[6], 32, "%llu", (unsigned long long)ds->stranded);
	if (thr && !strcmp(ds->design, "threaded-oneshot") && ds->seconds > 0 &&
	    isfinite(ds->seconds))
		snprintf(c[7], 32, "%.2f%%",
			 100.0 * (double)ds->masked_ns / (ds->seconds * 1e9));
	else
		snprintf(c[7], 32, "-");
	report_fmt_num(c[8], 32, ds->accesses_per_irq, 2);
	cells[0] = sc->name;
	cells[1] = ds->design;
	cells[2] = thr ? ds->thread_policy : "hard IRQ";
	for (int x = 0; x < 9; x++)
		cells[3 + x] = c[x];
	doc_row(d, cells);
}

/**
 * report_threaded - hard handler and thread latency, per design
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_threaded(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",	    "design",	     "policy",
		"hard p50 (ns)",    "hard p99 (ns)", "handler p50 (ns)",
		"handler p99 (ns)", "thread runs",   "coalesced",
		"stranded",	    "masked",	     "acc/irq",
	};
	const struct run *r = &rp->run;

	doc_para(
		d,
		"Hard-IRQ handling (flow, do_irq) against the later kernels' threaded handlers on the same stimuli. "
		"Threaded: the hard handler reads and clears the device and wakes the action's thread, which does the work. "
		"Threaded-oneshot: request_threaded_irq() with IRQF_ONESHOT, the hard handler only wakes the thread (and stamps), the driver runs in the thread, and the line stays masked until it is done. "
		"Hard: fire to the hard handler's entry (for the hard-IRQ designs, their handler); handler: fire to the driver's handler, in the thread for the threaded designs. "
		"Masked: the share of the stimulus time a oneshot line was held masked for its thread (level and fasteoi flows; the edge and simple flows never mask for it). "
		"Policy: the thread's scheduling (SCHED_FIFO at priority 50 on a PU of its own, when permitted; SCHED_OTHER on simulated CPU 0's); placement.thread_pu in summary.json says where it ran.");
	doc_table(d, 12, 3, head);
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0;
		     scenario_threaded(&r->sc[i]) && k < r->sc[i].nd; k++)
			threaded_row(d, &r->sc[i], &r->sc[i].d[k]);
	doc_table_end(d);
	return 0;
}
