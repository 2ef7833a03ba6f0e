// SPDX-License-Identifier: GPL-2.0
/*
 * Instructions per dispatch, counted by valgrind's callgrind: the
 * deterministic figure irqlab bench sets against its targets. Only what
 * runs inside the dispatch's entry function is collected
 * (--toggle-collect), so the count is the dispatch's own, without the
 * program's start-up or the loop that calls it; the action body, the
 * driver's and not the core's, is left out by name. Each function's own
 * count is read back from callgrind's output file, so that a target
 * missed can name the step that holds it. Its format, as written with
 * --compress-strings=no --compress-pos=no: "fn=NAME" starts a function's
 * records, "LINE COST" is cost of its own, and the "LINE COST" after a
 * "calls=" line is a callee's inclusive cost, not its own.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "callgrind.h"
#include "run/tracing.h"

#define MAX_FNS 64 /* distinct functions in one dispatch, at most */

struct fn_cost {
	char name[64];
	double ir;
};

/* @src into @dst of @len bytes, cut to fit (a C++ name can be long). */
static void copy_name(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The entry for @name in @fns, added if new; NULL when full. */
static struct fn_cost *fn_get(struct fn_cost *fns, unsigned int *n,
			      const char *name)
{
	for (unsigned int i = 0; i < *n; i++)
		if (!strcmp(fns[i].name, name))
			return &fns[i];
	if (*n == MAX_FNS)
		return NULL;
	copy_name(fns[*n].name, sizeof(fns[*n].name), name);
	fns[*n].ir = 0;
	return &fns[(*n)++];
}

/* Each function's own instructions in callgrind output @f. */
static int read_costs(FILE *f, struct fn_cost *fns, unsigned int *n)
{
	struct fn_cost *cur = NULL;
	bool callee = false;
	char line[1024];

	*n = 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long pos, cost;

		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "fn=", 3)) {
			cur = fn_get(fns, n, line + 3);
			if (!cur)
				return -E2BIG;
		} else if (!strncmp(line, "calls=", 6)) {
			callee = true;
		} else if (sscanf(line, "%llu %llu", &pos, &cost) == 2) {
			if (!callee && cur)
				cur->ir += (double)cost;
			callee = false;
		}
	}
	return ferror(f) ? -EIO : 0;
}

static int by_ir(const void *a, const void *b)
{
	double x = ((const struct fn_cost *)a)->ir;
	double y = ((const struct fn_cost *)b)->ir;

	return (x < y) - (x > y);
}

/* @fns less @action, per dispatch, into @cg: the largest, then the rest. */
static void to_steps(struct fn_cost *fns, unsigned int n, const char *action,
		     double dispatches, struct bench_cg *cg)
{
	double total = 0;

	qsort(fns, n, sizeof(*fns), by_ir);
	cg->nsteps = 0;
	for (unsigned int i = 0; i < n; i++) {
		struct bench_cg_step *s = &cg->steps[cg->nsteps];
		double ir = fns[i].ir / dispatches;

		if (!strcmp(fns[i].name, action))
			continue;
		total += ir;
		if (!(ir >= 0.5))
			continue; /* no step of a dispatch: once per run */
		if (cg->nsteps < BENCH_CG_STEPS - 1) {
			copy_name(s->fn, sizeof(s->fn), fns[i].name);
			s->ir = ir;
			cg->nsteps++;
		} else if (cg->nsteps == BENCH_CG_STEPS - 1) {
			snprintf(s->fn, sizeof(s->fn), "(other)");
			s->ir = ir;
			cg->nsteps++;
		} else {
			cg->steps[BENCH_CG_STEPS - 1].ir += ir;
		}
	}
	cg->ir = total;
}

int bench_callgrind_dispatch(const char *valgrind, char *const argv[],
			     const char *entry, const char *action,
			     double dispatches, struct bench_cg *cg)
{
	char path[] = "/tmp/irqlab-callgrind-XXXXXX", opt_out[64], opt_tog[128];
	char *args[24] = {
		(char *)valgrind, "--tool=callgrind",	   opt_out,
		opt_tog,	  "--compress-strings=no", "--compress-pos=no"
	};
	struct fn_cost fns[MAX_FNS];
	unsigned int a = 6, n = 0;
	char out[4096];
	int fd, ret;
	FILE *f;

	cg->ir = -1;
	cg->nsteps = 0;
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	close(fd);
	snprintf(opt_out, sizeof(opt_out), "--callgrind-out-file=%s", path);
	snprintf(opt_tog, sizeof(opt_tog), "--toggle-collect=%s", entry);
	for (unsigned int i = 0;
	     argv[i] && a + 1 < sizeof(args) / sizeof(*args); i++)
		args[a++] = argv[i];
	args[a] = NULL;
	ret = bench_run_tool(args, out, sizeof(out));
	f = ret ? NULL : fopen(path, "r");
	if (f) {
		ret = read_costs(f, fns, &n);
		fclose(f);
	} else if (!ret) {
		ret = -errno;
	}
	unlink(path);
	if (ret)
		return ret > 0 ? -EIO : ret;
	to_steps(fns, n, action, dispatches, cg);
	return cg->ir > 0 ? 0 : -EIO;
}
