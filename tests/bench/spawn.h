/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running the irqlab command from a test: spawn it with stdout and stderr
 * in files, optionally send it a signal after a delay, and return its exit
 * status (128 + signal if it died of one).
 */
#ifndef TESTS_BENCH_SPAWN_H
#define TESTS_BENCH_SPAWN_H

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static inline char *slurp(const char *path);

/*
 * A child that failed because a sanitizer found something: its report is
 * in @err_file, which the test removes, so copy it to the test's stderr.
 */
static inline void show_sanitizer_report(const char *err_file)
{
	char *err = slurp(err_file);

	if (err && strstr(err, "Sanitizer"))
		fprintf(stderr, "%s: %s\n", err_file, err);
	free(err);
}

/*
 * How long spawn_irqlab() waits for the line it is to signal after: a
 * bound for a hang, not a time the line takes (a sanitised build on a
 * loaded machine takes many times a quiet one's).
 */
#define SPAWN_AFTER_WAIT_S 240

/*
 * Spawn @argv; if @sig, send it 0.3 s after @out_file has @after (or
 * SPAWN_AFTER_WAIT_S, or never if the child has exited by then).
 */
static inline int spawn_irqlab(char *const argv[], const char *out_file,
			       const char *err_file, int sig, const char *after)
{
	posix_spawn_file_actions_t fa;
	int status;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out_file,
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 2, err_file,
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ))
		return -1;
	posix_spawn_file_actions_destroy(&fa);
	if (sig) {
		pid_t done = 0;

		for (int i = 0; i < SPAWN_AFTER_WAIT_S * 100; i++) {
			char buf[8192] = "";
			FILE *f = fopen(err_file, "r");

			if (f) {
				size_t n = fread(buf, 1, sizeof(buf) - 1, f);

				buf[n] = '\0';
				fclose(f);
			}
			if (strstr(buf, after))
				break;
			done = waitpid(pid, &status, WNOHANG);
			if (done)
				break;
			usleep(10000);
		}
		if (done == pid)
			goto exited;
		if (done)
			return -1;
		usleep(300000);
		kill(pid, sig);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
exited:
	if (status)
		show_sanitizer_report(err_file);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * The whole of a file, NUL-terminated (text or not), its length in @len
 * unless NULL; NULL if it cannot be read. Free it.
 */
static inline char *slurp_len(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = n < 0 ? NULL : calloc(1, (size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf && len)
		*len = (size_t)n;
	return buf;
}

static inline char *slurp(const char *path)
{
	return slurp_len(path, NULL);
}

/* Write @text to @dir/@name.ini; its path into @cfg. */
static inline void test_config(char *cfg, size_t len, const char *dir,
			       const char *name, const char *text)
{
	FILE *f;

	snprintf(cfg, len, "%s/%s.ini", dir, name);
	f = fopen(cfg, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		fprintf(stderr, "cannot write %s\n", cfg);
		exit(1);
	}
}

/* The run folder @dir/@name and its stdout and stderr files. */
static inline void test_paths(const char *dir, const char *name, char *out,
			      size_t outlen, char *so, size_t solen, char *se,
			      size_t selen)
{
	snprintf(out, outlen, "%s/%s", dir, name);
	snprintf(so, solen, "%s/%s.out", dir, name);
	snprintf(se, selen, "%s/%s.err", dir, name);
}

#define TEST_PATHS(dir, name, out, so, se) \
	test_paths(dir, name, out, sizeof(out), so, sizeof(so), se, sizeof(se))

/*
 * The main() of an end-to-end test: IRQLAB [SRCDIR] on the command line,
 * a scratch directory made from @tmp's template, removed if all passed.
 * Needs <cmocka.h> before this header.
 */
#define E2E_MAIN(tmp, irqlab, tests)                                           \
	int main(int argc, char **argv)                                        \
	{                                                                      \
		char cmd_[64];                                                 \
		int ret_;                                                      \
                                                                               \
		if (argc < 2) {                                                \
			fprintf(stderr, "usage: %s IRQLAB SRCDIR\n", argv[0]); \
			return 2;                                              \
		}                                                              \
		irqlab = argv[1];                                              \
		if (!mkdtemp(tmp))                                             \
			return 1;                                              \
		ret_ = cmocka_run_group_tests(tests, NULL, NULL);              \
		snprintf(cmd_, sizeof(cmd_), "rm -rf %s", tmp);                \
		if (!ret_ && system(cmd_))                                     \
			ret_ = 1;                                              \
		return ret_;                                                   \
	}

#endif /* TESTS_BENCH_SPAWN_H */
