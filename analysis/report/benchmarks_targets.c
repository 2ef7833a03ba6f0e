// SPDX-License-Identifier: GPL-2.0
/*
 * The targets of `irqlab bench` (docs/bench.md) as one table, targets[]:
 * each says what is wanted, a comparison and a limit in its unit, each
 * written once, here, and printed from here into the "wanted" column, and
 * names the function that measures it from the bench object and the
 * scenarios (run.h). A target is met, missed, or not measured (and why);
 * the section then says what limits the ones that are missed.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report_internal.h"

/* Slack on each shared action's increment over the first's: noise. */
#define SHARED_SLACK_NS 0.5

enum cmp { AT_MOST, AT_LEAST, WITHIN };

/*
 * One row of the targets table, as a target's measure() fills it: the
 * value shown, in the target's unit, and what is judged, @x against the
 * target's limit times @ref (1 unless the limit is relative).
 */
struct row {
	char what[128];
	double value; /* NAN: "-" */
	double x, ref; /* x NAN: not measured */
	/*
	 * The range of repeated measurements of x, or NAN: then the target
	 * is met only if all of them meet it, missed only if none does.
	 */
	double lo, hi;
	char note[256];
};

/**
 * struct target - one of the project's targets (docs/bench.md)
 * @what:	the row's name; measure() adds what a row is of ("..., edge")
 * @cmp:	AT_MOST: x <= limit x ref; AT_LEAST: x >= limit x ref;
 *		WITHIN: |x| <= limit x ref
 * @limit:	the threshold, in @unit
 * @unit:	of @limit and of the measured value: "", "x", "%", " M/s"
 * @of:		what a relative limit is of, or NULL: "<= 1.5x the first";
 *		a limit of 1 reads as the thing itself, "<= __do_IRQ"
 * @measure:	fills row @i of the target and returns true; false past
 *		its last row
 */
struct target {
	const char *what;
	enum cmp cmp;
	double limit;
	const char *unit;
	const char *of;
	bool (*measure)(const struct run *r, const struct target *t, size_t i,
			struct row *row);
};

static const struct run_bench_dispatch *flow_of(const struct run_bench *b,
						const char *flow)
{
	for (size_t i = 0; i < b->ndispatch; i++)
		if (!strcmp(b->dispatch[i].flow, flow))
			return &b->dispatch[i];
	return NULL;
}

static const struct run_design *design(const struct run *r, const char *sc,
				       const char *d)
{
	const struct run_scenario *s = run_find_scenario(r, sc);

	return s ? run_find_design(s, d) : NULL;
}

/* A row of one measured @value, judged as it is. */
static void measured(struct row *row, double value)
{
	row->value = row->x = value;
}

/*
 * "held by ...": the steps of a flow over its limit, largest first, each
 * with its own instructions per dispatch: the flow handler, the vector
 * entry, handle_IRQ_event(), note_interrupt() are 2.6.18's path.
 */
static void held_by(const struct run_bench_dispatch *f, char *note, size_t len)
{
	size_t n = (size_t)snprintf(note, len, "held by");

	for (size_t k = 0; k < f->nsteps && n < len; k++)
		n += (size_t)snprintf(note + n, len - n, "%s %s %.0f",
				      k ? "," : "", f->steps[k].fn,
				      f->steps[k].instructions);
}

/*
 * The 2.6.18 rows of the dispatch table, which the targets judge: those
 * before the modern family's ("v6-" flows, bench/perf/dispatch6.c), which
 * the table sets beside them but the targets, written for the 2.6.18
 * path, leave alone.
 */
size_t report_bench_ndispatch_2618(const struct run_bench *b)
{
	size_t n = 0;

	while (n < b->ndispatch && strncmp(b->dispatch[n].flow, "v6-", 3))
		n++;
	return n;
}

static bool instructions(const struct run *r, const struct target *t, size_t i,
			 struct row *row)
{
	const struct run_bench *b = r->benchmarks;
	const struct run_bench_dispatch *f, *base = flow_of(b, "do_irq");

	if (i >= report_bench_ndispatch_2618(b))
		return false;
	f = &b->dispatch[i];
	snprintf(row->what, sizeof(row->what), "%s, %s", t->what, f->flow);
	row->value = f->instructions;
	/*
	 * Whole instructions: the averages carry noise of a few
	 * hundredths from the harness's loop.
	 */
	row->x = b->callgrind ? round(f->instructions) : NAN;
	if (!b->callgrind)
		snprintf(row->note, sizeof(row->note),
			 "valgrind is not installed");
	else if (row->x > t->limit && f->nsteps)
		held_by(f, row->note, sizeof(row->note));
	else if (!strcmp(f->flow, "do_irq"))
		snprintf(row->note, sizeof(row->note), "the baseline");
	else if (base && isfinite(base->instructions))
		snprintf(row->note, sizeof(row->note), "__do_IRQ: %.0f",
			 base->instructions);
	return true;
}

/* The largest flow's whole instructions against __do_IRQ's. */
static bool below_do_irq(const struct run *r, const struct target *t, size_t i,
			 struct row *row)
{
	const struct run_bench *b = r->benchmarks;
	const struct run_bench_dispatch *base = flow_of(b, "do_irq");
	double bi = base ? round(base->instructions) : NAN, most = -INFINITY;
	size_t n = 0;

	if (i)
		return false;
	snprintf(row->what, sizeof(row->what), "%s", t->what);
	row->value = base ? base->instructions : NAN;
	if (!b->callgrind || !isfinite(bi))
		return true;
	for (size_t k = 0; k < report_bench_ndispatch_2618(b); k++) {
		double ins = round(b->dispatch[k].instructions);

		most = isnan(ins) || isnan(most) ? NAN : fmax(most, ins);
		if (ins <= bi)
			continue;
		n += (size_t)snprintf(
			row->note + n, sizeof(row->note) - n, "%s%s %.0f",
			n ? ", " : "above it: ", b->dispatch[k].flow, ins);
		if (n >= sizeof(row->note))
			n = sizeof(row->note) - 1;
	}
	row->x = most;
	row->ref = bi;
	return true;
}

/*
 * What a run without --trace pays for the tracepoints: its dispatch path
 * against a core built without them. Judged on instructions where
 * callgrind counted them: the ns of two binaries differ by code alignment
 * as much as by the tracepoints (this machine showed -13% to +87%
 * between runs). The note gives the traced copy's, which only --trace
 * installs (older folders measured only that one, as "instructions").
 */
static bool idle_cost(const struct run *r, const struct target *t, size_t i,
		      struct row *row)
{
	const struct run_bench_dispatch *f;
	double in, out, iin, iout, itr, over;
	bool by_ins;
	size_t n;

	if (i >= report_bench_ndispatch_2618(r->benchmarks))
		return false;
	f = &r->benchmarks->dispatch[i];
	in = f->ns;
	out = f->ns_compiled_out;
	iin = f->instructions;
	iout = f->instructions_compiled_out;
	itr = f->instructions_traced;
	by_ins = isfinite(iin) && isfinite(iout) && iout > 0;
	over = by_ins ? iin / iout - 1 : in / out - 1;
	snprintf(row->what, sizeof(row->what), "%s, %s", t->what, f->flow);
	measured(row, 100 * over);
	if (!isfinite(over)) {
		snprintf(row->note, sizeof(row->note),
			 "no tracepoints to compile out here");
		return true;
	}
	n = (size_t)snprintf(
		row->note, sizeof(row->note),
		isfinite(itr) ?
			"%s: %.0f instructions, %.0f compiled out; %.1f ns, %.1f ns compiled out" :
			"%s: %.0f instructions in, %.0f out; %.1f ns in, %.1f ns out",
		by_ins ? "instructions" : "ns", iin, iout, in, out);
	if (isfinite(itr) && iout > 0 && n < sizeof(row->note))
		snprintf(row->note + n, sizeof(row->note) - n,
			 "; the traced copy (--trace only): %.0f, %+.0f%%", itr,
			 100 * (itr / iout - 1));
	return true;
}

/* Spin raise -> entry of scenario floor-spin over the one-way hand-off. */
static bool spin_floor(const struct run *r, const struct target *t, bool p99,
		       struct row *row)
{
	const struct run_design *floor = design(r, "floor-spin", "flow");
	double handoff = r->benchmarks->handoff_ns;
	uint64_t q = floor ? p99 ? floor->entry.p99 : floor->entry.p50 : 0;

	snprintf(row->what, sizeof(row->what), "%s", t->what);
	if (!floor || !isfinite(handoff) || !(handoff > 0)) {
		snprintf(row->note, sizeof(row->note),
			 "needs 2 PUs and scenario floor-spin");
		return true;
	}
	row->value = q / handoff;
	row->x = (double)q;
	row->ref = handoff;
	if (p99)
		snprintf(row->note, sizeof(row->note), "floor-spin p99 %llu ns",
			 (unsigned long long)q);
	else
		snprintf(row->note, sizeof(row->note),
			 "floor-spin p50 %llu ns; one-way hand-off %.0f ns",
			 (unsigned long long)q, handoff);
	return true;
}

static bool spin_p50(const struct run *r, const struct target *t, size_t i,
		     struct row *row)
{
	return !i && spin_floor(r, t, false, row);
}

static bool spin_p99(const struct run *r, const struct target *t, size_t i,
		     struct row *row)
{
	return !i && spin_floor(r, t, true, row);
}

/* Scenarios tput-inline-simple and -percpu, through the harness. */
static bool inline_rate(const struct run *r, const struct target *t, size_t i,
			struct row *row)
{
	static const char *const flow[] = { "simple", "percpu" };
	const struct run_bench_dispatch *raw;
	const struct run_design *d;
	char sc[64];

	if (i >= sizeof(flow) / sizeof(*flow))
		return false;
	snprintf(sc, sizeof(sc), "tput-inline-%s", flow[i]);
	d = design(r, sc, "flow");
	raw = flow_of(r->benchmarks, flow[i]);
	snprintf(row->what, sizeof(row->what),
		 "%s, %s (harness, stamps included)", t->what, flow[i]);
	snprintf(row->note, sizeof(row->note),
		 "dispatch alone: %.3g M/s; stranded %llu",
		 raw ? raw->per_s / 1e6 : NAN,
		 d ? (unsigned long long)d->stranded : 0ULL);
	if (!d)
		return true;
	row->value = d->throughput / 1e6;
	/* A rate that strands events is not sustained. */
	row->x = d->stranded ? 0 : row->value;
	return true;
}

static bool register_cost(const struct run *r, const struct target *t, size_t i,
			  struct row *row)
{
	const struct run_bench_cost *c;

	if (i >= r->benchmarks->ncosts)
		return false;
	c = &r->benchmarks->costs[i];
	snprintf(row->what, sizeof(row->what), "%s %s.%s", t->what, c->model,
		 c->key);
	snprintf(row->note, sizeof(row->note),
		 "%.0f ns configured, %.0f measured", c->ns, c->measured_ns);
	measured(row, 100 * (c->ratio - 1));
	return true;
}

/* Why bench.analysis was not measured, in words. */
static const char *not_measured(const struct run_bench *b)
{
	return b->analysis_why ? b->analysis_why :
				 "not measured by this irqlab";
}

static bool sink_rate(const struct run *r, const struct target *t, size_t i,
		      struct row *row)
{
	const struct run_bench *b = r->benchmarks;

	if (i)
		return false;
	snprintf(row->what, sizeof(row->what), "%s", t->what);
	measured(row, b->ratio);
	if (b->analysis_measured && isfinite(b->turns)) {
		row->lo = b->ratio_min;
		row->hi = b->ratio_max;
	}
	if (b->analysis_measured && isfinite(b->turns))
		snprintf(
			row->note, sizeof(row->note),
			"%.0f events: median of %.0f turns (%.2f-%.2fx), sink %.2f s, dummy %.2f s CPU time (a traced quick run, babeltrace2 CLI, one graph, taking turns)",
			b->events, b->turns, b->ratio_min, b->ratio_max,
			b->sink_s, b->dummy_s);
	else if (b->analysis_measured)
		snprintf(
			row->note, sizeof(row->note),
			"%.0f events: sink %.2f s, dummy %.2f s (a traced quick run, babeltrace2 CLI, least CPU time of 3 each, taking turns)",
			b->events, b->sink_s, b->dummy_s);
	else
		snprintf(row->note, sizeof(row->note), "%s", not_measured(b));
	return true;
}

/* Recording, per flow: its added ns against the events' own cost. */
static bool active_tracing(const struct run *r, const struct target *t,
			   size_t i, struct row *row)
{
	const struct run_bench *b = r->benchmarks;
	const struct run_bench_tracing *f;

	if (!b->ntracing && !i) {
		snprintf(row->what, sizeof(row->what), "%s", t->what);
		snprintf(row->note, sizeof(row->note), "%s", not_measured(b));
		return true;
	}
	if (i >= b->ntracing)
		return false;
	f = &b->tracing[i];
	snprintf(row->what, sizeof(row->what), "%s, %s", t->what, f->flow);
	snprintf(
		row->note, sizeof(row->note),
		"recording adds %.0f ns; %.2f events per dispatch x %.1f ns per event = %.0f ns",
		f->added_ns, f->events_per_irq,
		f->budget_ns / f->events_per_irq, f->budget_ns);
	measured(row, f->ratio);
	return true;
}

/* The largest over the smallest ns of @p; NAN if any is missing. */
static double spread(const struct run_bench_point *p, size_t n)
{
	double lo = INFINITY, hi = 0;

	for (size_t i = 0; i < n; i++) {
		if (!isfinite(p[i].ns) || p[i].ns <= 0)
			return NAN;
		lo = fmin(lo, p[i].ns);
		hi = fmax(hi, p[i].ns);
	}
	return n ? hi / lo : NAN;
}

static bool lines_flat(const struct run *r, const struct target *t, size_t i,
		       struct row *row)
{
	if (i)
		return false;
	snprintf(row->what, sizeof(row->what), "%s", t->what);
	snprintf(row->note, sizeof(row->note), "slowest over fastest");
	measured(row, spread(r->benchmarks->lines, r->benchmarks->nlines));
	return true;
}

/* Each shared action's increment against the first one's. */
static bool shared_linear(const struct run *r, const struct target *t, size_t i,
			  struct row *row)
{
	const struct run_bench_point *sh = r->benchmarks->shared;
	double first = NAN, worst = NAN;

	if (i)
		return false;
	for (size_t k = 1; k < r->benchmarks->nshared; k++) {
		double slope = (sh[k].ns - sh[k - 1].ns) /
			       (sh[k].count - sh[k - 1].count);

		if (k == 1)
			first = slope;
		else if (!(slope <= worst))
			worst = slope;
	}
	snprintf(row->what, sizeof(row->what), "%s", t->what);
	snprintf(row->note, sizeof(row->note),
		 "ns per added action: %.2f first, %.2f at most after", first,
		 worst);
	row->value = worst / first;
	if (isfinite(first) && isfinite(worst)) {
		row->x = worst - SHARED_SLACK_NS;
		row->ref = first;
	}
	return true;
}

/*
 * On n CPUs against one: the largest growth of a dispatch's cost, the
 * smallest share of n x one CPU's rate, and the note both rows carry.
 */
static bool cpu_scaling(const struct run_bench *b, double *grow, double *eff,
			char *note, size_t len)
{
	const struct run_bench_point *c = b->cpus;

	*grow = *eff = NAN;
	for (size_t i = 1; i < b->ncpus; i++) {
		double g = c[i].ns / c[0].ns;
		double e = c[i].per_s / (c[i].count * c[0].per_s);

		*grow = i == 1 || g > *grow ? g : *grow; /* NAN stays NAN */
		*eff = i == 1 || e < *eff ? e : *eff;
	}
	if (b->ncpus < 2) {
		snprintf(note, len, "needs 2 PUs");
		return false;
	}
	snprintf(note, len, "1 to %.0f simulated CPUs, one PU each%s",
		 c[b->ncpus - 1].count,
		 b->ncpus < 3 ? " (this machine has no more)" : "");
	return true;
}

static bool cpus_cost(const struct run *r, const struct target *t, size_t i,
		      struct row *row)
{
	double grow, eff;

	if (i)
		return false;
	snprintf(row->what, sizeof(row->what), "%s", t->what);
	if (cpu_scaling(r->benchmarks, &grow, &eff, row->note,
			sizeof(row->note)))
		measured(row, grow);
	return true;
}

static bool cpus_rate(const struct run *r, const struct target *t, size_t i,
		      struct row *row)
{
	double grow, eff;

	if (i)
		return false;
	snprintf(row->what, sizeof(row->what), "%s", t->what);
	if (cpu_scaling(r->benchmarks, &grow, &eff, row->note,
			sizeof(row->note)))
		measured(row, eff);
	return true;
}

enum {
	T_INSTRUCTIONS,
	T_BELOW_DO_IRQ,
	T_IDLE,
	T_SPIN_P50,
	T_SPIN_P99,
	T_INLINE,
	T_COST,
	T_SINK,
	T_ACTIVE,
	T_LINES,
	T_SHARED,
	T_CPUS_COST,
	T_CPUS_RATE,
	NR_TARGETS,
};

/* The project's targets (docs/bench.md), in the table's order. */
static const struct target targets[NR_TARGETS] = {
	[T_INSTRUCTIONS] = { "instructions per dispatch", AT_MOST, 150, "",
			     NULL, instructions },
	[T_BELOW_DO_IRQ] = { "every flow's instructions at or below __do_IRQ's",
			     AT_MOST, 1, "", "__do_IRQ", below_do_irq },
	[T_IDLE] = { "idle tracepoints' cost per dispatch", AT_MOST, 5, "%",
		     NULL, idle_cost },
	[T_SPIN_P50] = { "spin raise -> entry p50 over the hand-off", AT_MOST,
			 2, "x", NULL, spin_p50 },
	[T_SPIN_P99] = { "spin raise -> entry p99 over the hand-off", AT_MOST,
			 3, "x", NULL, spin_p99 },
	[T_INLINE] = { "sustained inline rate", AT_LEAST, 10, " M/s", NULL,
		       inline_rate },
	[T_COST] = { "register cost", WITHIN, 5, "%", NULL, register_cost },
	[T_SINK] = { "trace sink events/s over sink.utils.dummy's", AT_LEAST,
		     0.8, "x", NULL, sink_rate },
	[T_ACTIVE] = { "active tracing over LTTng's event cost x events",
		       AT_MOST, 1.3, "x", NULL, active_tracing },
	[T_LINES] = { "a line's dispatch over 0 .. NR_IRQS-2 other lines",
		      AT_MOST, 1.2, "x", NULL, lines_flat },
	[T_SHARED] = { "each shared action's cost (linear)", AT_MOST, 1.5, "x",
		       "the first", shared_linear },
	[T_CPUS_COST] = { "a dispatch's cost on n CPUs over one CPU's", AT_MOST,
			  1.2, "x", NULL, cpus_cost },
	[T_CPUS_RATE] = { "dispatches/s on n CPUs over n x one CPU's", AT_LEAST,
			  0.8, "x", NULL, cpus_rate },
};

/* "<= 150", ">= 10 M/s", "within 5%", "<= 1.5x the first", "<= __do_IRQ". */
static void wanted(char *buf, size_t len, const struct target *t)
{
	static const char *const op[] = {
		[AT_MOST] = "<=", [AT_LEAST] = ">=", [WITHIN] = "within"
	};

	if (t->of && t->limit == 1)
		snprintf(buf, len, "%s %s", op[t->cmp], t->of);
	else
		snprintf(buf, len, "%s %g%s%s%s", op[t->cmp], t->limit, t->unit,
			 t->of ? " " : "", t->of ? t->of : "");
}

static bool meets(const struct target *t, double x, double limit)
{
	switch (t->cmp) {
	case AT_MOST:
		return x <= limit;
	case AT_LEAST:
		return x >= limit;
	default:
		return fabs(x) <= limit;
	}
}

/*
 * Met or missed; for a figure with a range of turns, only where every
 * turn agrees: a range that crosses the limit is no verdict.
 */
static const char *verdict(const struct target *t, const struct row *row)
{
	double limit = t->limit * row->ref;

	if (isnan(row->x))
		return "not measured";
	if (isfinite(row->lo) && isfinite(row->hi)) {
		/* Each holds on an interval: a range is in it at both ends. */
		bool all = meets(t, row->lo, limit) && meets(t, row->hi, limit);
		bool none = t->cmp == AT_MOST  ? row->lo > limit :
			    t->cmp == AT_LEAST ? row->hi < limit :
						 row->lo > limit ||
							 row->hi < -limit;

		if (all)
			return "met";
		return none ? "MISSED" : "no verdict: the turns span the limit";
	}
	return meets(t, row->x, limit) ? "met" : "MISSED";
}

bool report_bench_copies(const struct run_bench *b)
{
	for (size_t i = 0; i < b->ndispatch; i++)
		if (isfinite(b->dispatch[i].instructions_traced))
			return true;
	return false;
}

/* What limits the instruction targets, where they are missed. */
static void instruction_limits(const struct run *r, const bool *missed,
			       struct doc *d)
{
	bool copies = report_bench_copies(r->benchmarks);

	if ((missed[T_INSTRUCTIONS] || missed[T_BELOW_DO_IRQ]) && copies)
		doc_list_item(
			d,
			"Instructions per dispatch: the 2.6.18 path itself, each step's own count in the row's note and under \"Instructions per step\": the flow handler with its descriptor lock and kstat counter, handle_IRQ_event(), note_interrupt()'s spurious accounting, the vector entry (do_IRQ(), irq_enter/irq_exit, the pending check when interrupts come back on).");
	else if (missed[T_INSTRUCTIONS] || missed[T_BELOW_DO_IRQ])
		doc_list_item(
			d,
			"Instructions per dispatch: the 2.6.18 path itself. Every dispatch runs note_interrupt()'s spurious accounting, handle_IRQ_event(), the descriptor spinlock, the kstat counter, irq_enter/irq_exit and the simulated CPU's pending check when interrupts come back on; with tracepoints compiled in, every one of the 6-7 tracepoints on the path adds its state check and the registers it keeps live.");
	if (!missed[T_IDLE])
		return;
	if (copies)
		doc_list_item(
			d,
			"Idle tracepoints: a run without --trace executes the copy of the dispatch path built without tracepoints, which should equal a core built without any; where it does not, the two were compiled differently.");
	else
		doc_list_item(
			d,
			"Idle tracepoints: LTTng-UST's idle tracepoint is a load of its state, a test and a branch, about 4 instructions and some register pressure each, which on a path of 150-180 instructions is about 30%%. Meeting %g%% would take one flag that selects a copy of the path built without tracepoints.",
			targets[T_IDLE].limit);
}

/**
 * report_bench_targets - the targets table of the Benchmarks section, and
 * what limits the targets that are missed
 * @r: a run irqlab bench wrote (r->benchmarks)
 * @d: the report's document
 */
void report_bench_targets(const struct run *r, struct doc *d)
{
	static const char *const head[] = { "target", "wanted", "measured",
					    "verdict", "note" };
	bool missed[NR_TARGETS] = { false };

	doc_heading(d, 3, "Targets");
	doc_table(d, 5, 2, head);
	for (size_t k = 0; k < NR_TARGETS; k++) {
		const struct target *t = &targets[k];
		struct row row = {
			.value = NAN, .x = NAN, .ref = 1, .lo = NAN, .hi = NAN
		};
		char want[64], v[64];

		for (size_t i = 0; t->measure(r, t, i, &row); i++) {
			const char *cells[] = { row.what, want, v,
						verdict(t, &row), row.note };

			wanted(want, sizeof(want), t);
			if (isfinite(row.value))
				snprintf(v, sizeof(v), "%.4g%s", row.value,
					 t->unit);
			else
				snprintf(v, sizeof(v), "-");
			missed[k] |= !strcmp(cells[3], "MISSED");
			doc_row(d, cells);
			row = (struct row){ .value = NAN,
					    .x = NAN,
					    .ref = 1,
					    .lo = NAN,
					    .hi = NAN };
		}
	}
	doc_table_end(d);
	doc_para(
		d,
		"What limits the targets that are missed (profiled with callgrind and perf; docs/bench.md has the figures):");
	instruction_limits(r, missed, d);
	doc_list_item(
		d,
		"The spin floor: of the three cache-line transfers before the entry stamp (the device's status line, the pending bit, the CPU's read), the status line is now owned by the device before it fires; the raise itself (poll, locked bit, take, ordered stamp) measures 1.2-1.3 one-way hand-offs in a two-thread model, and what is left is both threads' harness code (the device's fire and the soft model's locked operations; the CPU's take, do_IRQ, the flow's lock, the driver's busy flag), about 100-190 ns. docs/bench.md has the step profile.");
	doc_list_item(
		d,
		"Inline throughput through the harness: an event reads the clock four times, unordered, and takes its vector without the pending bitmap when nothing else is pending (callgrind: 714 instructions a simple event, 133 of them the dispatch); back-to-back fires follow the schedule, so a scenario's rate (at most 10 M/s, the config's maximum) is also its ceiling. On the GIC (percpu) the controller model's own simulation is 554 of 1449 instructions an event (it was about 1000 of 1917), with four lock round trips; the limit there is now the raise: the device drives its input with interrupts off, so the vector goes through the pending bitmap, four locked operations and about 31 ns an event. Dispatch alone (the dispatch table) sustains several times the target.");
	doc_list_item(
		d,
		"Register costs: the busy-wait takes its own measured cost off each request, so a figure below that cost (calibration.overhead_ns in environment.json) costs the overhead instead; and a wait ends at the first clock read past its end, so a short figure is as coarse as the TSC's steps as the guest sees them (about 10 ns here): 40 ns figures come out 2-4 ns long. Each figure is the median of 200 batches of 100 waits, so a host stall lengthens a batch, not the figure.");
	doc_list_end(d);
}
