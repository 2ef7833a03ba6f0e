// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab adopt FOLDER -o DIR` (bench/cmd/adopt.c), end to end on a folder
 * made here: its files are copied into DIR byte for byte, printed, and
 * nothing else is left (no ".DIR.tmp"), FOLDER untouched; a folder that
 * is not complete (summary.json says so, or it has INCOMPLETE) gets
 * INCOMPLETE; an existing DIR, a FOLDER with a subfolder, and a
 * summary.json without a key the format requires are refused with one
 * line, and nothing is made. And the default name, made by the same code
 * as irqlab run's (bench/runfolder/runfolder.c), takes the tag:
 * runs/<UTC>-<host>
 * -qemu, then -qemu-2, with latest following a complete folder.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <jansson.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "e2e.h"
#include "analysis/summary.h"
#include "runfolder/runfolder.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-adopt-XXXXXX";

static void write_file(const char *dir, const char *name, const char *data)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fputs(data, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* A run folder of one scenario without designs, and two other files. */
static void make_source(const char *dir, bool complete, const char *drop)
{
	struct run_scenario sc = { .name = "s",
				   .chip = "soft",
				   .trigger = "simple",
				   .pattern = "periodic",
				   .wait = "spin",
				   .rate_hz = 1000,
				   .devices = 1 };
	struct run r = { .irqlab = "0.1.0",
			 .started = "2026-01-01T00:00:00Z",
			 .finished = "2026-01-01T00:00:01Z",
			 .host = "guest",
			 .complete = complete,
			 .sc = &sc,
			 .nsc = 1 };
	char path[4200];
	json_t *j = summary_json(&r);

	assert_non_null(j);
	if (drop)
		json_object_del(j, drop);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	assert_int_equal(json_dump_file(j, path, JSON_PRESERVE_ORDER), 0);
	json_decref(j);
	write_file(dir, "config.ini", "[scenario s]\nchip = soft\n");
	write_file(dir, "samples.bin", "IRQLABS1 and more");
}

/* irqlab adopt @from -o @to: its exit status, stdout and stderr. */
static int adopt(const char *from, const char *to, char **out, char **err)
{
	char so[4300], se[4300];
	char *argv[] = { (char *)irqlab, "adopt",    (char *)from,
			 "-o",		 (char *)to, NULL };
	int rc;

	snprintf(so, sizeof(so), "%s/adopt.out", tmp);
	snprintf(se, sizeof(se), "%s/adopt.err", tmp);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*out = slurp(so);
	*err = slurp(se);
	assert_non_null(*out);
	assert_non_null(*err);
	return rc;
}

static bool same_file(const char *a, const char *b, const char *name)
{
	char pa[4200], pb[4200], *x, *y;
	size_t la = 0, lb = 0;
	bool same;

	snprintf(pa, sizeof(pa), "%s/%s", a, name);
	snprintf(pb, sizeof(pb), "%s/%s", b, name);
	x = slurp_len(pa, &la);
	y = slurp_len(pb, &lb);
	same = x && y && la == lb && !memcmp(x, y, la);
	free(x);
	free(y);
	return same;
}

static bool exists(const char *dir, const char *name)
{
	char path[4200];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !lstat(path, &st);
}

/* Entries of @tmp whose name starts with '.' (a ".DIR.tmp" left). */
static unsigned int hidden(void)
{
	DIR *d = opendir(tmp);
	struct dirent *e;
	unsigned int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] == '.' && strcmp(e->d_name, ".") &&
		     strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void test_adopt_copies(void **state)
{
	char src[256], dst[256], want[300], *out, *err;

	(void)state;
	snprintf(src, sizeof(src), "%s/src", tmp);
	snprintf(dst, sizeof(dst), "%s/runs/dst", tmp);
	make_source(src, true, NULL);
	if (adopt(src, dst, &out, &err))
		fail_msg("irqlab adopt: %s", err);
	snprintf(want, sizeof(want), "%s\n", dst);
	assert_string_equal(out, want);
	assert_true(same_file(src, dst, "summary.json"));
	assert_true(same_file(src, dst, "config.ini"));
	assert_true(same_file(src, dst, "samples.bin"));
	assert_false(exists(dst, "INCOMPLETE"));
	assert_true(exists(src, "summary.json"));
	assert_int_equal(hidden(), 0);
	free(out);
	free(err);

	/* DIR exists now: refused, nothing made. */
	assert_int_equal(adopt(src, dst, &out, &err), 1);
	assert_non_null(strstr(err, "already exists"));
	assert_string_equal(out, "");
	free(out);
	free(err);
}

static void test_adopt_incomplete(void **state)
{
	char src[256], dst[256], *out, *err;

	(void)state;
	snprintf(src, sizeof(src), "%s/half", tmp);
	snprintf(dst, sizeof(dst), "%s/half-dst", tmp);
	make_source(src, true, NULL);
	write_file(src, "INCOMPLETE", "");
	assert_int_equal(adopt(src, dst, &out, &err), 0);
	assert_true(exists(dst, "INCOMPLETE"));
	free(out);
	free(err);

	snprintf(src, sizeof(src), "%s/notdone", tmp);
	snprintf(dst, sizeof(dst), "%s/notdone-dst", tmp);
	make_source(src, false, NULL);
	assert_int_equal(adopt(src, dst, &out, &err), 0);
	assert_true(exists(dst, "INCOMPLETE"));
	free(out);
	free(err);
}

/* Refused with one line naming what is wrong; nothing is made. */
static void refused(const char *src, const char *name, const char *what)
{
	char dst[300], *out, *err;

	snprintf(dst, sizeof(dst), "%s/%s-dst", tmp, name);
	assert_int_equal(adopt(src, dst, &out, &err), 1);
	if (strncmp(err, "irqlab adopt: ", 14) || !strstr(err, what) ||
	    strchr(err, '\n') != err + strlen(err) - 1)
		fail_msg("wanted one line naming \"%s\", got \"%s\"", what,
			 err);
	assert_false(exists(dst, ""));
	assert_int_equal(hidden(), 0);
	free(out);
	free(err);
}

static void test_adopt_refuses(void **state)
{
	char src[256], sub[300], want[400];

	(void)state;
	snprintf(src, sizeof(src), "%s/nested", tmp);
	make_source(src, true, NULL);
	snprintf(sub, sizeof(sub), "%s/figures", src);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(want, sizeof(want), "%s: not a regular file", sub);
	refused(src, "nested", want);

	snprintf(src, sizeof(src), "%s/nohost", tmp);
	make_source(src, true, "host");
	snprintf(want, sizeof(want), "%s/summary.json: host: missing", src);
	refused(src, "nohost", want);

	snprintf(src, sizeof(src), "%s/none", tmp);
	snprintf(want, sizeof(want), "%s/summary.json: No such file", src);
	refused(src, "none", want);
}

/* The default name takes the tag, as ./irqlab vm run names its runs. */
static void test_tagged_default_name(void **state)
{
	char root[256], err[512], final[8192], link[300], got[512];
	struct bench_folder f;
	struct timespec now;
	const char *tag;
	ssize_t n;

	(void)state;
	snprintf(root, sizeof(root), "%s/root", tmp);
	clock_gettime(CLOCK_REALTIME, &now);
	for (int k = 1; k <= 2; k++) {
		assert_int_equal(bench_folder_make(&f, NULL, root, "qemu", &now,
						   err, sizeof(err)),
				 0);
		tag = strstr(f.name, "-qemu");
		assert_non_null(tag);
		assert_string_equal(tag, k == 1 ? "-qemu" : "-qemu-2");
		assert_int_equal(bench_folder_commit(&f, true, final,
						     sizeof(final), err,
						     sizeof(err)),
				 0);
	}
	snprintf(link, sizeof(link), "%s/latest", root);
	n = readlink(link, got, sizeof(got) - 1);
	assert_true(n > 0);
	got[n] = '\0';
	assert_string_equal(strrchr(got, '-'), "-2");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_adopt_copies),
	cmocka_unit_test(test_adopt_incomplete),
	cmocka_unit_test(test_adopt_refuses),
	cmocka_unit_test(test_tagged_default_name),
};

E2E_MAIN(tmp, irqlab, tests)
