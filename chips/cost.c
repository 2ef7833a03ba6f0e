// SPDX-License-Identifier: GPL-2.0
/*
 * Cost profiles (chips/cost.h): the models that have a section (the
 * registry's, chips/kind.c, and the CPU), the keys and limits of their
 * values, and the one reader of the files, which
 * checks a profile whole when a scenario file names it and applies one
 * model's section when that model is built for a run.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <chips/cost.h>
#include <chips/inifile.h>
#include <chips/kind.h>

const struct chip_cost_field chip_cpu_cost_fields[] = {
	{ "entry_ns", offsetof(struct chip_cpu_cost, entry_ns) },
	{ "entropy_ns", offsetof(struct chip_cpu_cost, entropy_ns) },
	{ NULL, 0 },
};

/* A model name longer than this is no model (the sections' buffer). */
#define MODEL_MAX 16

/*
 * Every model with a section: those of the registry's chips, in its order
 * (the order error messages list them), then the CPU. Call with i = 0,
 * 1, ... until NULL.
 */
static const struct chip_kind_model *section_at(unsigned int i)
{
	static const struct chip_kind_model cpu = { "cpu",
						    chip_cpu_cost_fields };

	for (const struct chip_kind *k = chip_kinds; k->name; k++)
		for (unsigned int j = 0;
		     j < CHIP_KIND_MAX_MODELS && k->models[j].section; j++)
			if (!i--)
				return &k->models[j];
	return i ? NULL : &cpu;
}

const struct chip_cost_field *chip_cost_fields(const char *model)
{
	const struct chip_kind_model *s;

	for (unsigned int i = 0; (s = section_at(i)); i++)
		if (!strcmp(s->section, model))
			return s->cost_fields;
	return NULL;
}

/* Append @s to the list in @buf, ", "-separated. */
static void join(char *buf, size_t len, const char *s)
{
	size_t n = strlen(buf);

	if (n + 1 < len)
		snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
}

void chip_cost_models(char *buf, size_t len)
{
	const struct chip_kind_model *s;

	buf[0] = '\0';
	for (unsigned int i = 0; (s = section_at(i)); i++)
		join(buf, len, s->section);
}

/* Decimal digits only, the whole of @s, at most CHIP_COST_MAX_NS. */
static bool parse_ns(const char *s, unsigned int *ns)
{
	unsigned long long v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s))
			return false;
		v = v * 10 + (unsigned int)(*s - '0');
		if (v > CHIP_COST_MAX_NS)
			return false;
	}
	*ns = (unsigned int)v;
	return true;
}

int chip_cost_parse(const char *model, const char *key, const char *value,
		    unsigned int *ns, char *msg, size_t len)
{
	const struct chip_cost_field *f = chip_cost_fields(model);
	char names[256] = "";

	for (; f->key && strcmp(f->key, key); f++)
		;
	if (!f->key) {
		for (f = chip_cost_fields(model); f->key; f++)
			join(names, sizeof(names), f->key);
		snprintf(msg, len,
			 "key %s: model %s has no such cost: its keys are %s",
			 key, model, names);
		return -ENOENT;
	}
	if (!parse_ns(value, ns)) {
		snprintf(msg, len,
			 "key %s: \"%s\" is not a whole number of nanoseconds "
			 "from 0 to %u",
			 key, value, CHIP_COST_MAX_NS);
		return -EINVAL;
	}
	return 0;
}

/**
 * struct profile - one cost profile being read
 * @r:		its reader
 * @m:		the model whose section is applied, or NULL
 * @e:		the error, when @ret
 * @ret:	the first error a handler found, or 0
 * @model:	the section being read, "" before the first
 */
struct profile {
	struct chip_ini r;
	struct chip_model *m;
	struct chip_cost_error *e;
	int ret;
	char model[MODEL_MAX];
};

/* Record the first error and stop reading; return 0 for inih. */
static int __attribute__((format(printf, 2, 3)))
fail(struct profile *p, const char *fmt, ...)
{
	va_list ap;

	if (p->ret)
		return 0;
	p->ret = -EINVAL;
	p->r.stop = true;
	p->e->line = p->r.line;
	va_start(ap, fmt);
	vsnprintf(p->e->msg, sizeof(p->e->msg), fmt, ap);
	va_end(ap);
	return 0;
}

/* A profile's sections are models. */
static int profile_section(void *user, const char *name)
{
	struct profile *p = user;
	char names[128];

	if (!chip_cost_fields(name) || strlen(name) >= sizeof(p->model)) {
		chip_cost_models(names, sizeof(names));
		fail(p,
		     "unknown section [%s] in a cost profile: sections are "
		     "models: %s",
		     name, names);
		return -EINVAL;
	}
	strcpy(p->model, name);
	return 0;
}

/* Its keys are the costs of the section's model. */
static int profile_key(void *user, const char *section, const char *name,
		       const char *value)
{
	struct profile *p = user;
	char msg[sizeof(p->e->msg)];
	unsigned int ns;

	(void)section;
	if (chip_ini_continued(&p->r)) {
		chip_ini_continued_msg(name, msg, sizeof(msg));
		return fail(p, "%s", msg);
	}
	if (!p->model[0])
		return fail(p, "key %s is outside any [model] section", name);
	if (chip_cost_parse(p->model, name, value, &ns, msg, sizeof(msg)))
		return fail(p, "%s", msg);
	if (p->m && !strcmp(p->model, p->m->name))
		chip_cost_set(p->m, name, ns);
	return 1;
}

int chip_cost_read(FILE *f, struct chip_model *m, struct chip_cost_error *e)
{
	struct profile p = {
		.r = { .f = f, .on_section = profile_section },
		.m = m,
		.e = e,
	};
	int ret;

	p.r.user = &p;
	ret = chip_ini_parse(&p.r, profile_key, &p);
	/* A handler's error first: it stopped the reading where it was. */
	if (!p.ret)
		p.ret = chip_ini_error(&p.r, ret, &e->line, e->msg,
				       sizeof(e->msg));
	chip_ini_release(&p.r);
	return p.ret;
}

int chip_cost_set(struct chip_model *m, const char *key, unsigned int ns)
{
	for (const struct chip_cost_field *f = m->cost_fields; f && f->key;
	     f++) {
		if (!strcmp(f->key, key)) {
			*(unsigned int *)((char *)m->cost + f->offset) = ns;
			return 0;
		}
	}
	return -ENOENT;
}

int chip_cost_load(struct chip_model *m, const char *path, char *err,
		   size_t errlen)
{
	struct chip_cost_error e = { 0 };
	FILE *f = fopen(path, "re");
	int ret;

	if (!f) {
		snprintf(err, errlen, "%s: cannot read the cost profile", path);
		return -ENOENT;
	}
	ret = chip_cost_read(f, m, &e);
	fclose(f);
	if (!ret)
		return 0;
	if (e.line)
		snprintf(err, errlen, "%s:%u: %s", path, e.line, e.msg);
	else
		snprintf(err, errlen, "%s: %s", path, e.msg);
	return ret == -ENOMEM ? -ENOMEM : -EINVAL;
}
