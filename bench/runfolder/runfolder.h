/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run folder's life cycle (runfolder.c, docs/results.md): its name,
 * its making as ".<name>.tmp", the files in it, its rename into place and
 * results/latest. `irqlab run` (results.c) and `irqlab adopt` (adopt.c)
 * both go through it, so a folder is installed one way only.
 */
#ifndef BENCH_RUNFOLDER_H
#define BENCH_RUNFOLDER_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include <jansson.h>

/**
 * struct bench_folder - a run folder being made
 * @rootfd: the results root (default location), else -1
 * @parentfd: the directory the folder is made in
 * @dirfd: the folder, while it is ".<name>.tmp"; -1 before and after
 * @default_location: <results root>/runs/<name>, where latest follows
 * @reclaimed: a ".<name>.tmp" left by a killed run was removed first
 * @root: the results root as given, for messages
 * @parent: the parent as given, for messages
 * @name: the final name
 * @tmp: ".<name>.tmp"
 */
struct bench_folder {
	int rootfd;
	int parentfd;
	int dirfd;
	bool default_location;
	bool reclaimed;
	char root[PATH_MAX];
	char parent[PATH_MAX];
	char name[NAME_MAX + 1];
	char tmp[NAME_MAX + 1];
};

int bench_folder_make(struct bench_folder *f, const char *outdir,
		      const char *root, const char *tag,
		      const struct timespec *now, char *err, size_t errlen);
int bench_folder_path(const struct bench_folder *f, char *buf, size_t len);
int bench_folder_create(const struct bench_folder *f, const char *name);
int bench_folder_copy(const struct bench_folder *f, int in, const char *name,
		      const char **step);

/*
 * Make the folder @dir and whatever leads to it (0755); @dir itself must
 * be new. Return: 0, or -errno (-EEXIST when @dir exists).
 */
int bench_make_new_dir(const char *dir);
int bench_folder_json(const struct bench_folder *f, const char *name,
		      const json_t *j);
int bench_folder_commit(struct bench_folder *f, bool complete, char *final,
			size_t finallen, char *err, size_t errlen);
void bench_folder_salvage(struct bench_folder *f, char *final, size_t finallen,
			  char *err, size_t errlen);
void bench_folder_discard(struct bench_folder *f, const char *const files[],
			  size_t nr);
void bench_folder_close(struct bench_folder *f);

int bench_write_all(int fd, const void *p, size_t n);
int bench_finish_fd(int fd);
void bench_host_name(char *buf, size_t len);
void bench_utc(const struct timespec *ts, bool compact, char *buf, size_t len);
/* The same of the wall clock now. */
void bench_utc_now(bool compact, char *buf, size_t len);

/**
 * bench_fail - one sentence about a failure into @err, and @ret back
 * @err, @errlen: where the sentence goes (may be NULL, 0)
 * @ret: the -errno to return
 * @fmt: printf format of the sentence
 *
 * Return: @ret, so that `return bench_fail(...)` ends a function.
 */
__attribute__((format(printf, 4, 5))) int
bench_fail(char *err, size_t errlen, int ret, const char *fmt, ...);

#endif /* BENCH_RUNFOLDER_H */
