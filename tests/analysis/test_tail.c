// SPDX-License-Identifier: GPL-2.0
/*
 * The tail attribution (analysis/tail/tail.c) on synthetic records whose
 * causes are known exactly: an event alone (late, accesses, noise), one
 * that fired while the previous handler ran, one coalesced into an
 * earlier event's run, noise larger than what is left, a lateness not
 * recorded, a second device of a shared line, and many random blocks
 * whose parts must add up to each latency; and the same records counted
 * from the fire, as a line that did not hold its stimulus back counts
 * them: no stimulus lateness in them, whatever late_ns says.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "analysis/tail.h"

/* A serviced record of device @dev: intended @i, entry @l after it. */
static struct sample rec(uint64_t i, uint64_t l, uint64_t x, unsigned int dev)
{
	return (struct sample){
		.intended_ns = i,
		.entry_ns = l,
		.exit_ns = x,
		.flags = SAMPLE_SERVICED | dev << SAMPLE_DEVICE_SHIFT,
	};
}

static void explain(const struct sample *ev, size_t n, bool late_known,
		    size_t i, struct tail_why *w)
{
	struct tail_block b;

	assert_int_equal(
		tail_block_init(&b, ev, n, late_known, RUN_FROM_INTENDED), 0);
	assert_int_equal(tail_explain(&b, i, w), 0);
	tail_block_free(&b);
}

static void assert_causes(const struct tail_why *w, uint64_t late,
			  uint64_t queue, uint64_t regs, uint64_t noise,
			  uint64_t rest)
{
	const uint64_t want[TAIL_NR] = { late, queue, regs, noise, rest };

	for (int c = 0; c < TAIL_NR; c++)
		if (w->ns[c] != want[c])
			fail_msg("%s: %llu ns, wanted %llu",
				 tail_cause_names[c],
				 (unsigned long long)w->ns[c],
				 (unsigned long long)want[c]);
}

/* Alone on its line: late, its own accesses, noise, and the rest. */
static void test_alone(void **state)
{
	struct sample ev[1] = { rec(1000, 500, 900, 0) };
	struct tail_why w;

	(void)state;
	ev[0].late_ns = 100;
	ev[0].access_ns = 200;
	ev[0].noise_ns = 50;
	explain(ev, 1, true, 0, &w);
	assert_int_equal(w.latency_ns, 500);
	assert_causes(&w, 100, 0, 200, 50, 150);
	assert_false(w.coalesced);
	assert_false(w.behind);
}

/*
 * b fired at 2,000 while a's handler ran until 10,100: it waited 8,100
 * behind it, and the previous interrupt's end (close_ns) is its too.
 */
static void test_behind_the_previous_run(void **state)
{
	struct sample ev[2] = { rec(0, 100, 10100, 0),
				rec(2000, 8300, 8400, 0) };
	struct tail_why w;

	(void)state;
	ev[1].access_ns = 50;
	ev[1].close_ns = 30;
	explain(ev, 2, true, 1, &w);
	assert_causes(&w, 0, 8100, 50, 0, 150);
	assert_true(w.behind);
	assert_false(w.coalesced);
	/* Fired after a's handler returned: its end was not in the way. */
	ev[1] = rec(10200, 100, 200, 0);
	ev[1].access_ns = 50;
	ev[1].close_ns = 30;
	explain(ev, 2, true, 1, &w);
	assert_causes(&w, 0, 0, 20, 0, 80);
	assert_false(w.behind);
}

/*
 * d was claimed by the run taken for c: its time after the fire is c's
 * dispatch, coalesced, but for what host noise took of it.
 */
static void test_coalesced(void **state)
{
	struct sample ev[2] = { rec(20000, 400, 900, 0),
				rec(20100, 300, 800, 0) };
	struct tail_why w;

	(void)state;
	ev[0].access_ns = ev[1].access_ns = 100;
	ev[1].late_ns = 40;
	explain(ev, 2, true, 1, &w);
	assert_causes(&w, 40, 260, 0, 0, 0);
	assert_true(w.coalesced);
	explain(ev, 2, true, 0, &w);
	assert_causes(&w, 0, 0, 100, 0, 300);
	assert_false(w.coalesced);
	/* A host stall that held c up held d up too: the host's, first. */
	ev[1].noise_ns = 200;
	explain(ev, 2, true, 1, &w);
	assert_causes(&w, 40, 60, 0, 200, 0);
}

/* Noise is a sum with no place: it takes at most what is left. */
static void test_noise_is_capped(void **state)
{
	struct sample ev[1] = { rec(0, 1000, 1200, 0) };
	struct tail_why w;

	(void)state;
	ev[0].late_ns = 300;
	ev[0].noise_ns = 5000;
	explain(ev, 1, true, 0, &w);
	assert_causes(&w, 300, 0, 0, 700, 0);
	/* A folder without late_ns: the lateness stays in what is left. */
	explain(ev, 1, false, 0, &w);
	assert_causes(&w, 0, 0, 0, 1000, 0);
	assert_false(w.late_known);
}

/*
 * A shared line: device 1's event, pending with device 0's, waits while
 * device 0's handler runs in the same chain.
 */
static void test_shared_line(void **state)
{
	struct sample ev[2] = { rec(0, 500, 3500, 0), rec(100, 3500, 3600, 1) };
	struct tail_why w;

	(void)state;
	explain(ev, 2, true, 1, &w);
	assert_causes(&w, 0, 3000, 0, 0, 500);
	assert_false(w.coalesced);
}

/* Stranded records have no causes; an out-of-range index neither. */
static void test_never_serviced(void **state)
{
	struct sample ev[2] = { rec(0, 500, 900, 0), { .intended_ns = 10 } };
	struct tail_block b;
	struct tail_why w;

	(void)state;
	ev[1].entry_ns = ev[1].exit_ns = SAMPLE_NEVER;
	assert_int_equal(tail_block_init(&b, ev, 2, true, RUN_FROM_INTENDED),
			 0);
	assert_int_equal(tail_explain(&b, 1, &w), -EINVAL);
	assert_int_equal(tail_explain(&b, 2, &w), -EINVAL);
	assert_int_equal(tail_explain(&b, 0, &w), 0);
	tail_block_free(&b);
	tail_block_free(&b);
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

/* Random blocks: whatever they hold, the parts add up to each latency. */
static void test_parts_add_up(void **state)
{
	struct sample ev[64];
	uint64_t x = 1;

	(void)state;
	for (int round = 0; round < 200; round++) {
		struct tail_block b;
		uint64_t t = 0;

		for (size_t i = 0; i < 64; i++) {
			uint64_t l = lcg(&x) % 20000;

			t += lcg(&x) % 5000;
			ev[i] = rec(t, l, l + lcg(&x) % 9000, lcg(&x) % 3);
			ev[i].late_ns = (uint32_t)(lcg(&x) % 3000);
			ev[i].noise_ns = (uint32_t)(lcg(&x) % 4000);
			ev[i].access_ns = (uint32_t)(lcg(&x) % 2000);
			ev[i].close_ns = (uint32_t)(lcg(&x) % 2500);
		}
		assert_int_equal(tail_block_init(&b, ev, 64, true,
						 RUN_FROM_INTENDED),
				 0);
		for (size_t i = 0; i < 64; i++) {
			struct tail_why w;
			uint64_t sum = 0;

			assert_int_equal(tail_explain(&b, i, &w), 0);
			for (int c = 0; c < TAIL_NR; c++)
				sum += w.ns[c];
			assert_int_equal(sum, ev[i].entry_ns);
		}
		tail_block_free(&b);
	}
}

/* The sum keeps the worst; the print says it rtla's way, largest first. */
/*
 * Counted from the fire (RUN_FROM_FIRE), a latency starts at F = I +
 * late_ns: the stimulus's lateness is not in it, so none is charged to
 * it, and every other cause is what it was counted from I.
 */
static void test_from_fire(void **state)
{
	struct sample ev[2] = { rec(0, 100, 10100, 0),
				rec(2000, 8300, 8400, 0) };
	struct tail_block b;
	struct tail_why w;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	ev[1].late_ns = 1000;
	ev[1].access_ns = 50;
	ev[1].close_ns = 30;
	/* From I: 1,000 late, then 7,100 behind a's run from F = 3,000. */
	explain(ev, 2, true, 1, &w);
	assert_int_equal(w.latency_ns, 8300);
	assert_causes(&w, 1000, 7100, 50, 0, 150);
	assert_false(w.from_fire);
	/* From F: the same, less the lateness, which is not in it. */
	assert_int_equal(tail_block_init(&b, ev, 2, true, RUN_FROM_FIRE), 0);
	assert_int_equal(tail_explain(&b, 1, &w), 0);
	assert_int_equal(w.latency_ns, 7300);
	assert_causes(&w, 0, 7100, 50, 0, 150);
	assert_true(w.from_fire);
	assert_true(w.behind);
	assert_int_equal(w.late_ns, 1000);
	/* A stimulus later than the whole wait: still none of it. */
	ev[0] = rec(0, 100, 200, 0);
	ev[1] = rec(1000, 60000, 60100, 0);
	ev[1].late_ns = 59000;
	ev[1].noise_ns = 400;
	tail_block_free(&b);
	assert_int_equal(tail_block_init(&b, ev, 2, true, RUN_FROM_FIRE), 0);
	assert_int_equal(tail_explain(&b, 1, &w), 0);
	assert_int_equal(w.latency_ns, 1000);
	assert_causes(&w, 0, 0, 0, 400, 600);
	tail_block_free(&b);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	tail_print(f, "  ", &w);
	fclose(f);
	assert_string_equal(
		text,
		"  rest of the dispatch: 0.60 us (60.00%)\n"
		"  host noise: 0.40 us (40.00%)\n"
		"  (counted from the fire; the stimulus fired it 59.00 us late, the harness's lateness, not in it)\n");
	free(text);
}

static void test_sum_and_print(void **state)
{
	struct sample ev[2] = { rec(0, 100, 10100, 0),
				rec(2000, 8300, 8400, 0) };
	struct tail_block b;
	struct tail_sum s = { 0 };
	struct tail_why w;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_int_equal(tail_block_init(&b, ev, 2, true, RUN_FROM_INTENDED),
			 0);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(tail_explain(&b, i, &w), 0);
		tail_sum_add(&s, &w);
	}
	tail_block_free(&b);
	assert_int_equal(s.events, 2);
	assert_int_equal(s.latency_ns, 8400);
	assert_int_equal(s.ns[TAIL_QUEUE], 8100);
	assert_int_equal(s.worst.latency_ns, 8300);
	assert_int_equal(s.behind, 1);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	tail_print(f, "  ", &s.worst);
	fclose(f);
	assert_string_equal(
		text, "  behind the line's previous handler, or coalesced: "
		      "8.10 us (97.59%)\n"
		      "  rest of the dispatch: 0.20 us (2.41%)\n");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alone),
		cmocka_unit_test(test_behind_the_previous_run),
		cmocka_unit_test(test_coalesced),
		cmocka_unit_test(test_noise_is_capped),
		cmocka_unit_test(test_shared_line),
		cmocka_unit_test(test_never_serviced),
		cmocka_unit_test(test_parts_add_up),
		cmocka_unit_test(test_from_fire),
		cmocka_unit_test(test_sum_and_print),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
