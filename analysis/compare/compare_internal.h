/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside irqlab compare: a side of a comparison, one run folder or a
 * folder of runs (compare_runs.c), which compare.c sets against a base
 * (its command line in compare_cli.c, its levels of change in
 * compare_shift.c, what it says beside the verdict in compare_caveats.c)
 * and compare_stability.c against itself. Nothing outside the files of
 * analysis/compare/ includes this header.
 */
#ifndef ANALYSIS_COMPARE_INTERNAL_H
#define ANALYSIS_COMPARE_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <jansson.h>
#include "analysis/infer.h"
#include "analysis/run.h"

/* One side of a comparison: one run, or several runs of the same build. */
struct side {
	struct run *r;
	size_t n;
};

/**
 * cmp_side_add - add the run folder @dir to @sd, or each run folder directly
 * inside it when it is a folder of runs (irqlab run --repeat)
 *
 * Return: 0, or -errno with one sentence in @err (a folder that cannot be
 * read, or is neither a run folder nor a folder of runs).
 */
int cmp_side_add(struct side *sd, const char *dir, char *err, size_t errlen);

/* The runs of @n sides, and @sides itself. */
void cmp_sides_free(struct side *sides, size_t n);

/*
 * The rounds the hypervisor took (host.c), set apart from every run of
 * every side, and said on @f with what else the host recorded.
 */
void host_rounds(FILE *f, struct side *sides, size_t nsides);

/* What compare sets side by side: latency quantiles, then counters. */
enum metric {
	M_P50,
	M_P99,
	M_P999,
	M_THROUGHPUT,
	M_ACCESSES,
	M_STRANDED,
	M_NR,
};

struct cmp_metric {
	const char *name, *what;
	unsigned int permille; /* a latency quantile; 0: a counter */
	bool higher_is_better;
};

extern const struct cmp_metric cmp_metrics[M_NR];

struct cmp_opts {
	double threshold; /* a fraction: 0.10 is 10% */
	bool check[M_NR];
	const char *json; /* --json FILE; NULL: none */
};

/* Every cell of the base's first run: scenario x design. */
struct cell {
	const char *scenario, *design;
	enum run_origin origin; /* where the base's first run counts from */
	double *sb, *sn; /* each run's summary, base and side; NAN: none */
	double *eb, *en; /* the same less its run's global level */
	size_t vb, vn; /* runs with a value, each side */
	struct irqstat_shift local; /* side over base, against the global */
	unsigned int censored; /* side runs whose value is a lower bound */
	double lo, hi; /* the ratio's interval, global and local together */
};

/* A side against the base, for one metric. */
struct shift {
	double *gb, *gn; /* each run's level against the cells' reference */
	struct irqstat_shift global;
	const char *method; /* how the global interval was had */
	double var, df; /* the replicates' spread of a cell's run summary */
	unsigned int replicates; /* cells the spread was pooled over */
};

struct cmp_finding;

/* What a side's comparison found, for the outcome and its footer. */
struct verdicts {
	struct cmp_finding *finding; /* imported runs: the finding's cells */
	size_t side; /* the side being compared */
	unsigned int regressions, checked, within, unknown;
	unsigned int global_regressed, global_untestable, global_none;
	unsigned int no_replicates;
	double global_point; /* the last global shift that regressed */
	unsigned int emptied;
	unsigned int mixed; /* run cells whose latencies start elsewhere */
	bool ordered; /* every base run before every new one, or after */
};

/* A number for the JSON output; null for one that is not finite. */
static inline json_t *cmp_jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/*
 * Each run's global level: the median over cells of its summary less the
 * cell's reference. Into sh->gb and sh->gn.
 */
void cmp_run_levels(const struct side *base, const struct side *now,
		    struct cell *c, size_t nc, struct shift *sh);
/* The global shift over the runs' levels, at @level, into sh->global. */
void cmp_global_shift(const struct side *base, const struct side *now,
		      double level, struct shift *sh);
/* Each cell against the global shift, at @level. 0, or -ENOMEM. */
int cmp_local_shifts(const struct side *base, const struct side *now,
		     struct cell *c, size_t nc, double level, struct shift *sh);
/* The caveats beside the verdict (time order, host noise), on stdout. */
void cmp_caveats(const struct side *base, const struct side *now,
		 struct verdicts *v, json_t *jside);
/*
 * Imported runs (compare_import.c, docs/import.md): a file of another
 * tool as one run of @sd; whether every run of @sides is imported; the
 * runs of two sides sorted by start and, where they alternate, paired
 * and said so (true); the runs a side a change of the threshold needs at
 * @sh's spread; the finding, its cells noted as the rows are written
 * (@nn: the side's runs) and printed on @out.
 */
int cmp_side_import(struct side *sd, const char *path, char *err,
		    size_t errlen);
bool cmp_imported(const struct side *sides, size_t nsides);
bool cmp_pair_runs(struct side *base, struct side *now, json_t *jside);
void cmp_censor_runs(const struct side *now, struct cell *c, enum metric m);
void cmp_runs_needed(const struct cmp_opts *o, enum metric m,
		     const struct shift *sh, double lv, json_t *jm);
struct cmp_finding *cmp_finding_new(const struct side *sides, size_t nsides);
void cmp_finding_cell(struct cmp_finding *f, size_t side, enum metric m,
		      const struct cell *c, double b, double x, size_t nn);
void cmp_finding_global(struct cmp_finding *f, size_t side, enum metric m,
			const struct irqstat_shift *g);
void cmp_finding_print(FILE *out, const struct cmp_finding *f, size_t nsides);
void cmp_finding_free(struct cmp_finding *f);
/*
 * An imported comparison opens on its finding, which every metric's
 * verdicts make: its tables go to a buffer (the FILE returned, which the
 * caller makes stdout; NULL: not imported) while they are worked out,
 * then cmp_imported_end() puts back @saved and prints the title, the
 * finding (also into @j) and the tables.
 */
FILE *cmp_imported_begin(struct side *sides, size_t nsides, struct verdicts *v,
			 char **buf, size_t *len);
void cmp_imported_end(FILE *saved, FILE *body, char **buf, size_t *len,
		      const struct verdicts *v, size_t nsides, json_t *j);

/*
 * --aa: the runs of @all (one baseline) split into halves 20 times and
 * each split compared (compare_aa.c). ANA_REGRESSION where any split
 * called one (a false one), ANA_PASS otherwise; -errno.
 */
int cmp_aa(struct side *all, const struct cmp_opts *o);
/* The comparison of @sides against the first. The outcome, or -errno. */
int cmp_compare(struct side *sides, size_t nsides, const struct cmp_opts *o);

#endif /* ANALYSIS_COMPARE_INTERNAL_H */
