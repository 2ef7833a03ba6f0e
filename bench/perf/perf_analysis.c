// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab bench`'s trace analysis figures (perf.h): a traced run of the
 * quick suite in a scratch folder, then the trace sink's throughput
 * against sink.utils.dummy on its trace, and what recording adds to each
 * flow's dispatch against LTTng-UST's own cost of an event.
 *
 * The two sinks run on one trace through one graph, the babeltrace2
 * command line's src.ctf.fs -> flt.utils.muxer -> the sink, with the same
 * plugin path: only the sink differs. They take turns, the one that goes
 * first alternating, for several turns; each turn gives a ratio, and the
 * median ratio is the figure, its lowest and highest the spread.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <jansson.h>
#include "bench/bench.h"
#include "perf.h"
#include "run/tracing.h"

/* Turns of the two sinks; --quick's trace is a tenth as long. */
#define TURNS 9
#define TURNS_QUICK 5

static json_t *jnum(double v)
{
	return isfinite(v) && v >= 0 ? json_real(v) : json_null();
}

/* The CPU time (user and system) of one run of @argv, in s; < 0: failed. */
static double cpu_time(char **argv)
{
	struct rusage r0, r1;
	char out[4096];

	if (getrusage(RUSAGE_CHILDREN, &r0) ||
	    bench_run_tool(argv, out, sizeof(out)) ||
	    getrusage(RUSAGE_CHILDREN, &r1))
		return -1;
	return (double)(r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) +
	       (double)(r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) +
	       (double)(r1.ru_utime.tv_usec - r0.ru_utime.tv_usec) / 1e6 +
	       (double)(r1.ru_stime.tv_usec - r0.ru_stime.tv_usec) / 1e6;
}

/* The sinks' times and their ratio (dummy over sink), turn by turn. */
struct turns {
	int n;
	double dummy[TURNS], sink[TURNS], ratio[TURNS];
};

/*
 * @n turns of @dummy and @sink, the first of a turn alternating, so that
 * neither always finds the trace's pages warm or follows the other's
 * noise. CPU time rather than wall time: time spent preempted on a
 * shared machine does not count. 0, or -1 if a run failed.
 */
static int take_turns(char **dummy, char **sink, int n, struct turns *t)
{
	t->n = n;
	for (int i = 0; i < n; i++) {
		double *first = i % 2 ? &t->sink[i] : &t->dummy[i];
		double *second = i % 2 ? &t->dummy[i] : &t->sink[i];

		*first = cpu_time(i % 2 ? sink : dummy);
		*second = cpu_time(i % 2 ? dummy : sink);
		if (t->dummy[i] <= 0 || t->sink[i] <= 0)
			return -1;
		t->ratio[i] = t->dummy[i] / t->sink[i];
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of @n values (the mean of the middle two if @n is even). */
static double median(const double *v, int n)
{
	double s[TURNS];

	memcpy(s, v, (size_t)n * sizeof(*s));
	qsort(s, (size_t)n, sizeof(*s), cmp_double);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* The sink's figures: medians over the turns, the ratio's spread. */
static json_t *sink_rate(const struct turns *t, json_t *events)
{
	double lo = INFINITY, hi = 0;

	for (int i = 0; i < t->n; i++) {
		lo = fmin(lo, t->ratio[i]);
		hi = fmax(hi, t->ratio[i]);
	}
	return json_pack("{s:b, s:O, s:i, s:o, s:o, s:o, s:o, s:o}", "measured",
			 1, "events", events, "turns", t->n, "dummy_s",
			 jnum(median(t->dummy, t->n)), "sink_s",
			 jnum(median(t->sink, t->n)), "ratio",
			 jnum(median(t->ratio, t->n)), "ratio_min", jnum(lo),
			 "ratio_max", jnum(hi));
}

static json_t *not_measured(const char *why)
{
	return json_pack("{s:b, s:s}", "measured", 0, "why", why);
}

/*
 * Active tracing per flow, from the traced run: what recording added to a
 * dispatch (over the tracepoints compiled out) against LTTng-UST's own
 * cost of one event in that run times the events one dispatch recorded
 * (its dispatch-cost block in the sink's output).
 */
static json_t *active_tracing(const json_t *trace, const json_t *stages)
{
	double event_ns =
		json_number_value(json_object_get(trace, "event_cost_ns"));
	json_t *list = json_array(), *d, *b;
	size_t i, k;

	json_array_foreach(json_object_get(trace, "dispatch_ns"), i, d)
	{
		const char *flow =
			json_string_value(json_object_get(d, "flow"));
		double rec = json_number_value(json_object_get(d, "tracing"));
		const json_t *out = json_object_get(d, "compiled_out");
		double base = json_is_number(out) ? json_number_value(out) : -1;
		double per_irq = -1, added, budget;

		json_array_foreach(json_object_get(stages, "blocks"), k, b)
		{
			const char *sc = json_string_value(
				json_object_get(b, "scenario"));
			const char *de =
				json_string_value(json_object_get(b, "design"));
			double ev = (double)json_integer_value(
				json_object_get(b, "events"));
			double irqs = (double)json_integer_value(
				json_object_get(b, "interrupts"));

			if (sc && de && flow && !strcmp(sc, "dispatch-cost") &&
			    !strcmp(de, flow) && irqs > 0)
				per_irq = ev / irqs;
		}
		added = base >= 0 && rec > base ? rec - base : -1;
		budget = per_irq > 0 && event_ns > 0 ? event_ns * per_irq : -1;
		if (!list || !flow ||
		    json_array_append_new(
			    list,
			    json_pack("{s:s, s:o, s:o, s:o, s:o}", "flow", flow,
				      "events_per_irq", jnum(per_irq),
				      "added_ns", jnum(added), "budget_ns",
				      jnum(budget), "ratio",
				      jnum(added >= 0 && budget > 0 ?
						   added / budget :
						   -1)))) {
			json_decref(list);
			return NULL;
		}
	}
	return list;
}

/*
 * The traced run's own figures (its summary.json's "trace") and active
 * tracing from them and the sink's output @st, added to @j; NULL: no
 * memory (@j is then released).
 */
static json_t *with_trace(json_t *j, const char *run, const json_t *st)
{
	char path[128];
	json_t *sum, *trace, *tracing;

	if (!j)
		return NULL;
	snprintf(path, sizeof(path), "%s/summary.json", run);
	sum = json_load_file(path, 0, NULL);
	trace = json_object_get(sum, "trace");
	tracing = active_tracing(trace, st);
	if ((trace && json_object_set(j, "trace", trace)) ||
	    (tracing && json_object_set_new(j, "tracing", tracing))) {
		json_decref(j);
		j = NULL;
	}
	json_decref(sum);
	return j;
}

json_t *bench_perf_analysis(const struct bench_perf_opts *o)
{
	char dir[] = "/tmp/irqlab-bench-trace-XXXXXX", run[64], trace[80];
	char stages[96], param[128], plugin[4200], out[8192];
	char *child[] = { (char *)o->self,
			  "run",
			  (char *)o->quick_config,
			  "--trace",
			  "--no-report",
			  "-q",
			  "-o",
			  run,
			  "--quick",
			  NULL };
	/* One graph, one plugin path: only the sink differs. */
	char *dummy[] = { (char *)o->babeltrace2, plugin, trace, "-c",
			  "sink.utils.dummy",	  NULL };
	char *sink[] = { (char *)o->babeltrace2, plugin, trace, "-c",
			 "sink.irqlab.stages",	 "-p",	 param, NULL };
	struct turns t;
	json_t *st, *j = NULL;

	if (!o->babeltrace2 || !o->plugin_dir || !*o->plugin_dir)
		return not_measured(
			"needs babeltrace2 and the irqlab Babeltrace2 plugin (IRQLAB_ANALYSIS=ON)");
	if (!o->tracing)
		return not_measured(
			"needs tracing: IRQLAB_TRACE=ON and lttng-tools");
	if (*IRQLAB_SANITIZER)
		return not_measured(
			"a sanitized build's throughput is not a measurement");
	if (!mkdtemp(dir))
		return not_measured("cannot make a scratch folder in /tmp");
	snprintf(run, sizeof(run), "%s/run", dir);
	snprintf(trace, sizeof(trace), "%s/trace", run);
	snprintf(stages, sizeof(stages), "%s/stages.json", dir);
	snprintf(param, sizeof(param), "output=\"%s\"", stages);
	snprintf(plugin, sizeof(plugin), "--plugin-path=%s", o->plugin_dir);
	if (!o->quick)
		child[8] = NULL; /* the whole quick suite, not a tenth of it */
	if (bench_run_tool(child, out, sizeof(out))) {
		j = not_measured("the traced run of the quick suite failed");
	} else if (take_turns(dummy, sink, o->quick ? TURNS_QUICK : TURNS,
			      &t) ||
		   !(st = json_load_file(stages, 0, NULL))) {
		j = not_measured("babeltrace2 failed on the trace");
	} else {
		j = with_trace(sink_rate(&t, json_object_get(st, "events")),
			       run, st);
		json_decref(st);
	}
	if (bench_remove_tree(dir) && j) /* left in /tmp: say where */
		json_object_set_new(j, "left_behind", json_string(dir));
	return j ? j : not_measured("out of memory");
}
