// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab lami`: the per-stage analysis of the trace sink (stages.h) in
 * LTTng analyses' machine interface, LAMI v0.1 (export.h), so that Trace
 * Compass lists it under External Analyses: its metadata (the table
 * classes and their columns), then, for a trace and a time range, the
 * result tables. A figure below the tracer's resolution is LAMI's
 * unknown object, never a number.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "analysis/export.h"
#include "stages/sink.h"

/* A column: its title, LAMI class, and unit for plain values. */
struct col {
	const char *title, *cls, *unit;
};

#define DUR(t)                      \
	{                           \
		t, "duration", NULL \
	}
static const struct col stage_cols[] = {
	{ "Scenario", "string", NULL },
	{ "Design", "string", NULL },
	{ "Chip", "string", NULL },
	{ "Flow handler", "string", NULL },
	{ "CPU (simulated; empty: all)", "cpu", NULL },
	{ "Stage", "string", NULL },
	{ "Count", "int", "intervals" },
	DUR("Mean"),
	DUR("p50"),
	DUR("p90"),
	DUR("p99"),
	DUR("p99.9"),
	DUR("Maximum"),
	{ NULL, NULL, NULL },
};

static const struct col block_cols[] = {
	{ "Scenario", "string", NULL },
	{ "Design", "string", NULL },
	{ "Chip", "string", NULL },
	{ "Events", "int", "events" },
	{ "Interrupts", "int", "interrupts" },
	{ NULL, NULL, NULL },
};

static const struct col calib_cols[] = {
	DUR("Event cost (median, subtracted)"),
	DUR("Event cost, 2.5th percentile"),
	DUR("Event cost, 97.5th percentile"),
	{ "Calibration pairs", "int", "pairs" },
	{ "Events read", "int", "events" },
	{ "Discarded events", "int", "events" },
	{ "Unmatched", "int", "events" },
	{ NULL, NULL, NULL },
};

static const struct {
	const char *name, *title;
	const struct col *cols;
} tables[] = {
	{ "irqlab-stages",
	  "irqlab: per-stage timing of interrupts (tracer cost subtracted)",
	  stage_cols },
	{ "irqlab-blocks", "irqlab: blocks of the run", block_cols },
	{ "irqlab-calibration", "irqlab: the tracer's cost per event",
	  calib_cols },
};

enum { T_STAGES, T_BLOCKS, T_CALIB, T_NR };

static json_t *table_class(unsigned int t)
{
	json_t *cols = json_array();

	for (const struct col *c = tables[t].cols; cols && c->title; c++) {
		json_t *j = json_pack("{ss ss}", "title", c->title, "class",
				      c->cls);

		if (j && c->unit)
			json_object_set_new(j, "unit", json_string(c->unit));
		json_array_append_new(cols, j);
	}
	return json_pack("{ss so}", "title", tables[t].title,
			 "column-descriptions", cols);
}

int export_lami_metadata(FILE *out)
{
	json_t *classes = json_object(), *j;
	int ret;

	for (unsigned int t = 0; classes && t < T_NR; t++)
		json_object_set_new(classes, tables[t].name, table_class(t));
	j = json_pack(
		"{s{si si} ss s[s] ss s[sss] so}", "mi-version", "major", 0,
		"minor", 1, "title", "irqlab per-stage interrupt timing",
		"authors", "irqlab", "description",
		"Times every stage of every interrupt of an irqlab run's LTTng trace (entry, each chip operation, the handlers, exit; raise to entry and to the handler), per scenario, design, chip, flow handler and simulated CPU, with the tracer's own cost per event subtracted; see docs/analysis.md.",
		"tags", "irqlab", "interrupts", "latency", "table-classes",
		classes);
	if (!j)
		return -ENOMEM;
	ret = json_dumpf(j, out, JSON_INDENT(1)) || fputc('\n', out) == EOF ?
		      -EIO :
		      0;
	json_decref(j);
	return ret;
}

/* What the tap keeps: the window, and the span of what fell inside. */
struct window {
	const struct export_lami_opts *o;
	uint64_t first, last, in;
};

static int window_tap(void *data, const struct stages_ev *ev, const char *name,
		      const bt_event *raw)
{
	struct window *w = data;

	(void)name;
	(void)raw;
	/* Markers and calibration hold for the whole trace. */
	if (ev->type == STAGES_EV_BLOCK_BEGIN ||
	    ev->type == STAGES_EV_BLOCK_END || ev->type == STAGES_EV_CALIBRATE)
		return 0;
	if ((w->o->has_begin && ev->ts < w->o->begin) ||
	    (w->o->has_end && ev->ts > w->o->end))
		return 1;
	if (!w->in++)
		w->first = ev->ts;
	w->last = ev->ts;
	return 0;
}

static json_t *duration(double ns)
{
	return json_pack("{ss sI}", "class", "duration", "value",
			 (json_int_t)llround(ns > 0 ? ns : 0));
}

static json_t *figure(const struct stages_figure *f)
{
	if (!f->resolved)
		return json_pack("{ss}", "class", "unknown");
	return duration(f->value);
}

/* One row of the stages table, for @s of @g named @stage. */
static json_t *stage_row(const struct stages_group *g,
			 const struct stages_series *s, const char *stage)
{
	json_t *row = json_pack(
		"[s?s?s?s? o sI]", g->scenario, g->design, g->chip, g->flow,
		g->cpu < 0 ? json_null() :
			     json_pack("{ss si}", "class", "cpu", "id", g->cpu),
		stage, (json_int_t)s->n);

	if (!row)
		return NULL;
	json_array_append_new(row, figure(&s->fig[STAGES_FIG_MEAN]));
	json_array_append_new(row, figure(&s->fig[STAGES_FIG_P50]));
	json_array_append_new(row, figure(&s->fig[STAGES_FIG_P90]));
	json_array_append_new(row, figure(&s->fig[STAGES_FIG_P99]));
	json_array_append_new(row, figure(&s->fig[STAGES_FIG_P999]));
	json_array_append_new(row, duration((double)s->st.max));
	return row;
}

/* Append @row to @data unless the limit is reached; 0 or -ENOMEM. */
static int add_row(json_t *data, json_t *row, uint64_t limit)
{
	if (!row)
		return -ENOMEM;
	if (limit && json_array_size(data) >= limit) {
		json_decref(row);
		return 0;
	}
	return json_array_append_new(data, row) ? -ENOMEM : 0;
}

static int stages_rows(const struct stages_result *r, uint64_t limit,
		       json_t *data)
{
	int ret = 0;

	for (size_t i = 0; i < r->ngroups && !ret; i++) {
		const struct stages_group *g = &r->groups[i];
		const struct {
			const struct stages_series *s;
			const char *name;
		} named[] = {
			{ &g->dispatch, "dispatch (raise to entry)" },
			{ &g->entry, "entry" },
			{ &g->action, "action" },
			{ &g->exit, "exit" },
			{ &g->total, "total (entry to exit)" },
			{ &g->latency, "latency (raise to handler)" },
		};
		char op[48];

		for (size_t k = 0; k < 2 && !ret; k++)
			if (named[k].s->n)
				ret = add_row(data,
					      stage_row(g, named[k].s,
							named[k].name),
					      limit);
		for (int o = 0; o < STAGES_NR_OPS && !ret; o++) {
			if (!g->op[o].n)
				continue;
			snprintf(op, sizeof(op), "op.%s", stages_op_names[o]);
			ret = add_row(data, stage_row(g, &g->op[o], op), limit);
		}
		for (size_t k = 2; k < 6 && !ret; k++)
			if (named[k].s->n)
				ret = add_row(data,
					      stage_row(g, named[k].s,
							named[k].name),
					      limit);
	}
	return ret;
}

static int other_rows(const struct stages_result *r, uint64_t limit,
		      json_t *blocks, json_t *calib)
{
	const struct stages_calibration *c = &r->calib;
	int ret = 0;

	for (size_t i = 0; i < r->nblocks && !ret; i++) {
		const struct stages_block *b = &r->blocks[i];

		ret = add_row(blocks,
			      json_pack("[s?s?s? II]", b->scenario, b->design,
					b->chip, (json_int_t)b->events,
					(json_int_t)b->interrupts),
			      limit);
	}
	if (ret)
		return ret;
	return add_row(calib,
		       json_pack("[ooo IIII]", duration(r->event_cost_ns),
				 duration(c->p025), duration(c->p975),
				 (json_int_t)c->pairs, (json_int_t)r->events,
				 (json_int_t)r->discarded_events,
				 (json_int_t)r->unmatched),
		       limit);
}

/* The results object of @r over @w's span. */
static json_t *results(const struct stages_result *r, const struct window *w)
{
	json_t *res = json_array(), *data[T_NR];
	uint64_t b = w->in ? w->first : w->o->has_begin ? w->o->begin : 0;
	uint64_t e = w->in ? w->last : b;
	int ret;

	for (unsigned int t = 0; t < T_NR; t++)
		data[t] = json_array();
	ret = !res || !data[0] || !data[1] || !data[2] ?
		      -ENOMEM :
		      stages_rows(r, w->o->limit, data[T_STAGES]);
	if (!ret)
		ret = other_rows(r, w->o->limit, data[T_BLOCKS], data[T_CALIB]);
	for (unsigned int t = 0; t < T_NR; t++) {
		json_t *tr;

		if (ret) {
			json_decref(data[t]);
			continue;
		}
		tr = json_pack("{ss sI sI}", "class", "time-range", "begin",
			       (json_int_t)b, "end", (json_int_t)e);
		if (json_array_append_new(res,
					  json_pack("{so ss so}", "time-range",
						    tr, "class", tables[t].name,
						    "data", data[t])))
			ret = -ENOMEM;
	}
	if (ret) {
		json_decref(res);
		return NULL;
	}
	return json_pack("{so}", "results", res);
}

int export_lami(const char *trace, const struct export_lami_opts *o, FILE *out,
		char *err, size_t errlen)
{
	struct window w = { .o = o };
	struct stages_tap t = { .event = window_tap, .data = &w };
	struct stages_result r;
	json_t *j;
	int ret;

	ret = stages_graph_run_tap(trace, &t, &r, err, errlen);
	if (ret)
		return ret;
	j = results(&r, &w);
	stages_result_free(&r);
	if (!j) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	ret = json_dumpf(j, out, JSON_INDENT(1)) || fputc('\n', out) == EOF ?
		      -EIO :
		      0;
	if (ret)
		snprintf(err, errlen, "cannot write the results");
	json_decref(j);
	return ret;
}
