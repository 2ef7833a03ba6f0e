// SPDX-License-Identifier: GPL-2.0
/*
 * Directories walked and files created without following a symbolic
 * link where one is not allowed (safepath.h): the run folder's and the
 * gate's and soak's folders are made through it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "runfolder.h"
#include "safepath.h"

int bench_neg_errno(void)
{
	return errno ? -errno : -EIO;
}

static void append(char *buf, size_t size, size_t *len, const char *s)
{
	int n = snprintf(buf + *len, size - *len, "%s", s);

	*len = n < 0 || (size_t)n >= size - *len ? size - 1 : *len + (size_t)n;
}

/*
 * Open component @name of the walk in @cur, making it if it is missing
 * (then *@created: no later component may be a link). @shown: the path so
 * far, for messages. Return: the directory's descriptor, or -errno.
 */
static int open_component(int cur, const char *name, bool may_follow,
			  bool *created, const char *shown, char *err,
			  size_t errlen)
{
	struct stat st;
	int fd;

	fd = openat(cur, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		if (mkdirat(cur, name, 0755) && errno != EEXIST)
			return bench_fail(err, errlen, bench_neg_errno(),
					  "%s: cannot create: %s", shown,
					  strerror(errno));
		*created = true;
		fd = openat(cur, name,
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	}
	if (fd < 0 && (errno == ELOOP || errno == ENOTDIR)) {
		if (fstatat(cur, name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISLNK(st.st_mode))
			return bench_fail(err, errlen, -ENOTDIR,
					  "%s: not a directory", shown);
		if (!may_follow || *created)
			return bench_fail(
				err, errlen, -ELOOP,
				"%s: is a symbolic link, refusing to write through it",
				shown);
		fd = openat(cur, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	if (fd < 0)
		return bench_fail(err, errlen, bench_neg_errno(), "%s: %s",
				  shown, strerror(errno));
	return fd;
}

int bench_open_dirs(int at, const char *path, enum bench_follow follow,
		    int *out, char *err, size_t errlen)
{
	char buf[PATH_MAX], shown[PATH_MAX], *comp[PATH_MAX / 2], *save;
	size_t nr = 0, shown_len = 0;
	bool created = false;
	int cur, fd;

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return bench_fail(err, errlen, -ENAMETOOLONG,
				  "%s: path too long", path);
	shown[0] = '\0';
	if (*buf == '/') {
		append(shown, sizeof(shown), &shown_len, "/");
		cur = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	} else {
		cur = openat(at, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	if (cur < 0)
		return bench_fail(err, errlen, bench_neg_errno(), "%s: %s",
				  path, strerror(errno));
	for (char *c = strtok_r(buf, "/", &save); c;
	     c = strtok_r(NULL, "/", &save))
		if (strcmp(c, "."))
			comp[nr++] = c;

	for (size_t i = 0; i < nr; i++) {
		bool last = i == nr - 1;

		if (shown_len && shown[shown_len - 1] != '/')
			append(shown, sizeof(shown), &shown_len, "/");
		append(shown, sizeof(shown), &shown_len, comp[i]);
		fd = open_component(cur, comp[i],
				    follow == BENCH_FOLLOW_ALL ||
					    (follow == BENCH_FOLLOW_ABOVE &&
					     !last),
				    &created, shown, err, errlen);
		close(cur);
		if (fd < 0)
			return fd;
		cur = fd;
	}
	*out = cur;
	return 0;
}

int bench_check_parent(int fd, const char *shown, char *err, size_t errlen)
{
	struct stat st;

	if (fstat(fd, &st))
		return bench_fail(err, errlen, bench_neg_errno(), "%s: %s",
				  shown, strerror(errno));
	if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX) &&
	    st.st_uid != geteuid())
		return bench_fail(
			err, errlen, -EPERM,
			"%s: writable by every user and not owned by this one, refusing to write into it",
			shown);
	return 0;
}

int bench_create_file(int dirfd, const char *name)
{
	int fd = openat(dirfd, name,
			O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			0644);

	return fd < 0 ? bench_neg_errno() : fd;
}
