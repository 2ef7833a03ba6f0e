/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Opening the run folder's directories and files without writing through
 * a symbolic link an attacker could have put there (runfolder.c's
 * comment says which components may be links).
 */
#ifndef BENCH_SAFEPATH_H
#define BENCH_SAFEPATH_H

#include <stddef.h>

/* Which existing components of a walked path may be symbolic links. */
enum bench_follow {
	BENCH_FOLLOW_NONE,
	BENCH_FOLLOW_ABOVE, /* all but the last */
	BENCH_FOLLOW_ALL,
};

/* -errno of the last failed call, -EIO where errno is 0. */
int bench_neg_errno(void);

/**
 * bench_open_dirs - open directory @path, creating every missing component
 * @at: what a relative @path starts from (AT_FDCWD or a descriptor)
 * @follow: which existing components may be symbolic links; one this
 *	    call created never may, nor any below it
 * @out: the directory's descriptor
 *
 * Return: 0, or -errno with one sentence in @err.
 */
int bench_open_dirs(int at, const char *path, enum bench_follow follow,
		    int *out, char *err, size_t errlen);

/**
 * bench_check_parent - refuse a parent others may write into
 * @fd: the directory
 * @shown: its path, for the sentence
 *
 * A directory writable by every user and not owned by this one is
 * refused unless it is sticky (as /tmp is: there nobody else can rename
 * or remove what we made). irqlab often runs as root; such a directory
 * would let another user swap in what we then write into.
 *
 * Return: 0, or -errno with one sentence in @err.
 */
int bench_check_parent(int fd, const char *shown, char *err, size_t errlen);

/* A new file @name in @dirfd (O_EXCL, never through a link): fd or -errno. */
int bench_create_file(int dirfd, const char *name);

#endif /* BENCH_SAFEPATH_H */
