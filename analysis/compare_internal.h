/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside irqlab compare: a side of a comparison, one run folder or a
 * folder of runs (compare_runs.c), which compare.c sets against a base
 * and compare_stability.c against itself. Nothing outside
 * analysis/compare*.c includes this header.
 */
#ifndef ANALYSIS_COMPARE_INTERNAL_H
#define ANALYSIS_COMPARE_INTERNAL_H

#include <stddef.h>
#include <stdio.h>
#include "analysis/run.h"

/* One side of a comparison: one run, or several runs of the same build. */
struct side {
	struct run *r;
	size_t n;
};

/**
 * side_add - add the run folder @dir to @sd, or each run folder directly
 * inside it when it is a folder of runs (irqlab run --repeat)
 *
 * Return: 0, or -errno with one sentence in @err (a folder that cannot be
 * read, or is neither a run folder nor a folder of runs).
 */
int side_add(struct side *sd, const char *dir, char *err, size_t errlen);

/* The runs of @n sides, and @sides itself. */
void sides_free(struct side *sides, size_t n);

/*
 * The rounds the hypervisor took (host.c), set apart from every run of
 * every side, and said on @f with what else the host recorded.
 */
void host_rounds(FILE *f, struct side *sides, size_t nsides);

#endif /* ANALYSIS_COMPARE_INTERNAL_H */
