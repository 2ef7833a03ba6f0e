// SPDX-License-Identifier: GPL-2.0
/*
 * The rules between keys (bench/config/config_rules.c): for every rule of the
 * table, a scenario that breaks it, its lines written in many orders and
 * with a key moved into a [run] section before or after the scenario; the
 * error must be that rule's and be reported at the line the rule's keys
 * give: the latest line among those set, the section header's when the
 * rule names it or when none is set. The expected line is worked out here
 * from the text written and the keys each case names, apart from the
 * table, so that a rule whose keys change fails; the table's keys must be
 * the case's. Every rule must have a case, pattern replay's rules of a
 * recording too (config_replay.c), on recordings written beside the
 * config.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config/config.h"
#include "scratch.h"

static char tmpdir[PATH_MAX];

/**
 * struct rule_case - a scenario that breaks one rule
 * @uio:	the rule is bench_config_uio_rules[@rule], not bench_config_rules[@rule]
 * @rec:	the rule is bench_config_replay_rules[@rule], a recording's
 * @rule:	its index
 * @keys:	the keys whose lines count, space-separated, "section" for
 *		the section header: written here again, apart from the
 *		rule table, so that a rule whose keys change fails
 * @lines:	the scenario's keys, NULL-ended, "KEY = VALUE" each
 * @needle:	what the error must say
 * @own:	the rule is about keys the scenario sets itself: they are
 *		never moved into [run]
 * @names_at:	the error names the key of the line it is reported at
 */
struct rule_case {
	bool uio, rec;
	unsigned int rule;
	const char *keys;
	const char *lines[6];
	const char *needle;
	bool own, names_at;
};

#define UIO "chip = uio", "uio = /nonexistent/uio"
/* The recordings setup() writes into the scratch folder. */
#define REPLAY(name) \
	"chip = ioapic", "pattern = replay", "replay = " name ".trace"

/* clang-format off */
#define RULE(r, k, n, ...) \
	.rule = (r), .keys = (k), .needle = (n), .lines = { __VA_ARGS__ }
static const struct rule_case cases[] = {
	{ RULE(0, "trigger", "cannot do trigger percpu",
	       "chip = ioapic", "trigger = percpu") },
	{ RULE(1, "designs trigger", "edge-masking needs",
	       "chip = ioapic", "trigger = level", "designs = edge-masking") },
	{ RULE(2, "control_shift_ns designs", "shifts the second copy",
	       "chip = ioapic", "control_shift_ns = 100",
	       "designs = flow do_irq") },
	{ RULE(3, "disable_rate disable_ns", "go together",
	       "chip = ioapic", "disable_rate = 100", "disable_ns = 0"),
	  .names_at = true },
	{ RULE(4, "disable_rate disable_ns", "does not fit in its period",
	       "chip = ioapic", "disable_rate = 1000",
	       "disable_ns = 1000000") },
	{ RULE(5, "disable_rate", "never disabled",
	       "chip = gic", "trigger = percpu", "disable_rate = 5",
	       "disable_ns = 5") },
	{ RULE(1, "designs trigger", "cannot run on a percpu line",
	       "chip = gic", "trigger = percpu", "designs = threaded") },
	{ RULE(6, "pin", "has no input 24", "chip = ioapic", "pin = 24") },
	/* Rule 7, a default pin the chip lacks: no chip has one today. */
	{ RULE(8, "wait cpus", "inline needs cpus = 1",
	       "chip = soft", "wait = inline", "cpus = 2") },
	{ RULE(9, "duration_ms blocks", "cannot be split into blocks",
	       "chip = ioapic", "duration_ms = 2", "blocks = 4") },
	{ RULE(10, "burst_gap_ns burst rate section", "does not end before the next burst",
	       "chip = ioapic", "pattern = burst", "rate = 1000", "burst = 4",
	       "burst_gap_ns = 400000") },
	{ RULE(11, "hold_ns", "only a level line is held",
	       "chip = ioapic", "trigger = edge", "hold_ns = 10"),
	  .own = true },
	{ RULE(12, "pulse_ns", "only edge and simple lines pulse",
	       "chip = ioapic", "trigger = level", "pulse_ns = 10"),
	  .own = true },
	{ RULE(13, "replay replay_irq replay_speed",
	       "only pattern = replay plays a recording",
	       "chip = ioapic", "replay_speed = 2"),
	  .own = true, .names_at = true },
	{ RULE(14, "pattern replay", "needs key replay, the recording",
	       "chip = ioapic", "pattern = replay") },
	{ RULE(15, "devices pattern", "a recording drives one device",
	       "chip = ioapic", "pattern = replay", "replay = two.trace",
	       "devices = 2") },
	{ RULE(16, "fault blocks", "names block 4, but the scenario has blocks = 4",
	       "chip = ioapic", "blocks = 4", "fault = device_dies:10@4") },
	{ RULE(17, "race chip trigger cpus wait",
	       "edge-migration needs chip = ioapic and trigger = edge",
	       "chip = i8259", "cpus = 2", "race = edge-migration") },
	{ RULE(17, "race chip trigger cpus wait", "it needs cpus >= 2",
	       "chip = gic", "trigger = edge", "race = fasteoi-resend") },
	{ RULE(0, "replay_irq", "no irq 31 in", REPLAY("two"),
	       "replay_irq = 31"), .rec = true },
	{ RULE(1, "replay_irq", "is more than one source", REPLAY("shared"),
	       "replay_irq = 11"), .rec = true },
	{ RULE(2, "replay", "has 2 irqs: 28 virtio1-req.0 (3 arrivals)",
	       REPLAY("two")), .rec = true },
	{ RULE(3, "replay replay_irq", "has 1 arrival: a replay needs two",
	       REPLAY("two"), "replay_irq = 30"), .rec = true,
	  .names_at = true },
	{ RULE(0, "uio", "needs key uio", "chip = uio"), .uio = true },
	{ RULE(1, "wait", "no inline device", UIO, "wait = inline"), .uio = true },
	{ RULE(2, "cpus", "cpus must be 1", UIO, "cpus = 2"), .uio = true },
	{ RULE(3, "devices storm_rate", "drives one real device",
	       UIO, "devices = 2", "storm_rate = 5"), .uio = true },
	{ RULE(4, "pattern", "cannot storm", UIO, "pattern = storm"), .uio = true },
};
/* clang-format on */

/* The rules no scenario can break with today's chips. */
static const unsigned int unreachable[] = { 7 };

static const struct config_rule *rule_of(const struct rule_case *c)
{
	if (c->rec)
		return &bench_config_replay_rules[c->rule];
	return c->uio ? &bench_config_uio_rules[c->rule] :
			&bench_config_rules[c->rule];
}

/* What each case's rule table is called, in messages. */
static const char *table_of(const struct rule_case *c)
{
	return c->rec ? "replay" : c->uio ? "uio" : "key";
}

/* The KEY_BIT()s of @c->keys. */
static uint64_t keys_of(const struct rule_case *c)
{
	char buf[128], *save = NULL, *w;
	uint64_t keys = 0;
	int k;

	snprintf(buf, sizeof(buf), "%s", c->keys);
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		k = strcmp(w, "section") ? bench_config_key_find(w) :
					   KEY_SECTION;
		assert_true(k >= 0);
		keys |= KEY_BIT(k);
	}
	return keys;
}

/* The key a "KEY = VALUE" line sets. */
static int key_of(const char *line)
{
	char name[64];

	assert_int_equal(sscanf(line, "%63[a-z_]", name), 1);
	return bench_config_key_find(name);
}

/* Line @line sets key @k: the rule's line so far is @want, its key @at. */
static void consider(uint64_t keys, int k, unsigned int line,
		     unsigned int *want, int *at)
{
	if ((keys & KEY_BIT(k)) && line > *want) {
		*want = line;
		*at = k;
	}
}

/*
 * Write @n lines of @c in the order @order, line @moved (or none, -1)
 * under a [run] section before (@run_first) or after the scenario. Return
 * the line the rule reports at, as @c->keys say, and set @at to its key.
 */
static unsigned int write_case(FILE *f, const struct rule_case *c,
			       const unsigned int *order, unsigned int n,
			       int moved, bool run_first, int *at)
{
	uint64_t r = keys_of(c);
	unsigned int line = 0, section, want = 0;

	*at = KEY_SECTION;
	if (moved >= 0 && run_first) {
		fprintf(f, "[run]\n%s\n", c->lines[moved]);
		line += 2;
		consider(r, key_of(c->lines[moved]), line, &want, at);
	}
	fprintf(f, "[scenario s]\n");
	section = ++line;
	for (unsigned int i = 0; i < n; i++) {
		const char *l = c->lines[order[i]];

		if ((int)order[i] == moved)
			continue;
		fprintf(f, "%s\n", l);
		consider(r, key_of(l), ++line, &want, at);
	}
	if (moved >= 0 && !run_first) {
		fprintf(f, "[run]\n%s\n", c->lines[moved]);
		line += 2;
		consider(r, key_of(c->lines[moved]), line, &want, at);
	}
	consider(r, KEY_SECTION, section, &want, at);
	return want ? want : section;
}

static void check_case(const struct rule_case *c, const unsigned int *order,
		       unsigned int n, int moved, bool run_first)
{
	struct bench_config cfg = { 0 };
	char path[PATH_MAX + 16], err[2048], want[PATH_MAX + 32], key[64];
	unsigned int line;
	FILE *f;
	int ret, at;

	snprintf(path, sizeof(path), "%s/rule.ini", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	line = write_case(f, c, order, n, moved, run_first, &at);
	assert_int_equal(fclose(f), 0);
	ret = bench_config_load(&cfg, path, NULL, err, sizeof(err));
	snprintf(want, sizeof(want), "%s:%u: ", path, line);
	if (ret != -EINVAL || strncmp(err, want, strlen(want)) ||
	    !strstr(err, c->needle))
		fail_msg("%s rule %u: wanted \"%s...%s...\", got %d: %s",
			 table_of(c), c->rule, want, c->needle, ret, err);
	snprintf(key, sizeof(key), ": key %s: ",
		 at < BENCH_KEY_NR ? bench_config_keys[at].name : "?");
	if (c->names_at && !strstr(err, key))
		fail_msg("rule %u: wanted \"%s\", got %s", c->rule, key, err);
	bench_config_free(&cfg);
}

/* Each case's lines rotated and reversed, each with a key in [run]. */
static void test_rule_lines(void **state)
{
	unsigned int runs = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct rule_case *c = &cases[i];
		unsigned int n = 0, order[6];

		while (c->lines[n])
			n++;
		for (unsigned int rev = 0; rev < 2; rev++) {
			for (unsigned int rot = 0; rot < n; rot++) {
				for (unsigned int k = 0; k < n; k++)
					order[k] = rev ? (rot + n - k) % n :
							 (rot + k) % n;
				for (int moved = -1; moved < (int)n; moved++) {
					if (moved >= 0 && c->own &&
					    (keys_of(c) &
					     KEY_BIT(key_of(c->lines[moved]))))
						continue;
					check_case(c, order, n, moved, true);
					check_case(c, order, n, moved, false);
					runs += 2;
				}
			}
		}
	}
	print_message("%u scenarios\n", runs);
}

static bool covered(bool uio, bool rec, unsigned int rule)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (cases[i].uio == uio && cases[i].rec == rec &&
		    cases[i].rule == rule)
			return true;
	for (size_t i = 0;
	     !uio && !rec && i < sizeof(unreachable) / sizeof(int); i++)
		if (unreachable[i] == rule)
			return true;
	return false;
}

/* A rule added to the table needs a case here, with the same keys. */
static void test_every_rule_has_a_case(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (rule_of(&cases[i])->keys != keys_of(&cases[i]))
			fail_msg("%s rule %u: the table's keys are not \"%s\"",
				 table_of(&cases[i]), cases[i].rule,
				 cases[i].keys);
	for (unsigned int i = 0; i < bench_config_nr_rules; i++)
		if (!covered(false, false, i))
			fail_msg("bench_config_rules[%u] has no case", i);
	for (unsigned int i = 0; i < bench_config_nr_uio_rules; i++)
		if (!covered(true, false, i))
			fail_msg("bench_config_uio_rules[%u] has no case", i);
	for (unsigned int i = 0; i < bench_config_nr_replay_rules; i++)
		if (!covered(false, true, i))
			fail_msg("bench_config_replay_rules[%u] has no case",
				 i);
}

/* @text as rule.ini, loaded: its return, @err filled. */
static int load_rule_ini(const char *text, char *err, size_t len)
{
	struct bench_config cfg = { 0 };
	char path[PATH_MAX + 16];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/rule.ini", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
	err[0] = '\0';
	ret = bench_config_load(&cfg, path, NULL, err, len);
	bench_config_free(&cfg);
	return ret;
}

/*
 * A recording that cannot be read is refused at key replay's line, with
 * the recording's own file:line; [run]'s replay keys mean nothing to a
 * scenario of another pattern; a selected source plays.
 */
static void test_replay_recording(void **state)
{
	char err[2048], want[2 * PATH_MAX + 128];

	(void)state;
	assert_int_equal(load_rule_ini("[scenario s]\nchip = ioapic\n"
				       "pattern = replay\n"
				       "replay = missing.trace\n",
				       err, sizeof(err)),
			 -ENOENT);
	snprintf(want, sizeof(want),
		 "%s/rule.ini:4: key replay: \"missing.trace\": cannot read "
		 "the recording %s/missing.trace: ",
		 tmpdir, tmpdir);
	assert_int_equal(strncmp(err, want, strlen(want)), 0);

	assert_int_equal(load_rule_ini("[scenario s]\nchip = ioapic\n"
				       "replay = bad.trace\n"
				       "pattern = replay\n",
				       err, sizeof(err)),
			 -EINVAL);
	snprintf(want, sizeof(want),
		 "%s/rule.ini:3: key replay: %s/bad.trace:3: \"300\" is not "
		 "\"NS IRQ\"",
		 tmpdir, tmpdir);
	if (strncmp(err, want, strlen(want)))
		fail_msg("wanted \"%s\", got \"%s\"", want, err);

	assert_int_equal(load_rule_ini("[run]\nreplay = bad.trace\n"
				       "replay_irq = 5\n"
				       "[scenario s]\nchip = ioapic\n",
				       err, sizeof(err)),
			 0);
	assert_int_equal(load_rule_ini("[scenario s]\nchip = ioapic\n"
				       "pattern = replay\n"
				       "replay = shared.trace\n"
				       "replay_irq = eth0\n",
				       err, sizeof(err)),
			 0);
}

/* The defaults of the key table are values its parsers take. */
static void test_key_defaults(void **state)
{
	struct bench_scenario sc;
	char msg[256];

	(void)state;
	for (int k = 0; k < BENCH_KEY_NR; k++) {
		const struct key_desc *d = &bench_config_keys[k];

		assert_int_equal(bench_config_key_find(d->name), k);
		assert_true(d->where & (KEY_IN_RUN | KEY_IN_SCENARIO));
		/* One default each at most: a value, or a resolve. */
		assert_false(d->def && d->resolve);
		if (!d->def)
			continue;
		memset(&sc, 0, sizeof(sc));
		if (bench_config_key_parse(&sc, k, d->def, msg, sizeof(msg)))
			fail_msg("key %s: default \"%s\": %s", d->name, d->def,
				 msg);
	}
}

/* Recordings for pattern replay's cases, beside rule.ini. */
static const char *const recordings[][2] = {
	{ "two.trace",
	  "# tracer: nop\n"
	  "  <idle>-0 [000] d.h1. 6.000100: irq_handler_entry: irq=28 name=virtio1-req.0\n"
	  "  <idle>-0 [001] d.h1. 6.000200: irq_handler_entry: irq=30 name=virtio1-req.1\n"
	  "  <idle>-0 [000] d.h1. 6.000300: irq_handler_entry: irq=28 name=virtio1-req.0\n"
	  "  <idle>-0 [000] d.h1. 6.000500: irq_handler_entry: irq=28 name=virtio1-req.0\n" },
	{ "shared.trace",
	  "  <idle>-0 [000] d.h1. 6.000100: irq_handler_entry: irq=11 name=uhci_hcd\n"
	  "  <idle>-0 [000] d.h1. 6.000101: irq_handler_entry: irq=11 name=eth0\n"
	  "  <idle>-0 [000] d.h1. 6.000300: irq_handler_entry: irq=11 name=uhci_hcd\n"
	  "  <idle>-0 [000] d.h1. 6.000301: irq_handler_entry: irq=11 name=eth0\n" },
	{ "bad.trace", "100 5\n200 5\n300\n" },
};

static int setup(void **state)
{
	char templ[] = "/tmp/irqlab-rules-XXXXXX", path[PATH_MAX + 32];
	FILE *f;

	(void)state;
	if (!mkdtemp(templ) || !realpath(templ, tmpdir))
		return -1;
	for (size_t i = 0; i < sizeof(recordings) / sizeof(recordings[0]);
	     i++) {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, recordings[i][0]);
		f = fopen(path, "w");
		if (!f || fputs(recordings[i][1], f) < 0 || fclose(f))
			return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return test_rm_tree(tmpdir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_rule_has_a_case),
		cmocka_unit_test(test_key_defaults),
		cmocka_unit_test(test_rule_lines),
		cmocka_unit_test(test_replay_recording),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
