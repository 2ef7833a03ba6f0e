// SPDX-License-Identifier: GPL-2.0
/*
 * The sides of irqlab compare (compare_internal.h): a run folder, or a
 * folder of run folders (irqlab run --repeat), each read whole with its
 * samples (run.h), and the rounds of each run the hypervisor took.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "compare_internal.h"
#include "report/host.h"

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

int cmp_side_add(struct side *sd, const char *dir, char *err, size_t errlen)
{
	struct dirent **names = NULL;
	char path[4096];
	struct stat st;
	int n, ret = 0;

	/* A file of another tool: imported as one run (docs/import.md). */
	if (!stat(dir, &st) && S_ISREG(st.st_mode))
		return cmp_side_import(sd, dir, err, errlen);
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

void cmp_sides_free(struct side *sides, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < sides[i].n; j++)
			run_free(&sides[i].r[j]);
		free(sides[i].r);
	}
	free(sides);
}

/* One run's line of host_rounds(). */
static void host_line(FILE *f, const struct ana_host *h, const char *role)
{
	fprintf(f, "- %s: ", role);
	if (!h->rounds) {
		fprintf(f, "not probed\n");
		return;
	}
	if (h->steal_known)
		fprintf(f,
			"%u of %u rounds set apart (steal above %.0f us; the most %.0f us)",
			h->stolen, h->rounds, ANA_HOST_STEAL_NS / 1000,
			h->steal_max_ns / 1000);
	else
		fprintf(f, "%u rounds, steal not recorded: none set apart",
			h->rounds);
	if (isfinite(h->run_delay_ns))
		fprintf(f, "; run delay median %.0f us",
			h->run_delay_ns / 1000);
	if (isfinite(h->compute_ns))
		fprintf(f, "; compute probe median %.0f ns", h->compute_ns);
	if (isfinite(h->handoff_lo))
		fprintf(f, "; one-way hand-off median %.0f ns (%.0f-%.0f)",
			h->handoff_ns, h->handoff_lo, h->handoff_hi);
	fprintf(f, "\n");
}

void host_rounds(FILE *f, struct side *sides, size_t nsides)
{
	fprintf(f,
		"\nHost: rounds whose PUs the hypervisor took for more than %.0f us in all (steal time) are set apart, a bound no build and no other round can move; "
		"the compute probe, the hand-off between the PUs and the threads' run delay are reported, not used: a build can move each of them (docs/statistics.md, \"What is set apart\").\n\n",
		ANA_HOST_STEAL_NS / 1000);
	for (size_t i = 0; i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++) {
			struct ana_host h;
			char role[64];

			ana_host_set_apart(&sides[i].r[j], &h);
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
