// SPDX-License-Identifier: GPL-2.0
/*
 * A full disk, for real: `irqlab run` writing into a 64 KiB tmpfs (in a
 * mount namespace of this test's own, so it takes root; exit 77 without).
 * samples.bin fills it within the first scenario. The run must stop with
 * one line that names the file and the error, exit 1, and leave what it
 * wrote under the folder's name, marked INCOMPLETE, with no ".tmp" folder
 * beside it and no summary.json claiming a complete run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>
#include "spawn.h"

#define SKIP 77

static int failed(const char *what, const char *detail)
{
	fprintf(stderr, "test_enospc: %s%s%s\n", what, detail ? ": " : "",
		detail ? detail : "");
	return 1;
}

static bool exists(const char *dir, const char *name)
{
	char p[4200];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return !lstat(p, &st);
}

/* In the private namespace: the run and every check. */
static int check(const char *irqlab, const char *full)
{
	char out[4200], so[4200], se[4200], sum[4300];
	char *argv[] = { (char *)irqlab, "run", "--quick", "-q",
			 "--no-report",	 "-o",	out,	   NULL };
	char *err, *nl;
	json_t *j;
	int rc;

	snprintf(out, sizeof(out), "%s/out", full);
	/* The logs go outside the full disk, beside it. */
	snprintf(so, sizeof(so), "%s.out", full);
	snprintf(se, sizeof(se), "%s.err", full);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	err = slurp(se);
	if (!err)
		return failed("cannot read the run's stderr", se);
	if (rc != 1)
		return failed("irqlab run did not exit 1", err);
	nl = strchr(err, '\n');
	if (!nl || nl[1])
		return failed("not exactly one line on stderr", err);
	if (!strstr(err, "No space left on device") ||
	    !strstr(err, "samples.bin") || !strstr(err, "marked INCOMPLETE"))
		return failed("the line does not say what failed and where",
			      err);
	if (!exists(out, "INCOMPLETE") || !exists(out, "config.ini"))
		return failed("the folder is not kept, marked INCOMPLETE", out);
	if (exists(full, ".out.tmp"))
		return failed("a .tmp folder is left beside it", full);
	snprintf(sum, sizeof(sum), "%s/summary.json", out);
	j = json_load_file(sum, 0, NULL);
	if (j && json_is_true(json_object_get(j, "complete")))
		return failed("summary.json says complete", sum);
	json_decref(j);
	free(err);
	return 0;
}

int main(int argc, char **argv)
{
	char tmp[] = "/tmp/irqlab-enospc-XXXXXX", full[64], cmd[96];
	int status, ret;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: %s IRQLAB\n", argv[0]);
		return 2;
	}
	if (geteuid()) {
		fputs("test_enospc: a tmpfs of our own needs root; skipped\n",
		      stderr);
		return SKIP;
	}
	if (!mkdtemp(tmp))
		return failed("mkdtemp", strerror(errno));
	snprintf(full, sizeof(full), "%s/full", tmp);
	if (mkdir(full, 0755))
		return failed("mkdir", strerror(errno));
	pid = fork();
	if (pid < 0)
		return failed("fork", strerror(errno));
	if (!pid) {
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    mount("tmpfs", full, "tmpfs", MS_NOSUID | MS_NODEV,
			  "size=64k,mode=0755")) {
			fprintf(stderr,
				"test_enospc: cannot mount a private tmpfs: %s; skipped\n",
				strerror(errno));
			_exit(SKIP);
		}
		_exit(check(argv[1], full));
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return failed("waitpid", strerror(errno));
	ret = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
	if (!ret) {
		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		if (system(cmd))
			ret = 1;
	}
	return ret;
}
