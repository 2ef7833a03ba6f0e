/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running the irqlab command from a test: spawn it with stdout and stderr
 * in files, optionally send it a signal after a delay, and return its exit
 * status (128 + signal if it died of one); read back what it wrote; and
 * the main() of an end-to-end test.
 */
#ifndef TESTS_E2E_H
#define TESTS_E2E_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * How long spawn_irqlab() waits for the line it is to signal after: a
 * bound for a hang, not a time the line takes (a sanitised build on a
 * loaded machine takes many times a quiet one's).
 */
#define SPAWN_AFTER_WAIT_S 240

/**
 * spawn_irqlab - run a command with its output in files
 * @argv: the command, argv[0] its path, NULL-terminated
 * @out_file: where its stdout goes (truncated)
 * @err_file: where its stderr goes (truncated)
 * @sig: a signal to send it, or 0 for none
 * @after: with @sig, the text on its stderr after which to send it
 *
 * With @sig, sends it 0.3 s after @err_file holds @after (or after
 * SPAWN_AFTER_WAIT_S, or never if the child has exited by then). A child
 * that failed has any sanitizer report in @err_file copied to stderr,
 * since the test removes @err_file.
 *
 * Return: its exit status, 128 + the signal if it died of one, or -1 if
 * it could not be started or waited for.
 */
int spawn_irqlab(char *const argv[], const char *out_file, const char *err_file,
		 int sig, const char *after);

/**
 * slurp_len - the whole of a file, NUL-terminated (text or not)
 * @path: the file
 * @len: its length, unless NULL
 *
 * Return: the contents, to free, or NULL if it cannot be read.
 */
char *slurp_len(const char *path, size_t *len);

/**
 * slurp - the whole of a file, NUL-terminated
 * @path: the file
 *
 * Return: the contents, to free, or NULL if it cannot be read.
 */
char *slurp(const char *path);

/**
 * test_config - write a configuration file for a test's run
 * @cfg: its path, written here
 * @len: the size of @cfg
 * @dir: the folder to write it in
 * @name: its name, without .ini
 * @text: its contents
 *
 * Writes @dir/@name.ini; exits the test (1) if it cannot.
 */
void test_config(char *cfg, size_t len, const char *dir, const char *name,
		 const char *text);

/**
 * test_paths - the run folder @dir/@name and its stdout and stderr files
 * @dir: the test's scratch folder
 * @name: the run's name
 * @out: the run folder's path, written here
 * @outlen: the size of @out
 * @so: @dir/@name.out, written here
 * @solen: the size of @so
 * @se: @dir/@name.err, written here
 * @selen: the size of @se
 *
 * Call it through TEST_PATHS(), which passes the arrays' sizes.
 */
void test_paths(const char *dir, const char *name, char *out, size_t outlen,
		char *so, size_t solen, char *se, size_t selen);

#define TEST_PATHS(dir, name, out, so, se) \
	test_paths(dir, name, out, sizeof(out), so, sizeof(so), se, sizeof(se))

/*
 * The main() of an end-to-end test: IRQLAB [SRCDIR] on the command line,
 * a scratch directory made from @tmp's template, removed if all passed.
 * Needs <cmocka.h> before this header, and mkdtemp() declared
 * (_DEFAULT_SOURCE, the default, or _GNU_SOURCE).
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

#endif /* TESTS_E2E_H */
