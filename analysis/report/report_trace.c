// SPDX-License-Identifier: GPL-2.0
/*
 * The report's trace sections: the time of every stage of every
 * interrupt from the folder's LTTng trace (the sink's result, rp->st,
 * with the tracepoint cost it measured subtracted), and what tracing
 * cost in this run (summary.json trace).
 */
#include <math.h>
#include <stdio.h>
#include "report_internal.h"

/* A stage figure as "value ± u" or the resolution phrase; "-": none. */
static void fmt_fig(char *buf, size_t len, const struct stages_series *s,
		    int fig, int decimals)
{
	if (!s->st.count)
		snprintf(buf, len, "-");
	else
		stages_figure_format(&s->fig[fig], decimals, false, buf, len);
}

static void stages_row(struct doc *d, const struct stages_group *gr)
{
	char c[11][80];
	const char *cells[13] = { gr->scenario, gr->design };
	struct stages_figure ops = { 0 };
	bool any = false;

	for (int o = 0; o < STAGES_NR_OPS; o++)
		if (gr->op[o].st.count) {
			stages_figure_add(&ops,
					  &gr->op[o].fig[STAGES_FIG_MEAN]);
			any = true;
		}
	if (gr->cpu < 0)
		snprintf(c[0], 80, "all");
	else
		snprintf(c[0], 80, "%d", gr->cpu);
	snprintf(c[1], 80, "%s", gr->flow);
	report_fmt_ns(c[2], 80, gr->interrupts);
	fmt_fig(c[3], 80, &gr->entry, STAGES_FIG_MEAN, 1);
	if (any)
		stages_figure_format(&ops, 1, false, c[4], 80);
	else
		snprintf(c[4], 80, "-");
	fmt_fig(c[5], 80, &gr->action, STAGES_FIG_MEAN, 1);
	fmt_fig(c[6], 80, &gr->exit, STAGES_FIG_MEAN, 1);
	fmt_fig(c[7], 80, &gr->total, STAGES_FIG_P50, 0);
	fmt_fig(c[8], 80, &gr->total, STAGES_FIG_P99, 0);
	fmt_fig(c[9], 80, &gr->dispatch, STAGES_FIG_P50, 0);
	fmt_fig(c[10], 80, &gr->latency, STAGES_FIG_P50, 0);
	for (int x = 0; x < 11; x++)
		cells[2 + x] = c[x];
	doc_row(d, cells);
}

/* What the figures are and what was subtracted from them. */
static void stages_intro(const struct stages_result *st, struct doc *d)
{
	const struct stages_calibration *cal = &st->calib;

	doc_para(
		d,
		"From the LTTng trace, through the irqlab Babeltrace2 sink (sink.irqlab.stages): %llu events, %llu discarded. "
		"Each interval between two events of an interrupt is charged to the stage its first event opens, and the tracepoint cost measured by this run's %llu calibrate events is subtracted from every interval: "
		"the figures estimate the untraced code, but tracing still perturbs caches and timing. Means in ns; total is entry -> exit; dispatch is raise -> vector entry; latency is intended fire time -> device handler (as the headline).",
		(unsigned long long)st->events,
		(unsigned long long)st->discarded_events,
		(unsigned long long)st->calibrate_events);
	if (cal->pairs)
		doc_para(
			d,
			"One event costs %.1f ns (median of %llu back-to-back calibrate spacings; 95%% of them %.0f-%.0f ns, IQR %.0f-%.0f ns; standard error of the median %.1f ns), and that spread is the tracer's resolution. "
			"A figure made of k intervals is value ± the half-width of its own 95%% interval widened by k times the distance from the median to those 95%% limits; where that band reaches 0, or the value is under k x %.0f ns, it is given as \"" STAGES_UNRESOLVED
			"\" instead of a number. Stages shorter than about %.0f ns per event they span (a chip operation spans one) are below this tracer's resolution.",
			st->event_cost_ns, (unsigned long long)cal->pairs,
			cal->p025, cal->p975, cal->p25, cal->p75,
			cal->median_se, cal->p975 - cal->p025,
			cal->p975 - cal->p025);
	else
		doc_para(
			d,
			"The trace has no calibrate events: no tracepoint cost was subtracted, and the figures include it.");
}

/**
 * report_stages - per-stage timing from the trace, and its figure
 * @rp: the report; rp->traced says whether rp->st holds a trace's
 * @d: its document
 *
 * Return: 0, or -errno with rp->err set (the figure).
 */
int report_stages(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",    "design",    "cpu",	 "flow",
		"interrupts",  "entry",	    "chip ops",	 "action",
		"exit",	       "total p50", "total p99", "dispatch p50",
		"latency p50",
	};
	const struct stages_result *st = &rp->st;
	uint64_t all = 0;
	int ret;

	if (!rp->traced) {
		doc_para(
			d,
			"This run was not traced. Run with --trace for the time of every stage of every interrupt (flow handler entry, each chip operation, the actions, exit) and the raise -> entry dispatch latency.");
		return 0;
	}
	stages_intro(st, d);
	doc_table(d, 13, 4, head);
	for (size_t g = 0; g < st->ngroups; g++) {
		const struct stages_group *gr = &st->groups[g];

		/* All CPUs come first; one CPU alone would repeat them. */
		if (gr->cpu < 0)
			all = gr->interrupts;
		if (!gr->interrupts || (gr->cpu >= 0 && gr->interrupts == all))
			continue;
		stages_row(d, gr);
	}
	doc_table_end(d);
	ret = report_figure_stages(rp);
	if (ret)
		return ret;
	doc_figure(
		d, "figures/stages.png",
		"Mean time per stage of one interrupt, stacked, per scenario and design (all CPUs, tracepoint cost subtracted).");
	return 0;
}

/**
 * report_trace_applies - whether summary.json has a trace object
 * @r: the run
 */
bool report_trace_applies(const struct run *r)
{
	return r->traced;
}

/**
 * report_trace - the tracing mode, its losses and costs in this run
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_trace(struct report *rp, struct doc *d)
{
	static const char *const head[] = { "flow", "compiled out (ns)",
					    "idle (ns)", "tracing (ns)" };
	const struct run_trace *t = &rp->run.trace;

	if (isfinite(t->event_cost_ns))
		doc_para(
			d,
			"Mode %s, %llu events discarded by LTTng, one event costs %.1f ns in this run (mean spacing of back-to-back calibrate events).",
			t->mode, (unsigned long long)t->discarded_events,
			t->event_cost_ns);
	else
		doc_para(
			d,
			"Mode %s, %llu events discarded by LTTng; this run did not measure what one event costs.",
			t->mode, (unsigned long long)t->discarded_events);
	if (!t->ndispatch)
		return 0;
	doc_para(
		d,
		"Cost of one dispatch (do_IRQ, zero-cost chip, an action that returns at once), measured before the first scenario: tracepoints compiled out, compiled in but idle, and recording.");
	doc_table(d, 4, 1, head);
	for (size_t i = 0; i < t->ndispatch; i++) {
		const struct run_dispatch *x = &t->dispatch[i];
		char c[3][32];
		const char *cells[4] = { x->flow, c[0], c[1], c[2] };

		report_fmt_num(c[0], 32, x->compiled_out, 1);
		report_fmt_num(c[1], 32, x->idle, 1);
		report_fmt_num(c[2], 32, x->tracing, 1);
		doc_row(d, cells);
	}
	doc_table_end(d);
	return 0;
}
