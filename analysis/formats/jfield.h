/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Typed fields of the run folder's JSON files (summary.json,
 * environment.json), read and written the same way by summary.c and
 * environment.c: a value of the wrong type, or a missing one that the
 * format requires, is one sentence naming the file, the field and what is
 * wrong, never a 0 or a "" read in its place.
 */
#ifndef ANALYSIS_JFIELD_H
#define ANALYSIS_JFIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

/**
 * struct jf_reader - where a reader reports what is wrong
 * @file: the file being read, for messages
 * @err: the sentence, on failure
 * @errlen: its size
 */
struct jf_reader {
	const char *file;
	char *err;
	size_t errlen;
};

/* How a field may be absent: bits of the @how argument. */
enum {
	JF_REQUIRED = 0, /* present, of its type */
	JF_OPTIONAL = 1 << 0, /* absent: the output is left as it was */
	JF_NULLABLE = 1 << 1, /* null: NULL (strings), NAN (numbers) */
};

int jf_bad(struct jf_reader *rd, const char *where, const char *key,
	   const char *what);
int jf_str(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, const char **out);
int jf_u64(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, uint64_t *out);
int jf_s64(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, int64_t *out);
int jf_num(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, double *out);
int jf_bool(struct jf_reader *rd, const json_t *o, const char *where,
	    const char *key, int how, bool *out);
int jf_obj(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, json_t **out);
int jf_array(struct jf_reader *rd, const json_t *o, const char *where,
	     const char *key, int how, json_t **out);

int jf_load(const char *path, json_t **out, char *err, size_t errlen);

json_t *jf_new_str(const char *s);
json_t *jf_new_real(double d);
json_t *jf_new_u64(uint64_t v);

#endif /* ANALYSIS_JFIELD_H */
