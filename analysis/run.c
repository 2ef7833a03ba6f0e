// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a run folder (run.h). Every value is checked for its type and
 * range as it is read; the first thing wrong is reported as FILE: where:
 * what, and nothing half-read is returned.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "analysis/run.h"

#define SAMPLES_MAGIC "IRQLABS1"
#define SAMPLES_HEADER 32
#define SAMPLES_RECORD 40 /* version 1 and 2; version 3: 48 */
#define SAMPLES_RECORD_V3 48
#define SAMPLE_SERVICED 0x01
#define NO_CPU 0xffff

/* enum bench_design's order: samples.bin's design byte indexes it. */
static const char *const design_names[] = { "flow", "do_irq", "edge-masking",
					    "threaded", "threaded-oneshot" };

struct reader {
	const char *file;
	char *err;
	size_t errlen;
};

static int bad(struct reader *rd, const char *where, const char *what)
{
	snprintf(rd->err, rd->errlen, "%s: %s: %s", rd->file, where, what);
	return -EINVAL;
}

static int get_str(struct reader *rd, json_t *o, const char *key,
		   const char *where, bool nullable, const char **out)
{
	json_t *v = json_object_get(o, key);
	char w[160];

	snprintf(w, sizeof(w), "%s%s", where, key);
	if (nullable && json_is_null(v)) {
		*out = "";
		return 0;
	}
	if (!json_is_string(v))
		return bad(rd, w, v ? "not a string" : "missing");
	*out = json_string_value(v);
	return 0;
}

static int get_u64(struct reader *rd, json_t *o, const char *key,
		   const char *where, uint64_t *out)
{
	json_t *v = json_object_get(o, key);
	char w[160];

	snprintf(w, sizeof(w), "%s%s", where, key);
	if (!json_is_integer(v))
		return bad(rd, w, v ? "not an integer" : "missing");
	if (json_integer_value(v) < 0)
		return bad(rd, w, "negative");
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

/* A number, or null (not finite when written) as NAN. */
static int get_num(struct reader *rd, json_t *o, const char *key,
		   const char *where, double *out)
{
	json_t *v = json_object_get(o, key);
	char w[160];

	snprintf(w, sizeof(w), "%s%s", where, key);
	if (json_is_null(v)) {
		*out = NAN;
		return 0;
	}
	if (!json_is_number(v))
		return bad(rd, w, v ? "not a number" : "missing");
	*out = json_number_value(v);
	return 0;
}

/* latency_ns.@which of a design: "entry", or "hard" (threaded designs). */
static int get_latency(struct reader *rd, json_t *o, const char *where,
		       const char *which, struct irqstat *l)
{
	static const struct {
		const char *key;
		size_t off;
	} f[] = {
		{ "count", offsetof(struct irqstat, count) },
		{ "min", offsetof(struct irqstat, min) },
		{ "p50", offsetof(struct irqstat, p50) },
		{ "p90", offsetof(struct irqstat, p90) },
		{ "p99", offsetof(struct irqstat, p99) },
		{ "p999", offsetof(struct irqstat, p999) },
		{ "max", offsetof(struct irqstat, max) },
	};
	char w[160];
	int ret;

	snprintf(w, sizeof(w), "%slatency_ns.%s.", where, which);
	o = json_object_get(json_object_get(o, "latency_ns"), which);
	if (!json_is_object(o))
		return bad(rd, w, "missing");
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		ret = get_u64(rd, o, f[i].key, w,
			      (uint64_t *)((char *)l + f[i].off));
		if (ret)
			return ret;
	}
	ret = get_num(rd, o, "mean", w, &l->mean);
	/* stddev came with format 1's second writer; absent reads as 0. */
	if (!ret && json_object_get(o, "stddev"))
		ret = get_num(rd, o, "stddev", w, &l->stddev);
	return ret;
}

/* A threaded design's thread object and hard-handler latency. */
static int load_thread(struct reader *rd, json_t *o, const char *where,
		       struct run_design *d)
{
	json_t *t = json_object_get(o, "thread");
	char w[160];
	int ret;

	snprintf(w, sizeof(w), "%sthread.", where);
	if (!json_is_object(t))
		return bad(rd, w, "not an object");
	d->threaded = true;
	ret = get_str(rd, t, "policy", w, false, &d->thread_policy);
	/* fifo came after policy; absent reads as "". */
	d->thread_fifo = "";
	if (!ret && json_object_get(t, "fifo"))
		ret = get_str(rd, t, "fifo", w, false, &d->thread_fifo);
	if (!ret)
		ret = get_u64(rd, t, "runs", w, &d->thread_runs);
	if (!ret)
		ret = get_u64(rd, t, "masked_ns", w, &d->masked_ns);
	if (!ret)
		ret = get_latency(rd, o, where, "hard", &d->hard);
	return ret;
}

/*
 * blocks_ns of a design: per quantile, the blocks' values (null: a block
 * without a serviced event). Folders from before it have none: then only
 * samples.bin gives per-block quantiles.
 */
static int load_blocks(struct reader *rd, json_t *o, const char *where,
		       struct run_design *d)
{
	static const char *const qname[RUN_NQ] = { "p50", "p99", "p999" };
	json_t *b = json_object_get(o, "blocks_ns");
	size_t n = 0;
	char w[200];

	if (!b)
		return 0;
	snprintf(w, sizeof(w), "%sblocks_ns", where);
	if (!json_is_object(b))
		return bad(rd, w, "not an object");
	for (int q = 0; q < RUN_NQ; q++) {
		json_t *a = json_object_get(b, qname[q]);

		snprintf(w, sizeof(w), "%sblocks_ns.%s", where, qname[q]);
		if (!json_is_array(a))
			return bad(rd, w, a ? "not an array" : "missing");
		if (q && json_array_size(a) != n)
			return bad(rd, w, "has another length than p50");
		n = json_array_size(a);
		if (n > 65536)
			return bad(rd, w, "longer than 65536 blocks");
		d->bq[q] = malloc((n ? n : 1) * sizeof(double));
		if (!d->bq[q])
			return -ENOMEM;
		for (size_t i = 0; i < n; i++) {
			json_t *v = json_array_get(a, i);

			if (json_is_null(v)) {
				d->bq[q][i] = NAN;
			} else if (json_is_integer(v) &&
				   json_integer_value(v) > 0) {
				d->bq[q][i] = (double)json_integer_value(v);
			} else {
				snprintf(w, sizeof(w), "%sblocks_ns.%s[%zu]",
					 where, qname[q], i);
				return bad(rd, w,
					   "not a positive integer or null");
			}
		}
	}
	d->nblocks = (unsigned int)n;
	return 0;
}

const char *const run_host_key[RUN_NHOST] = { "compute_ns", "clock_ns",
					      "handoff_ns" };

/* host of a design: per figure, the blocks' probes; absent before it. */
static int load_host(struct reader *rd, json_t *o, const char *where,
		     struct run_design *d)
{
	json_t *h = json_object_get(o, "host");
	char w[200];

	if (!h)
		return 0;
	snprintf(w, sizeof(w), "%shost", where);
	if (!json_is_object(h))
		return bad(rd, w, "not an object");
	for (int k = 0; k < RUN_NHOST; k++) {
		json_t *a = json_object_get(h, run_host_key[k]);
		size_t n;

		snprintf(w, sizeof(w), "%shost.%s", where, run_host_key[k]);
		if (!json_is_array(a))
			return bad(rd, w, a ? "not an array" : "missing");
		n = json_array_size(a);
		if (k && n != d->nhost)
			return bad(rd, w, "has another length than compute_ns");
		if (n > 65536)
			return bad(rd, w, "longer than 65536 blocks");
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
				snprintf(w, sizeof(w), "%shost.%s[%zu]", where,
					 run_host_key[k], i);
				return bad(rd, w, "not a number >= 0 or null");
			}
		}
	}
	return 0;
}

/* noise of a design: absent in folders from before it. */
static int load_noise(struct reader *rd, json_t *o, const char *where,
		      struct run_design *d)
{
	static const struct {
		const char *key;
		size_t off;
	} k[] = {
		{ "gaps", offsetof(struct run_noise, gaps) },
		{ "total_ns", offsetof(struct run_noise, total_ns) },
		{ "max_ns", offsetof(struct run_noise, max_ns) },
		{ "lost", offsetof(struct run_noise, lost) },
	};
	json_t *n = json_object_get(o, "noise");
	char w[200];
	int ret;

	if (!n)
		return 0;
	snprintf(w, sizeof(w), "%snoise.", where);
	if (!json_is_object(n))
		return bad(rd, w, "not an object");
	ret = get_u64(rd, n, "threshold_ns", w, &d->noise_threshold_ns);
	if (!ret)
		ret = get_u64(rd, n, "span_ns", w, &d->noise_span_ns);
	if (!ret)
		ret = get_u64(rd, n, "events", w, &d->noise_events);
	for (int t = 0; t < 2 && !ret; t++) {
		const char *kind = t ? "device" : "cpu";
		struct run_noise *rn = t ? &d->noise_dev : &d->noise_cpu;
		json_t *g = json_object_get(n, kind);
		char wk[240];

		snprintf(wk, sizeof(wk), "%s%s.", w, kind);
		if (!json_is_object(g))
			return bad(rd, wk, g ? "not an object" : "missing");
		for (size_t i = 0; i < sizeof(k) / sizeof(k[0]) && !ret; i++)
			ret = get_u64(rd, g, k[i].key, wk,
				      (uint64_t *)((char *)rn + k[i].off));
	}
	if (!ret)
		ret = get_latency(rd, n, w, "quiet", &d->quiet);
	if (!ret && d->noise_events > d->serviced)
		ret = bad(rd, w, "events: more than serviced");
	d->has_noise = !ret;
	return ret;
}

static int load_design(struct reader *rd, json_t *o, const char *where,
		       struct run_design *d)
{
	static const struct {
		const char *key;
		size_t off;
	} c[] = {
		{ "fired", offsetof(struct run_design, fired) },
		{ "serviced", offsetof(struct run_design, serviced) },
		{ "stranded", offsetof(struct run_design, stranded) },
		{ "coalesced", offsetof(struct run_design, coalesced) },
		{ "overruns", offsetof(struct run_design, overruns) },
		{ "spurious", offsetof(struct run_design, spurious) },
		{ "dropped_edges", offsetof(struct run_design, dropped_edges) },
	};
	json_t *dis;
	int ret;

	if (!json_is_object(o))
		return bad(rd, where, "not an object");
	d->j = o;
	ret = get_str(rd, o, "design", where, false, &d->design);
	/* slot came with samples.bin version 3; before, the order. */
	if (!ret && json_object_get(o, "slot")) {
		uint64_t slot;

		ret = get_u64(rd, o, "slot", where, &slot);
		if (!ret && slot > 255)
			ret = bad(rd, where, "slot: above 255");
		d->slot = (int)slot;
	}
	if (!ret)
		ret = get_str(rd, o, "flow", where, true, &d->flow);
	for (size_t i = 0; !ret && i < sizeof(c) / sizeof(c[0]); i++)
		ret = get_u64(rd, o, c[i].key, where,
			      (uint64_t *)((char *)d + c[i].off));
	if (!ret)
		ret = get_num(rd, o, "seconds", where, &d->seconds);
	if (!ret)
		ret = get_num(rd, o, "throughput_per_s", where, &d->throughput);
	if (!ret)
		ret = get_num(rd, o, "chip_accesses_per_irq", where,
			      &d->accesses_per_irq);
	if (!ret)
		ret = get_latency(rd, o, where, "entry", &d->entry);
	if (!ret && json_object_get(o, "thread"))
		ret = load_thread(rd, o, where, d);
	if (!ret)
		ret = load_blocks(rd, o, where, d);
	if (!ret)
		ret = load_noise(rd, o, where, d);
	if (!ret)
		ret = load_host(rd, o, where, d);
	if (ret)
		return ret;
	dis = json_object_get(o, "irq_disabled");
	d->irq_disabled = json_is_true(dis);
	if (d->fired != d->serviced + d->stranded) {
		char w[160];

		snprintf(w, sizeof(w), "%sfired", where);
		return bad(rd, w, "is not serviced + stranded");
	}
	return 0;
}

static int load_scenario(struct reader *rd, json_t *o, size_t i,
			 struct run_scenario *sc)
{
	char where[96];
	json_t *ds;
	uint64_t devices;
	int ret;

	snprintf(where, sizeof(where), "scenarios[%zu].", i);
	if (!json_is_object(o))
		return bad(rd, where, "not an object");
	ret = get_str(rd, o, "name", where, false, &sc->name);
	if (!ret)
		ret = get_str(rd, o, "chip", where, false, &sc->chip);
	if (!ret)
		ret = get_str(rd, o, "trigger", where, false, &sc->trigger);
	if (!ret)
		ret = get_str(rd, o, "pattern", where, false, &sc->pattern);
	if (!ret)
		ret = get_str(rd, o, "wait", where, false, &sc->wait);
	if (!ret)
		ret = get_num(rd, o, "rate_hz", where, &sc->rate_hz);
	if (!ret)
		ret = get_u64(rd, o, "devices", where, &devices);
	if (ret)
		return ret;
	sc->devices = (unsigned int)devices;
	/* control_shift_ns came with the A/A controls: absent reads 0. */
	if (json_object_get(o, "control_shift_ns")) {
		ret = get_u64(rd, o, "control_shift_ns", where,
			      &sc->control_shift_ns);
		if (ret)
			return ret;
	}
	/* Older folders have no thread placement: not shared, then. */
	sc->thread_shared = json_is_true(json_object_get(
		json_object_get(o, "placement"), "thread_shared"));
	ds = json_object_get(o, "designs");
	if (!json_is_array(ds))
		return bad(rd, where, "designs: not an array");
	sc->nd = json_array_size(ds);
	sc->d = calloc(sc->nd ? sc->nd : 1, sizeof(*sc->d));
	if (!sc->d)
		return -ENOMEM;
	for (size_t k = 0; k < sc->nd; k++) {
		char w[128];

		snprintf(w, sizeof(w), "%sdesigns[%zu].", where, k);
		sc->d[k].slot = (int)k;
		ret = load_design(rd, json_array_get(ds, k), w, &sc->d[k]);
		if (ret)
			return ret;
	}
	return 0;
}

static uint64_t le(const unsigned char *p, unsigned int bytes)
{
	uint64_t v = 0;

	for (unsigned int i = bytes; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

/*
 * The design a record belongs to: by its slot in version 3 (a design
 * listed twice has two), by its design's name before.
 */
static struct run_design *design_of(struct run *r, uint64_t sc,
				    unsigned int design, int slot)
{
	if (sc >= r->nsc ||
	    design >= sizeof(design_names) / sizeof(*design_names))
		return NULL;
	for (size_t k = 0; k < r->sc[sc].nd; k++) {
		struct run_design *d = &r->sc[sc].d[k];

		if (slot >= 0 ? d->slot == slot :
				!strcmp(d->design, design_names[design]))
			return d;
	}
	return NULL;
}

static int cmp_event(const void *a, const void *b)
{
	const struct run_event *x = a, *y = b;

	return (x->intended_ns > y->intended_ns) -
	       (x->intended_ns < y->intended_ns);
}

const unsigned int run_q_permille[RUN_NQ] = { 500, 990, 999 };

/*
 * Each block's quantiles of @d, from its events (any order), and with
 * @quiet (samples.bin records host noise) those of the events no gap
 * overlapped.
 */
static int block_quantiles(struct run_design *d, bool quiet)
{
	unsigned int nb = 0;
	size_t *at = NULL;
	uint64_t *v = NULL;
	int ret = -ENOMEM;

	for (size_t i = 0; i < d->n; i++)
		if (d->ev[i].block + 1u > nb)
			nb = d->ev[i].block + 1u;
	d->nblocks = nb;
	for (int q = 0; q < RUN_NQ; q++) {
		free(d->bq[q]); /* summary.json's: samples.bin's are the same */
		d->bq[q] = malloc((nb ? nb : 1) * sizeof(double));
		if (!d->bq[q])
			return -ENOMEM;
		if (quiet) {
			d->bq_quiet[q] = malloc((nb ? nb : 1) * sizeof(double));
			if (!d->bq_quiet[q])
				return -ENOMEM;
		}
	}
	/* Counting sort of the latencies by block. */
	at = calloc(nb + 1, sizeof(*at));
	v = malloc((d->n ? d->n : 1) * sizeof(*v));
	if (!at || !v)
		goto out;
	for (int pass = 0; pass < (quiet ? 2 : 1); pass++) {
		double **out = pass ? d->bq_quiet : d->bq;

		memset(at, 0, (nb + 1) * sizeof(*at));
		for (size_t i = 0; i < d->n; i++)
			if (!pass || !d->ev[i].noise_ns)
				at[d->ev[i].block + 1]++;
		for (unsigned int b = 0; b < nb; b++)
			at[b + 1] += at[b];
		for (size_t i = 0; i < d->n; i++)
			if (!pass || !d->ev[i].noise_ns)
				v[at[d->ev[i].block]++] = d->ev[i].entry_ns;
		/* at[b] is now block b's end; it starts at at[b - 1]. */
		for (unsigned int b = 0; b < nb; b++) {
			size_t start = b ? at[b - 1] : 0, cnt = at[b] - start;

			for (int q = 0; q < RUN_NQ; q++)
				out[q][b] = irqstat_quantile(v + start, cnt,
							     run_q_permille[q]);
		}
	}
	ret = 0;
out:
	free(at);
	free(v);
	return ret;
}

/* Two passes over the records: count per design, then fill. */
static int load_samples(struct run *r, struct reader *rd)
{
	const unsigned char *b;
	size_t size, recsz, nrec;
	uint32_t version;
	struct stat st;
	int fd, ret = 0;

	fd = open(rd->file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(rd->err, rd->errlen, "%s: %s", rd->file,
			 strerror(errno));
		return -errno;
	}
	if (fstat(fd, &st) || (size = (size_t)st.st_size) < SAMPLES_HEADER) {
		close(fd);
		return bad(rd, "header", "truncated (shorter than 32 bytes)");
	}
	b = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (b == MAP_FAILED) {
		snprintf(rd->err, rd->errlen, "%s: %s", rd->file,
			 strerror(errno));
		return -EIO;
	}
	version = (uint32_t)le(b + 8, 4);
	recsz = (size_t)le(b + 12, 4);
	if (memcmp(b, SAMPLES_MAGIC, 8))
		ret = bad(rd, "header", "not an irqlab samples file (magic)");
	else if (version < 1 || version > 3)
		ret = bad(rd, "header", "unknown version");
	else if (recsz < (version >= 3 ? SAMPLES_RECORD_V3 : SAMPLES_RECORD))
		ret = bad(rd, "header",
			  version >= 3 ? "record size under 48 bytes" :
					 "record size under 40 bytes");
	else if ((size - SAMPLES_HEADER) % recsz)
		ret = bad(rd, "records", "truncated (a partial last record)");
	if (ret)
		goto out;
	nrec = (size - SAMPLES_HEADER) / recsz;
	for (int pass = 0; pass < 2 && !ret; pass++) {
		for (size_t i = 0; i < nrec; i++) {
			const unsigned char *p = b + SAMPLES_HEADER + i * recsz;
			struct run_design *d;
			struct run_event *e;

			if (!(p[31] & SAMPLE_SERVICED))
				continue;
			d = design_of(r, le(p + 28, 2), p[30],
				      version >= 3 ? p[44] : -1);
			if (!d) {
				char w[64];

				snprintf(w, sizeof(w), "record %zu", i);
				ret = bad(
					rd, w,
					"names a scenario or design that summary.json does not have");
				break;
			}
			if (!pass) {
				d->n++;
				continue;
			}
			e = &d->ev[d->n++];
			e->intended_ns = le(p, 8);
			e->entry_ns = le(p + 8, 8);
			e->block = (uint16_t)le(p + 36, 2);
			e->cpu = version >= 2 ? (uint16_t)le(p + 38, 2) :
						NO_CPU;
			e->noise_ns = version >= 3 ? (uint32_t)le(p + 40, 4) :
						     0;
			if (e->cpu != NO_CPU && e->cpu + 1u > d->ncpus)
				d->ncpus = e->cpu + 1u;
			d->sorted[d->n - 1] = e->entry_ns;
		}
		for (size_t s = 0; !pass && !ret && s < r->nsc; s++) {
			for (size_t k = 0; k < r->sc[s].nd; k++) {
				struct run_design *d = &r->sc[s].d[k];

				if (d->n != d->serviced) {
					char w[96];

					snprintf(w, sizeof(w), "%s/%s",
						 r->sc[s].name, d->design);
					ret = bad(
						rd, w,
						"serviced records do not match summary.json's serviced count");
					break;
				}
				d->ev = malloc((d->n ? d->n : 1) *
					       sizeof(*d->ev));
				d->sorted = malloc((d->n ? d->n : 1) *
						   sizeof(*d->sorted));
				if (!d->ev || !d->sorted) {
					ret = -ENOMEM;
					break;
				}
				d->n = 0;
			}
		}
	}
	for (size_t s = 0; !ret && s < r->nsc; s++) {
		for (size_t k = 0; k < r->sc[s].nd; k++) {
			struct run_design *d = &r->sc[s].d[k];
			uint64_t cnt = d->entry.count;

			qsort(d->ev, d->n, sizeof(*d->ev), cmp_event);
			irqstat_compute(d->sorted, d->n, &d->entry);
			if (!ret)
				ret = block_quantiles(d, version >= 3);
			if (d->entry.count != cnt)
				ret = bad(rd, r->sc[s].name,
					  "samples do not match summary.json");
		}
	}
	r->has_samples = !ret;
out:
	munmap((void *)b, size);
	return ret;
}

static int load_json(const char *dir, const char *name, json_t **out, char *err,
		     size_t errlen)
{
	char path[4096];
	json_error_t je;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	*out = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!*out) {
		if (access(path, F_OK))
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
		else
			snprintf(err, errlen, "%s:%d: %s", path, je.line,
				 je.text);
		return -EINVAL;
	}
	if (!json_is_object(*out)) {
		snprintf(err, errlen, "%s: not a JSON object", path);
		return -EINVAL;
	}
	return 0;
}

int run_load(const char *dir, bool samples, struct run *r, char *err,
	     size_t errlen)
{
	char file[4096];
	struct reader rd = { file, err, errlen };
	json_t *scs, *fmt;
	int ret;

	memset(r, 0, sizeof(*r));
	r->dir = strdup(dir);
	if (!r->dir)
		return -ENOMEM;
	snprintf(file, sizeof(file), "%s/summary.json", dir);
	ret = load_json(dir, "summary.json", &r->summary, err, errlen);
	if (ret)
		goto fail;
	fmt = json_object_get(r->summary, "format");
	if (!json_is_integer(fmt) || json_integer_value(fmt) != 1) {
		ret = bad(&rd, "format",
			  "not 1 (a format this irqlab does not read)");
		goto fail;
	}
	r->complete = json_is_true(json_object_get(r->summary, "complete"));
	r->interrupted =
		json_is_true(json_object_get(r->summary, "interrupted"));
	scs = json_object_get(r->summary, "scenarios");
	if (!json_is_array(scs)) {
		ret = bad(&rd, "scenarios", "not an array");
		goto fail;
	}
	r->nsc = json_array_size(scs);
	r->sc = calloc(r->nsc ? r->nsc : 1, sizeof(*r->sc));
	if (!r->sc) {
		ret = -ENOMEM;
		goto fail;
	}
	for (size_t i = 0; i < r->nsc; i++) {
		ret = load_scenario(&rd, json_array_get(scs, i), i, &r->sc[i]);
		if (ret)
			goto fail;
	}
	/* environment.json is informative: a folder may lack it. */
	if (load_json(dir, "environment.json", &r->env, err, errlen))
		r->env = NULL;
	err[0] = '\0';
	if (samples) {
		snprintf(file, sizeof(file), "%s/samples.bin", dir);
		ret = load_samples(r, &rd);
		if (ret)
			goto fail;
	}
	return 0;
fail:
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", file);
	run_free(r);
	return ret;
}

void run_free(struct run *r)
{
	for (size_t i = 0; r->sc && i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			free(r->sc[i].d[k].sorted);
			free(r->sc[i].d[k].ev);
			for (int q = 0; q < RUN_NQ; q++) {
				free(r->sc[i].d[k].bq[q]);
				free(r->sc[i].d[k].bq_quiet[q]);
			}
			for (int h = 0; h < RUN_NHOST; h++)
				free(r->sc[i].d[k].host[h]);
		}
		free(r->sc[i].d);
	}
	free(r->sc);
	json_decref(r->summary);
	json_decref(r->env);
	free(r->dir);
	memset(r, 0, sizeof(*r));
}

const struct run_design *run_find_design(const struct run_scenario *sc,
					 const char *name)
{
	for (size_t k = 0; k < sc->nd; k++)
		if (!strcmp(sc->d[k].design, name))
			return &sc->d[k];
	return NULL;
}

const struct run_scenario *run_find_scenario(const struct run *r,
					     const char *name)
{
	for (size_t i = 0; i < r->nsc; i++)
		if (!strcmp(r->sc[i].name, name))
			return &r->sc[i];
	return NULL;
}
