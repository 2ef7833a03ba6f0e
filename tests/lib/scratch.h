/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scratch folders of tests: one made per test program (mkdtemp), removed
 * when the program passed and kept to look at when it failed.
 */
#ifndef TESTS_SCRATCH_H
#define TESTS_SCRATCH_H

/**
 * test_rm_tree - remove @path and everything below it, as rm -rf does
 * @path: a file or folder; absent is fine
 *
 * Return: 0, or -1 when something could not be removed.
 */
int test_rm_tree(const char *path);

/**
 * test_scratch_end - the end of a test program that made @dir
 * @dir: its scratch folder
 * @ret: what its tests returned (cmocka: the number that failed)
 *
 * Removes @dir when @ret is 0 (or 77, skipped), keeps it otherwise.
 *
 * Return: @ret, or 1 when @dir could not be removed.
 */
int test_scratch_end(const char *dir, int ret);

#endif
