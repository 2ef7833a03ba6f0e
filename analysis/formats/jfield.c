// SPDX-License-Identifier: GPL-2.0
/*
 * Typed JSON fields (jfield.h). Each reader takes the object, a prefix
 * naming where the object is ("scenarios[2].designs[0].") and the key,
 * so that the message says "FILE: scenarios[2].designs[0].fired: missing".
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "jfield.h"

/**
 * jf_bad - report what is wrong with a field
 * @rd: the reader
 * @where: the prefix naming the object ("" at the top level)
 * @key: the field ("" for the object itself)
 * @what: what is wrong ("missing", "not an integer")
 *
 * Return: -EINVAL, with "FILE: WHERE KEY: WHAT" in @rd->err.
 */
int jf_bad(struct jf_reader *rd, const char *where, const char *key,
	   const char *what)
{
	size_t n = strlen(where);

	/* The object itself: "scenarios[2]", not "scenarios[2].". */
	if (!*key && n && where[n - 1] == '.')
		n--;
	if (!n && !*key) {
		snprintf(rd->err, rd->errlen, "%s: %s", rd->file, what);
		return -EINVAL;
	}
	snprintf(rd->err, rd->errlen, "%s: %.*s%s: %s", rd->file, (int)n, where,
		 key, what);
	return -EINVAL;
}

/*
 * @o's @key: 1 and *@v if it is there and not a null that @how allows,
 * 0 if absent (and @how allows it) or null (and @how allows it), else
 * -EINVAL (missing).
 */
static int field(struct jf_reader *rd, const json_t *o, const char *where,
		 const char *key, int how, json_t **v)
{
	*v = json_object_get(o, key);
	if (!*v)
		return how & JF_OPTIONAL ? 0 :
					   jf_bad(rd, where, key, "missing");
	if (json_is_null(*v) && (how & JF_NULLABLE))
		return 0;
	return 1;
}

/**
 * jf_str - a string field
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED, or JF_OPTIONAL and/or JF_NULLABLE
 * @out: the string (owned by @o); NULL for a null
 *
 * Return: 0 or -EINVAL.
 */
int jf_str(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, const char **out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how, &v);

	if (ret <= 0) {
		if (!ret && v)
			*out = NULL;
		return ret;
	}
	if (!json_is_string(v))
		return jf_bad(rd, where, key, "not a string");
	*out = json_string_value(v);
	return 0;
}

/**
 * jf_u64 - a non-negative integer field
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED or JF_OPTIONAL
 * @out: the value
 *
 * Return: 0 or -EINVAL (also for a negative number).
 */
int jf_u64(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, uint64_t *out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how & ~JF_NULLABLE, &v);

	if (ret <= 0)
		return ret;
	if (!json_is_integer(v))
		return jf_bad(rd, where, key, "not an integer");
	if (json_integer_value(v) < 0)
		return jf_bad(rd, where, key, "negative");
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

/**
 * jf_s64 - an integer field that may be negative
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED or JF_OPTIONAL
 * @out: the value
 *
 * Return: 0 or -EINVAL.
 */
int jf_s64(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, int64_t *out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how & ~JF_NULLABLE, &v);

	if (ret <= 0)
		return ret;
	if (!json_is_integer(v))
		return jf_bad(rd, where, key, "not an integer");
	*out = json_integer_value(v);
	return 0;
}

/**
 * jf_num - a number field; null (what was not finite when written) is NAN
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED or JF_OPTIONAL; a null is always allowed
 * @out: the value
 *
 * Return: 0 or -EINVAL.
 */
int jf_num(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, double *out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how | JF_NULLABLE, &v);

	if (ret <= 0) {
		if (!ret && v)
			*out = NAN;
		return ret;
	}
	if (!json_is_number(v))
		return jf_bad(rd, where, key, "not a number");
	*out = json_number_value(v);
	return 0;
}

/**
 * jf_bool - a boolean field
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED or JF_OPTIONAL
 * @out: the value
 *
 * Return: 0 or -EINVAL.
 */
int jf_bool(struct jf_reader *rd, const json_t *o, const char *where,
	    const char *key, int how, bool *out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how & ~JF_NULLABLE, &v);

	if (ret <= 0)
		return ret;
	if (!json_is_boolean(v))
		return jf_bad(rd, where, key, "not true or false");
	*out = json_is_true(v);
	return 0;
}

/**
 * jf_obj - an object field
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED, or JF_OPTIONAL and/or JF_NULLABLE
 * @out: the object (owned by @o); NULL if absent or null
 *
 * Return: 0 or -EINVAL.
 */
int jf_obj(struct jf_reader *rd, const json_t *o, const char *where,
	   const char *key, int how, json_t **out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how, &v);

	*out = NULL;
	if (ret <= 0)
		return ret;
	if (!json_is_object(v))
		return jf_bad(rd, where, key, "not an object");
	*out = v;
	return 0;
}

/**
 * jf_array - an array field
 * @rd: the reader
 * @o: the object
 * @where: its prefix
 * @key: the field
 * @how: JF_REQUIRED or JF_OPTIONAL
 * @out: the array (owned by @o); NULL if absent
 *
 * Return: 0 or -EINVAL.
 */
int jf_array(struct jf_reader *rd, const json_t *o, const char *where,
	     const char *key, int how, json_t **out)
{
	json_t *v;
	int ret = field(rd, o, where, key, how & ~JF_NULLABLE, &v);

	*out = NULL;
	if (ret <= 0)
		return ret;
	if (!json_is_array(v))
		return jf_bad(rd, where, key, "not an array");
	*out = v;
	return 0;
}

/**
 * jf_load - read a JSON object from a file
 * @path: the file
 * @out: the document, a new reference
 * @err: on failure, one sentence naming @path and what is wrong
 * @errlen: its size
 *
 * Return: 0, -ENOENT (@path does not exist) or -EINVAL.
 */
int jf_load(const char *path, json_t **out, char *err, size_t errlen)
{
	json_error_t je;

	*out = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!*out) {
		if (access(path, F_OK)) {
			int ret = errno == ENOENT ? -ENOENT : -EINVAL;

			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return ret;
		}
		snprintf(err, errlen, "%s:%d: %s", path, je.line, je.text);
		return -EINVAL;
	}
	if (!json_is_object(*out)) {
		snprintf(err, errlen, "%s: not a JSON object", path);
		json_decref(*out);
		*out = NULL;
		return -EINVAL;
	}
	return 0;
}

/**
 * jf_new_str - a string as JSON
 * @s: UTF-8 (other bytes become '?'), or NULL for null
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *jf_new_str(const char *s)
{
	json_t *j;
	char *copy;

	if (!s)
		return json_null();
	j = json_string(s);
	if (j)
		return j;
	copy = strdup(s);
	if (!copy)
		return NULL;
	for (char *c = copy; *c; c++)
		if ((unsigned char)*c >= 0x80)
			*c = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

/**
 * jf_new_real - a number as JSON
 * @d: the number; JSON has no NaN or infinity, so those are null
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *jf_new_real(double d)
{
	return isfinite(d) ? json_real(d) : json_null();
}

/**
 * jf_new_u64 - a count as JSON
 * @v: the count; JSON integers are signed 64-bit, counts never come near
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *jf_new_u64(uint64_t v)
{
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}
