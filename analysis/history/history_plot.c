// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab history's figure: one cell's p50 and p99 run by run, grouped by
 * host and config, each run labelled with its build, by gnuplot
 * (history.gp, on the report's common.gp) as the report's figures are
 * made: a data file with # header lines beside the PNG, and every
 * string that reaches gnuplot reduced to a safe word first.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "history_internal.h"

#ifndef IRQLAB_GP_DIR
#error "IRQLAB_GP_DIR: the report's gnuplot scripts"
#endif
#ifndef IRQLAB_HISTORY_GP
#error "IRQLAB_HISTORY_GP: history.gp"
#endif

/* @s as one word gnuplot reads literally: [A-Za-z0-9._/-], at most @len. */
static void safe(char *dst, size_t len, const char *s)
{
	size_t j = 0;

	for (; s && *s && j + 1 < len; s++)
		dst[j++] = strchr("._/-", *s) || (*s >= '0' && *s <= '9') ||
					   (*s >= 'a' && *s <= 'z') ||
					   (*s >= 'A' && *s <= 'Z') ?
				   *s :
				   '_';
	dst[j] = '\0';
}

static const struct h_cell *find_cell(const struct h_run *r, const char *sc,
				      const char *d)
{
	for (size_t k = 0; k < r->nc; k++)
		if (!strcmp(r->c[k].scenario, sc) && !strcmp(r->c[k].design, d))
			return &r->c[k];
	return NULL;
}

/* Did a step to @build in @r's group call @sc/@d a regression? */
static bool regressed(const struct h_run *r, const char *sc, const char *d,
		      const struct h_step *steps, size_t nsteps)
{
	for (size_t i = 0; i < nsteps; i++) {
		const struct h_step *s = &steps[i];

		if (strcmp(s->host, r->host) || strcmp(s->config, r->config) ||
		    strcmp(s->to, r->build))
			continue;
		for (size_t k = 0; k < s->nv; k++)
			if (!strcmp(s->v[k].scenario, sc) &&
			    !strcmp(s->v[k].design, d) &&
			    !strcmp(s->v[k].verdict, "REGRESSION"))
				return true;
	}
	return false;
}

static double or (double v, double dflt)
{
	return isfinite(v) ? v : dflt;
}

/* The data file: a block per host and config. Its names into @names. */
static int data(FILE *f, const char *sc, const char *d,
		const struct h_run *runs, size_t n, const struct h_step *steps,
		size_t nsteps, char *names, size_t len)
{
	const struct h_run *prev = NULL;
	size_t x = 0, at = 0, rows = 0;

	fprintf(f, "# irqlab history of %s/%s: x build p50 lo hi p99 lo hi\n",
		sc, d);
	for (size_t i = 0; i < n; i++) {
		const struct h_run *r = &runs[i];
		const struct h_cell *c = find_cell(r, sc, d);
		double p50, p99;
		char b[48], w[80];

		if (!c)
			continue;
		if (!prev || strcmp(prev->host, r->host) ||
		    strcmp(prev->config, r->config)) {
			snprintf(w, sizeof(w), "%s/%.8s", r->host, r->config);
			safe(b, sizeof(b), w);
			at += (size_t)snprintf(names + at, len - at, "%s%s",
					       at ? " " : "", b);
			fprintf(f, "%s# host %s, config %s\n",
				prev ? "\n\n" : "", r->host, r->config);
		}
		prev = r;
		snprintf(w, sizeof(w), "%.12s%s",
			 r->revision ? r->revision : "?",
			 regressed(r, sc, d, steps, nsteps) ? "*" : "");
		safe(b, sizeof(b), w);
		p50 = or (c->p50b, (double)c->p50);
		p99 = or (c->p99b, (double)c->p99);
		fprintf(f, "%zu %s %.1f %.1f %.1f %.1f %.1f %.1f\n", x++, b,
			p50, or (c->p50lo, p50), or (c->p50hi, p50), p99,
			or (c->p99lo, p99), or (c->p99hi, p99));
		rows++;
	}
	return rows ? 0 : -ENOENT;
}

static int gnuplot(const char *in, const char *png, const char *title,
		   const char *names, char *err, size_t errlen)
{
	char vars[16384], script[] = IRQLAB_HISTORY_GP;
	char *argv[] = { "gnuplot", "-e", vars, script, NULL };
	posix_spawn_file_actions_t fa;
	int status, ret;
	pid_t pid;

	snprintf(vars, sizeof(vars),
		 "gpdir='%s'; in='%s'; out='%s'; title='%s'; names='%s'",
		 IRQLAB_GP_DIR, in, png, title, names);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	ret = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		snprintf(
			err, errlen,
			"cannot run gnuplot (%s): --plot needs it (Debian package gnuplot-nox)",
			strerror(ret));
		return -ret;
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		snprintf(err, errlen,
			 "gnuplot %s failed for %s (its message above)", script,
			 png);
		return -EIO;
	}
	return 0;
}

int h_plot(const char *png, const char *scenario, const char *design,
	   const struct h_run *runs, size_t nruns, const struct h_step *steps,
	   size_t nsteps, char *err, size_t errlen)
{
	char dat[4200], sp[200], sd[200], names[2048], title[512];
	size_t len = strlen(png);
	FILE *f;
	int ret;

	/* Paths reach gnuplot quoted: refuse what would end the quote. */
	if (strpbrk(png, "'\\\n")) {
		snprintf(err, errlen,
			 "--plot %s: the name has a quote or backslash", png);
		return -EINVAL;
	}
	snprintf(dat, sizeof(dat), "%.*s.dat",
		 (int)(len > 4 && !strcmp(png + len - 4, ".png") ? len - 4 :
								   len),
		 png);
	f = fopen(dat, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", dat, strerror(errno));
		return -errno;
	}
	ret = data(f, scenario, design, runs, nruns, steps, nsteps, names,
		   sizeof(names));
	if (fclose(f) && !ret)
		ret = -EIO;
	if (ret) {
		snprintf(err, errlen,
			 ret == -ENOENT ? "no run has the cell %s/%s" :
					  "%s/%s: cannot write the data file",
			 scenario, design);
		return ret;
	}
	safe(sp, sizeof(sp), scenario);
	safe(sd, sizeof(sd), design);
	snprintf(title, sizeof(title), "%s/%s: p50 and p99 over builds", sp,
		 sd);
	return gnuplot(dat, png, title, names, err, errlen);
}
