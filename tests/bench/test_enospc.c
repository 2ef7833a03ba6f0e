// SPDX-License-Identifier: GPL-2.0
/*
 * A full disk, for real: `irqlab run` writing into a small tmpfs (in a
 * mount namespace of this test's own, so it takes root; exit 77 without).
 * In each case the run must stop with one line that names the file and
 * the error, exit 1, and leave what it wrote under the folder's name,
 * marked INCOMPLETE, with no ".tmp" folder beside it and no summary.json
 * claiming a complete run:
 *
 *   samples.bin   a 64 KiB tmpfs fills within the first scenario
 *   summary.json  a tmpfs left with room for every other file of a small
 *                 run (measured by the same run beforehand, in pages) and
 *                 one page more: summary.json, two pages or more, fills
 *                 it at its end, and the half of it written is removed
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>
#include "e2e.h"

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

/* A small run's config for the summary.json case: two scenarios, 3 designs. */
static const char tiny[] =
	"[run]\nduration_ms = 100\nblocks = 1\ndrain_ms = 20\nrate = 100\n"
	"cost = zero\n"
	"[scenario a]\nchip = soft\ntrigger = simple\n"
	"designs = flow do_irq edge-masking\n"
	"[scenario b]\nchip = ioapic\ntrigger = edge\n"
	"designs = flow do_irq edge-masking\n";

/* `irqlab run ARGS... -q --no-report -o @out`, logs beside @dir. */
static int run(const char *irqlab, const char *cfg, const char *dir,
	       const char *out, char **err)
{
	char so[4200], se[4200];
	char *argv[] = { (char *)irqlab, "run", (char *)cfg, "-q",
			 "--no-report",	 "-o",	(char *)out, NULL };
	int rc;

	snprintf(so, sizeof(so), "%s.out", dir);
	snprintf(se, sizeof(se), "%s.err", dir);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*err = slurp(se);
	return rc;
}

/* The run stopped on @file with ENOSPC and kept its folder, INCOMPLETE. */
static int check(const char *irqlab, const char *cfg, const char *full,
		 const char *file)
{
	char out[4200], sum[4300];
	char *err, *nl;
	json_t *j;
	int rc;

	snprintf(out, sizeof(out), "%s/out", full);
	rc = run(irqlab, cfg, full, out, &err);
	if (!err)
		return failed("cannot read the run's stderr", full);
	if (rc != 1)
		return failed("irqlab run did not exit 1", err);
	nl = strchr(err, '\n');
	if (!nl || nl[1])
		return failed("not exactly one line on stderr", err);
	if (!strstr(err, "No space left on device") || !strstr(err, file) ||
	    !strstr(err, "marked INCOMPLETE"))
		return failed("the line does not say what failed and where",
			      err);
	free(err);
	if (!exists(out, "INCOMPLETE") || !exists(out, "config.ini"))
		return failed("the folder is not kept, marked INCOMPLETE", out);
	if (exists(full, ".out.tmp"))
		return failed("a .tmp folder is left beside it", full);
	snprintf(sum, sizeof(sum), "%s/summary.json", out);
	j = json_load_file(sum, 0, NULL);
	if (j && json_is_true(json_object_get(j, "complete")))
		return failed("summary.json says complete", sum);
	json_decref(j);
	return 0;
}

/* The pages @path takes on a tmpfs. */
static long long pages(const char *dir, const char *name)
{
	char p[4300];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	if (stat(p, &st))
		return -1;
	return (st.st_size + 4095) / 4096;
}

/*
 * Leave @full (a tmpfs) room for @keep pages: a filler file takes the
 * rest.
 */
static int leave(const char *full, long long keep)
{
	char p[4300];
	struct statvfs vfs;
	long long fill;
	int fd, ret;

	if (statvfs(full, &vfs))
		return failed("statvfs", strerror(errno));
	fill = (long long)vfs.f_bavail * (long long)vfs.f_frsize / 4096 - keep;
	if (fill < 0)
		return failed("the tmpfs is too small", full);
	snprintf(p, sizeof(p), "%s/filler", full);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return failed("cannot create the filler", strerror(errno));
	ret = fill ? posix_fallocate(fd, 0, fill * 4096) : 0;
	close(fd);
	return ret ? failed("cannot fill the tmpfs", strerror(ret)) : 0;
}

/*
 * summary.json: the same small run into a folder on a real disk first,
 * to count the pages of every other file; then the tmpfs keeps those and
 * one more.
 */
static int check_summary(const char *irqlab, const char *tmp, const char *full)
{
	static const char *const others[] = { "config.ini", "environment.json",
					      "samples.bin", "topology.txt",
					      "topology.xml" };
	char cfg[4200], dry[4200];
	long long keep = 1, n;
	char *err;
	FILE *f;
	size_t i;

	snprintf(cfg, sizeof(cfg), "%s/tiny.ini", tmp);
	f = fopen(cfg, "w");
	if (!f || fputs(tiny, f) < 0 || fclose(f))
		return failed("cannot write", cfg);
	snprintf(dry, sizeof(dry), "%s/dry", tmp);
	if (run(irqlab, cfg, dry, dry, &err))
		return failed("the small run failed on a real disk",
			      err ? err : "");
	free(err);
	if (pages(dry, "summary.json") < 2)
		return failed(
			"summary.json of the small run is under two pages",
			dry);
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		n = pages(dry, others[i]);
		if (n < 0)
			return failed("the small run wrote no", others[i]);
		keep += n;
	}
	if (leave(full, keep) || check(irqlab, cfg, full, "summary.json"))
		return 1;
	if (exists(full, "out/summary.json"))
		return failed("a half-written summary.json is left", full);
	return 0;
}

/* Mount a tmpfs of @size on @dir, private to this namespace. */
static int tmpfs(const char *dir, const char *size)
{
	char opts[64];

	snprintf(opts, sizeof(opts), "size=%s,mode=0755", size);
	if (mkdir(dir, 0755) && errno != EEXIST)
		return -1;
	return mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, opts);
}

int main(int argc, char **argv)
{
	char tmp[] = "/tmp/irqlab-enospc-XXXXXX", full[64], full2[64], cmd[96];
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
	snprintf(full2, sizeof(full2), "%s/full2", tmp);
	pid = fork();
	if (pid < 0)
		return failed("fork", strerror(errno));
	if (!pid) {
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    tmpfs(full, "64k") || tmpfs(full2, "1m")) {
			fprintf(stderr,
				"test_enospc: cannot mount a private tmpfs: %s; skipped\n",
				strerror(errno));
			_exit(SKIP);
		}
		_exit(check(argv[1], "--quick", full, "samples.bin") ||
		      check_summary(argv[1], tmp, full2));
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
