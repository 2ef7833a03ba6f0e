// SPDX-License-Identifier: GPL-2.0
/*
 * The traces under a folder, for stages_graph_run() (sink.h): every
 * directory below it that holds a CTF `metadata` file, found without
 * following links, and each LTTng-UST stream's packet sizes checked
 * before Babeltrace2 reads them, because some sizes abort it.
 */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sink.h"

struct dirlist {
	char **d;
	size_t n, cap;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#define FIND_DEPTH 32

static int find_in(const char *dir, unsigned int depth, struct dirlist *l,
		   char *err, size_t errlen)
{
	char path[4096];
	struct dirent *e;
	struct stat sb;
	int ret = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	if (!stat(path, &sb) && S_ISREG(sb.st_mode)) {
		char *copy = strdup(dir);

		if (!copy ||
		    stages_grow(&l->d, &l->cap, l->n + 1, sizeof(*l->d))) {
			free(copy);
			return -ENOMEM;
		}
		l->d[l->n++] = copy;
		return 0; /* a trace: what is below is its own (index/) */
	}
	if (depth >= FIND_DEPTH)
		return 0;
	d = opendir(dir);
	if (!d) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return ret;
	}
	while (!ret && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
				     e->d_name) >= sizeof(path))
			continue;
		/* Links are not followed: no loops, no second copies. */
		if (lstat(path, &sb) || !S_ISDIR(sb.st_mode))
			continue;
		ret = find_in(path, depth + 1, l, err, errlen);
	}
	closedir(d);
	return ret;
}

/**
 * stages_find_traces - the CTF trace directories under @root
 * @root: a directory (followed if it is a link), or a trace itself
 * @dirs: receives the paths, sorted; free each and the array
 * @n: receives their number; 0 with a return of 0: none there
 *
 * Return: 0, or -errno with @err naming the directory that failed.
 */
int stages_find_traces(const char *root, char ***dirs, size_t *n, char *err,
		       size_t errlen)
{
	struct dirlist l = { 0 };
	int ret;

	*dirs = NULL;
	*n = 0;
	ret = find_in(root, 0, &l, err, errlen);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory listing traces", root);
	if (ret) {
		for (size_t i = 0; i < l.n; i++)
			free(l.d[i]);
		free(l.d);
		return ret;
	}
	if (l.n)
		qsort(l.d, l.n, sizeof(*l.d), cmp_str);
	*dirs = l.d;
	*n = l.n;
	return 0;
}

/*
 * Packet sizes Babeltrace2 cannot survive (found by tests/fuzz/fuzz_trace.c,
 * docs/fuzz.md). Babeltrace 2.0.4's src.ctf.fs reads a packet's
 * content_size and packet_size into signed 64-bit integers and asserts
 * that both are negative or neither is (msg-iter.c,
 * set_current_packet_content_sizes()): one of them at 2^63 or more ends
 * the whole process with SIGABRT, irqlab report included. A packet_size
 * under 8 bits (a packet of no whole byte, content_size no larger) makes
 * it index the same empty packet forever, its memory growing without
 * bound. Such a stream is refused here with a sentence instead. The check
 * knows only LTTng-UST's layout (packet header: magic, uuid, stream_id, stream_instance_id;
 * context: timestamp_begin, timestamp_end, content_size, packet_size, all
 * 64-bit little-endian), so it runs only where `metadata` says
 * lttng-ust and little-endian, and it walks a stream only while each
 * packet starts with the CTF magic; anything else is Babeltrace2's to
 * judge.
 */
#define CTF_MAGIC 0xC1FC1FC1u
#define UST_SIZES_AT 48 /* content_size, then packet_size */

static bool lttng_ust_le(const char *dir)
{
	static const char *const need[] = { "tracer_name = \"lttng-ust\"",
					    "byte_order = le;" };
	char path[4096], *buf;
	bool ok = true;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	buf = malloc(1 << 16);
	n = buf ? read(fd, buf, 1 << 16) : -1;
	close(fd);
	for (size_t i = 0; n > 0 && ok && i < sizeof(need) / sizeof(*need); i++)
		ok = memmem(buf, (size_t)n, need[i], strlen(need[i]));
	free(buf);
	return n > 0 && ok;
}

static uint64_t le64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 8; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

/* 0, or -EINVAL with @err naming the stream file and the packet. */
static int stream_sizes_ok(const char *path, char *err, size_t errlen)
{
	unsigned char h[UST_SIZES_AT + 16];
	struct stat sb;
	uint64_t off = 0;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return 0;
	if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
		close(fd);
		return 0;
	}
	while (off + sizeof(h) <= (uint64_t)sb.st_size &&
	       pread(fd, h, sizeof(h), (off_t)off) == (ssize_t)sizeof(h)) {
		uint64_t content = le64(h + UST_SIZES_AT);
		uint64_t size = le64(h + UST_SIZES_AT + 8);

		if ((uint32_t)le64(h) != CTF_MAGIC)
			break;
		if (content > INT64_MAX || size > INT64_MAX || size < 8) {
			snprintf(err, errlen,
				 "%s: packet at byte %" PRIu64
				 ": content_size %" PRIu64
				 " or packet_size %" PRIu64
				 " bits is out of range (a corrupt trace)",
				 path, off, content, size);
			ret = -EINVAL;
			break;
		}
		if (size % 8 || content > size)
			break;
		off += size / 8;
	}
	close(fd);
	return ret;
}

int stages_trace_sizes_ok(const char *dir, char *err, size_t errlen)
{
	struct dirent *e;
	int ret = 0;
	DIR *d;

	if (!lttng_ust_le(dir))
		return 0;
	d = opendir(dir);
	if (!d)
		return 0;
	while (!ret && (e = readdir(d))) {
		char path[4096];

		if (e->d_name[0] == '.' || !strcmp(e->d_name, "metadata"))
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
				     e->d_name) >= sizeof(path))
			continue;
		ret = stream_sizes_ok(path, err, errlen);
	}
	closedir(d);
	return ret;
}
