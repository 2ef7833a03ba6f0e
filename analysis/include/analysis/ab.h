/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The A/B gate's judgement (ab.c): pairs of run folders taken one after
 * the other, A and B in a drawn order, each pair a unit; per cell
 * (scenario x design x quantile) and per metric's global shift, the
 * pairs' log ratios through irqstat_signrank(), Holm over the family,
 * looks at a fixed schedule with the error split over them, and the
 * outcome (outcome.h). Reads run folders through summary_load() only;
 * starts no process: bench/cmd/ab.c runs the pairs (`irqlab ab`), and tests
 * feed it folders they wrote.
 */
#ifndef ANALYSIS_AB_H
#define ANALYSIS_AB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>
#include "analysis/infer.h"
#include "analysis/outcome.h"
#include "analysis/run.h"

/* The geometric step between looks: each look at 1.5 times the pairs. */
#define AB_LOOK_GROWTH 1.5
/* The fewest pairs of a first look, whatever alpha allows. */
#define AB_MIN_PAIRS 6

/**
 * struct ab_params - what the gate is asked
 * @alpha: family-wise false-regression rate over all cells and looks
 * @threshold: a fraction: 0.10 counts a ratio beyond 1.10 as regression
 * @metric: the quantiles checked (RUN_Q50 ...), in the order given
 * @nmetrics: how many (1 .. RUN_NQ)
 * @max_pairs: the last look is at this many pairs at the latest
 */
struct ab_params {
	double alpha, threshold;
	enum run_q metric[RUN_NQ];
	unsigned int nmetrics;
	unsigned int max_pairs;
};

/* What one cell showed at a look. */
enum ab_verdict {
	AB_NO_DATA, /* no pair gave it a value: not checked */
	AB_UNDECIDED, /* neither of the two below, nor clear */
	AB_CLEAR, /* upper bound below 1 + threshold */
	AB_HIGHER, /* Holm rejects "no increase", within the threshold */
	AB_REGRESSION, /* Holm rejects, and the ratio is beyond it */
};

/**
 * struct ab_cell - one cell of the gate
 * @scenario, @design: its names; "*" for a global cell
 * @q: its quantile
 * @global: the metric's global shift: per pair, the median of the
 *	metric's cells' log ratios
 * @d: per pair, ln B - ln A (NAN where a side had no value)
 * @s: the signed-rank result at the last look
 * @reject: Holm rejected "no increase" at the last look
 * @verdict: at the last look
 */
struct ab_cell {
	char *scenario, *design;
	enum run_q q;
	bool global;
	double *d;
	struct irqstat_shift s;
	bool reject;
	enum ab_verdict verdict;
};

/* The host's noise on one side: events a gap touched, of the serviced. */
struct ab_noise {
	uint64_t events, serviced;
	unsigned int runs, runs_without; /* folders from before noise */
};

/**
 * struct ab_gate - the pairs so far and the last look's judgement
 * @p: the parameters
 * @cells: the cells, those of the first pair's A run per metric, then
 *	one global cell per metric
 * @ncells: how many
 * @pairs: pairs added
 * @cap: room in every cell's @d
 * @noise: per side (0: A, 1: B)
 * @looks: the schedule's pair counts; @nlooks of them, the last
 *	@p.max_pairs; set at the first pair, when the family is known
 * @look: looks taken so far
 * @m: the family at the last look: cells with a value
 * @level: the intervals' two-sided level at the last look
 * @alpha_look: the error each look may spend: alpha / nlooks
 * @outcome: at the last look
 */
struct ab_gate {
	struct ab_params p;
	struct ab_cell *cells;
	size_t ncells;
	unsigned int pairs, cap;
	struct ab_noise noise[2];
	unsigned int *looks, nlooks, look;
	unsigned int m;
	double level, alpha_look;
	enum ana_outcome outcome;
};

/* The name of @v: "no data", "undecided", "clear", "higher", "REGRESSION". */
const char *ab_verdict_name(enum ab_verdict v);

/* A metric's name (p50, p99, p999) into its quantile: 0, or -EINVAL. */
int ab_metric_parse(const char *name, enum run_q *q);
const char *ab_metric_name(enum run_q q);

/* Initialise @g for @p; ab_gate_free() releases it. */
void ab_gate_init(struct ab_gate *g, const struct ab_params *p);
void ab_gate_free(struct ab_gate *g);

/**
 * ab_gate_add - one pair's run folders into the gate
 * @g: the gate
 * @dir_a: side A's run folder of the pair
 * @dir_b: side B's
 * @err: one sentence naming the folder and what is wrong
 * @errlen: its size
 *
 * Each folder is read with summary_load(). A run's value for a cell is
 * the median over its blocks of ln(block quantile) (summary.json
 * blocks_ns); the pair's is B's less A's. The first pair fixes the cells
 * (A's scenarios and designs, per metric) and the looks.
 *
 * Return: 0; -EINVAL (a folder cannot be read, is incomplete or has no
 * blocks_ns), -ENOMEM.
 */
int ab_gate_add(struct ab_gate *g, const char *dir_a, const char *dir_b,
		char *err, size_t errlen);

/* Is the pairs added a look of the schedule? */
bool ab_gate_is_look(const struct ab_gate *g);

/**
 * ab_gate_judge - a look: every cell tested, the family judged
 * @g: the gate, with at least one pair
 *
 * Counts as a look of the schedule (@g->look grows): call it at the
 * schedule's pair counts (ab_gate_is_look()) and once at the end, when
 * the budget ends between two. Return: the outcome; -ENOMEM.
 */
int ab_gate_judge(struct ab_gate *g);

/* Is a look's outcome final (pass or regression)? */
static inline bool ab_gate_decided(const struct ab_gate *g)
{
	return g->outcome != ANA_INCONCLUSIVE;
}

/**
 * ab_gate_table - the judgement as a table, a row per cell, and its footer
 * @g: a judged gate
 * @f: where
 * @markdown: a Markdown table (ab.md); else aligned text (the terminal)
 * @minutes: the time the pairs took, for the footer
 */
void ab_gate_table(const struct ab_gate *g, FILE *f, bool markdown,
		   double minutes);

/**
 * ab_gate_footer - the one line that ends the table: the outcome, and
 * what could not be told
 * @g: a judged gate
 * @buf: the line (without newline)
 * @len: its size
 * @minutes: the time the pairs took
 */
void ab_gate_footer(const struct ab_gate *g, char *buf, size_t len,
		    double minutes);

/* The judgement as ab.json's object (outcome, cells, noise, ...). */
json_t *ab_gate_json(const struct ab_gate *g);

/* Per side, the share of serviced events a host-noise gap touched. */
double ab_noise_share(const struct ab_noise *n);

/* A seeded random order of @n pairs: order[i] true when B runs first. */
void ab_order(uint64_t seed, unsigned int n, bool *b_first);

#endif /* ANALYSIS_AB_H */
