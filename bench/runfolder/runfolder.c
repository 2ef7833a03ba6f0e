// SPDX-License-Identifier: GPL-2.0
/*
 * The run folder's life cycle (runfolder.h, docs/results.md): made as
 * ".<name>.tmp" beside its final name, filled, and renamed into place;
 * results/latest then points at a complete run in the default location.
 * Nothing is written through a symbolic link: directories the tool
 * creates, the folder's parent and the folder itself are opened with
 * O_NOFOLLOW, files are created with O_EXCL | O_NOFOLLOW. Existing
 * directories above the parent (the results root and what leads to it,
 * what leads to the -o parent) are the user's layout and may be links.
 * The parent must not be writable by every user unless it is ours or
 * sticky (bench_check_parent()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "runfolder.h"
#include "safepath.h"

#define NAME_TRIES 1000 /* -2 ... -1000 after the first name */
#define TREE_DEPTH 16 /* a staged folder's deepest: trace/ust/uid/... */

int bench_fail(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return ret;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/**
 * bench_write_all - write @n bytes, through short writes and EINTR
 * @fd: the file
 * @p: the bytes
 * @n: how many
 *
 * Return: 0 or -errno.
 */
int bench_write_all(int fd, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return bench_neg_errno();
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/**
 * bench_finish_fd - fsync and close a file
 * @fd: the file; closed, whatever happens
 *
 * Return: 0 or the first -errno.
 */
int bench_finish_fd(int fd)
{
	int ret = 0;

	if (fsync(fd))
		ret = bench_neg_errno();
	if (close(fd) && !ret)
		ret = bench_neg_errno();
	return ret;
}

/**
 * bench_folder_json - write a JSON file into the folder, or nothing
 * @f: the folder being made
 * @name: the file, which must not exist
 * @j: its document
 *
 * A file that could not be written in full (a full disk) is removed. The
 * text is made first, so that the write's own errno is the one reported
 * (json_dumpfd() does not keep it).
 *
 * Return: 0 or -errno.
 */
int bench_folder_json(const struct bench_folder *f, const char *name,
		      const json_t *j)
{
	char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	int fd, ret;

	if (!text)
		return -ENOMEM;
	fd = bench_create_file(f->dirfd, name);
	if (fd < 0) {
		free(text);
		return fd;
	}
	ret = bench_write_all(fd, text, strlen(text));
	free(text);
	if (!ret)
		ret = bench_write_all(fd, "\n", 1);
	if (ret)
		close(fd);
	else
		ret = bench_finish_fd(fd);
	if (ret)
		unlinkat(f->dirfd, name, 0);
	return ret;
}

/**
 * bench_utc - a time as UTC
 * @ts: CLOCK_REALTIME
 * @compact: yyyymmddThhmmssZ, for a folder name; else ISO 8601
 * @buf: the text ("" if it does not fit)
 * @len: its size
 */
void bench_utc(const struct timespec *ts, bool compact, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&ts->tv_sec, &tm);
	if (!strftime(buf, len,
		      compact ? "%Y%m%dT%H%M%SZ" : "%Y-%m-%dT%H:%M:%SZ", &tm))
		buf[0] = '\0';
}

/* bench_utc() of the wall clock now. */
void bench_utc_now(bool compact, char *buf, size_t len)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	bench_utc(&ts, compact, buf, len);
}

/**
 * bench_host_name - this host's name as a run folder's name has it
 * @buf: the name: only [A-Za-z0-9.-] (the rest '-'), never a leading '.'
 * @len: its size
 */
void bench_host_name(char *buf, size_t len)
{
	if (gethostname(buf, len) || !*buf)
		snprintf(buf, len, "unknown");
	buf[len - 1] = '\0';
	for (char *s = buf; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '-'))
			*s = '-';
	if (*buf == '.')
		*buf = '-';
}

static int set_name(struct bench_folder *f, const char *name)
{
	if (snprintf(f->name, sizeof(f->name), "%s", name) >=
		    (int)sizeof(f->name) ||
	    snprintf(f->tmp, sizeof(f->tmp), ".%s.tmp", name) >=
		    (int)sizeof(f->tmp))
		return -ENAMETOOLONG;
	return 0;
}

/*
 * Empty the directory @fd (closed here) and what is under it, never
 * following a symbolic link (unlinkat() removes the link itself).
 * Return: 0 or the first -errno.
 */
static int remove_tree(int fd, unsigned int depth)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	int ret = 0;

	if (!d) {
		close(fd);
		return bench_neg_errno();
	}
	while ((e = readdir(d))) {
		int sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!unlinkat(fd, e->d_name, 0))
			continue;
		if ((errno != EISDIR && errno != EPERM) ||
		    depth >= TREE_DEPTH) {
			ret = ret ? ret : bench_neg_errno();
			continue;
		}
		sub = openat(fd, e->d_name,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0 || remove_tree(sub, depth + 1) ||
		    unlinkat(fd, e->d_name, AT_REMOVEDIR))
			ret = ret ? ret : bench_neg_errno();
	}
	closedir(d);
	return ret;
}

/*
 * ".<name>.tmp" is there already: the staged folder of a run that was
 * killed (SIGKILL, a crash) before it renamed it, which no run holds
 * locked any more; remove it, and say so in @f->reclaimed. A run still
 * making it holds its lock (bench_folder_make()): then -EBUSY.
 */
static int reclaim_staged(struct bench_folder *f, char *err, size_t errlen)
{
	int fd = openat(f->parentfd, f->tmp,
			O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return bench_fail(
			err, errlen, bench_neg_errno(),
			"%s/%s: already exists, and is not a folder a run left: remove it",
			f->parent, f->tmp);
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		return bench_fail(
			err, errlen, -EBUSY,
			"%s/%s: another run is measuring into it now (it holds the folder's lock)",
			f->parent, f->tmp);
	}
	ret = remove_tree(fd, 0);
	if (!ret && unlinkat(f->parentfd, f->tmp, AT_REMOVEDIR))
		ret = bench_neg_errno();
	if (ret)
		return bench_fail(
			err, errlen, ret,
			"%s/%s: left by a run that did not finish, and cannot be removed: %s",
			f->parent, f->tmp, strerror(-ret));
	f->reclaimed = true;
	return 0;
}

/* Make ".<name>.tmp" for -o DIR: DIR must not exist yet. */
static int make_outdir(struct bench_folder *f, const char *outdir, char *err,
		       size_t errlen)
{
	char path[PATH_MAX], *slash, *base;
	size_t n;
	struct stat st;
	int ret;

	n = (size_t)snprintf(path, sizeof(path), "%s", outdir);
	if (!n || n >= sizeof(path))
		return bench_fail(err, errlen, -EINVAL,
				  "%s: not a usable folder name", outdir);
	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	if (!*base || !strcmp(base, ".") || !strcmp(base, ".."))
		return bench_fail(err, errlen, -EINVAL,
				  "%s: not a usable folder name", outdir);
	if (!slash)
		snprintf(f->parent, sizeof(f->parent), ".");
	else if (slash == path)
		snprintf(f->parent, sizeof(f->parent), "/");
	else
		snprintf(f->parent, sizeof(f->parent), "%.*s",
			 (int)(slash - path), path);
	if (set_name(f, base))
		return bench_fail(err, errlen, -ENAMETOOLONG,
				  "%s: name too long", outdir);

	ret = bench_open_dirs(AT_FDCWD, f->parent, BENCH_FOLLOW_ABOVE,
			      &f->parentfd, err, errlen);
	if (!ret)
		ret = bench_check_parent(f->parentfd, f->parent, err, errlen);
	if (ret)
		return ret;
	if (!fstatat(f->parentfd, f->name, &st, AT_SYMLINK_NOFOLLOW))
		return bench_fail(err, errlen, -EEXIST, "%s: already exists",
				  outdir);
	if (errno != ENOENT)
		return bench_fail(err, errlen, bench_neg_errno(), "%s: %s",
				  outdir, strerror(errno));
	ret = mkdirat(f->parentfd, f->tmp, 0755) ? bench_neg_errno() : 0;
	if (ret == -EEXIST) {
		ret = reclaim_staged(f, err, errlen);
		if (ret)
			return ret;
		ret = mkdirat(f->parentfd, f->tmp, 0755) ? bench_neg_errno() :
							   0;
	}
	if (ret)
		return bench_fail(err, errlen, ret, "%s/%s: cannot create: %s",
				  f->parent, f->tmp, strerror(-ret));
	return 0;
}

/*
 * Make "<root>/runs/.<UTC>-<host>[-<tag>][-k].tmp", the first name not
 * taken.
 */
static int make_default(struct bench_folder *f, const char *root,
			const char *tag, const struct timespec *now, char *err,
			size_t errlen)
{
	char stamp[32], host[HOST_NAME_MAX + 1], base[NAME_MAX + 1];
	char name[NAME_MAX + 1];
	struct stat st;
	int ret;

	snprintf(f->root, sizeof(f->root), "%s", root);
	snprintf(f->parent, sizeof(f->parent), "%s/runs", root);
	ret = bench_open_dirs(AT_FDCWD, root, BENCH_FOLLOW_ALL, &f->rootfd, err,
			      errlen);
	if (ret)
		return ret;
	ret = bench_open_dirs(f->rootfd, "runs", BENCH_FOLLOW_NONE,
			      &f->parentfd, err, errlen);
	if (ret) {
		/* bench_open_dirs() named "runs" alone: say where it is. */
		char inner[512];

		snprintf(inner, sizeof(inner), "%s", err);
		return bench_fail(err, errlen, ret, "%s/%s", root, inner);
	}
	ret = bench_check_parent(f->parentfd, f->parent, err, errlen);
	if (ret)
		return ret;

	bench_utc(now, true, stamp, sizeof(stamp));
	bench_host_name(host, sizeof(host));
	snprintf(base, sizeof(base), "%s-%s%s%s", stamp, host, tag ? "-" : "",
		 tag ? tag : "");
	for (unsigned int k = 1; k <= NAME_TRIES; k++) {
		if (k == 1)
			snprintf(name, sizeof(name), "%s", base);
		else
			snprintf(name, sizeof(name), "%.240s-%u", base, k);
		if (set_name(f, name))
			return bench_fail(err, errlen, -ENAMETOOLONG,
					  "%s/%s: name too long", f->parent,
					  name);
		if (!fstatat(f->parentfd, f->name, &st, AT_SYMLINK_NOFOLLOW))
			continue;
		if (errno != ENOENT)
			return bench_fail(err, errlen, bench_neg_errno(),
					  "%s/%s: %s", f->parent, f->name,
					  strerror(errno));
		if (!mkdirat(f->parentfd, f->tmp, 0755))
			return 0;
		if (errno != EEXIST)
			return bench_fail(err, errlen, bench_neg_errno(),
					  "%s/%s: cannot create: %s", f->parent,
					  f->tmp, strerror(errno));
	}
	return bench_fail(err, errlen, -EEXIST, "%s/%s: %u names taken",
			  f->parent, base, NAME_TRIES);
}

static int rename_noreplace(int fromfd, const char *from, int tofd,
			    const char *to)
{
	struct stat st;

	if (!renameat2(fromfd, from, tofd, to, RENAME_NOREPLACE))
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return bench_neg_errno();
	/* A file system without RENAME_NOREPLACE: check, then rename. */
	if (!fstatat(tofd, to, &st, AT_SYMLINK_NOFOLLOW))
		return -EEXIST;
	return renameat(fromfd, from, tofd, to) ? bench_neg_errno() : 0;
}

/* Point <root>/latest at runs/<name>: a new link renamed over the old. */
static int update_latest(struct bench_folder *f, char *err, size_t errlen)
{
	char target[NAME_MAX + 8], tmp[64];
	int ret;

	snprintf(target, sizeof(target), "runs/%s", f->name);
	snprintf(tmp, sizeof(tmp), ".latest.%ld.tmp", (long)getpid());
	/* A stale link of a crashed run with our pid: replace it. */
	if (symlinkat(target, f->rootfd, tmp) &&
	    (errno != EEXIST || unlinkat(f->rootfd, tmp, 0) ||
	     symlinkat(target, f->rootfd, tmp))) {
		ret = bench_neg_errno();
		goto error;
	}
	if (renameat(f->rootfd, tmp, f->rootfd, "latest")) {
		ret = bench_neg_errno();
		unlinkat(f->rootfd, tmp, 0);
		goto error;
	}
	fsync(f->rootfd);
	return 0;
error:
	return bench_fail(
		err, errlen, ret,
		"%s/latest: cannot point it at runs/%s: %s (the run is complete)",
		f->root, f->name, strerror(-ret));
}

/**
 * bench_folder_salvage - keep what a folder that failed to close holds
 * @f: the folder; closed
 * @final: where it ended up (may be NULL)
 * @finallen: its size
 * @err: the sentence that says why closing failed; what became of the
 *	folder is added to it
 * @errlen: its size
 *
 * Closing failed (a full disk, an I/O error): what was written is kept
 * under its name, marked INCOMPLETE, if an empty file and a rename still
 * go through, which they usually do on a full disk; @err then says so,
 * or where the partial folder is left.
 */
void bench_folder_salvage(struct bench_folder *f, char *final, size_t finallen,
			  char *err, size_t errlen)
{
	size_t n = strlen(err);
	int fd = bench_create_file(f->dirfd, "INCOMPLETE");

	if (fd >= 0)
		close(fd);
	if ((fd >= 0 || fd == -EEXIST) &&
	    !rename_noreplace(f->parentfd, f->tmp, f->parentfd, f->name)) {
		snprintf(
			err + n, errlen - n,
			"; what was written is kept in %s/%s, marked INCOMPLETE",
			f->parent, f->name);
		if (final && finallen)
			snprintf(final, finallen, "%s/%s", f->parent, f->name);
		bench_folder_close(f);
		return;
	}
	snprintf(err + n, errlen - n, "; what was written is left in %s/%s",
		 f->parent, f->tmp);
	if (final && finallen)
		snprintf(final, finallen, "%s/%s", f->parent, f->tmp);
	bench_folder_close(f);
}

static void close_all(struct bench_folder *f)
{
	close_fd(&f->dirfd);
	close_fd(&f->parentfd);
	close_fd(&f->rootfd);
}

/**
 * bench_folder_make - name the run folder and make it as ".<name>.tmp"
 * @f: the folder, on success
 * @outdir: -o DIR, which must not exist; NULL: the default location
 * @root: the results root of the default location
 * @tag: added to the default name ("qemu"), or NULL
 * @now: CLOCK_REALTIME, for the default name
 * @err: one sentence naming the path at fault, on failure
 * @errlen: its size
 *
 * The folder is @outdir, or <@root>/runs/<UTC yyyymmddThhmmssZ>-<host>
 * [-<@tag>][-k] with the first k from 2 that is free. Missing parents are
 * created. The folder, its parent and every directory created are opened
 * without following symbolic links; existing directories above the
 * parent may be links. On failure nothing is left behind. The folder is
 * locked (flock()) while it is made; a ".<name>.tmp" for -o DIR that no
 * run holds locked is what a killed run left, and is removed first
 * (@f->reclaimed), where one that is held fails with -EBUSY.
 *
 * Return: 0 or -errno with @err filled.
 */
int bench_folder_make(struct bench_folder *f, const char *outdir,
		      const char *root, const char *tag,
		      const struct timespec *now, char *err, size_t errlen)
{
	int ret;

	memset(f, 0, sizeof(*f));
	f->rootfd = f->parentfd = f->dirfd = -1;
	if (outdir) {
		ret = make_outdir(f, outdir, err, errlen);
	} else {
		f->default_location = true;
		ret = make_default(f, root, tag, now, err, errlen);
	}
	if (ret) {
		close_all(f);
		return ret;
	}
	f->dirfd = openat(f->parentfd, f->tmp,
			  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	/*
	 * Held to the end: a folder whose lock nobody holds was left by a
	 * run that was killed, which the next run into the name removes
	 * (reclaim_staged()) and `irqlab report` names as such.
	 */
	if (f->dirfd < 0 || flock(f->dirfd, LOCK_EX | LOCK_NB)) {
		ret = bench_fail(err, errlen, bench_neg_errno(), "%s/%s: %s",
				 f->parent, f->tmp, strerror(errno));
		unlinkat(f->parentfd, f->tmp, AT_REMOVEDIR);
		close_all(f);
		return ret;
	}
	return 0;
}

/**
 * bench_folder_path - where the folder is being made
 * @f: the folder being made
 * @buf: room for the path of ".<name>.tmp"
 * @len: its size
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int bench_folder_path(const struct bench_folder *f, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", f->parent, f->tmp);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/**
 * bench_folder_create - create a file in the folder
 * @f: the folder being made
 * @name: the file, which must not exist
 *
 * Return: its descriptor, open for writing, or -errno.
 */
int bench_folder_create(const struct bench_folder *f, const char *name)
{
	return bench_create_file(f->dirfd, name);
}

/**
 * bench_folder_copy - a new file @name in the folder, with what @in holds
 * @f: the folder being made
 * @in: the source, read from where it stands to its end; left open
 * @name: the file, which must not exist
 * @step: set to the step that failed: "create" or "write"
 *
 * The copy is written through and closed (bench_finish_fd()).
 * Return: 0 or -errno.
 */
int bench_folder_copy(const struct bench_folder *f, int in, const char *name,
		      const char **step)
{
	char buf[1 << 16];
	int out = bench_folder_create(f, name), ret = 0;
	ssize_t n;

	*step = "create";
	if (out < 0)
		return out;
	*step = "write";
	while (!ret && (n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		ret = n < 0 ? -errno : bench_write_all(out, buf, (size_t)n);
	}
	if (ret) {
		close(out);
		return ret;
	}
	return bench_finish_fd(out);
}

/**
 * bench_folder_commit - move the folder into place
 * @f: the folder being made, every file in it written and synced; closed
 *	once it is in place, else (@f->dirfd still open) for
 *	bench_folder_salvage() to keep what it holds
 * @complete: the run did everything it was to do; if not, an empty
 *	INCOMPLETE is added and latest stays as it is
 * @final: where the folder ended up (may be NULL): its final path, or the
 *	".<name>.tmp" path it was left at
 * @finallen: size of @final
 * @err: one sentence naming the path at fault, on failure
 * @errlen: its size
 *
 * Syncs the folder, renames ".<name>.tmp" to its name without replacing
 * anything, and for a complete run in the default location replaces
 * <results root>/latest with a link to runs/<name>. A latest that cannot
 * be replaced is an error too, but the folder is then in place and
 * closed.
 *
 * Return: 0 or -errno with @err filled.
 */
int bench_folder_commit(struct bench_folder *f, bool complete, char *final,
			size_t finallen, char *err, size_t errlen)
{
	char where[PATH_MAX + NAME_MAX + 2];
	int ret, fd;

	snprintf(where, sizeof(where), "%s/%s", f->parent, f->tmp);
	if (final && finallen)
		snprintf(final, finallen, "%s", where);
	if (!complete) {
		fd = bench_create_file(f->dirfd, "INCOMPLETE");
		ret = fd < 0 ? fd : bench_finish_fd(fd);
		if (ret)
			return bench_fail(err, errlen, ret,
					  "%s/INCOMPLETE: cannot create: %s",
					  where, strerror(-ret));
	}
	if (fsync(f->dirfd))
		return bench_fail(err, errlen, bench_neg_errno(),
				  "%s: cannot sync: %s", where,
				  strerror(errno));
	ret = rename_noreplace(f->parentfd, f->tmp, f->parentfd, f->name);
	if (ret)
		return bench_fail(err, errlen, ret,
				  "%s: cannot rename to %s: %s", where, f->name,
				  strerror(-ret));
	fsync(f->parentfd);
	if (final && finallen)
		snprintf(final, finallen, "%s/%s", f->parent, f->name);
	if (complete && f->default_location)
		ret = update_latest(f, err, errlen);
	close_all(f);
	return ret;
}

/**
 * bench_folder_discard - remove a folder that is not to be kept
 * @f: the folder being made; closed
 * @files: the files that may have been made in it
 * @nr: how many
 *
 * For a folder that holds no measurement yet (an open that failed), or
 * one that is a copy (irqlab adopt).
 */
void bench_folder_discard(struct bench_folder *f, const char *const files[],
			  size_t nr)
{
	if (f->dirfd >= 0) {
		for (size_t i = 0; i < nr; i++)
			unlinkat(f->dirfd, files[i], 0);
		unlinkat(f->parentfd, f->tmp, AT_REMOVEDIR);
	}
	close_all(f);
}

/**
 * bench_folder_close - close the folder's descriptors
 * @f: the folder; what is on disk stays as it is
 */
void bench_folder_close(struct bench_folder *f)
{
	close_all(f);
}

int bench_make_new_dir(const char *dir)
{
	char p[4096];

	if (snprintf(p, sizeof(p), "%s", dir) >= (int)sizeof(p))
		return -ENAMETOOLONG;
	for (char *c = p + 1; *c; c++)
		if (*c == '/') {
			*c = '\0';
			if (mkdir(p, 0755) && errno != EEXIST)
				return -errno;
			*c = '/';
		}
	return mkdir(p, 0755) ? -errno : 0;
}
