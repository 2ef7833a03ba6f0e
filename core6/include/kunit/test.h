/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <kunit/test.h> over cmocka: a kernel KUnit test of genirq compiles
 * against genirq6 unchanged and runs as a ctest. struct kunit,
 * kunit_case, kunit_suite and KUNIT_CASE() as the kernel's; each suite a
 * cmocka group, each case a cmocka test. KUNIT_EXPECT_*() records a
 * failure and goes on, KUNIT_ASSERT_*() ends the case (after the suite's
 * ->exit, as KUnit does), kunit_skip() ends it as skipped. A test file
 * has no main(): kunit_test_suite() registers the suite and
 * libgenirq6_kunit's main() runs every registered one. Link with
 * genirq6_kunit (and cmocka).
 */
#ifndef _GENIRQ6_KUNIT_TEST_H
#define _GENIRQ6_KUNIT_TEST_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <linux/cleanup.h>
#include <linux/module.h>
#include <genirq6/config.h>

struct kunit;

/**
 * struct kunit_case - one test
 * @run_case: the test
 * @name: its name
 */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
};

#define KUNIT_CASE(test_name)                             \
	{                                                 \
		.run_case = test_name, .name = #test_name \
	}

/**
 * struct kunit_suite - a set of tests
 * @name: its name
 * @suite_init: before the first case; non-zero skips the suite
 * @suite_exit: after the last
 * @init: before each case; non-zero fails it
 * @exit: after each case, also one that failed an assertion
 * @test_cases: the cases, ended by an empty one
 */
struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
};

/**
 * struct kunit - the running case
 * @priv: for the test's own use (->init may set it)
 * @name: the case's name
 * @failed: an expectation or assertion failed
 * @skipped: kunit_skip() or kunit_mark_skipped()
 * @skip_reason: why
 * @abort: where an assertion or kunit_skip() leaves the case
 * @resources: what kunit_kzalloc() allocated, freed after the case
 */
struct kunit {
	void *priv;
	const char *name;
	bool failed;
	bool skipped;
	char skip_reason[256];
	jmp_buf abort;
	void *resources;
};

/* Register @suites (NULL-ended); kunit_test_suites() does it. */
void kunit_register_suites(struct kunit_suite *const *suites);
void __kunit_fail(struct kunit *test, bool assertion, const char *file,
		  int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void __kunit_skip(struct kunit *test, bool abort, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void *kunit_kmalloc(struct kunit *test, size_t size, unsigned int gfp);

#define GFP_KERNEL 0U
#define kunit_kzalloc(test, size, gfp) kunit_kmalloc((test), (size), (gfp))

#define __kunit_test_suites(id, ...)                                           \
	static struct kunit_suite *const id[] = { __VA_ARGS__, NULL };         \
	__attribute__((constructor)) static void __genirq6_cat(id, _register)( \
		void)                                                          \
	{                                                                      \
		kunit_register_suites(id);                                     \
	}
#define kunit_test_suites(...) \
	__kunit_test_suites(__UNIQUE_ID(kunit_suites), __VA_ARGS__)
#define kunit_test_suite(suite) kunit_test_suites(&(suite))

#define kunit_skip(test, fmt, ...) \
	__kunit_skip((test), true, fmt, ##__VA_ARGS__)
#define kunit_mark_skipped(test, fmt, ...) \
	__kunit_skip((test), false, fmt, ##__VA_ARGS__)
#define KUNIT_FAIL(test, fmt, ...) \
	__kunit_fail((test), false, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

/*
 * Integers are compared as long long, pointers as pointers: a KUnit
 * test compares an unsigned field with a literal 0 (desc->depth), which
 * a sign-comparison warning would otherwise refuse.
 */
#define KUNIT_BINARY_INT(test, assertion, left, op, right, ...)               \
	do {                                                                  \
		const long long __left = (long long)(left);                   \
		const long long __right = (long long)(right);                 \
		if (!(__left op __right))                                     \
			__kunit_fail((test), (assertion), __FILE__, __LINE__, \
				     "Expected %s %s %s, but %s == %lld, "    \
				     "%s == %lld " __VA_ARGS__,               \
				     #left, #op, #right, #left, __left,       \
				     #right, __right);                        \
	} while (0)

#define KUNIT_BINARY_PTR(test, assertion, left, op, right, ...)               \
	do {                                                                  \
		const void *__left = (left);                                  \
		const void *__right = (right);                                \
		if (!(__left op __right))                                     \
			__kunit_fail((test), (assertion), __FILE__, __LINE__, \
				     "Expected %s %s %s, but %s == %p, "      \
				     "%s == %p " __VA_ARGS__,                 \
				     #left, #op, #right, #left, __left,       \
				     #right, __right);                        \
	} while (0)

#define KUNIT_BOOL(test, assertion, cond, want, ...)                          \
	do {                                                                  \
		if (!!(cond) != (want))                                       \
			__kunit_fail((test), (assertion), __FILE__, __LINE__, \
				     "Expected %s to be %s " __VA_ARGS__,     \
				     #cond, (want) ? "true" : "false");       \
	} while (0)

#define KUNIT_STR(test, assertion, left, op, right, ...)                      \
	do {                                                                  \
		const char *__left = (left), *__right = (right);              \
		if (!(strcmp(__left, __right) op 0))                          \
			__kunit_fail((test), (assertion), __FILE__, __LINE__, \
				     "Expected %s %s %s, but \"%s\" and "     \
				     "\"%s\" " __VA_ARGS__,                   \
				     #left, #op, #right, __left, __right);    \
	} while (0)

#define KUNIT_EXPECT_TRUE(t, c) KUNIT_BOOL(t, false, c, true)
#define KUNIT_EXPECT_FALSE(t, c) KUNIT_BOOL(t, false, c, false)
#define KUNIT_EXPECT_EQ(t, l, r) KUNIT_BINARY_INT(t, false, l, ==, r)
#define KUNIT_EXPECT_NE(t, l, r) KUNIT_BINARY_INT(t, false, l, !=, r)
#define KUNIT_EXPECT_LT(t, l, r) KUNIT_BINARY_INT(t, false, l, <, r)
#define KUNIT_EXPECT_LE(t, l, r) KUNIT_BINARY_INT(t, false, l, <=, r)
#define KUNIT_EXPECT_GT(t, l, r) KUNIT_BINARY_INT(t, false, l, >, r)
#define KUNIT_EXPECT_GE(t, l, r) KUNIT_BINARY_INT(t, false, l, >=, r)
#define KUNIT_EXPECT_PTR_EQ(t, l, r) KUNIT_BINARY_PTR(t, false, l, ==, r)
#define KUNIT_EXPECT_PTR_NE(t, l, r) KUNIT_BINARY_PTR(t, false, l, !=, r)
#define KUNIT_EXPECT_NULL(t, p) KUNIT_BINARY_PTR(t, false, p, ==, NULL)
#define KUNIT_EXPECT_NOT_NULL(t, p) KUNIT_BINARY_PTR(t, false, p, !=, NULL)
#define KUNIT_EXPECT_STREQ(t, l, r) KUNIT_STR(t, false, l, ==, r)
#define KUNIT_EXPECT_STRNEQ(t, l, r) KUNIT_STR(t, false, l, !=, r)

#define KUNIT_ASSERT_TRUE(t, c) KUNIT_BOOL(t, true, c, true)
#define KUNIT_ASSERT_FALSE(t, c) KUNIT_BOOL(t, true, c, false)
#define KUNIT_ASSERT_EQ(t, l, r) KUNIT_BINARY_INT(t, true, l, ==, r)
#define KUNIT_ASSERT_NE(t, l, r) KUNIT_BINARY_INT(t, true, l, !=, r)
#define KUNIT_ASSERT_LT(t, l, r) KUNIT_BINARY_INT(t, true, l, <, r)
#define KUNIT_ASSERT_LE(t, l, r) KUNIT_BINARY_INT(t, true, l, <=, r)
#define KUNIT_ASSERT_GT(t, l, r) KUNIT_BINARY_INT(t, true, l, >, r)
#define KUNIT_ASSERT_GE(t, l, r) KUNIT_BINARY_INT(t, true, l, >=, r)
#define KUNIT_ASSERT_PTR_EQ(t, l, r) KUNIT_BINARY_PTR(t, true, l, ==, r)
#define KUNIT_ASSERT_PTR_NE(t, l, r) KUNIT_BINARY_PTR(t, true, l, !=, r)
#define KUNIT_ASSERT_NULL(t, p) KUNIT_BINARY_PTR(t, true, p, ==, NULL)
#define KUNIT_ASSERT_NOT_NULL(t, p) KUNIT_BINARY_PTR(t, true, p, !=, NULL)
#define KUNIT_ASSERT_STREQ(t, l, r) KUNIT_STR(t, true, l, ==, r)
#define KUNIT_ASSERT_STRNEQ(t, l, r) KUNIT_STR(t, true, l, !=, r)

#endif /* _GENIRQ6_KUNIT_TEST_H */
