// SPDX-License-Identifier: GPL-2.0
/*
 * Scratch folders of tests: see scratch.h.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include "scratch.h"

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int test_rm_tree(const char *path)
{
	if (nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
		return -1;
	return 0;
}

int test_scratch_end(const char *dir, int ret)
{
	if (ret && ret != 77)
		return ret;
	if (test_rm_tree(dir)) {
		fprintf(stderr, "%s: cannot remove the scratch folder\n", dir);
		return 1;
	}
	return ret;
}
