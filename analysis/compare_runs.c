// SPDX-License-Identifier: GPL-2.0
/*
 * The sides of irqlab compare (compare_internal.h): a run folder, or a
 * folder of run folders (irqlab run --repeat), each read whole with its
 * samples (run.h), and the rounds of each run the host ran slow.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analysis/compare_internal.h"
#include "analysis/host.h"

static int has_summary(const char *dir)
{
	char path[4200];

	if ((size_t)snprintf(path, sizeof(path), "%s/summary.json", dir) >=
	    sizeof(path))
		return 0;
	return !access(path, F_OK);
}

static int subdir_filter(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

int side_add(struct side *sd, const char *dir, char *err, size_t errlen)
{
	struct dirent **names = NULL;
	char path[4096];
	int n, ret = 0;

	if (has_summary(dir) || access(dir, F_OK)) {
		n = -1;
	} else {
		n = scandir(dir, &names, subdir_filter, alphasort);
		if (n < 0) {
			snprintf(err, errlen, "%s: %s", dir, strerror(errno));
			return -errno;
		}
	}
	for (int i = n < 0 ? -1 : 0; i < (n < 0 ? 0 : n) && !ret; i++) {
		struct run *r;

		if (i >= 0) {
			snprintf(path, sizeof(path), "%s/%s", dir,
				 names[i]->d_name);
			if (!has_summary(path))
				continue;
		}
		r = realloc(sd->r, (sd->n + 1) * sizeof(*r));
		if (!r) {
			ret = -ENOMEM;
			break;
		}
		sd->r = r;
		ret = run_load(i < 0 ? dir : path, true, &sd->r[sd->n], err,
			       errlen);
		if (!ret)
			sd->n++;
	}
	if (!ret && !sd->n) {
		snprintf(
			err, errlen,
			"%s: neither a run folder (no summary.json) nor a folder of runs",
			dir);
		ret = -ENOENT;
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

void sides_free(struct side *sides, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < sides[i].n; j++)
			run_free(&sides[i].r[j]);
		free(sides[i].r);
	}
	free(sides);
}

/* One run's line of host_speed(). */
static void host_line(FILE *f, const struct ana_host *h, const char *role)
{
	fprintf(f, "- %s: ", role);
	if (!h->rounds) {
		fprintf(f, "not probed\n");
		return;
	}
	fprintf(f,
		"%u of %u rounds set apart (%u slower, the slowest %.2fx; %u in the other hand-off regime)",
		h->slow + h->regime, h->rounds, h->slow, h->worst, h->regime);
	if (isfinite(h->handoff_lo))
		fprintf(f, "; one-way hand-off %.0f-%.0f ns", h->handoff_lo,
			h->handoff_hi);
	fprintf(f, "\n");
}

/*
 * The rounds not comparable across these runs (host.c: a slower host, the
 * other hand-off regime), set apart from every side, and said.
 */
void host_speed(FILE *f, struct side *sides, size_t nsides)
{
	struct run *all = NULL;
	struct ana_host c;
	double best = NAN;
	size_t n = 0;

	for (size_t i = 0; i < nsides; i++) {
		double b = ana_host_best(sides[i].r, sides[i].n);

		if (b < best || !isfinite(best))
			best = b;
	}
	if (!isfinite(best)) {
		fprintf(f,
			"\nHost speed: not probed in these runs (folders from before the probe); every round counts.\n");
		return;
	}
	/* The regime is chosen over every run of every side at once. */
	for (size_t i = 0; i < nsides; i++)
		n += sides[i].n;
	all = calloc(n, sizeof(*all));
	n = 0;
	for (size_t i = 0; all && i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++)
			all[n++] = sides[i].r[j];
	ana_host_choose(all ? all : sides[0].r, all ? n : sides[0].n, best, &c);
	free(all);
	fprintf(f,
		"\nHost speed: each round starts with a probe of the host (docs/statistics.md, \"Host speed\"). "
		"Rounds whose compute probe took more than %.2fx the fastest of all these runs (%.0f ns) ran on a slower host; ",
		ANA_HOST_SLOW, best);
	if (isfinite(c.best_handoff_ns))
		fprintf(f,
			"and the one-way hand-off between the round's PUs has two regimes, near (up to %.2fx the fastest, %.0f ns) and far: "
			"rounds are compared in the %s regime, the one every run has the most rounds of. ",
			ANA_HOST_NEAR, c.best_handoff_ns,
			c.near ? "near" : "far");
	fprintf(f, "The others are set apart:\n\n");
	for (size_t i = 0; i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++) {
			struct ana_host h;
			char role[64];

			ana_host_set_apart(&sides[i].r[j], 1, &c, &h);
			if (i)
				snprintf(role, sizeof(role),
					 "side %zu, run %zu", i, j + 1);
			else
				snprintf(role, sizeof(role), "%s %zu",
					 nsides > 1 ? "base, run" : "run",
					 j + 1);
			host_line(f, &h, role);
		}
}
