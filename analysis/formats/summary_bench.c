// SPDX-License-Identifier: GPL-2.0
/*
 * summary.json's bench object, typed (docs/bench.md): what irqlab bench
 * measured outside scenarios, as bench/perf/perf.c writes it and the report's
 * Benchmarks section reads it (struct run_bench, run.h). Every figure is
 * a number or null (not measured); the lists and series the harness
 * could not make are absent, and so are the parts that came after the
 * first irqlab bench (the analysis object, the CPU series), so that older
 * folders report as they did. Anything else missing or of another type
 * is one sentence naming the field, through jfield.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jfield.h"
#include "analysis/summary.h"

/* Reads one element @e (at @where, "bench.costs[3].") into @out. */
typedef int (*elem_fn)(struct jf_reader *rd, const json_t *e, const char *where,
		       void *out);

/* Frees what an element owns (a list of its own), or NULL: nothing. */
typedef void (*elem_fini)(void *elem);

/*
 * The optional array of objects @key of @o, each read by @fn into a
 * calloc()ed element of @size bytes, first set to @init where not NULL;
 * on failure, @fini (where not NULL) on every element first.
 */
static int read_list(struct jf_reader *rd, const json_t *o, const char *where,
		     const char *key, size_t size, const void *init, elem_fn fn,
		     elem_fini fini, void **out, size_t *n)
{
	json_t *a;
	char *el;
	int ret = jf_array(rd, o, where, key, JF_OPTIONAL, &a);

	*out = NULL;
	*n = 0;
	if (ret || !a)
		return ret;
	el = calloc(json_array_size(a) ? json_array_size(a) : 1, size);
	if (!el)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(a) && !ret; i++) {
		const json_t *e = json_array_get(a, i);
		char w[256];

		snprintf(w, sizeof(w), "%s%s[%zu].", where, key, i);
		if (init)
			memcpy(el + i * size, init, size);
		ret = json_is_object(e) ? fn(rd, e, w, el + i * size) :
					  jf_bad(rd, w, "", "not an object");
	}
	if (ret) {
		/* calloc()ed: those not read own nothing */
		for (size_t i = 0; fini && i < json_array_size(a); i++)
			fini(el + i * size);
		free(el);
		return ret;
	}
	*out = el;
	*n = json_array_size(a);
	return 0;
}

static int step_one(struct jf_reader *rd, const json_t *e, const char *w,
		    void *out)
{
	struct run_bench_step *st = out;
	int ret = jf_str(rd, e, w, "fn", JF_REQUIRED, &st->fn);

	if (!ret)
		ret = jf_num(rd, e, w, "instructions", JF_REQUIRED,
			     &st->instructions);
	return ret;
}

static void dispatch_fini(void *elem)
{
	free(((struct run_bench_dispatch *)elem)->steps);
}

/* The parts added later (the traced copy, the steps) may be absent. */
static int dispatch_one(struct jf_reader *rd, const json_t *e, const char *w,
			void *out)
{
	struct run_bench_dispatch *d = out;
	int ret = jf_str(rd, e, w, "flow", JF_REQUIRED, &d->flow);

	d->instructions_traced = NAN;

	if (!ret)
		ret = jf_num(rd, e, w, "ns", JF_REQUIRED, &d->ns);
	if (!ret)
		ret = jf_num(rd, e, w, "ns_compiled_out", JF_REQUIRED,
			     &d->ns_compiled_out);
	if (!ret)
		ret = jf_num(rd, e, w, "per_s", JF_REQUIRED, &d->per_s);
	if (!ret)
		ret = jf_num(rd, e, w, "instructions", JF_REQUIRED,
			     &d->instructions);
	if (!ret)
		ret = jf_num(rd, e, w, "instructions_compiled_out", JF_REQUIRED,
			     &d->instructions_compiled_out);
	if (!ret)
		ret = jf_num(rd, e, w, "instructions_traced", JF_OPTIONAL,
			     &d->instructions_traced);
	if (!ret)
		ret = read_list(rd, e, w, "steps", sizeof(*d->steps), NULL,
				step_one, NULL, (void **)&d->steps, &d->nsteps);
	return ret;
}

/* A scaling series counts in a key of its own; per_s: the cpus one. */
static int point(struct jf_reader *rd, const json_t *e, const char *w,
		 const char *count, struct run_bench_point *p)
{
	int ret = jf_num(rd, e, w, count, JF_REQUIRED, &p->count);

	if (!ret && isnan(p->count))
		ret = jf_bad(rd, w, count, "not a number");
	if (!ret)
		ret = jf_num(rd, e, w, "ns", JF_REQUIRED, &p->ns);
	return ret;
}

static int line_one(struct jf_reader *rd, const json_t *e, const char *w,
		    void *out)
{
	return point(rd, e, w, "other_lines", out);
}

static int shared_one(struct jf_reader *rd, const json_t *e, const char *w,
		      void *out)
{
	return point(rd, e, w, "actions", out);
}

static int cpus_one(struct jf_reader *rd, const json_t *e, const char *w,
		    void *out)
{
	struct run_bench_point *p = out;
	int ret = point(rd, e, w, "cpus", p);

	if (!ret)
		ret = jf_num(rd, e, w, "per_s", JF_REQUIRED, &p->per_s);
	return ret;
}

static int cost_one(struct jf_reader *rd, const json_t *e, const char *w,
		    void *out)
{
	struct run_bench_cost *c = out;
	int ret = jf_str(rd, e, w, "model", JF_REQUIRED, &c->model);

	if (!ret)
		ret = jf_str(rd, e, w, "key", JF_REQUIRED, &c->key);
	if (!ret)
		ret = jf_num(rd, e, w, "ns", JF_REQUIRED, &c->ns);
	if (!ret)
		ret = jf_num(rd, e, w, "measured_ns", JF_REQUIRED,
			     &c->measured_ns);
	if (!ret)
		ret = jf_num(rd, e, w, "ratio", JF_REQUIRED, &c->ratio);
	return ret;
}

static int tracing_one(struct jf_reader *rd, const json_t *e, const char *w,
		       void *out)
{
	struct run_bench_tracing *t = out;
	int ret = jf_str(rd, e, w, "flow", JF_REQUIRED, &t->flow);

	if (!ret)
		ret = jf_num(rd, e, w, "events_per_irq", JF_REQUIRED,
			     &t->events_per_irq);
	if (!ret)
		ret = jf_num(rd, e, w, "added_ns", JF_REQUIRED, &t->added_ns);
	if (!ret)
		ret = jf_num(rd, e, w, "budget_ns", JF_REQUIRED, &t->budget_ns);
	if (!ret)
		ret = jf_num(rd, e, w, "ratio", JF_REQUIRED, &t->ratio);
	return ret;
}

/* bench.scaling: the simple flow as lines, actions and CPUs grow. */
static int read_scaling(struct jf_reader *rd, const json_t *b,
			struct run_bench *rb)
{
	static const struct run_bench_point none = { NAN, NAN, NAN };
	const size_t sz = sizeof(struct run_bench_point);
	const char *w = "bench.scaling.";
	json_t *s;
	int ret = jf_obj(rd, b, "bench.", "scaling", JF_OPTIONAL, &s);

	if (ret || !s)
		return ret;
	ret = jf_str(rd, s, w, "flow", JF_REQUIRED, &rb->scaling_flow);
	if (!ret)
		ret = read_list(rd, s, w, "lines", sz, &none, line_one, NULL,
				(void **)&rb->lines, &rb->nlines);
	if (!ret)
		ret = read_list(rd, s, w, "shared", sz, &none, shared_one, NULL,
				(void **)&rb->shared, &rb->nshared);
	/* The CPUs series came after the other two. */
	if (!ret)
		ret = read_list(rd, s, w, "cpus", sz, &none, cpus_one, NULL,
				(void **)&rb->cpus, &rb->ncpus);
	return ret;
}

/* bench.analysis, the trace sink's throughput: absent, not measured. */
static int read_analysis(struct jf_reader *rd, const json_t *b,
			 struct run_bench *rb)
{
	const char *w = "bench.analysis.";
	json_t *a;
	int ret = jf_obj(rd, b, "bench.", "analysis", JF_OPTIONAL, &a);

	if (ret || !a)
		return ret;
	ret = jf_bool(rd, a, w, "measured", JF_REQUIRED,
		      &rb->analysis_measured);
	if (!ret)
		ret = jf_str(rd, a, w, "why", JF_OPTIONAL, &rb->analysis_why);
	if (!ret && rb->analysis_measured) {
		ret = jf_num(rd, a, w, "events", JF_REQUIRED, &rb->events);
		if (!ret)
			ret = jf_num(rd, a, w, "sink_s", JF_REQUIRED,
				     &rb->sink_s);
		if (!ret)
			ret = jf_num(rd, a, w, "dummy_s", JF_REQUIRED,
				     &rb->dummy_s);
		if (!ret)
			ret = jf_num(rd, a, w, "ratio", JF_REQUIRED,
				     &rb->ratio);
		/* The median of turns and its spread, since they were. */
		if (!ret)
			ret = jf_num(rd, a, w, "turns", JF_OPTIONAL,
				     &rb->turns);
		if (!ret)
			ret = jf_num(rd, a, w, "ratio_min", JF_OPTIONAL,
				     &rb->ratio_min);
		if (!ret)
			ret = jf_num(rd, a, w, "ratio_max", JF_OPTIONAL,
				     &rb->ratio_max);
	}
	if (!ret)
		ret = read_list(rd, a, w, "tracing", sizeof(*rb->tracing), NULL,
				tracing_one, NULL, (void **)&rb->tracing,
				&rb->ntracing);
	return ret;
}

/**
 * summary_bench_read - summary.json's bench object, typed
 * @rd: the reader of summary.json
 * @b: the object (r->bench)
 * @out: receives it, calloc()ed; free with summary_bench_free(), whatever
 *	happens
 *
 * Return: 0, -ENOMEM, or -EINVAL with @rd->err naming the field.
 */
int summary_bench_read(struct jf_reader *rd, const json_t *b,
		       struct run_bench **out)
{
	struct run_bench *rb = calloc(1, sizeof(*rb));
	int ret;

	*out = rb;
	if (!rb)
		return -ENOMEM;
	rb->events = rb->sink_s = rb->dummy_s = rb->ratio = NAN;
	rb->turns = rb->ratio_min = rb->ratio_max = NAN;
	ret = jf_num(rd, b, "bench.", "handoff_ns", JF_REQUIRED,
		     &rb->handoff_ns);
	if (!ret)
		ret = jf_bool(rd, b, "bench.", "callgrind", JF_REQUIRED,
			      &rb->callgrind);
	/* Each of these is left out where the harness could not make it. */
	if (!ret)
		ret = read_list(rd, b, "bench.", "dispatch",
				sizeof(*rb->dispatch), NULL, dispatch_one,
				dispatch_fini, (void **)&rb->dispatch,
				&rb->ndispatch);
	if (!ret)
		ret = read_scaling(rd, b, rb);
	if (!ret)
		ret = read_list(rd, b, "bench.", "costs", sizeof(*rb->costs),
				NULL, cost_one, NULL, (void **)&rb->costs,
				&rb->ncosts);
	if (!ret)
		ret = read_analysis(rd, b, rb);
	return ret;
}

/**
 * summary_bench_free - what summary_bench_read() allocated
 * @b: the bench object, typed, or NULL
 */
void summary_bench_free(struct run_bench *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->ndispatch; i++)
		free(b->dispatch[i].steps);
	free(b->dispatch);
	free(b->lines);
	free(b->shared);
	free(b->cpus);
	free(b->costs);
	free(b->tracing);
	free(b);
}
