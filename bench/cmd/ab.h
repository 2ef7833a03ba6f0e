/* SPDX-License-Identifier: GPL-2.0 */
/* `irqlab ab`: the interleaved A/B gate between two builds or configs. */
#ifndef BENCH_AB_H
#define BENCH_AB_H

#include "analysis/ab.h"

/* One gate's end, for irqlab calibrate --gate. */
struct bench_ab_result {
	int exit; /* its exit status */
	double minutes; /* the pairs' time */
	struct ab_gate g; /* judged; ab_gate_free() it */
};

/*
 * bench_ab_main(), with the judged gate into @res (NULL: freed): what
 * irqlab calibrate --gate calls for each gate, in this process.
 */
int bench_ab_run(int argc, char **argv, const char *self,
		 struct bench_ab_result *res);

/**
 * bench_ab_main - irqlab ab [-o DIR] [--a-bin PATH] [--b-bin PATH] ...
 * @argc: the arguments from "ab" on
 * @argv: them
 * @self: this program's path, each side's binary unless given
 *
 * Return: the exit status (analysis/outcome.h): 0 pass, 2 regression,
 * 3 inconclusive, 4 bad input, 1 a run failed, 130 a signal.
 */
int bench_ab_main(int argc, char **argv, const char *self);

/* irqlab calibrate --gate: A/A gates and known shifts (ab_calibrate.c). */
int bench_ab_calibrate_main(int argc, char **argv, const char *self);

#endif /* BENCH_AB_H */
