/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside analysis/import/: the line cursor every text reader walks a
 * file with, so that each refusal names its file and line the same way,
 * and the readers of the format table (import.c). Nothing outside
 * analysis/import/ includes this header.
 */
#ifndef ANALYSIS_IMPORT_INTERNAL_H
#define ANALYSIS_IMPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/import.h"

/**
 * struct imp_text - a file being read line by line
 * @path: its name in messages
 * @p: the next line's start
 * @end: the text's end
 * @line: the current line's number (1-based; 0 before the first)
 * @cur: the current line, NUL-terminated, trailing blanks and CR cut
 * @buf: @cur's storage; @cap its size
 * @err: where a refusal goes; @errlen its size
 */
struct imp_text {
	const char *path;
	const char *p, *end;
	unsigned int line;
	char *cur, *buf;
	size_t cap;
	char *err;
	size_t errlen;
};

/* Start reading @text (@len bytes) as @path. */
void imp_text_init(struct imp_text *t, const char *path, const char *text,
		   size_t len, char *err, size_t errlen);
/* The next line into t->cur: 1, 0 at the end, -ENOMEM. */
int imp_text_next(struct imp_text *t);
void imp_text_free(struct imp_text *t);

/* "PATH:LINE: what" into t->err; -EINVAL. */
__attribute__((format(printf, 2, 3))) int imp_fail(struct imp_text *t,
						   const char *fmt, ...);

/* Whether @s starts with @prefix. */
bool imp_starts(const char *s, const char *prefix);
/* The first non-blank of @s. */
const char *imp_skip_blank(const char *s);

/**
 * imp_u64 - a decimal count at *@s, advancing past it
 * @s: where it is (leading blanks skipped)
 * @out: its value
 *
 * Return: true when digits were there and fit 63 bits.
 */
bool imp_u64(const char **s, uint64_t *out);
/* A decimal number (digits, an optional fraction) at *@s. */
bool imp_num(const char **s, double *out);

/* A product that fits 63 bits, or false. */
bool imp_mul(uint64_t a, uint64_t b, uint64_t *out);

/* "YYYY-MM-DDTHH:MM:SSZ" of @t (seconds since the epoch) into @buf. */
void imp_utc(int64_t t, char *buf, size_t len);

/* The readers, one per format (import.c's table). */
int imp_read_cyclictest_json(struct imp_run *r, struct imp_text *t);
int imp_read_cyclictest_hist(struct imp_run *r, struct imp_text *t);
int imp_read_rtla(struct imp_run *r, struct imp_text *t);
int imp_read_hardirqs(struct imp_run *r, struct imp_text *t);

#endif /* ANALYSIS_IMPORT_INTERNAL_H */
