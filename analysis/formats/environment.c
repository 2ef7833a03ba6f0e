// SPDX-License-Identifier: GPL-2.0
/*
 * environment.json (environment.h, docs/results.md), written and read
 * here. The fields the first format had are required; hypervisor, guest
 * and calibration.overhead_ns came later and may be absent.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/environment.h"
#include "jfield.h"

static json_t *host_json(const struct environment *e)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:b, s:o}",
			 "name", jf_new_str(e->host.name), "sysname",
			 jf_new_str(e->host.sysname), "release",
			 jf_new_str(e->host.release), "version",
			 jf_new_str(e->host.version), "machine",
			 jf_new_str(e->host.machine), "cpu_model",
			 jf_new_str(e->host.cpu_model), "clocksource",
			 jf_new_str(e->host.clocksource), "online_cpus",
			 (json_int_t)e->host.online_cpus, "hypervisor",
			 e->host.hypervisor, "guest",
			 jf_new_str(e->host.guest));
}

static json_t *calibration_json(const struct environment *e)
{
	if (!e->has_calibration)
		return json_null();
	return json_pack("{s:o, s:o, s:o, s:o}", "ticks_per_us",
			 jf_new_real(e->calibration.ticks_per_us),
			 "overhead_ns", jf_new_real(e->calibration.overhead_ns),
			 "err_ns_mean", jf_new_real(e->calibration.err_ns_mean),
			 "err_ns_max", jf_new_real(e->calibration.err_ns_max));
}

static json_t *clock_json(const struct environment *e)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o}", "source",
			 jf_new_str(e->clock.source), "why_not_tsc",
			 jf_new_str(e->clock.why_not_tsc), "ticks_per_ns",
			 jf_new_real(e->clock.ticks_per_ns), "rate_error_ppm",
			 jf_new_real(e->clock.rate_error_ppm), "read_ns",
			 jf_new_real(e->clock.read_ns));
}

/**
 * environment_json - environment.json's document
 * @e: what to write
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *environment_json(const struct environment *e)
{
	json_t *argv = json_array(), *build, *host, *c, *doc;
	int bad = 0;

	for (size_t i = 0; argv && i < e->argc; i++)
		bad |= json_array_append_new(argv, jf_new_str(e->argv[i]));
	build = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "version",
			  e->version, "git_revision", e->git_revision,
			  "build_type", e->build_type, "compiler", e->compiler,
			  "cflags", e->cflags, "sanitizer", e->sanitizer);
	host = host_json(e);
	c = calibration_json(e);
	if (bad || !argv || !build || !host || !c) {
		json_decref(argv);
		json_decref(build);
		json_decref(host);
		json_decref(c);
		return NULL;
	}
	doc = json_pack("{s:i, s:o, s:o, s:o, s:s, s:I, s:o}", "format",
			ENVIRONMENT_FORMAT, "irqlab", build, "command_line",
			argv, "host", host, "started", e->started,
			"started_monotonic_ns",
			(json_int_t)e->started_monotonic_ns, "calibration", c);
	if (doc && json_object_set_new(doc, "autogroup_nice",
				       e->has_autogroup ?
					       json_integer(e->autogroup_nice) :
					       json_null())) {
		json_decref(doc);
		return NULL;
	}
	if (doc && e->has_clock &&
	    json_object_set_new(doc, "clock", clock_json(e))) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}

static int read_build(struct jf_reader *rd, const json_t *doc,
		      struct environment *e)
{
	const struct {
		const char *key;
		const char **out;
	} f[] = {
		{ "version", &e->version },
		{ "git_revision", &e->git_revision },
		{ "build_type", &e->build_type },
		{ "compiler", &e->compiler },
		{ "cflags", &e->cflags },
		{ "sanitizer", &e->sanitizer },
	};
	json_t *o;
	int ret = jf_obj(rd, doc, "", "irqlab", JF_REQUIRED, &o);

	for (size_t i = 0; !ret && i < sizeof(f) / sizeof(f[0]); i++)
		ret = jf_str(rd, o, "irqlab.", f[i].key, JF_REQUIRED, f[i].out);
	return ret;
}

static int read_argv(struct jf_reader *rd, const json_t *doc,
		     struct environment *e)
{
	const char **argv;
	json_t *a, *v;
	size_t i;
	int ret = jf_array(rd, doc, "", "command_line", JF_REQUIRED, &a);

	if (ret)
		return ret;
	argv = calloc(json_array_size(a) + 1, sizeof(*argv));
	if (!argv)
		return -ENOMEM;
	e->argv = argv;
	json_array_foreach(a, i, v)
	{
		if (!json_is_string(v))
			return jf_bad(rd, "", "command_line",
				      "not an array of strings");
		argv[i] = json_string_value(v);
	}
	e->argc = json_array_size(a);
	return 0;
}

static int read_host(struct jf_reader *rd, const json_t *doc,
		     struct environment *e)
{
	const struct {
		const char *key;
		const char **out;
	} f[] = {
		{ "name", &e->host.name },
		{ "sysname", &e->host.sysname },
		{ "release", &e->host.release },
		{ "version", &e->host.version },
		{ "machine", &e->host.machine },
		{ "cpu_model", &e->host.cpu_model },
		{ "clocksource", &e->host.clocksource },
	};
	json_t *o;
	int ret = jf_obj(rd, doc, "", "host", JF_REQUIRED, &o);

	for (size_t i = 0; !ret && i < sizeof(f) / sizeof(f[0]); i++)
		ret = jf_str(rd, o, "host.", f[i].key, JF_NULLABLE, f[i].out);
	if (!ret)
		ret = jf_s64(rd, o, "host.", "online_cpus", JF_REQUIRED,
			     &e->host.online_cpus);
	if (!ret)
		ret = jf_bool(rd, o, "host.", "hypervisor", JF_OPTIONAL,
			      &e->host.hypervisor);
	if (!ret)
		ret = jf_str(rd, o, "host.", "guest", JF_OPTIONAL | JF_NULLABLE,
			     &e->host.guest);
	return ret;
}

static int read_calibration(struct jf_reader *rd, const json_t *doc,
			    struct environment *e)
{
	json_t *o;
	int ret = jf_obj(rd, doc, "", "calibration", JF_NULLABLE, &o);

	e->calibration.overhead_ns = NAN;
	if (ret || !o)
		return ret;
	e->has_calibration = true;
	ret = jf_num(rd, o, "calibration.", "ticks_per_us", JF_REQUIRED,
		     &e->calibration.ticks_per_us);
	if (!ret)
		ret = jf_num(rd, o, "calibration.", "overhead_ns", JF_OPTIONAL,
			     &e->calibration.overhead_ns);
	if (!ret)
		ret = jf_num(rd, o, "calibration.", "err_ns_mean", JF_REQUIRED,
			     &e->calibration.err_ns_mean);
	if (!ret)
		ret = jf_num(rd, o, "calibration.", "err_ns_max", JF_REQUIRED,
			     &e->calibration.err_ns_max);
	return ret;
}

/* clock: absent in folders from before the stamp clock. */
static int read_clock(struct jf_reader *rd, const json_t *doc,
		      struct environment *e)
{
	json_t *o;
	int ret = jf_obj(rd, doc, "", "clock", JF_OPTIONAL, &o);

	if (ret || !o)
		return ret;
	e->has_clock = true;
	ret = jf_str(rd, o, "clock.", "source", JF_REQUIRED, &e->clock.source);
	if (!ret)
		ret = jf_str(rd, o, "clock.", "why_not_tsc", JF_REQUIRED,
			     &e->clock.why_not_tsc);
	if (!ret)
		ret = jf_num(rd, o, "clock.", "ticks_per_ns", JF_REQUIRED,
			     &e->clock.ticks_per_ns);
	if (!ret)
		ret = jf_num(rd, o, "clock.", "rate_error_ppm", JF_REQUIRED,
			     &e->clock.rate_error_ppm);
	if (!ret)
		ret = jf_num(rd, o, "clock.", "read_ns", JF_REQUIRED,
			     &e->clock.read_ns);
	return ret;
}

/**
 * environment_read - environment.json, typed
 * @doc: the document
 * @e: what it says; strings are @doc's (free with environment_free())
 * @file: its path, for messages
 * @err: on failure, one sentence naming @file, the field and what is wrong
 * @errlen: its size
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int environment_read(const json_t *doc, struct environment *e, const char *file,
		     char *err, size_t errlen)
{
	struct jf_reader rd = { file, err, errlen };
	uint64_t format;
	int ret;

	memset(e, 0, sizeof(*e));
	if (!json_is_object(doc))
		return jf_bad(&rd, "", "", "not a JSON object");
	ret = jf_u64(&rd, doc, "", "format", JF_REQUIRED, &format);
	if (!ret && format != ENVIRONMENT_FORMAT)
		ret = jf_bad(&rd, "", "format",
			     "not 1 (a format this irqlab does not read)");
	if (!ret)
		ret = read_build(&rd, doc, e);
	if (!ret)
		ret = read_argv(&rd, doc, e);
	if (!ret)
		ret = read_host(&rd, doc, e);
	if (!ret)
		ret = jf_str(&rd, doc, "", "started", JF_REQUIRED, &e->started);
	if (!ret)
		ret = jf_u64(&rd, doc, "", "started_monotonic_ns", JF_REQUIRED,
			     &e->started_monotonic_ns);
	if (!ret)
		ret = read_calibration(&rd, doc, e);
	if (!ret)
		ret = read_clock(&rd, doc, e);
	if (!ret && json_is_integer(json_object_get(doc, "autogroup_nice"))) {
		e->has_autogroup = true;
		e->autogroup_nice = (int)json_integer_value(
			json_object_get(doc, "autogroup_nice"));
	} else if (!ret && json_object_get(doc, "autogroup_nice") &&
		   !json_is_null(json_object_get(doc, "autogroup_nice"))) {
		ret = jf_bad(&rd, "", "autogroup_nice",
			     "not an integer or null");
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", file);
	if (ret)
		environment_free(e);
	return ret;
}

/**
 * environment_free - free what environment_read() allocated
 * @e: the environment; zeroed
 */
void environment_free(struct environment *e)
{
	free((void *)e->argv);
	memset(e, 0, sizeof(*e));
}
