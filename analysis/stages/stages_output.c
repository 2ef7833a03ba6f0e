// SPDX-License-Identifier: GPL-2.0
/*
 * The stage state machine's result written out (stages.h): as JSON for
 * the sink's `output=` parameter (docs/analysis.md), and as the text
 * table the sink prints on the babeltrace2 command line.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <jansson.h>
#include "stages_internal.h"

static json_t *figure_json(const struct stages_figure *f)
{
	return json_pack(
		"{so sf sf sf sf sf sb so}", "value",
		f->resolved ? json_real(f->value) : json_null(), "lo", f->lo,
		"hi", f->hi, "pm", f->pm, "k", f->k, "resolution_ns",
		f->resolution, "resolved", f->resolved, "why",
		f->resolved ? json_null() : json_string(STAGES_UNRESOLVED));
}

static json_t *stat_json(const struct stages_series *s)
{
	const struct irqstat *st = &s->st;
	json_t *j = json_pack("{sI sI sI sI sI sI sI sf sf}", "count",
			      (json_int_t)st->count, "min", (json_int_t)st->min,
			      "p50", (json_int_t)st->p50, "p90",
			      (json_int_t)st->p90, "p99", (json_int_t)st->p99,
			      "p999", (json_int_t)st->p999, "max",
			      (json_int_t)st->max, "mean", st->mean, "stddev",
			      st->stddev);
	json_t *figs = json_object();

	if (!j || !figs || !st->count) {
		json_decref(figs);
		return j;
	}
	for (int f = 0; f < STAGES_NR_FIGS; f++)
		if (json_object_set_new(figs, stages_fig_names[f],
					figure_json(&s->fig[f]))) {
			json_decref(figs);
			json_decref(j);
			return NULL;
		}
	if (json_object_set_new(j, "figures", figs)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static json_t *group_json(const struct stages_group *g)
{
	json_t *j, *ops = json_object();

	for (int o = 0; ops && o < STAGES_NR_OPS; o++)
		if (g->op[o].st.count &&
		    json_object_set_new(ops, stages_op_names[o],
					stat_json(&g->op[o]))) {
			json_decref(ops);
			return NULL;
		}
	if (!ops)
		return NULL;
	j = json_pack("{ss ss ss ss si sI so so so so so so so}", "scenario",
		      g->scenario, "design", g->design, "chip", g->chip, "flow",
		      g->flow, "cpu", g->cpu, "interrupts",
		      (json_int_t)g->interrupts, "entry", stat_json(&g->entry),
		      "ops", ops, "action", stat_json(&g->action), "exit",
		      stat_json(&g->exit), "total", stat_json(&g->total),
		      "dispatch", stat_json(&g->dispatch), "latency",
		      stat_json(&g->latency));
	return j;
}

int stages_result_write_json(const struct stages_result *r, FILE *f)
{
	json_t *root, *calib, *groups = json_array(), *blocks = json_array();
	const struct stages_calibration *c = &r->calib;
	int ret = 0;

	for (size_t i = 0; groups && blocks && i < r->ngroups; i++)
		if (json_array_append_new(groups, group_json(&r->groups[i])))
			goto nomem;
	for (size_t i = 0; groups && blocks && i < r->nblocks; i++) {
		const struct stages_block *b = &r->blocks[i];

		if (json_array_append_new(
			    blocks,
			    json_pack("{ss ss ss sI sI}", "scenario",
				      b->scenario, "design", b->design, "chip",
				      b->chip, "events", (json_int_t)b->events,
				      "interrupts", (json_int_t)b->interrupts)))
			goto nomem;
	}
	if (!groups || !blocks)
		goto nomem;
	calib = json_pack("{sI sI sf sf sf sf sf sf sf sf sf}", "pairs",
			  (json_int_t)c->pairs, "overflow",
			  (json_int_t)c->overflow, "median_ns", c->median,
			  "mean_ns", c->mean, "p25_ns", c->p25, "p75_ns",
			  c->p75, "iqr_ns", c->p75 - c->p25, "p025_ns", c->p025,
			  "p975_ns", c->p975, "spread_ns", c->p975 - c->p025,
			  "median_se_ns", c->median_se);
	if (!calib)
		goto nomem;
	root = json_pack("{si sf so sI sI sI sI sI so so}", "format", 1,
			 "event_cost_ns", r->event_cost_ns, "calibration",
			 calib, "calibrate_events",
			 (json_int_t)r->calibrate_events, "events",
			 (json_int_t)r->events, "discarded_events",
			 (json_int_t)r->discarded_events, "discarded_packets",
			 (json_int_t)r->discarded_packets, "unmatched",
			 (json_int_t)r->unmatched, "groups", groups, "blocks",
			 blocks);
	if (!root)
		return -ENOMEM;
	if (json_dumpf(root, f, JSON_INDENT(1)) || fputc('\n', f) == EOF)
		ret = -EIO;
	json_decref(root);
	return ret;
nomem:
	json_decref(groups);
	json_decref(blocks);
	return -ENOMEM;
}

static const char *dash(const char *s)
{
	return *s ? s : "-";
}

/* The sum of the chip ops' figures @fig (a mean or a quantile). */
static bool ops_figure(const struct stages_group *g, int fig,
		       struct stages_figure *sum)
{
	bool any = false;

	memset(sum, 0, sizeof(*sum));
	for (int o = 0; o < STAGES_NR_OPS; o++)
		if (g->op[o].st.count) {
			stages_figure_add(sum, &g->op[o].fig[fig]);
			any = true;
		}
	return any;
}

static void print_fig(FILE *f, const struct stages_figure *x, int decimals)
{
	char buf[64];

	stages_figure_format(x, decimals, true, buf, sizeof(buf));
	fprintf(f, " %s", buf);
}

void stages_result_print(const struct stages_result *r, FILE *f)
{
	const struct stages_calibration *c = &r->calib;

	fprintf(f,
		"# irqlab trace stages: %" PRIu64 " events, %" PRIu64
		" discarded events, %" PRIu64 " discarded packets, %" PRIu64
		" unmatched\n"
		"# event cost %.1f ns (%" PRIu64
		" calibrate events; median of %" PRIu64
		" spacings, central 95%% %.1f-%.1f, IQR %.1f-%.1f, mean %.1f, standard error of the median %.2f), subtracted from every interval\n"
		"# a figure is value±u ns, u the half-width of its 95%% band widened by k x the central 95%%'s sides; unresolved(±u): " STAGES_UNRESOLVED
		", its band reaching 0 or its value below k x (p97.5 - p2.5) (docs/analysis.md)\n"
		"# entry, ops, action, exit: mean ns; total, dispatch, latency: p50 and p99 ns\n"
		"# scenario design chip flow cpu interrupts entry ops action exit total_p50 total_p99 dispatch_p50 dispatch_p99 latency_p50 latency_p99 ops_detail\n",
		r->events, r->discarded_events, r->discarded_packets,
		r->unmatched, r->event_cost_ns, r->calibrate_events, c->pairs,
		c->p025, c->p975, c->p25, c->p75, c->mean, c->median_se);
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct stages_group *g = &r->groups[i];
		const struct stages_series *q[] = { &g->total, &g->dispatch,
						    &g->latency };
		struct stages_figure ops;
		int any = 0;

		fprintf(f, "%s %s %s %s %d %" PRIu64, dash(g->scenario),
			dash(g->design), dash(g->chip), dash(g->flow), g->cpu,
			g->interrupts);
		print_fig(f, &g->entry.fig[STAGES_FIG_MEAN], 1);
		if (ops_figure(g, STAGES_FIG_MEAN, &ops))
			print_fig(f, &ops, 1);
		else
			fputs(" -", f);
		print_fig(f, &g->action.fig[STAGES_FIG_MEAN], 1);
		print_fig(f, &g->exit.fig[STAGES_FIG_MEAN], 1);
		for (size_t x = 0; x < sizeof(q) / sizeof(*q); x++) {
			print_fig(f, &q[x]->fig[STAGES_FIG_P50], 0);
			print_fig(f, &q[x]->fig[STAGES_FIG_P99], 0);
		}
		fputc(' ', f);
		for (int o = 0; o < STAGES_NR_OPS; o++) {
			char buf[64];

			if (!g->op[o].st.count)
				continue;
			stages_figure_format(&g->op[o].fig[STAGES_FIG_MEAN], 1,
					     true, buf, sizeof(buf));
			fprintf(f, "%s%s=%s", any++ ? "," : "",
				stages_op_names[o], buf);
		}
		fputs(any ? "\n" : "-\n", f);
	}
}
