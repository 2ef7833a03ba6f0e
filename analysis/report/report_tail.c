// SPDX-License-Identifier: GPL-2.0
/*
 * The report's "Why the tail" section: per scenario, every design side
 * by side, what its events above its p99 spent their latency on (the
 * causes of tail.h, summed by tail_run.c), as rtla's auto-analysis says
 * it for one timer spike ("IRQ handler delay 27.49 us (65.52%)"), then
 * each design's slowest event the same way. Where the run was traced,
 * the trace's own stages of the same events follow.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/latency.h"
#include "report_internal.h"

#define MAX_COLS 17 /* the causes' column and up to 16 designs */

/* A row of a scenario's table: its label, then each design's cell. */
struct row {
	const char *cells[MAX_COLS];
	char buf[MAX_COLS][96];
};

static void row_start(struct row *w, const char *label)
{
	memset(w->cells, 0, sizeof(w->cells));
	w->cells[0] = label;
}

static char *cell(struct row *w, size_t k)
{
	w->cells[1 + k] = w->buf[1 + k];
	return w->buf[1 + k];
}

/* "27.49 us (65.52%)": the mean per tail event, and its share. */
static void fmt_mean(char *buf, size_t len, const struct tail_sum *s,
		     uint64_t ns)
{
	if (!s->events) {
		snprintf(buf, len, "-");
		return;
	}
	snprintf(buf, len, "%.2f us (%.2f%%)", (double)ns / s->events / 1e3,
		 s->latency_ns ? 100.0 * (double)ns / (double)s->latency_ns :
				 0.0);
}

static void cause_rows(struct doc *d, const struct tail_design *td, size_t nd)
{
	struct row w;

	row_start(&w, "latency counted from");
	for (size_t k = 0; k < nd; k++)
		snprintf(cell(&w, k), 96, "%s",
			 td[k].d->origin == RUN_FROM_FIRE ?
				 "the fire" :
				 "the intended time");
	doc_row(d, w.cells);
	for (int c = 0; c < TAIL_NR; c++) {
		row_start(&w, tail_cause_names[c]);
		for (size_t k = 0; k < nd; k++) {
			/* None by construction: not a measured zero. */
			if (c == TAIL_LATE && td[k].d->origin == RUN_FROM_FIRE)
				snprintf(cell(&w, k), 96,
					 "none (from the fire)");
			else
				fmt_mean(cell(&w, k), 96, &td[k].sum,
					 td[k].sum.ns[c]);
		}
		doc_row(d, w.cells);
	}
	row_start(&w, "stimulus late, outside the latency (mean)");
	for (size_t k = 0; k < nd; k++) {
		if (td[k].d->origin != RUN_FROM_FIRE || !td[k].sum.events)
			snprintf(cell(&w, k), 96, "-");
		else
			snprintf(cell(&w, k), 96, "%.2f us",
				 (double)td[k].sum.late_ns /
					 (double)td[k].sum.events / 1e3);
	}
	doc_row(d, w.cells);
	row_start(&w, "coalesced / fired behind a run");
	for (size_t k = 0; k < nd; k++)
		snprintf(cell(&w, k), 96, "%llu / %llu",
			 (unsigned long long)td[k].sum.coalesced,
			 (unsigned long long)td[k].sum.behind);
	doc_row(d, w.cells);
	row_start(&w, "slowest event: its largest cause");
	for (size_t k = 0; k < nd; k++) {
		const struct tail_why *x = &td[k].sum.worst;
		int order[TAIL_NR], c;

		tail_by_size(x, order);
		c = order[0];

		if (!td[k].sum.events)
			snprintf(cell(&w, k), 96, "-");
		else
			snprintf(cell(&w, k), 96, "%.2f us: %s %.2f%%",
				 (double)x->latency_ns / 1e3,
				 tail_cause_names[c],
				 100.0 * (double)x->ns[c] /
					 (double)x->latency_ns);
	}
	doc_row(d, w.cells);
}

/* The trace's parts of a tail event's latency, in the rows' order. */
enum trace_part { T_DISPATCH, T_ENTRY, T_OPS, T_ACTION };

static double part_of(const struct stages_watch *s, enum trace_part p)
{
	double v = 0;

	switch (p) {
	case T_DISPATCH:
		return s->dispatch_ns;
	case T_ENTRY:
		return s->entry_ns;
	case T_OPS:
		for (int o = 0; o < STAGES_NR_OPS; o++)
			v += s->op_ns[o];
		return v;
	default:
		return s->action_ns;
	}
}

/* A trace row: @p of each design's tail events the trace saw, mean. */
static void trace_row(struct doc *d, const struct tail_design *td, size_t nd,
		      const char *label, enum trace_part p)
{
	struct row w;

	row_start(&w, label);
	for (size_t k = 0; k < nd; k++) {
		double v = part_of(&td[k].st, p);

		if (!td[k].seen)
			snprintf(cell(&w, k), 96, "-");
		else
			snprintf(cell(&w, k), 96, "%.2f us",
				 v / (double)td[k].seen / 1e3);
	}
	doc_row(d, w.cells);
}

static void trace_rows(struct doc *d, const struct tail_design *td, size_t nd)
{
	struct row w;

	row_start(&w, "trace: tail events seen");
	for (size_t k = 0; k < nd; k++) {
		if (td[k].watched)
			snprintf(cell(&w, k), 96, "%zu of %zu", td[k].seen,
				 td[k].n);
		else
			snprintf(cell(&w, k), 96, "-");
	}
	doc_row(d, w.cells);
	trace_row(d, td, nd, "trace: raise -> entry", T_DISPATCH);
	trace_row(d, td, nd, "trace: flow handler entry", T_ENTRY);
	trace_row(d, td, nd, "trace: chip operations", T_OPS);
	trace_row(d, td, nd, "trace: handlers up to the service", T_ACTION);
}

/* "host noise 12.00 us (95.43%), ...": @w's causes, largest first. */
static void fmt_causes(char *buf, size_t len, const struct tail_why *w)
{
	int order[TAIL_NR];
	size_t at = 0;

	buf[0] = '\0';
	tail_by_size(w, order);
	for (int n = 0; n < TAIL_NR && w->ns[order[n]] && at < len; n++) {
		char part[64];

		tail_fmt(part, sizeof(part), w->ns[order[n]], w->latency_ns);
		at += (size_t)snprintf(buf + at, len - at, "%s%s %s",
				       at ? ", " : "",
				       tail_cause_names[order[n]], part);
	}
}

/* The slowest tail event of @td, as rtla's auto-analysis says a spike. */
static void slowest_item(struct doc *d, const struct tail_design *td)
{
	const struct tail_event *e = NULL;
	char causes[512];

	for (size_t k = 0; k < td->n; k++)
		if (!e || td->ev[k].latency_ns > e->latency_ns)
			e = &td->ev[k];
	if (!e)
		return;
	fmt_causes(causes, sizeof(causes), &e->why);
	doc_list_item(
		d,
		"%s, its slowest: %.2f us (block %u, device %u, event %u%s): %s",
		td->d->design, (double)e->latency_ns / 1e3, e->block, e->dev,
		e->seq, e->why.coalesced ? ", coalesced" : "", causes);
}

/* One tail event's line of the data file: where it is, its causes. */
static void event_line(FILE *f, const struct tail_event *e)
{
	fprintf(f, "%u %u %u %llu", e->block, e->dev, e->seq,
		(unsigned long long)e->latency_ns);
	for (int c = 0; c < TAIL_NR; c++)
		fprintf(f, " %llu", (unsigned long long)e->why.ns[c]);
	fprintf(f, " %d %d\n", e->why.coalesced, e->why.behind);
}

/*
 * figures/tail-NN.dat: every tail event of scenario @i, design by design
 * (blocks of lines apart, as the other data files), with its causes.
 */
static int write_events(struct report *rp, size_t i, const char *name)
{
	const struct run_scenario *sc = &rp->run.sc[i];
	const struct tail_design *td = &rp->tail.td[rp->tail.first[i]];
	FILE *f = report_fig_open(rp, name);

	if (!f)
		return -EIO;
	fprintf(f,
		"# why the tail of scenario %s (docs/tail.md): every event above its\n"
		"# design's p99, its latency to the handler's entry (from latency_from:\n"
		"# fire or intended) cut into causes, ns; late_ns is the lateness\n"
		"# charged, 0 where the latency counts from the fire\n",
		sc->name);
	for (size_t k = 0; k < sc->nd; k++) {
		fprintf(f,
			"%s# design %s p99_ns %llu events %zu latency_from %s\n"
			"# block device seq latency_ns late_ns behind_or_coalesced_ns"
			" registers_ns noise_ns rest_ns coalesced behind\n",
			k ? "\n\n" : "", sc->d[k].design,
			(unsigned long long)td[k].threshold_ns, td[k].n,
			latency_origin_names[sc->d[k].origin]);
		for (size_t e = 0; e < td[k].n; e++)
			event_line(f, &td[k].ev[e]);
	}
	return report_fig_close(rp, f, name);
}

/* One scenario's designs side by side (at most MAX_COLS - 1 of them). */
static int scenario_table(struct report *rp, struct doc *d, size_t i)
{
	const struct run_scenario *sc = &rp->run.sc[i];
	const struct tail_design *td = &rp->tail.td[rp->tail.first[i]];
	size_t nd = sc->nd < MAX_COLS - 1 ? sc->nd : MAX_COLS - 1;
	const char *head[MAX_COLS] = { "cause (mean per tail event)" };
	char name[32];
	struct row w;

	doc_heading(d, 3, sc->name);
	for (size_t k = 0; k < nd; k++)
		head[1 + k] = sc->d[k].design;
	doc_table(d, (unsigned int)(1 + nd), 1, head);
	row_start(&w, "tail events (latency above, ns)");
	for (size_t k = 0; k < nd; k++)
		snprintf(cell(&w, k), 96, "%zu (> %llu)", td[k].n,
			 (unsigned long long)td[k].threshold_ns);
	doc_row(d, w.cells);
	cause_rows(d, td, nd);
	if (rp->traced)
		trace_rows(d, td, nd);
	doc_table_end(d);
	for (size_t k = 0; k < nd; k++)
		slowest_item(d, &td[k]);
	doc_list_end(d);
	snprintf(name, sizeof(name), "tail-%02zu.dat", i);
	doc_para(d,
		 "Every one of these events with its causes in ns: figures/%s.",
		 name);
	return write_events(rp, i, name);
}

/**
 * report_tail_applies - whether the run has events to explain
 * @r: the run (a folder without samples.bin has none)
 */
bool report_tail_applies(const struct run *r)
{
	return r->has_samples;
}

static void intro(const struct report *rp, struct doc *d)
{
	const struct tail_run *t = &rp->tail;

	doc_para(
		d,
		"Every event above its design's p99%s is cut into causes, from what the run recorded of it and of its line's other events in its block (docs/tail.md), in this order, each at most what the ones before it left, so that the parts add up to each event's latency: "
		"the stimulus firing late (samples.bin late_ns), only for designs whose latency counts from the intended time (they held the stimulus back: wait inline, pattern back-to-back; or the folder predates latency_origin), since a latency counted from the fire holds none of it; waiting while an earlier handler run of the line was in progress; "
		"the register accesses of the run that claimed it at their costed time (access_ns, with the previous interrupt's closing accesses only where it fired before they were made); "
		"host noise (noise_ns: gaps of its CPU and of the device thread inside its window, whose place in the window is not recorded, so it takes only what the causes before it left); "
		"for an event coalesced into a run taken for an earlier event of its device, the rest of that event's dispatch, which it rode on; and, for the others, the rest of the dispatch. "
		"The table gives the mean per tail event and the share of the tail's summed latency.",
		t->break_ns ? " or over --break-us" : "");
	if (!t->late_known)
		doc_para(
			d,
			"This folder's samples.bin (before version 4) records neither how late each fire was nor the accesses' costed time: both stay in the rest of the dispatch%s.",
			rp->traced ?
				", but for the lateness of the events the trace saw" :
				"");
	if (t->break_ns)
		doc_para(
			d,
			"The event that broke the run (--break-us) is not here: its block was cut short and dropped; irqlab run printed its causes when it stopped.");
	if (rp->traced)
		doc_para(
			d,
			"The trace rows give the same events' own stages (tracepoint cost subtracted), the mean over those the trace saw: raise -> entry of the interrupt that serviced each, then that interrupt's flow handler entry, chip operations and handlers up to the service that claimed it. A design listed twice in a scenario cannot be told apart in the trace; a threaded-oneshot design's service runs in its thread, which the stages do not follow, and a threaded design's is its hard handler's, before the thread's entry.");
}

/**
 * report_tail - why each design's tail was slow, scenario by scenario
 * @rp: the report; rp->tail holds the tail events tail_run_select()
 *	found, rp->traced says whether the trace watched them
 * @d: its document
 *
 * Writes figures/tail-NN.dat, every tail event of scenario NN with its
 * causes. Return: 0, or -errno with rp->err set (samples.bin
 * unreadable, a data file not written).
 */
int report_tail(struct report *rp, struct doc *d)
{
	int ret = 0;

	if (!rp->tail.explained)
		ret = tail_run_explain(&rp->run, &rp->tail, rp->traced, rp->err,
				       rp->errlen);
	if (ret)
		return ret;
	intro(rp, d);
	for (size_t i = 0; i < rp->run.nsc && !ret; i++)
		ret = scenario_table(rp, d, i);
	return ret;
}
