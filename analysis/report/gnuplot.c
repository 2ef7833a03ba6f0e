// SPDX-License-Identifier: GPL-2.0
/*
 * The report's figures as files: a data file written whole or not at
 * all, and gnuplot run on it with a script of analysis/report/gp/ in the
 * figures folder, in a process group of its own so that the terminal's
 * Ctrl-C is irqlab's to act on (report_figures.c draws the run's and the
 * scenarios' figures; report_answer.c the forest plot).
 */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "palette.h"
#include "report_internal.h"
#include "analysis/outcome.h"

#ifndef IRQLAB_GP_DIR
#error "IRQLAB_GP_DIR: the folder of the gnuplot scripts"
#endif

extern char **environ;

/**
 * report_safe_name - a name for gnuplot strings, data columns, file names
 * @out: where to write it: @in's [A-Za-z0-9._+-], anything else '_'
 * @len: its size
 * @in: the name, as a run folder spells it
 */
void report_safe_name(char *out, size_t len, const char *in)
{
	size_t i = 0;

	for (; *in && i + 1 < len; in++)
		out[i++] = (strchr("._-+", *in) || (*in >= '0' && *in <= '9') ||
			    (*in >= 'a' && *in <= 'z') ||
			    (*in >= 'A' && *in <= 'Z')) ?
				   *in :
				   '_';
	out[i] = '\0';
}

/**
 * report_fig_open - create figures/@name afresh for writing
 * @rp: the report
 * @name: the file's name in figures/
 *
 * Return: the stream, or NULL with errno set and one sentence in rp->err.
 */
FILE *report_fig_open(struct report *rp, const char *name)
{
	char path[4200];
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", rp->figdir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		  0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		snprintf(rp->err, rp->errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return f;
}

/**
 * report_fig_close - close figures/@name, written through @f
 * @rp: the report
 * @f: report_fig_open()'s stream
 * @name: the file's name in figures/
 *
 * Return: 0, or -EIO with one sentence in rp->err.
 */
int report_fig_close(struct report *rp, FILE *f, const char *name)
{
	if (ferror(f) | fclose(f)) {
		snprintf(rp->err, rp->errlen, "%s/%s: write error", rp->figdir,
			 name);
		return -EIO;
	}
	return 0;
}

/* The last line gnuplot wrote on stderr, for the error message. */
static void last_log_line(const char *path, char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "re");

	snprintf(buf, len, "(no message)");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (line[strspn(line, " \t\n")]) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(buf, len, "%s", line);
		}
	fclose(f);
}

/*
 * Wait for gnuplot @pid. A signal that asks the report to stop ends it
 * too: gnuplot runs in a process group of its own, so Ctrl-C on the
 * terminal reaches irqlab only, which stops gnuplot itself. Return: 0 with
 * its status in @status, or -EINTR (rp->err says why), gnuplot reaped.
 */
static int gnuplot_wait(struct report *rp, pid_t pid, int *status)
{
	bool stopping = false;

	while (waitpid(pid, status, 0) != pid) {
		if (errno != EINTR) {
			snprintf(rp->err, rp->errlen, "gnuplot: waitpid: %s",
				 strerror(errno));
			return -errno;
		}
		if (!stopping && report_stopped(rp)) {
			kill(pid, SIGTERM);
			stopping = true;
		}
	}
	if (stopping || report_stopped(rp))
		return -EINTR;
	/* Killed by SIGINT or SIGTERM from outside: an interruption too. */
	if (WIFSIGNALED(*status) &&
	    (WTERMSIG(*status) == SIGINT || WTERMSIG(*status) == SIGTERM)) {
		snprintf(rp->err, rp->errlen, "gnuplot was stopped by %s",
			 WTERMSIG(*status) == SIGINT ? "SIGINT" : "SIGTERM");
		return -EINTR;
	}
	return 0;
}

/*
 * gnuplot SCRIPT with in, out, title, names and palette set, in the
 * figures folder. Every string is a report_safe_name() or a fixed literal
 * (the palette's colours too): nothing from a config reaches gnuplot's
 * parser unfiltered.
 */
int report_gnuplot(struct report *rp, const char *script, const char *in,
		   const char *out, const char *title, const char *names)
{
	char vars[2048], log[4200], msg[512], colours[512];
	char *argv[] = { "gnuplot", "-e", vars, NULL, NULL };
	char script_path[1024];
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int status, ret;
	pid_t pid;

	if (report_stopped(rp))
		return -EINTR;
	snprintf(script_path, sizeof(script_path), "%s/%s", IRQLAB_GP_DIR,
		 script);
	argv[3] = script_path;
	palette_gnuplot(colours, sizeof(colours));
	snprintf(vars, sizeof(vars),
		 "gpdir='%s'; in='%s'; out='%s'; title='%s'; names='%s'; "
		 "palette='%s'",
		 IRQLAB_GP_DIR, in, out, title, names, colours);
	snprintf(log, sizeof(log), "%s/gnuplot.log", rp->figdir);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addchdir_np(&fa, rp->figdir);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "gnuplot.log",
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	/* Its own process group: the terminal's Ctrl-C is irqlab's to act on. */
	posix_spawnattr_init(&at);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&at, 0);
	ret = posix_spawnp(&pid, "gnuplot", &fa, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		snprintf(
			rp->err, rp->errlen,
			"cannot run gnuplot (%s): the report needs it (Debian package gnuplot-nox)",
			strerror(ret));
		return -ret;
	}
	/* Tests interrupt the report here, gnuplot started. */
	ana_stage_pause("gnuplot");
	ret = gnuplot_wait(rp, pid, &status);
	if (ret) {
		unlink(log);
		return ret;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		last_log_line(log, msg, sizeof(msg));
		snprintf(rp->err, rp->errlen, "gnuplot %s failed for %s/%s: %s",
			 script, rp->figdir, out, msg);
		return -EIO;
	}
	unlink(log);
	return 0;
}

/**
 * report_figure_draw - one figure of the run: its data file, then gnuplot
 * @rp: the report
 * @stem: the files' name: figures/@stem.dat and figures/@stem.png
 * @script: the gnuplot script, in analysis/gp/
 * @title: the figure's title: a report_safe_name() or a literal
 * @names: the designs of the data file's blocks, as gnuplot words
 * @data: writes the data file; 0, or -ENOMEM
 * @arg: for @data
 *
 * Return: 0, or -errno with one sentence in rp->err.
 */
int report_figure_draw(struct report *rp, const char *stem, const char *script,
		       const char *title, const char *names,
		       int (*data)(FILE *f, const void *arg), const void *arg)
{
	char dat[256], png[256];
	FILE *f;
	int ret;

	snprintf(dat, sizeof(dat), "%s.dat", stem);
	snprintf(png, sizeof(png), "%s.png", stem);
	f = report_fig_open(rp, dat);
	if (!f)
		return -errno;
	ret = data(f, arg);
	if (ret) {
		fclose(f);
		snprintf(rp->err, rp->errlen, "%s/%s: out of memory",
			 rp->figdir, dat);
		return ret;
	}
	if (report_fig_close(rp, f, dat))
		return -EIO;
	return report_gnuplot(rp, script, dat, png, title, names);
}
