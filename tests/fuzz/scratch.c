// SPDX-License-Identifier: GPL-2.0
/*
 * The scratch folder of a fuzz target (fuzz.h): mkdtemp() under /tmp on
 * first use, emptied and removed by an atexit() handler. A target names
 * its few files by a fixed name, so the folder never grows.
 */
#define _GNU_SOURCE /* nftw() */
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"

static char dir[64];
static char path[PATH_MAX];

static int rm_one(const char *p, const struct stat *sb, int type,
		  struct FTW *ftw)
{
	(void)sb;
	(void)type;
	(void)ftw;
	return remove(p) ? -1 : 0;
}

static void cleanup(void)
{
	if (dir[0])
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *fuzz_dir(void)
{
	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/irqlab-fuzz-XXXXXX");
		if (!mkdtemp(dir)) {
			perror("fuzz: mkdtemp /tmp/irqlab-fuzz-XXXXXX");
			abort();
		}
		atexit(cleanup);
	}
	return dir;
}

const char *fuzz_path(const char *name)
{
	int n = snprintf(path, sizeof(path), "%s/%s", fuzz_dir(), name);

	if (n < 0 || (size_t)n >= sizeof(path))
		abort();
	return path;
}

void fuzz_write(const char *name, const void *data, size_t size)
{
	const char *p = fuzz_path(name);
	const char *b = data;
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0) {
		perror(p);
		abort();
	}
	while (size) {
		ssize_t w = write(fd, b, size);

		if (w <= 0) {
			perror(p);
			abort();
		}
		b += w;
		size -= (size_t)w;
	}
	if (close(fd)) {
		perror(p);
		abort();
	}
}

void fuzz_remove(const char *name)
{
	const char *p = fuzz_path(name);

	if (unlink(p) && access(p, F_OK) == 0) {
		perror(p);
		abort();
	}
}

void fuzz_note(const char *fmt, ...)
{
	va_list ap;

	if (!getenv("IRQLAB_FUZZ_VERBOSE"))
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
