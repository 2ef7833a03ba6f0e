// SPDX-License-Identifier: GPL-2.0
/*
 * The runner behind <kunit/test.h>: the registered suites as cmocka
 * groups, each case a cmocka test whose state is the case. A case runs
 * between its suite's ->init and ->exit; an assertion or kunit_skip()
 * leaves it through test->abort, and the outcome goes to cmocka after
 * ->exit. libgenirq6_kunit, linked into KUnit-style test programs only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include <kunit/test.h>

#define MAX_SUITES 64

static struct kunit_suite *suites[MAX_SUITES];
static unsigned int nr_suites;
static struct kunit_suite *running_suite;

void kunit_register_suites(struct kunit_suite *const *list)
{
	for (; *list && nr_suites < MAX_SUITES; list++)
		suites[nr_suites++] = *list;
}

void __kunit_fail(struct kunit *test, bool assertion, const char *file,
		  int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "    # %s: %s:%d: ", test->name, file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	test->failed = true;
	if (assertion)
		longjmp(test->abort, 1);
}

void __kunit_skip(struct kunit *test, bool abort, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(test->skip_reason, sizeof(test->skip_reason), fmt, ap);
	va_end(ap);
	test->skipped = true;
	if (abort)
		longjmp(test->abort, 1);
}

struct kunit_resource {
	struct kunit_resource *next;
	max_align_t data[];
};

void *kunit_kmalloc(struct kunit *test, size_t size, unsigned int gfp)
{
	struct kunit_resource *r = calloc(1, sizeof(*r) + size);

	(void)gfp;
	if (!r)
		return NULL;
	r->next = test->resources;
	test->resources = r;
	return r->data;
}

static void kunit_free_resources(struct kunit *test)
{
	struct kunit_resource *r = test->resources;

	while (r) {
		struct kunit_resource *next = r->next;

		free(r);
		r = next;
	}
	test->resources = NULL;
}

static void run_case(void **state)
{
	const struct kunit_case *c = *state;
	struct kunit_suite *suite = running_suite;
	static struct kunit test; /* outlives the longjmp */

	memset(&test, 0, sizeof(test));
	test.name = c->name;
	if (suite->init && suite->init(&test)) {
		fail_msg("%s: init failed", c->name);
		return;
	}
	if (!setjmp(test.abort))
		c->run_case(&test);
	if (suite->exit)
		suite->exit(&test);
	kunit_free_resources(&test);
	if (test.failed)
		fail_msg("%s failed", c->name);
	if (test.skipped) {
		print_message("    # %s: SKIP %s\n", c->name, test.skip_reason);
		skip();
	}
}

static int run_suite(struct kunit_suite *suite)
{
	struct CMUnitTest *tests;
	size_t n = 0;
	int failed;

	while (suite->test_cases[n].run_case)
		n++;
	tests = calloc(n ? n : 1, sizeof(*tests));
	if (!tests)
		return 1;
	for (size_t i = 0; i < n; i++)
		tests[i] = (struct CMUnitTest){
			.name = suite->test_cases[i].name,
			.test_func = run_case,
			.initial_state = &suite->test_cases[i],
		};
	if (suite->suite_init && suite->suite_init(suite)) {
		free(tests);
		return 1;
	}
	running_suite = suite;
	failed = _cmocka_run_group_tests(suite->name, tests, n, NULL, NULL);
	if (suite->suite_exit)
		suite->suite_exit(suite);
	free(tests);
	return failed;
}

int main(void)
{
	int failed = 0;

	for (unsigned int i = 0; i < nr_suites; i++)
		failed += run_suite(suites[i]);
	return failed ? 1 : 0;
}
