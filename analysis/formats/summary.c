// SPDX-License-Identifier: GPL-2.0
/*
 * summary.json (summary.h, docs/results.md), written and read here: the
 * document, its scenarios, placement, trace and break. A design's object
 * is design.c's. Every value is checked for its type as it is read; the
 * first thing wrong is reported as FILE: where: what, and nothing
 * half-read is returned. What the first format had is required; what
 * came later (control_shift_ns, placement.thread_pu, trace.dispatch_ns,
 * replay, ...) may be absent, as docs/results.md says.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "design.h"
#include "jfield.h"
#include "analysis/summary.h"

static json_t *placement_json(const struct run_scenario *sc)
{
	const struct run_placement *pl = &sc->placement;
	json_t *cpus;

	if (!sc->has_placement)
		return json_null();
	cpus = json_array();
	for (size_t i = 0; cpus && i < pl->ncpus; i++)
		if (json_array_append_new(cpus, json_integer(pl->cpu_pu[i]))) {
			json_decref(cpus);
			cpus = NULL;
		}
	return json_pack("{s:o, s:I, s:I, s:b, s:o}", "cpu_pu", cpus,
			 "device_pu", (json_int_t)pl->device_pu, "thread_pu",
			 (json_int_t)pl->thread_pu, "thread_shared",
			 pl->thread_shared, "note", jf_new_str(pl->note));
}

/* Pattern replay: where the arrivals came from. */
static json_t *replay_json(const struct run_replay *r)
{
	return json_pack(
		"{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "file",
		jf_new_str(r->file), "path", jf_new_str(r->path), "format",
		jf_new_str(r->format), "irq",
		r->irq >= 0 ? json_integer(r->irq) : json_null(), "irq_name",
		jf_new_str(r->irq_name), "speed", jf_new_real(r->speed),
		"arrivals", jf_new_u64(r->arrivals), "span_ns",
		jf_new_u64(r->span_ns), "loop_ns", jf_new_u64(r->loop_ns));
}

static json_t *scenario_json(const struct run_scenario *sc)
{
	json_t *o, *pl = placement_json(sc), *ds;

	if (!pl)
		return NULL;
	o = json_pack(
		"{s:o, s:o, s:o, s:o, s:I, s:o, s:o, s:I, s:o, s:o, s:I, s:[]}",
		"name", jf_new_str(sc->name), "file", jf_new_str(sc->file),
		"chip", jf_new_str(sc->chip), "trigger",
		jf_new_str(sc->trigger), "pin", (json_int_t)sc->pin, "pattern",
		jf_new_str(sc->pattern), "rate_hz", jf_new_real(sc->rate_hz),
		"devices", (json_int_t)sc->devices, "wait",
		jf_new_str(sc->wait), "placement", pl, "control_shift_ns",
		(json_int_t)sc->control_shift_ns, "designs");
	if (o && json_object_set_new(o, "index", json_integer(sc->index))) {
		json_decref(o);
		return NULL;
	}
	/* Runs before the architecture was a setting have none. */
	if (o && sc->arch &&
	    json_object_set_new(o, "arch", json_string(sc->arch))) {
		json_decref(o);
		return NULL;
	}
	if (o && sc->has_replay &&
	    json_object_set_new(o, "replay", replay_json(&sc->replay))) {
		json_decref(o);
		return NULL;
	}
	ds = json_object_get(o, "designs");
	for (size_t k = 0; o && k < sc->nd; k++)
		if (json_array_append_new(ds, design_json(sc, &sc->d[k]))) {
			json_decref(o);
			o = NULL;
		}
	return o;
}

static json_t *trace_json(const struct run_trace *t)
{
	json_t *o, *a;

	o = json_pack("{s:s, s:s, s:I, s:o, s:I}", "path", t->path, "mode",
		      t->mode, "discarded_events",
		      (json_int_t)t->discarded_events, "event_cost_ns",
		      jf_new_real(t->event_cost_ns), "snapshots",
		      (json_int_t)t->snapshots);
	if (!o || !t->ndispatch)
		return o;
	a = json_array();
	for (size_t i = 0; a && i < t->ndispatch; i++) {
		const struct run_dispatch *d = &t->dispatch[i];

		if (json_array_append_new(
			    a, json_pack("{s:s, s:o, s:o, s:o}", "flow",
					 d->flow, "compiled_out",
					 jf_new_real(d->compiled_out), "idle",
					 jf_new_real(d->idle), "tracing",
					 jf_new_real(d->tracing)))) {
			json_decref(a);
			a = NULL;
		}
	}
	if (!a || json_object_set_new(o, "dispatch_ns", a)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *failed_json(const struct run_failed *f)
{
	return json_pack("{s:s, s:I, s:s}", "scenario", f->scenario, "index",
			 (json_int_t)f->index, "why", f->why);
}

static json_t *break_json(const struct run_break *b)
{
	return json_pack("{s:I, s:I, s:s, s:s, s:I, s:I}", "threshold_ns",
			 (json_int_t)b->threshold_ns, "latency_ns",
			 (json_int_t)b->latency_ns, "scenario", b->scenario,
			 "design", b->design, "block", (json_int_t)b->block,
			 "seq", (json_int_t)b->seq);
}

/**
 * summary_json - summary.json's document
 * @r: what to write: scenarios in the order they ran, each with its
 *	designs; samples.bin's fields of the designs are not used
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *summary_json(const struct run *r)
{
	json_t *j, *list = json_array();
	int bad = !list;

	for (size_t i = 0; !bad && i < r->nsc; i++)
		bad = json_array_append_new(list, scenario_json(&r->sc[i]));
	if (bad) {
		json_decref(list);
		return NULL;
	}
	j = json_pack("{s:s, s:i, s:b, s:b, s:s, s:s, s:o, s:o}", "irqlab",
		      r->irqlab, "format", SUMMARY_FORMAT, "complete",
		      r->complete, "interrupted", r->interrupted, "started",
		      r->started, "finished", r->finished, "host",
		      jf_new_str(r->host), "scenarios", list);
	if (!j)
		return NULL;
	if (r->bench)
		bad |= json_object_set(j, "bench", r->bench);
	if (r->traced)
		bad |= json_object_set_new(j, "trace", trace_json(&r->trace));
	if (r->has_break)
		bad |= json_object_set_new(j, "break", break_json(&r->brk));
	if (r->has_failed)
		bad |= json_object_set_new(j, "failed",
					   failed_json(&r->failed));
	if (bad) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static int read_placement(struct jf_reader *rd, json_t *o, const char *where,
			  struct run_scenario *sc)
{
	struct run_placement *pl = &sc->placement;
	unsigned int *pu;
	char w[160];
	json_t *p, *cpus, *v;
	size_t i;
	int ret = jf_obj(rd, o, where, "placement", JF_NULLABLE, &p);

	if (ret || !p)
		return ret;
	snprintf(w, sizeof(w), "%splacement.", where);
	sc->has_placement = true;
	ret = jf_array(rd, p, w, "cpu_pu", JF_REQUIRED, &cpus);
	if (ret)
		return ret;
	pu = calloc(json_array_size(cpus) + 1, sizeof(*pu));
	if (!pu)
		return -ENOMEM;
	pl->cpu_pu = pu;
	json_array_foreach(cpus, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > UINT32_MAX)
			return jf_bad(rd, w, "cpu_pu",
				      "not an array of PU numbers");
		pu[pl->ncpus++] = (unsigned int)json_integer_value(v);
	}
	ret = jf_u64(rd, p, w, "device_pu", JF_REQUIRED, &pl->device_pu);
	if (!ret && json_object_get(p, "thread_pu")) {
		pl->has_thread_pu = true;
		ret = jf_u64(rd, p, w, "thread_pu", JF_REQUIRED,
			     &pl->thread_pu);
	}
	/* Older folders have no thread placement: not shared, then. */
	if (!ret)
		ret = jf_bool(rd, p, w, "thread_shared", JF_OPTIONAL,
			      &pl->thread_shared);
	if (!ret)
		ret = jf_str(rd, p, w, "note", JF_REQUIRED, &pl->note);
	sc->thread_shared = pl->thread_shared;
	return ret;
}

/* A count that must fit an unsigned int. */
static int read_uint(struct jf_reader *rd, json_t *o, const char *where,
		     const char *key, unsigned int *out)
{
	uint64_t v;
	int ret = jf_u64(rd, o, where, key, JF_REQUIRED, &v);

	if (!ret && v > UINT32_MAX)
		ret = jf_bad(rd, where, key, "above 4294967295");
	if (!ret)
		*out = (unsigned int)v;
	return ret;
}

static int read_names(struct jf_reader *rd, json_t *o, const char *where,
		      struct run_scenario *sc)
{
	const struct {
		const char *key;
		const char **out;
		int how;
	} f[] = {
		{ "name", &sc->name, JF_REQUIRED },
		{ "file", &sc->file, JF_NULLABLE },
		{ "chip", &sc->chip, JF_REQUIRED },
		{ "trigger", &sc->trigger, JF_REQUIRED },
		{ "pattern", &sc->pattern, JF_REQUIRED },
		{ "wait", &sc->wait, JF_REQUIRED },
		{ "arch", &sc->arch, JF_OPTIONAL },
	};
	int ret = 0;

	for (size_t i = 0; !ret && i < sizeof(f) / sizeof(f[0]); i++)
		ret = jf_str(rd, o, where, f[i].key, f[i].how, f[i].out);
	return ret;
}

/* replay, of a pattern replay scenario (absent otherwise). */
static int read_replay(struct jf_reader *rd, json_t *o, const char *where,
		       struct run_scenario *sc)
{
	struct run_replay *r = &sc->replay;
	const struct {
		const char *key;
		uint64_t *out;
	} u[] = {
		{ "arrivals", &r->arrivals },
		{ "span_ns", &r->span_ns },
		{ "loop_ns", &r->loop_ns },
	};
	char w[128];
	json_t *p = NULL;
	int ret = jf_obj(rd, o, where, "replay", JF_OPTIONAL, &p);

	if (ret || !p)
		return ret;
	snprintf(w, sizeof(w), "%sreplay.", where);
	sc->has_replay = true;
	r->irq = -1;
	ret = jf_str(rd, p, w, "file", JF_REQUIRED, &r->file);
	if (!ret)
		ret = jf_str(rd, p, w, "path", JF_REQUIRED, &r->path);
	if (!ret)
		ret = jf_str(rd, p, w, "format", JF_REQUIRED, &r->format);
	if (!ret)
		ret = jf_str(rd, p, w, "irq_name", JF_NULLABLE, &r->irq_name);
	if (!ret && !json_is_null(json_object_get(p, "irq")))
		ret = jf_s64(rd, p, w, "irq", JF_REQUIRED, &r->irq);
	if (!ret)
		ret = jf_num(rd, p, w, "speed", JF_REQUIRED, &r->speed);
	for (size_t i = 0; !ret && i < sizeof(u) / sizeof(u[0]); i++)
		ret = jf_u64(rd, p, w, u[i].key, JF_REQUIRED, u[i].out);
	return ret;
}

/*
 * samples.bin's number for scenario @i: its "index"; folders from before
 * a failed scenario was named have none, and their scenarios are in
 * samples.bin's order.
 */
static int read_index(struct jf_reader *rd, json_t *o, const char *where,
		      size_t i, struct run_scenario *sc)
{
	uint64_t v = i;
	int ret = jf_u64(rd, o, where, "index", JF_OPTIONAL, &v);

	if (!ret && v > UINT16_MAX)
		ret = jf_bad(rd, where, "index",
			     "above 65535 (samples.bin's scenario numbers)");
	sc->index = (unsigned int)v;
	return ret;
}

static int read_scenario(struct jf_reader *rd, json_t *o, size_t i,
			 struct run_scenario *sc)
{
	char where[96];
	json_t *ds;
	int ret;

	snprintf(where, sizeof(where), "scenarios[%zu].", i);
	if (!json_is_object(o))
		return jf_bad(rd, where, "", "not an object");
	ret = read_names(rd, o, where, sc);
	if (!ret)
		ret = read_index(rd, o, where, i, sc);
	if (!ret)
		ret = read_uint(rd, o, where, "pin", &sc->pin);
	if (!ret)
		ret = jf_num(rd, o, where, "rate_hz", JF_REQUIRED,
			     &sc->rate_hz);
	if (!ret)
		ret = read_uint(rd, o, where, "devices", &sc->devices);
	/* control_shift_ns came with the A/A controls: absent reads 0. */
	if (!ret)
		ret = jf_u64(rd, o, where, "control_shift_ns", JF_OPTIONAL,
			     &sc->control_shift_ns);
	if (!ret)
		ret = read_placement(rd, o, where, sc);
	if (!ret)
		ret = read_replay(rd, o, where, sc);
	if (!ret)
		ret = jf_array(rd, o, where, "designs", JF_REQUIRED, &ds);
	if (ret)
		return ret;
	sc->nd = json_array_size(ds);
	sc->d = calloc(sc->nd ? sc->nd : 1, sizeof(*sc->d));
	if (!sc->d)
		return -ENOMEM;
	for (size_t k = 0; k < sc->nd; k++) {
		char w[128];

		snprintf(w, sizeof(w), "%sdesigns[%zu].", where, k);
		sc->d[k].slot = (int)k;
		ret = design_read(rd, json_array_get(ds, k), w, &sc->d[k]);
		if (ret)
			return ret;
	}
	return 0;
}

static int read_dispatch(struct jf_reader *rd, json_t *a, struct run_trace *t)
{
	t->dispatch = calloc(json_array_size(a) + 1, sizeof(*t->dispatch));
	if (!t->dispatch)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(a); i++) {
		struct run_dispatch *d = &t->dispatch[i];
		json_t *o = json_array_get(a, i);
		char w[64];
		int ret;

		snprintf(w, sizeof(w), "trace.dispatch_ns[%zu].", i);
		if (!json_is_object(o))
			return jf_bad(rd, w, "", "not an object");
		ret = jf_str(rd, o, w, "flow", JF_REQUIRED, &d->flow);
		if (!ret)
			ret = jf_num(rd, o, w, "compiled_out", JF_REQUIRED,
				     &d->compiled_out);
		if (!ret)
			ret = jf_num(rd, o, w, "idle", JF_REQUIRED, &d->idle);
		if (!ret)
			ret = jf_num(rd, o, w, "tracing", JF_REQUIRED,
				     &d->tracing);
		if (ret)
			return ret;
		t->ndispatch++;
	}
	return 0;
}

static int read_trace(struct jf_reader *rd, json_t *doc, struct run *r)
{
	struct run_trace *t = &r->trace;
	json_t *o, *a;
	int ret = jf_obj(rd, doc, "", "trace", JF_OPTIONAL, &o);

	if (ret || !o)
		return ret;
	r->traced = true;
	t->event_cost_ns = NAN;
	ret = jf_str(rd, o, "trace.", "path", JF_REQUIRED, &t->path);
	if (!ret)
		ret = jf_str(rd, o, "trace.", "mode", JF_REQUIRED, &t->mode);
	if (!ret)
		ret = jf_u64(rd, o, "trace.", "discarded_events", JF_REQUIRED,
			     &t->discarded_events);
	/* The event cost, snapshots and dispatch cost came later. */
	if (!ret)
		ret = jf_num(rd, o, "trace.", "event_cost_ns", JF_OPTIONAL,
			     &t->event_cost_ns);
	if (!ret)
		ret = jf_u64(rd, o, "trace.", "snapshots", JF_OPTIONAL,
			     &t->snapshots);
	if (!ret)
		ret = jf_array(rd, o, "trace.", "dispatch_ns", JF_OPTIONAL, &a);
	if (!ret && a)
		ret = read_dispatch(rd, a, t);
	return ret;
}

static int read_break(struct jf_reader *rd, json_t *doc, struct run *r)
{
	struct run_break *b = &r->brk;
	json_t *o;
	int ret = jf_obj(rd, doc, "", "break", JF_OPTIONAL, &o);

	if (ret || !o)
		return ret;
	r->has_break = true;
	ret = jf_u64(rd, o, "break.", "threshold_ns", JF_REQUIRED,
		     &b->threshold_ns);
	if (!ret)
		ret = jf_u64(rd, o, "break.", "latency_ns", JF_REQUIRED,
			     &b->latency_ns);
	if (!ret)
		ret = jf_str(rd, o, "break.", "scenario", JF_REQUIRED,
			     &b->scenario);
	if (!ret)
		ret = jf_str(rd, o, "break.", "design", JF_REQUIRED,
			     &b->design);
	if (!ret)
		ret = jf_u64(rd, o, "break.", "block", JF_REQUIRED, &b->block);
	if (!ret)
		ret = jf_u64(rd, o, "break.", "seq", JF_REQUIRED, &b->seq);
	return ret;
}

static int read_failed(struct jf_reader *rd, json_t *doc, struct run *r)
{
	struct run_failed *f = &r->failed;
	uint64_t index = 0;
	json_t *o;
	int ret = jf_obj(rd, doc, "", "failed", JF_OPTIONAL, &o);

	if (ret || !o)
		return ret;
	r->has_failed = true;
	ret = jf_str(rd, o, "failed.", "scenario", JF_REQUIRED, &f->scenario);
	if (!ret)
		ret = jf_u64(rd, o, "failed.", "index", JF_REQUIRED, &index);
	if (!ret && index > UINT16_MAX)
		ret = jf_bad(rd, "failed.", "index",
			     "above 65535 (samples.bin's scenario numbers)");
	if (!ret)
		ret = jf_str(rd, o, "failed.", "why", JF_REQUIRED, &f->why);
	f->index = (unsigned int)index;
	return ret;
}

/* The document's own fields, before its scenarios. */
static int read_top(struct jf_reader *rd, json_t *doc, struct run *r)
{
	json_t *fmt = json_object_get(doc, "format");
	int ret;

	if (!json_is_integer(fmt) || json_integer_value(fmt) != SUMMARY_FORMAT)
		return jf_bad(rd, "", "format",
			      "not 1 (a format this irqlab does not read)");
	ret = jf_str(rd, doc, "", "irqlab", JF_REQUIRED, &r->irqlab);
	if (!ret)
		ret = jf_bool(rd, doc, "", "complete", JF_REQUIRED,
			      &r->complete);
	if (!ret)
		ret = jf_bool(rd, doc, "", "interrupted", JF_REQUIRED,
			      &r->interrupted);
	if (!ret)
		ret = jf_str(rd, doc, "", "started", JF_REQUIRED, &r->started);
	if (!ret)
		ret = jf_str(rd, doc, "", "finished", JF_REQUIRED,
			     &r->finished);
	if (!ret)
		ret = jf_str(rd, doc, "", "host", JF_NULLABLE, &r->host);
	if (!ret)
		ret = jf_obj(rd, doc, "", "bench", JF_OPTIONAL, &r->bench);
	if (!ret && r->bench)
		ret = summary_bench_read(rd, r->bench, &r->benchmarks);
	if (!ret)
		ret = read_trace(rd, doc, r);
	if (!ret)
		ret = read_break(rd, doc, r);
	if (!ret)
		ret = read_failed(rd, doc, r);
	return ret;
}

/**
 * summary_read - summary.json's document, typed
 * @doc: the document; @r takes over the reference, whatever happens
 * @r: what it says (its strings are @doc's); on failure, what was read
 *	so far, for run_free()
 * @file: its path, for messages
 * @err: on failure, one sentence naming @file, the field and what is
 *	wrong with it
 * @errlen: its size
 *
 * The books of a design are not checked here: soak counts them as
 * mismatches, the report refuses them (run_load()).
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int summary_read(json_t *doc, struct run *r, const char *file, char *err,
		 size_t errlen)
{
	struct jf_reader rd = { file, err, errlen };
	json_t *scs;
	int ret;

	r->summary = doc;
	ret = read_top(&rd, doc, r);
	if (!ret)
		ret = jf_array(&rd, doc, "", "scenarios", JF_REQUIRED, &scs);
	if (ret)
		return ret;
	r->nsc = json_array_size(scs);
	r->sc = calloc(r->nsc ? r->nsc : 1, sizeof(*r->sc));
	if (!r->sc) {
		r->nsc = 0;
		return -ENOMEM;
	}
	for (size_t i = 0; i < r->nsc; i++) {
		ret = read_scenario(&rd, json_array_get(scs, i), i, &r->sc[i]);
		if (ret)
			break;
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", file);
	return ret;
}

/**
 * summary_load - read @dir/summary.json
 * @dir: the run folder
 * @r: what it says; zeroed first, @r->dir set (free with run_free(),
 *	whatever happens)
 * @err: on failure, one sentence naming the file and what is wrong
 * @errlen: its size
 *
 * Return: 0, -EINVAL (also for a missing file) or -ENOMEM.
 */
int summary_load(const char *dir, struct run *r, char *err, size_t errlen)
{
	char file[4096];
	json_t *doc;
	int ret;

	memset(r, 0, sizeof(*r));
	r->dir = strdup(dir);
	if (!r->dir) {
		snprintf(err, errlen, "%s: out of memory", dir);
		return -ENOMEM;
	}
	snprintf(file, sizeof(file), "%s/summary.json", dir);
	ret = jf_load(file, &doc, err, errlen);
	if (ret)
		return -EINVAL;
	return summary_read(doc, r, file, err, errlen);
}

/**
 * run_free - free a run that summary_load() or run_load() read
 * @r: the run; zeroed
 */
void run_free(struct run *r)
{
	for (size_t i = 0; r->sc && i < r->nsc; i++) {
		for (size_t k = 0; r->sc[i].d && k < r->sc[i].nd; k++) {
			free(r->sc[i].d[k].sorted);
			free(r->sc[i].d[k].ev);
			for (int q = 0; q < RUN_NQ; q++) {
				free(r->sc[i].d[k].bq[q]);
				free(r->sc[i].d[k].bq_quiet[q]);
			}
			for (int h = 0; h < RUN_NHOST_ALL; h++)
				free(r->sc[i].d[k].host[h]);
		}
		free(r->sc[i].d);
		free((void *)r->sc[i].placement.cpu_pu);
	}
	free(r->sc);
	free(r->trace.dispatch);
	summary_bench_free(r->benchmarks);
	environment_free(&r->environment);
	json_decref(r->summary);
	json_decref(r->env);
	free(r->dir);
	memset(r, 0, sizeof(*r));
}
