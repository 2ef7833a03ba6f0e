// SPDX-License-Identifier: GPL-2.0
/*
 * The report's "Benchmarks" section for a folder `irqlab bench` wrote:
 * summary.json's bench object (bench/perf/perf.c, read by summary_bench.c) and
 * the scenarios of configs/bench.ini. The targets they are set against are
 * benchmarks_targets.c's; here, the figures behind them: the dispatch
 * cost per flow, the scaling series, and chip access's share of latency.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report_internal.h"

/* @v as "%.*f" (@g: "%.*g") with @prec, or "-" where not measured. */
static void cell(char *buf, size_t len, double v, int prec, bool g)
{
	if (isfinite(v))
		snprintf(buf, len, g ? "%.*g" : "%.*f", prec, v);
	else
		snprintf(buf, len, "-");
}

static void dispatch_table(const struct run_bench *b, struct doc *d)
{
	static const char *const head[] = {
		"flow",
		"ns",
		"ns (compiled out)",
		"dispatches/s",
		"instructions",
		"instructions (compiled out)",
		"instructions (traced copy, idle)",
	};
	/* Before the two copies: the path with its tracepoints idle. */
	static const char *const head_idle[] = {
		"flow",
		"ns (tracepoints idle)",
		"ns (compiled out)",
		"dispatches/s",
		"instructions",
		"instructions (compiled out)",
	};
	bool copies = report_bench_copies(b);

	doc_heading(d, 3, "Dispatch cost per flow");
	if (copies)
		doc_para(
			d,
			"do_IRQ() on a line whose chip operations do nothing, with an action that only returns IRQ_HANDLED, on one thread: the fastest of %d rounds, through the dispatch path a run without --trace executes. Compiled out: a core built without tracepoints, which that path must equal. Traced copy: the path --trace installs, no session recording. Instructions are counted under callgrind inside do_IRQ() (deterministic: the figure to compare across machines and changes), the action body excluded.",
			5);
	else
		doc_para(
			d,
			"do_IRQ() on a line whose chip operations do nothing, with an action that only returns IRQ_HANDLED, on one thread: the fastest of %d rounds. Instructions are counted under callgrind (deterministic: the figure to compare across machines and changes), the action body excluded.",
			5);
	doc_table(d, copies ? 7 : 6, 1, copies ? head : head_idle);
	for (size_t i = 0; i < b->ndispatch; i++) {
		const struct run_bench_dispatch *f = &b->dispatch[i];
		char c[6][32];
		const char *cells[7] = { f->flow, c[0], c[1], c[2],
					 c[3],	  c[4], c[5] };

		cell(c[0], 32, f->ns, 1, false);
		cell(c[1], 32, f->ns_compiled_out, 1, false);
		cell(c[2], 32, f->per_s, 3, true);
		cell(c[3], 32, f->instructions, 1, false);
		cell(c[4], 32, f->instructions_compiled_out, 1, false);
		cell(c[5], 32, f->instructions_traced, 1, false);
		doc_row(d, cells);
	}
	doc_table_end(d);
}

/* The 2.6.18 row of the modern family's row @f ("v6-" and its name). */
static const struct run_bench_dispatch *
row_2618(const struct run_bench *b, const struct run_bench_dispatch *f)
{
	for (size_t i = 0; i < report_bench_ndispatch_2618(b); i++)
		if (!strcmp(b->dispatch[i].flow, f->flow + 3))
			return &b->dispatch[i];
	return NULL;
}

/*
 * The modern family's flows (genirq6) beside 2.6.18's of the same name,
 * where the run measured them: the table above has both; this sets each
 * pair side by side.
 */
static void generations_table(const struct run_bench *b, struct doc *d)
{
	static const char *const head[] = {
		"flow",
		"ns, 2.6.18",
		"ns, modern",
		"instructions, 2.6.18",
		"instructions, modern",
		"instructions, modern - 2.6.18",
	};
	size_t old = report_bench_ndispatch_2618(b);

	if (old == b->ndispatch)
		return;
	doc_heading(d, 3,
		    "Dispatch cost per flow, 2.6.18 against the modern core");
	doc_para(
		d,
		"The rows v6-* above are the modern family's flows (core6/, Linux v6.17's genirq) measured the same way: a descriptor on a chip whose operations do nothing and an action that only returns IRQ_HANDLED, entered through genirq6's vector entry (irq_enter, the vector's descriptor, the flow, irq_exit), instructions counted under callgrind inside it. genirq6 has no tracepoints, so no compiled-out or traced copy. Here each beside the 2.6.18 flow of the same name; where the counts differ, the per-function counts under \"Instructions per step\" show which step (the flow's state checks, handle_irq_event(), note_interrupt()'s write-free path).");
	doc_table(d, 6, 1, head);
	for (size_t i = old; i < b->ndispatch; i++) {
		const struct run_bench_dispatch *f = &b->dispatch[i];
		const struct run_bench_dispatch *o = row_2618(b, f);
		double nan = NAN;
		char c[5][32];
		const char *cells[6] = { f->flow + 3, c[0], c[1],
					 c[2],	      c[3], c[4] };

		cell(c[0], 32, o ? o->ns : nan, 1, false);
		cell(c[1], 32, f->ns, 1, false);
		cell(c[2], 32, o ? o->instructions : nan, 1, false);
		cell(c[3], 32, f->instructions, 1, false);
		cell(c[4], 32, o ? f->instructions - o->instructions : nan, 1,
		     false);
		doc_row(d, cells);
	}
	doc_table_end(d);
}

/* Where each flow's instructions go: the functions of the path. */
static void steps_table(const struct run_bench *b, struct doc *d)
{
	static const char *const head[] = { "flow", "instructions",
					    "own instructions per function" };
	bool any = false;

	for (size_t i = 0; i < b->ndispatch; i++) {
		const struct run_bench_dispatch *f = &b->dispatch[i];
		char total[32], list[512];
		const char *cells[3] = { f->flow, total, list };
		size_t n = 0;

		if (!f->nsteps)
			continue;
		if (!any) {
			doc_heading(d, 3, "Instructions per step");
			doc_para(
				d,
				"Each function's own instructions per dispatch (callgrind), largest first: the vector entry (do_IRQ(), irq_enter/exit, the pending check), the flow handler with its lock and kstat, handle_IRQ_event(), note_interrupt(), the chip operations.");
			doc_table(d, 3, 1, head);
			any = true;
		}
		cell(total, sizeof(total), f->instructions, 0, false);
		list[0] = '\0';
		for (size_t k = 0; k < f->nsteps && n < sizeof(list); k++)
			n += (size_t)snprintf(list + n, sizeof(list) - n,
					      "%s%s %.0f", k ? ", " : "",
					      f->steps[k].fn,
					      f->steps[k].instructions);
		doc_row(d, cells);
	}
	if (any)
		doc_table_end(d);
}

/* The rows of one scaling series: @what, its count, the ns, the rate. */
static void scaling_rows(struct doc *d, const struct run_bench_point *p,
			 size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		char c[16], v[32], r[32];
		const char *cells[4] = { what, c, v, r };

		snprintf(c, sizeof(c), "%.0f", p[i].count);
		snprintf(v, sizeof(v), "%.1f", p[i].ns);
		cell(r, sizeof(r), p[i].per_s, 3, true);
		doc_row(d, cells);
	}
}

static void scaling_table(const struct run_bench *b, struct doc *d)
{
	static const char *const head[] = { "what", "count", "ns per dispatch",
					    "dispatches/s, all CPUs" };

	doc_heading(d, 3, "Scaling");
	doc_para(
		d,
		"The %s flow's dispatch as other lines are requested beside it (its cost must not depend on them), as actions share it (each adds one action call), and on several simulated CPUs at once, each pinned to a PU of its own and interrupted on a line of its own (the mean ns per dispatch, and their rates summed).",
		b->scaling_flow ? b->scaling_flow : "?");
	doc_table(d, 4, 1, head);
	scaling_rows(d, b->lines, b->nlines, "other lines");
	scaling_rows(d, b->shared, b->nshared, "shared actions");
	scaling_rows(d, b->cpus, b->ncpus, "simulated CPUs");
	doc_table_end(d);
}

/* Where the same line ran with zero and realistic costs: their share. */
static void access_share(const struct run *r, struct doc *d)
{
	static const char *const head[] = { "line", "design", "p50 zero (ns)",
					    "p50 realistic (ns)",
					    "chip access share" };
	static const char *const lines[] = { "ioapic-level", "i8259-edge" };
	bool any = false;

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		char zero[64], real[64];
		const struct run_scenario *z, *q;

		snprintf(zero, sizeof(zero), "access-%s-zero", lines[i]);
		snprintf(real, sizeof(real), "access-%s-realistic", lines[i]);
		z = run_find_scenario(r, zero);
		q = run_find_scenario(r, real);
		for (size_t k = 0; z && q && k < q->nd; k++) {
			const struct run_design *dq = &q->d[k];
			const struct run_design *dz =
				run_find_design(z, dq->design);
			char c[3][32];
			const char *cells[5];

			if (!dz || !dq->entry.p50)
				continue;
			if (!any) {
				doc_heading(d, 3,
					    "How much latency is chip access");
				doc_para(
					d,
					"The same inline line with zero-cost and with realistic register accesses (configs/cost/realistic.ini): the difference in median latency is what the design's accesses cost.");
				doc_table(d, 5, 2, head);
				any = true;
			}
			snprintf(c[0], 32, "%llu",
				 (unsigned long long)dz->entry.p50);
			snprintf(c[1], 32, "%llu",
				 (unsigned long long)dq->entry.p50);
			snprintf(c[2], 32, "%.0f%%",
				 100.0 *
					 ((double)dq->entry.p50 -
					  (double)dz->entry.p50) /
					 (double)dq->entry.p50);
			cells[0] = lines[i];
			cells[1] = dq->design;
			cells[2] = c[0];
			cells[3] = c[1];
			cells[4] = c[2];
			doc_row(d, cells);
		}
	}
	if (any)
		doc_table_end(d);
}

/**
 * report_benchmarks_applies - whether irqlab bench wrote the folder
 * @r: the run (summary.json has a bench object)
 */
bool report_benchmarks_applies(const struct run *r)
{
	return r->benchmarks != NULL;
}

/**
 * report_benchmarks - the targets, what limits them, and the figures
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_benchmarks(struct report *rp, struct doc *d)
{
	const struct run *r = &rp->run;

	doc_para(
		d,
		"Measured by irqlab bench side by side in this run: first in one process (dispatch, hand-off, scaling, register costs), then as the scenarios above (floor-spin, tput-*, access-*). The targets are the project's (docs/bench.md); a missed one is a finding, with what limits it.");
	report_bench_targets(r, d);
	dispatch_table(r->benchmarks, d);
	generations_table(r->benchmarks, d);
	steps_table(r->benchmarks, d);
	scaling_table(r->benchmarks, d);
	access_share(r, d);
	return 0;
}
