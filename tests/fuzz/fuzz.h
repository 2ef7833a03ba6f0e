/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every fuzz target (tests/fuzz/fuzz_*.c, docs/fuzz.md) shares: the
 * libFuzzer entry point, and one scratch folder per process under /tmp
 * where a target writes the files its input stands for. The folder and
 * what is in it are removed at exit; nothing is written anywhere else.
 */
#ifndef TESTS_FUZZ_FUZZ_H
#define TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * fuzz_path - @name inside the scratch folder (made on the first call)
 *
 * Return: a static buffer, valid until the next call; the process aborts
 * when /tmp has no room for the folder (a harness fault, not a finding).
 */
const char *fuzz_path(const char *name);

/* The scratch folder itself. */
const char *fuzz_dir(void);

/*
 * fuzz_write - @name in the scratch folder holds exactly @size bytes of
 * @data afterwards (aborts on a write error).
 */
void fuzz_write(const char *name, const void *data, size_t size);

/* fuzz_remove - @name is not in the scratch folder afterwards. */
void fuzz_remove(const char *name);

/*
 * fuzz_note - a line on stderr when IRQLAB_FUZZ_VERBOSE is set (what the
 * reader said of an input, for seeing whether a seed gets far); nothing
 * otherwise, so that a fuzzing run stays quiet.
 */
void __attribute__((format(printf, 1, 2))) fuzz_note(const char *fmt, ...);

#endif /* TESTS_FUZZ_FUZZ_H */
