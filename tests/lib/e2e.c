// SPDX-License-Identifier: GPL-2.0
/*
 * Running the irqlab command from a test: see e2e.h.
 */
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "e2e.h"

extern char **environ;

/*
 * A child that failed because a sanitizer found something: its report is
 * in @err_file, which the test removes, so copy it to the test's stderr.
 */
static void show_sanitizer_report(const char *err_file)
{
	char *err = slurp(err_file);

	if (err && strstr(err, "Sanitizer"))
		fprintf(stderr, "%s: %s\n", err_file, err);
	free(err);
}

int spawn_irqlab(char *const argv[], const char *out_file, const char *err_file,
		 int sig, const char *after)
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

char *slurp_len(const char *path, size_t *len)
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

char *slurp(const char *path)
{
	return slurp_len(path, NULL);
}

void test_config(char *cfg, size_t len, const char *dir, const char *name,
		 const char *text)
{
	FILE *f;

	snprintf(cfg, len, "%s/%s.ini", dir, name);
	f = fopen(cfg, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		fprintf(stderr, "cannot write %s\n", cfg);
		exit(1);
	}
}

void test_paths(const char *dir, const char *name, char *out, size_t outlen,
		char *so, size_t solen, char *se, size_t selen)
{
	snprintf(out, outlen, "%s/%s", dir, name);
	snprintf(so, solen, "%s/%s.out", dir, name);
	snprintf(se, selen, "%s/%s.err", dir, name);
}
