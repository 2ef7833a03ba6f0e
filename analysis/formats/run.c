// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a run folder (run.h): summary.json through summary.c, the
 * environment through environment.c, and samples.bin through samples.c,
 * from which the designs' latency statistics and per-block quantiles are
 * computed again. A folder whose books do not balance, or whose samples
 * do not agree with its summary, is refused with one sentence naming the
 * file and what is wrong; nothing half-read is returned.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jfield.h"
#include "analysis/latency.h"
#include "analysis/run.h"
#include "analysis/samples.h"
#include "analysis/summary.h"

/*
 * The scenario samples.bin numbers @index (summary.json's "index"), or
 * NULL; @hint: the last one found, tried first (records come in blocks).
 */
static struct run_scenario *scenario_of(struct run *r, unsigned int index,
					size_t *hint)
{
	if (*hint < r->nsc && r->sc[*hint].index == index)
		return &r->sc[*hint];
	for (size_t i = 0; i < r->nsc; i++)
		if (r->sc[i].index == index) {
			*hint = i;
			return &r->sc[i];
		}
	return NULL;
}

/*
 * The design a record belongs to: by its slot in version 3 (a design
 * listed twice has two), by its design's name before.
 */
static struct run_design *design_of(struct run *r, const struct sample *s,
				    bool slots, size_t *hint)
{
	struct run_scenario *sc = scenario_of(r, s->scenario, hint);
	const char *name = samples_design_name(s->design);

	if (!sc || !name)
		return NULL;
	for (size_t k = 0; k < sc->nd; k++) {
		struct run_design *d = &sc->d[k];

		if (slots ? d->slot == s->slot : !strcmp(d->design, name))
			return d;
	}
	return NULL;
}

/* The failed scenario's records: summary.json has no design for them. */
static bool of_failed(const struct run *r, const struct sample *s)
{
	return r->has_failed && s->scenario == r->failed.index;
}

/* Two scenarios, or a scenario and the failed one, with one number. */
static int check_indices(const struct run *r, char *err, size_t errlen)
{
	for (size_t i = 0; i < r->nsc; i++) {
		const char *other = NULL;

		for (size_t j = 0; j < i && !other; j++)
			if (r->sc[j].index == r->sc[i].index)
				other = "an earlier scenario's";
		if (r->has_failed && r->failed.index == r->sc[i].index)
			other = "the failed scenario's (failed.index)";
		if (other) {
			snprintf(
				err, errlen,
				"%s/summary.json: scenarios[%zu].index: %u is also %s",
				r->dir, i, r->sc[i].index, other);
			return -EINVAL;
		}
	}
	return 0;
}

static int cmp_event(const void *a, const void *b)
{
	const struct run_event *x = a, *y = b;

	return (x->intended_ns > y->intended_ns) -
	       (x->intended_ns < y->intended_ns);
}

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
				out[q][b] = latency_block_quantile(
					v + start, cnt, run_q_permille[q]);
		}
	}
	ret = 0;
out:
	free(at);
	free(v);
	return ret;
}

/* Count the serviced records of each design, or say which is unknown. */
static int count_records(struct run *r, const struct samples_file *f,
			 const char *file, char *err, size_t errlen)
{
	struct sample s;
	size_t hint = 0;

	for (size_t i = 0; i < f->nr; i++) {
		struct run_design *d;

		samples_get(f, i, &s);
		if (of_failed(r, &s)) {
			r->failed.records++;
			continue;
		}
		if (!(s.flags & SAMPLE_SERVICED))
			continue;
		d = design_of(r, &s, samples_have_slots(f), &hint);
		if (!d) {
			snprintf(
				err, errlen,
				"%s: record %zu: names scenario %u, design slot %u, which summary.json does not have",
				file, i, s.scenario, s.slot);
			return -EINVAL;
		}
		d->n++;
	}
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			struct run_design *d = &r->sc[i].d[k];

			if (d->n != d->serviced) {
				snprintf(
					err, errlen,
					"%s: %s/%s: serviced records do not match summary.json's serviced count",
					file, r->sc[i].name, d->design);
				return -EINVAL;
			}
			d->ev = malloc((d->n ? d->n : 1) * sizeof(*d->ev));
			d->sorted =
				malloc((d->n ? d->n : 1) * sizeof(*d->sorted));
			if (!d->ev || !d->sorted)
				return -ENOMEM;
			d->n = 0;
		}
	}
	return 0;
}

/* Each serviced record into its design's events. */
static void fill_events(struct run *r, const struct samples_file *f)
{
	struct sample s;
	size_t hint = 0;

	for (size_t i = 0; i < f->nr; i++) {
		struct run_design *d;
		struct run_event *e;

		samples_get(f, i, &s);
		if (!(s.flags & SAMPLE_SERVICED) || of_failed(r, &s))
			continue;
		d = design_of(r, &s, samples_have_slots(f), &hint);
		e = &d->ev[d->n++];
		e->intended_ns = s.intended_ns;
		e->entry_ns = latency_entry(&s, d->origin);
		e->block = s.block;
		e->cpu = s.cpu;
		e->noise_ns = s.noise_ns;
		if (e->cpu != SAMPLE_NO_CPU && e->cpu + 1u > d->ncpus)
			d->ncpus = e->cpu + 1u;
		d->sorted[d->n - 1] = e->entry_ns;
	}
}

/* Two passes over the records: count per design, then fill. */
static int load_samples(struct run *r, char *err, size_t errlen)
{
	struct samples_file f;
	char file[4096];
	int ret;

	snprintf(file, sizeof(file), "%s/samples.bin", r->dir);
	ret = samples_open(&f, file, err, errlen);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	ret = count_records(r, &f, file, err, errlen);
	if (!ret)
		fill_events(r, &f);
	for (size_t s = 0; !ret && s < r->nsc; s++) {
		for (size_t k = 0; k < r->sc[s].nd; k++) {
			struct run_design *d = &r->sc[s].d[k];
			uint64_t cnt = d->entry.count;

			qsort(d->ev, d->n, sizeof(*d->ev), cmp_event);
			irqstat_compute(d->sorted, d->n, &d->entry);
			if (!ret)
				ret = block_quantiles(d, f.version >= 3);
			if (d->entry.count != cnt) {
				snprintf(
					err, errlen,
					"%s: %s: samples do not match summary.json",
					file, r->sc[s].name);
				ret = -EINVAL;
			}
		}
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", file);
	r->has_samples = !ret;
	samples_close(&f);
	return ret;
}

/* Every design's books: fired = serviced + stranded. */
static int check_books(const struct run *r, char *err, size_t errlen)
{
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *d = &r->sc[i].d[k];

			if (d->fired == d->serviced + d->stranded)
				continue;
			snprintf(
				err, errlen,
				"%s/summary.json: scenarios[%zu].designs[%zu].fired: is not serviced + stranded",
				r->dir, i, k);
			return -EINVAL;
		}
	return 0;
}

/*
 * environment.json is informative: a folder may lack it, and one that
 * cannot be read is taken as absent. The report reads it raw (r->env)
 * where the typed reader refuses it.
 */
static void load_environment(struct run *r)
{
	char file[4096], err[512];

	snprintf(file, sizeof(file), "%s/environment.json", r->dir);
	if (jf_load(file, &r->env, err, sizeof(err)))
		return;
	r->has_environment = !environment_read(r->env, &r->environment, file,
					       err, sizeof(err));
}

/**
 * run_load - read the run folder @dir
 * @dir: the folder
 * @samples: also read samples.bin (the report and compare with intervals
 *	need it; a missing file is not an error, a corrupt one is)
 * @r: what it holds (free with run_free())
 * @err: on failure, one sentence naming the file and what is wrong with it
 * @errlen: its size
 *
 * Return: 0 or -errno; on failure @r holds nothing.
 */
int run_load(const char *dir, bool samples, struct run *r, char *err,
	     size_t errlen)
{
	int ret = summary_load(dir, r, err, errlen);

	if (!ret)
		ret = check_indices(r, err, errlen);
	if (!ret)
		ret = check_books(r, err, errlen);
	if (!ret)
		load_environment(r);
	if (!ret && samples)
		ret = load_samples(r, err, errlen);
	if (ret)
		run_free(r);
	return ret;
}

/**
 * run_find_design - the design @name of @sc
 * @sc: the scenario
 * @name: as summary.json spells it ("flow#2" for a control)
 *
 * Return: the design, or NULL.
 */
const struct run_design *run_find_design(const struct run_scenario *sc,
					 const char *name)
{
	for (size_t k = 0; k < sc->nd; k++)
		if (!strcmp(sc->d[k].design, name))
			return &sc->d[k];
	return NULL;
}

/**
 * run_find_scenario - the scenario @name of @r
 * @r: the run
 * @name: its name
 *
 * Return: the scenario, or NULL.
 */
const struct run_scenario *run_find_scenario(const struct run *r,
					     const char *name)
{
	for (size_t i = 0; i < r->nsc; i++)
		if (!strcmp(r->sc[i].name, name))
			return &r->sc[i];
	return NULL;
}
