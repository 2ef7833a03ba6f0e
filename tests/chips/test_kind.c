// SPDX-License-Identifier: GPL-2.0
/*
 * The registries of chips/: every row of chip_kinds[] complete (no
 * required field NULL, names and cost sections unique, each section with
 * costs present in configs/cost/zero.ini with every key), what a row says
 * of its delivery agreeing with the model it builds, the delivery
 * dispatch (chip_send()) of levels, edges and message-signalled writes,
 * refusals included, and the chip operations' one table (chip_ops.h)
 * giving chips/ the same order and names as the trace format.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include <chips/cost.h>
#include <chips/kind.h>

static void test_rows_are_complete(void **state)
{
	unsigned int n = 0;

	(void)state;
	for (const struct chip_kind *k = chip_kinds; k->name; k++, n++) {
		unsigned int first = (unsigned int)__builtin_ctz(k->triggers);

		assert_ptr_equal(chip_kind_at(n), k);
		assert_ptr_equal(chip_kind_find(k->name), k);
		assert_true(k->name[0]);
		assert_non_null(k->what);
		assert_non_null(k->models[0].section);
		assert_non_null(k->pins);
		assert_non_null(k->create);
		assert_non_null(k->drive);
		for (unsigned int j = 0; j < CHIP_KIND_MAX_MODELS; j++)
			if (k->models[j].section)
				assert_non_null(k->models[j].cost_fields);
		assert_true(k->triggers);
		assert_int_equal(k->triggers & ~((1u << CHIP_TRIG_NR) - 1), 0);
		assert_int_equal(k->active_low & ~k->triggers, 0);
		assert_true(k->accepts);
		assert_int_equal(k->accepts & ~((1u << CHIP_MSG_NR) - 1), 0);
		/* The default pin serves the first trigger (percpu: none). */
		if (first != CHIP_TRIG_PERCPU)
			assert_null(k->pins((enum chip_trigger)first,
					    k->default_pin));
	}
	assert_true(n > 0);
	assert_null(chip_kind_at(n));
	assert_null(chip_kind_find("no-such-chip"));
}

static void test_names_and_sections_are_unique(void **state)
{
	(void)state;
	for (const struct chip_kind *a = chip_kinds; a->name; a++) {
		for (const struct chip_kind *b = a + 1; b->name; b++)
			assert_string_not_equal(a->name, b->name);
		for (unsigned int i = 0; i < CHIP_KIND_MAX_MODELS; i++) {
			const char *s = a->models[i].section;

			if (!s)
				continue;
			assert_string_not_equal(s, "cpu");
			/* The cost format finds each by name, as listed. */
			assert_ptr_equal(chip_cost_fields(s),
					 a->models[i].cost_fields);
			for (const struct chip_kind *b = a; b->name; b++)
				for (unsigned int j = 0;
				     j < CHIP_KIND_MAX_MODELS; j++)
					if ((b != a || j != i) &&
					    b->models[j].section)
						assert_string_not_equal(
							s,
							b->models[j].section);
		}
	}
}

/* Whether @path's section [@section] sets @key. */
static bool profile_has(const char *path, const char *section, const char *key)
{
	FILE *f = fopen(path, "re");
	char line[512], want[64];
	bool in = false, found = false;

	assert_non_null(f);
	snprintf(want, sizeof(want), "[%s]", section);
	while (!found && fgets(line, sizeof(line), f)) {
		size_t n = strlen(key);

		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '[')
			in = !strcmp(line, want);
		else if (in && !strncmp(line, key, n) &&
			 (line[n] == ' ' || line[n] == '='))
			found = true;
	}
	fclose(f);
	return found;
}

/*
 * Every model with costs has its section in the zero profile, every key
 * set, so that a new chip cannot be run without being costed; the whole
 * file, and the realistic one, read without error.
 */
static void test_cost_sections_exist(void **state)
{
	static const char *const files[] = { "zero.ini", "realistic.ini" };
	char path[512];

	(void)state;
	snprintf(path, sizeof(path), "%s/configs/cost/zero.ini",
		 IRQLAB_SOURCE_DIR);
	for (const struct chip_kind *k = chip_kinds; k->name; k++)
		for (unsigned int i = 0; i < CHIP_KIND_MAX_MODELS; i++) {
			const struct chip_kind_model *m = &k->models[i];

			if (!m->section)
				continue;
			for (const struct chip_cost_field *f = m->cost_fields;
			     f->key; f++)
				if (!profile_has(path, m->section, f->key))
					fail_msg("%s: [%s] lacks %s", path,
						 m->section, f->key);
		}
	for (unsigned int i = 0; i < 2; i++) {
		struct chip_cost_error e = { 0 };
		FILE *f;

		snprintf(path, sizeof(path), "%s/configs/cost/%s",
			 IRQLAB_SOURCE_DIR, files[i]);
		f = fopen(path, "re");
		assert_non_null(f);
		if (chip_cost_read(f, NULL, &e))
			fail_msg("%s:%u: %s", path, e.line, e.msg);
		fclose(f);
	}
}

/*
 * Each model a row builds takes the deliveries the row says; built with
 * the row's first trigger and default pin. The real device (uio) needs a
 * device and is left out.
 */
static void test_rows_build_what_they_say(void **state)
{
	(void)state;
	for (const struct chip_kind *k = chip_kinds; k->name; k++) {
		unsigned int first = (unsigned int)__builtin_ctz(k->triggers);
		struct chip_kind_params p = {
			.cpus = 2,
			.trigger = (enum chip_trigger)first,
			.pin = k->default_pin,
		};
		struct chip_built b = { .pin = p.pin, .irq = p.pin };
		char why[256];
		int ret;

		if (k->real)
			continue;
		genirq_reset();
		ret = k->create(&p, &b, why, sizeof(why));
		if (ret)
			fail_msg("chip %s: %s", k->name, why);
		if (!b.input)
			b.input = b.m[0];
		assert_non_null(b.input);
		assert_int_equal(b.input->ops->accepts, k->accepts);
		assert_int_equal(chip_model_arch(b.m[0]), k->arch);
		assert_string_equal(b.m[0]->name, k->models[0].section);
		if (b.m[1])
			assert_string_equal(b.m[1]->name, k->models[1].section);
		chip_model_destroy(b.m[1]);
		chip_model_destroy(b.m[0]);
	}
}

/* A controller model that records what it was sent. */
struct fake {
	struct chip_model base;
	unsigned int levels, rises, writes;
	uint64_t addr;
	uint32_t data;
};

static void fake_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct fake *f = (struct fake *)m;

	assert_int_equal(pin, 3);
	f->levels++;
	f->rises += level;
}

static void fake_write_msg(struct chip_model *m, uint64_t addr, uint32_t data)
{
	struct fake *f = (struct fake *)m;

	f->writes++;
	f->addr = addr;
	f->data = data;
}

static const struct chip_model_ops wire_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = fake_set_input,
};

static const struct chip_model_ops msi_ops = {
	.accepts = CHIP_ACCEPTS(WRITE),
	.write_msg = fake_write_msg,
};

static void test_send_dispatches_by_kind(void **state)
{
	struct fake w = { .base = { .name = "wire", .ops = &wire_ops } };
	struct fake s = { .base = { .name = "msi", .ops = &msi_ops } };
	const struct chip_msg edge = { .kind = CHIP_MSG_EDGE, .pin = 3 };
	const struct chip_msg msi = { .kind = CHIP_MSG_WRITE,
				      .addr = 0xfee00040,
				      .data = 7 };

	(void)state;
	assert_int_equal(chip_send_level(&w.base, 3, true), 0);
	assert_int_equal(w.levels, 1);
	assert_int_equal(chip_send(&w.base, &edge), 0);
	assert_int_equal(w.levels, 3); /* up, then down */
	assert_int_equal(w.rises, 2);
	/* A wire-only chip refuses a message-signalled write. */
	assert_int_equal(chip_send(&w.base, &msi), -EPROTONOSUPPORT);
	assert_int_equal(w.levels, 3);

	assert_int_equal(chip_send(&s.base, &msi), 0);
	assert_int_equal(s.writes, 1);
	assert_int_equal(s.addr, 0xfee00040);
	assert_int_equal(s.data, 7);
	/* And a message-only one, a wire. */
	assert_int_equal(chip_send_level(&s.base, 3, true), -EPROTONOSUPPORT);
	assert_int_equal(chip_send(&s.base, &edge), -EPROTONOSUPPORT);
	assert_int_equal(s.writes, 1);
	assert_false(chip_accepts(&s.base, CHIP_MSG_NR));
}

/*
 * The config-time check: a row refusing the delivery a scenario's
 * devices send says so in one sentence naming what it takes.
 */
static void test_refused_delivery_is_a_config_error(void **state)
{
	const struct chip_kind *io = chip_kind_find("ioapic");
	struct chip_kind msi_only = *io;
	char err[256];

	(void)state;
	assert_non_null(io);
	assert_int_equal(chip_kind_accepts_check(io, CHIP_MSG_WRITE, err,
						 sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_string_equal(err, "chip ioapic does not accept write "
				 "deliveries: it takes level, edge");
	assert_int_equal(
		chip_kind_check(io, CHIP_TRIG_EDGE, 16, err, sizeof(err)), 0);
	assert_int_equal(chip_kind_check(io, CHIP_TRIG_EDGE, 24, err,
					 sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "chip ioapic has no input 24 usable here: "
				 "pins are 0-23");

	msi_only.name = "its";
	msi_only.accepts = CHIP_ACCEPTS(WRITE);
	assert_int_equal(chip_kind_check(&msi_only, CHIP_TRIG_LEVEL, 16, err,
					 sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_string_equal(err, "chip its does not accept level "
				 "deliveries: it takes write");
	assert_int_equal(chip_trigger_msg(CHIP_TRIG_EDGE_BOTH), CHIP_MSG_EDGE);
	assert_int_equal(chip_trigger_msg(CHIP_TRIG_PERCPU), CHIP_MSG_LEVEL);
}

/* chips/'s accessors are the trace's operations, in its order. */
static void test_chip_ops_table(void **state)
{
	(void)state;
#define CHECK(op, OP)                                                   \
	do {                                                            \
		assert_int_equal(CHIP_ACC_##OP, IRQLAB_OP_##op);        \
		assert_string_equal(chip_acc_name(CHIP_ACC_##OP), #op); \
	} while (0);
	IRQLAB_CHIP_OPS(CHECK)
#undef CHECK
	assert_int_equal(CHIP_ACC_DEMUX, IRQLAB_OP_NR);
	assert_int_equal(IRQLAB_OP_NR, 14);
	assert_string_equal(chip_acc_name(CHIP_ACC_SET_AFFINITY),
			    "set_affinity");
	assert_string_equal(chip_acc_name(CHIP_ACC_INIT), "init");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_are_complete),
		cmocka_unit_test(test_names_and_sections_are_unique),
		cmocka_unit_test(test_cost_sections_exist),
		cmocka_unit_test(test_rows_build_what_they_say),
		cmocka_unit_test(test_send_dispatches_by_kind),
		cmocka_unit_test(test_refused_delivery_is_a_config_error),
		cmocka_unit_test(test_chip_ops_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
