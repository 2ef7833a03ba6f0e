// SPDX-License-Identifier: GPL-2.0
/*
 * One design's object of summary.json (docs/results.md), written and read
 * here, each field named once: in the tables below, or in the one call
 * that writes it beside the one that reads it. A design repeats its
 * scenario's name, chip and trigger so that it can be read on its own;
 * the reader takes those from the scenario.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "design.h"
#include "analysis/latency.h"

/* A count of a struct: its key, where it is, whether it may be absent. */
struct u64_field {
	const char *key;
	size_t off;
	int how;
};

#define FIELD(s, f, how)                       \
	{                                      \
#f, offsetof(struct s, f), how \
	}

/* The counters of a design, in summary.json's order. */
static const struct u64_field counters[] = {
	FIELD(run_design, fired, JF_REQUIRED),
	FIELD(run_design, serviced, JF_REQUIRED),
	FIELD(run_design, coalesced, JF_REQUIRED),
	FIELD(run_design, stranded, JF_REQUIRED),
	FIELD(run_design, spurious, JF_REQUIRED),
	FIELD(run_design, overruns, JF_REQUIRED),
	FIELD(run_design, dropped_edges, JF_REQUIRED),
	FIELD(run_design, chip_spurious, JF_REQUIRED),
	FIELD(run_design, storm_fires, JF_REQUIRED),
	FIELD(run_design, handler_runs, JF_REQUIRED),
	FIELD(run_design, chip_accesses, JF_REQUIRED),
	FIELD(run_design, disables, JF_OPTIONAL), /* came with lazy disable */
};

static const char *const acc_names[RUN_NR_ACC] = {
	IRQLAB_CHIP_OPS(IRQLAB_CHIP_OP_NAME) "demux",
};

const char *run_acc_name(unsigned int acc)
{
	return acc < RUN_NR_ACC ? acc_names[acc] : "?";
}

/* chip_accesses_by_op: the non-zero counts, by name. */
static json_t *by_op_json(const struct run_design *d)
{
	json_t *o = json_object();
	int bad = !o;

	for (unsigned int i = 0; o && i < RUN_NR_ACC; i++)
		if (d->by_op[i])
			bad |= json_object_set_new(o, acc_names[i],
						   jf_new_u64(d->by_op[i]));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int by_op_read(struct jf_reader *rd, json_t *o, const char *where,
		      struct run_design *d)
{
	json_t *b = NULL;
	char at[256];
	int ret = jf_obj(rd, o, where, "chip_accesses_by_op", JF_OPTIONAL, &b);

	if (ret || !b)
		return ret;
	d->has_by_op = true;
	snprintf(at, sizeof(at), "%schip_accesses_by_op.", where);
	for (unsigned int i = 0; i < RUN_NR_ACC && !ret; i++)
		ret = jf_u64(rd, b, at, acc_names[i], JF_OPTIONAL,
			     &d->by_op[i]);
	return ret;
}

/* The order statistics of a latency object; mean, stddev and count follow. */
static const struct u64_field quantiles[] = {
	FIELD(irqstat, min, JF_REQUIRED),  FIELD(irqstat, p50, JF_REQUIRED),
	FIELD(irqstat, p90, JF_REQUIRED),  FIELD(irqstat, p99, JF_REQUIRED),
	FIELD(irqstat, p999, JF_REQUIRED), FIELD(irqstat, max, JF_REQUIRED),
};

/* The gaps of one kind of spinning thread (noise.cpu, noise.device). */
static const struct u64_field gaps[] = {
	FIELD(run_noise, gaps, JF_REQUIRED),
	FIELD(run_noise, total_ns, JF_REQUIRED),
	FIELD(run_noise, max_ns, JF_REQUIRED),
	FIELD(run_noise, lost, JF_REQUIRED),
};

/* blocks_ns's quantiles, in run_q order. */
static const char *const qname[RUN_NQ] = { "p50", "p99", "p999" };

#define NR(t) (sizeof(t) / sizeof(t[0]))

/* The @n counts of table @f from @base into @o; 0 or -1. */
static int put_u64s(json_t *o, const void *base, const struct u64_field *f,
		    size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t v;

		memcpy(&v, (const char *)base + f[i].off, sizeof(v));
		if (json_object_set_new(o, f[i].key, jf_new_u64(v)))
			return -1;
	}
	return 0;
}

/* The @n counts of table @f from @o (at @where) into @base. */
static int get_u64s(struct jf_reader *rd, const json_t *o, const char *where,
		    void *base, const struct u64_field *f, size_t n)
{
	int ret = 0;

	for (size_t i = 0; !ret && i < n; i++)
		ret = jf_u64(rd, o, where, f[i].key, f[i].how,
			     (uint64_t *)((char *)base + f[i].off));
	return ret;
}

static json_t *latency_json(const struct irqstat *l)
{
	json_t *o = json_object();
	int bad = !o || put_u64s(o, l, quantiles, NR(quantiles));

	if (!bad)
		bad = json_object_set_new(o, "mean", jf_new_real(l->mean)) ||
		      json_object_set_new(o, "stddev",
					  jf_new_real(l->stddev)) ||
		      json_object_set_new(o, "count", jf_new_u64(l->count));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The latency object @o, at @w ("....latency_ns.entry."). */
static int latency_obj_read(struct jf_reader *rd, json_t *o, const char *w,
			    struct irqstat *l)
{
	int ret = get_u64s(rd, o, w, l, quantiles, NR(quantiles));

	if (!ret)
		ret = jf_num(rd, o, w, "mean", JF_REQUIRED, &l->mean);
	/* stddev came with format 1's second writer; absent reads as 0. */
	if (!ret)
		ret = jf_num(rd, o, w, "stddev", JF_OPTIONAL, &l->stddev);
	if (!ret)
		ret = jf_u64(rd, o, w, "count", JF_REQUIRED, &l->count);
	return ret;
}

/* latency_ns.@which of @o: "entry", "exit", "hard", or noise's "quiet". */
static int latency_read(struct jf_reader *rd, json_t *o, const char *where,
			const char *which, struct irqstat *l)
{
	char w[160];
	int ret;

	snprintf(w, sizeof(w), "%slatency_ns.", where);
	ret = jf_obj(rd, json_object_get(o, "latency_ns"), w, which,
		     JF_REQUIRED, &o);
	snprintf(w, sizeof(w), "%slatency_ns.%s.", where, which);
	return ret ? ret : latency_obj_read(rd, o, w, l);
}

/*
 * latency_origin and stimulus_late_ns: absent in folders from before
 * them, where every latency counted from the intended time and the
 * stimulus's lateness was only counted (overruns).
 */
static int origin_read(struct jf_reader *rd, json_t *o, const char *where,
		       struct run_design *d)
{
	const char *name = NULL;
	json_t *late = NULL;
	char w[200];
	int ret = jf_str(rd, o, where, "latency_origin", JF_OPTIONAL, &name);

	d->origin = RUN_FROM_INTENDED;
	if (!ret && name) {
		int origin = latency_origin_of(name);

		if (origin < 0)
			return jf_bad(rd, where, "latency_origin",
				      "neither \"fire\" nor \"intended\"");
		d->origin = (enum run_origin)origin;
		d->has_origin = true;
	}
	if (!ret)
		ret = jf_obj(rd, o, where, "stimulus_late_ns", JF_OPTIONAL,
			     &late);
	if (ret || !late)
		return ret;
	snprintf(w, sizeof(w), "%sstimulus_late_ns.", where);
	ret = latency_obj_read(rd, late, w, &d->late);
	d->has_late = !ret;
	return ret;
}

static json_t *gaps_json(const struct run_noise *n)
{
	json_t *o = json_object();

	if (!o || put_u64s(o, n, gaps, NR(gaps))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *noise_json(const struct run_design *d)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:{s:o}}", "threshold_ns",
			 jf_new_u64(d->noise_threshold_ns), "span_ns",
			 jf_new_u64(d->noise_span_ns), "cpu",
			 gaps_json(&d->noise_cpu), "device",
			 gaps_json(&d->noise_dev), "events",
			 jf_new_u64(d->noise_events), "latency_ns", "quiet",
			 latency_json(&d->quiet));
}

/* noise: absent in folders from before it. */
static int noise_read(struct jf_reader *rd, json_t *o, const char *where,
		      struct run_design *d)
{
	json_t *n, *g;
	char w[200];
	int ret = jf_obj(rd, o, where, "noise", JF_OPTIONAL, &n);

	if (ret || !n)
		return ret;
	snprintf(w, sizeof(w), "%snoise.", where);
	ret = jf_u64(rd, n, w, "threshold_ns", JF_REQUIRED,
		     &d->noise_threshold_ns);
	if (!ret)
		ret = jf_u64(rd, n, w, "span_ns", JF_REQUIRED,
			     &d->noise_span_ns);
	if (!ret)
		ret = jf_u64(rd, n, w, "events", JF_REQUIRED, &d->noise_events);
	for (int t = 0; t < 2 && !ret; t++) {
		const char *kind = t ? "device" : "cpu";
		struct run_noise *rn = t ? &d->noise_dev : &d->noise_cpu;
		char wk[240];

		ret = jf_obj(rd, n, w, kind, JF_REQUIRED, &g);
		snprintf(wk, sizeof(wk), "%s%s.", w, kind);
		if (!ret)
			ret = get_u64s(rd, g, wk, rn, gaps, NR(gaps));
	}
	if (!ret)
		ret = latency_read(rd, n, w, "quiet", &d->quiet);
	if (!ret && d->noise_events > d->serviced)
		ret = jf_bad(rd, w, "events", "more than serviced");
	d->has_noise = !ret;
	return ret;
}

/* blocks_ns: per quantile, the blocks' values; null: no serviced event. */
static json_t *blocks_json(const struct run_design *d)
{
	json_t *o = json_object();

	for (int q = 0; o && q < RUN_NQ; q++) {
		json_t *a = json_array();

		for (unsigned int b = 0; a && b < d->nblocks; b++) {
			double v = d->bq[q][b];

			if (json_array_append_new(
				    a, v > 0 ? json_integer((json_int_t)v) :
					       json_null())) {
				json_decref(a);
				a = NULL;
			}
		}
		if (!a || json_object_set_new(o, qname[q], a)) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

static int block_values(struct jf_reader *rd, json_t *a, const char *w,
			double *out)
{
	for (size_t i = 0; i < json_array_size(a); i++) {
		json_t *v = json_array_get(a, i);
		char wi[240];

		if (json_is_null(v)) {
			out[i] = NAN;
		} else if (json_is_integer(v) && json_integer_value(v) > 0) {
			out[i] = (double)json_integer_value(v);
		} else {
			snprintf(wi, sizeof(wi), "%s[%zu]", w, i);
			return jf_bad(rd, wi, "",
				      "not a positive integer or null");
		}
	}
	return 0;
}

/*
 * blocks_ns: absent in folders from before it, where only samples.bin
 * gives per-block quantiles.
 */
static int blocks_read(struct jf_reader *rd, json_t *o, const char *where,
		       struct run_design *d)
{
	json_t *b, *a;
	size_t n = 0;
	char w[200];
	int ret = jf_obj(rd, o, where, "blocks_ns", JF_OPTIONAL, &b);

	if (ret || !b)
		return ret;
	snprintf(w, sizeof(w), "%sblocks_ns.", where);
	for (int q = 0; q < RUN_NQ; q++) {
		ret = jf_array(rd, b, w, qname[q], JF_REQUIRED, &a);
		if (!ret && q && json_array_size(a) != n)
			ret = jf_bad(rd, w, qname[q],
				     "has another length than p50");
		n = json_array_size(a);
		if (!ret && n > 65536)
			ret = jf_bad(rd, w, qname[q],
				     "longer than 65536 blocks");
		if (ret)
			return ret;
		d->bq[q] = malloc((n ? n : 1) * sizeof(double));
		if (!d->bq[q])
			return -ENOMEM;
		snprintf(w, sizeof(w), "%sblocks_ns.%s", where, qname[q]);
		ret = block_values(rd, a, w, d->bq[q]);
		snprintf(w, sizeof(w), "%sblocks_ns.", where);
		if (ret)
			return ret;
	}
	d->nblocks = (unsigned int)n;
	return 0;
}

const char *const run_host_key[RUN_NHOST_ALL] = {
	"compute_ns", "clock_ns", "handoff_ns", "steal_ns", "run_delay_ns",
};

/* host: per probe figure, the blocks' values (bench/run/probe.c); NAN: null. */
static json_t *host_json(const struct run_design *d)
{
	json_t *o = json_object();

	for (int h = 0; o && h < RUN_NHOST_ALL; h++) {
		json_t *a;

		/* A figure not measured is left out, as older folders have it. */
		if (h >= RUN_NHOST && !d->host[h])
			continue;
		a = json_array();
		for (unsigned int b = 0; a && d->host[h] && b < d->nhost; b++) {
			double v = d->host[h][b];

			if (json_array_append_new(
				    a, isfinite(v) ?
					       json_real(round(v * 10) / 10) :
					       json_null())) {
				json_decref(a);
				a = NULL;
			}
		}
		if (!a || json_object_set_new(o, run_host_key[h], a)) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

/* host: absent in folders from before the probe. */
static int host_read(struct jf_reader *rd, json_t *o, const char *where,
		     struct run_design *d)
{
	json_t *h, *a;
	char w[200], wi[240];
	int ret = jf_obj(rd, o, where, "host", JF_OPTIONAL, &h);

	if (ret || !h)
		return ret;
	snprintf(w, sizeof(w), "%shost.", where);
	for (int k = 0; k < RUN_NHOST_ALL; k++) {
		size_t n;

		a = NULL;
		ret = jf_array(rd, h, w, run_host_key[k],
			       k < RUN_NHOST ? JF_REQUIRED : JF_OPTIONAL, &a);
		if (ret)
			return ret;
		if (!a)
			continue; /* unknown: d->host[k] stays NULL */
		n = json_array_size(a);
		if (k && n != d->nhost)
			return jf_bad(rd, w, run_host_key[k],
				      "has another length than compute_ns");
		if (n > 65536)
			return jf_bad(rd, w, run_host_key[k],
				      "longer than 65536 blocks");
		d->nhost = (unsigned int)n;
		d->host[k] = malloc((n ? n : 1) * sizeof(double));
		if (!d->host[k])
			return -ENOMEM;
		for (size_t i = 0; i < n; i++) {
			json_t *v = json_array_get(a, i);

			if (json_is_null(v)) {
				d->host[k][i] = NAN;
			} else if (json_is_number(v) &&
				   json_number_value(v) >= 0) {
				d->host[k][i] = json_number_value(v);
			} else {
				snprintf(wi, sizeof(wi), "%s%s[%zu]", w,
					 run_host_key[k], i);
				return jf_bad(rd, wi, "",
					      "not a number >= 0 or null");
			}
		}
	}
	return 0;
}

static json_t *thread_json(const struct run_design *d)
{
	return json_pack("{s:o, s:o, s:o, s:o}", "policy",
			 jf_new_str(d->thread_policy), "fifo",
			 jf_new_str(d->thread_fifo), "runs",
			 jf_new_u64(d->thread_runs), "masked_ns",
			 jf_new_u64(d->masked_ns));
}

/* A threaded design's thread object and hard-handler latency. */
static int thread_read(struct jf_reader *rd, json_t *o, const char *where,
		       struct run_design *d)
{
	json_t *t;
	char w[160];
	int ret = jf_obj(rd, o, where, "thread", JF_OPTIONAL, &t);

	if (ret || !t)
		return ret;
	snprintf(w, sizeof(w), "%sthread.", where);
	d->threaded = true;
	ret = jf_str(rd, t, w, "policy", JF_REQUIRED, &d->thread_policy);
	/* fifo came after policy; absent reads as "". */
	d->thread_fifo = "";
	if (!ret)
		ret = jf_str(rd, t, w, "fifo", JF_OPTIONAL, &d->thread_fifo);
	if (!ret)
		ret = jf_u64(rd, t, w, "runs", JF_REQUIRED, &d->thread_runs);
	if (!ret)
		ret = jf_u64(rd, t, w, "masked_ns", JF_REQUIRED, &d->masked_ns);
	if (!ret)
		ret = latency_read(rd, o, where, "hard", &d->hard);
	return ret;
}

static json_t *uio_json(const struct run_uio *u)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:o}", "device",
			 jf_new_str(u->device), "driver", jf_new_str(u->driver),
			 "backend", jf_new_str(u->backend), "mask",
			 jf_new_str(u->mask), "kernel_irq",
			 (json_int_t)u->kernel_irq, "routed_cpu",
			 (json_int_t)u->routed_cpu, "wakeups",
			 jf_new_u64(u->wakeups), "kernel_irqs",
			 jf_new_u64(u->kernel_irqs));
}

static int uio_read(struct jf_reader *rd, json_t *o, const char *where,
		    struct run_design *d)
{
	struct run_uio *u = &d->uio;
	json_t *j;
	char w[160];
	int ret = jf_obj(rd, o, where, "uio", JF_OPTIONAL, &j);

	if (ret || !j)
		return ret;
	snprintf(w, sizeof(w), "%suio.", where);
	d->has_uio = true;
	ret = jf_str(rd, j, w, "device", JF_NULLABLE, &u->device);
	if (!ret)
		ret = jf_str(rd, j, w, "driver", JF_REQUIRED, &u->driver);
	if (!ret)
		ret = jf_str(rd, j, w, "backend", JF_REQUIRED, &u->backend);
	if (!ret)
		ret = jf_str(rd, j, w, "mask", JF_REQUIRED, &u->mask);
	if (!ret)
		ret = jf_s64(rd, j, w, "kernel_irq", JF_REQUIRED,
			     &u->kernel_irq);
	if (!ret)
		ret = jf_s64(rd, j, w, "routed_cpu", JF_REQUIRED,
			     &u->routed_cpu);
	if (!ret)
		ret = jf_u64(rd, j, w, "wakeups", JF_REQUIRED, &u->wakeups);
	if (!ret)
		ret = jf_u64(rd, j, w, "kernel_irqs", JF_REQUIRED,
			     &u->kernel_irqs);
	return ret;
}

/* latency_ns: entry and exit, and a threaded design's hard handler. */
static json_t *latencies_json(const struct run_design *d)
{
	json_t *o = json_pack("{s:o, s:o}", "entry", latency_json(&d->entry),
			      "exit", latency_json(&d->exit));

	if (o && d->threaded &&
	    json_object_set_new(o, "hard", latency_json(&d->hard))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/**
 * design_json - a design's object
 * @sc: its scenario, whose identity it repeats
 * @d: the design; its samples.bin fields are not used
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *design_json(const struct run_scenario *sc, const struct run_design *d)
{
	json_t *o;
	int bad = 0;

	o = json_pack("{s:o, s:o, s:o, s:o, s:i, s:o}", "name",
		      jf_new_str(sc->name), "chip", jf_new_str(sc->chip),
		      "trigger", jf_new_str(sc->trigger), "design",
		      jf_new_str(d->design), "slot", d->slot, "flow",
		      jf_new_str(d->flow));
	if (!o)
		return NULL;
	bad |= put_u64s(o, d, counters, NR(counters));
	bad |= json_object_set_new(o, "irq_disabled",
				   json_boolean(d->irq_disabled));
	bad |= json_object_set_new(o, "throughput_per_s",
				   jf_new_real(d->throughput));
	bad |= json_object_set_new(o, "chip_accesses_per_irq",
				   jf_new_real(d->accesses_per_irq));
	if (d->has_by_op)
		bad |= json_object_set_new(o, "chip_accesses_by_op",
					   by_op_json(d));
	bad |= json_object_set_new(o, "blocks", jf_new_u64(d->blocks));
	bad |= json_object_set_new(o, "seconds", jf_new_real(d->seconds));
	bad |= json_object_set_new(o, "blocks_ns", blocks_json(d));
	if (d->host[RUN_HOST_COMPUTE])
		bad |= json_object_set_new(o, "host", host_json(d));
	bad |= json_object_set_new(o, "noise", noise_json(d));
	if (d->has_origin)
		bad |= json_object_set_new(
			o, "latency_origin",
			json_string(latency_origin_names[d->origin]));
	bad |= json_object_set_new(o, "latency_ns", latencies_json(d));
	if (d->has_late)
		bad |= json_object_set_new(o, "stimulus_late_ns",
					   latency_json(&d->late));
	if (d->threaded)
		bad |= json_object_set_new(o, "thread", thread_json(d));
	if (d->has_uio)
		bad |= json_object_set_new(o, "uio", uio_json(&d->uio));
	if (d->has_race)
		bad |= json_object_set_new(o, "race", race_json(&d->race));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* What a design is and how it did: its name, slot, flow and counters. */
static int head_read(struct jf_reader *rd, json_t *o, const char *where,
		     struct run_design *d)
{
	uint64_t slot;
	int ret = jf_str(rd, o, where, "design", JF_REQUIRED, &d->design);

	/* slot came with samples.bin version 3; before, the order. */
	if (!ret && json_object_get(o, "slot")) {
		ret = jf_u64(rd, o, where, "slot", JF_REQUIRED, &slot);
		if (!ret && slot > 255)
			ret = jf_bad(rd, where, "slot", "above 255");
		d->slot = (int)slot;
	}
	if (!ret)
		ret = jf_str(rd, o, where, "flow", JF_NULLABLE, &d->flow);
	if (!ret && !d->flow)
		d->flow = "";
	if (!ret)
		ret = get_u64s(rd, o, where, d, counters, NR(counters));
	if (!ret)
		ret = jf_bool(rd, o, where, "irq_disabled", JF_REQUIRED,
			      &d->irq_disabled);
	if (!ret)
		ret = jf_num(rd, o, where, "throughput_per_s", JF_REQUIRED,
			     &d->throughput);
	if (!ret)
		ret = jf_num(rd, o, where, "chip_accesses_per_irq", JF_REQUIRED,
			     &d->accesses_per_irq);
	/* blocks came with the blocks' own drain. */
	if (!ret)
		ret = jf_u64(rd, o, where, "blocks", JF_OPTIONAL, &d->blocks);
	if (!ret)
		ret = jf_num(rd, o, where, "seconds", JF_REQUIRED, &d->seconds);
	return ret;
}

/**
 * design_read - a design's object, typed
 * @rd: the reader
 * @o: the object
 * @where: where it is ("scenarios[0].designs[1].")
 * @d: what it says; @d->slot its place in the list unless it says one
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int design_read(struct jf_reader *rd, json_t *o, const char *where,
		struct run_design *d)
{
	int ret;

	if (!json_is_object(o))
		return jf_bad(rd, where, "", "not an object");
	d->j = o;
	ret = head_read(rd, o, where, d);
	if (!ret)
		ret = by_op_read(rd, o, where, d);
	if (!ret)
		ret = origin_read(rd, o, where, d);
	if (!ret)
		ret = latency_read(rd, o, where, "entry", &d->entry);
	if (!ret)
		ret = latency_read(rd, o, where, "exit", &d->exit);
	if (!ret)
		ret = thread_read(rd, o, where, d);
	if (!ret)
		ret = uio_read(rd, o, where, d);
	if (!ret)
		ret = race_read(rd, o, where, d);
	if (!ret)
		ret = blocks_read(rd, o, where, d);
	if (!ret)
		ret = host_read(rd, o, where, d);
	if (!ret)
		ret = noise_read(rd, o, where, d);
	return ret;
}
