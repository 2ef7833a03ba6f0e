// SPDX-License-Identifier: GPL-2.0
/*
 * The VM rig end to end: `./irqlab vm run configs/uio-edu.ini -o DIR`
 * boots the QEMU TCG guest (scripts/vm/irqlab-vm), fires QEMU's edu
 * device through /dev/uio0 and brings the run folder back, and the host
 * writes its report. Checked: the folder is complete, every design of
 * every uio scenario stranded none and balanced its books (fired =
 * serviced + stranded), a periodic scenario fired its whole schedule
 * (rate x stimulus time: 16,000 real interrupts per design, however slow
 * the guest), a back-to-back one kept going after each block's first
 * event, the environment says it ran in a QEMU TCG guest, report.md is
 * there. And a scenario naming a device the guest lacks (/dev/uio7)
 * comes back as exit 4 with the guest's message, naming the host's
 * config file.
 *
 * How many events back-to-back fires is how fast the guest is, a
 * benchmark figure (irqlab bench), not a property: a floor of 10,000
 * failed with 8,787, books balanced, with one `yes` beside the test.
 *
 * Skipped (77) only when the rig cannot exist here: no qemu-system-x86_64
 * or busybox that irqlab-vm prepare could install, or no cached guest
 * kernel that it could fetch.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>
#include <unistd.h>
#include "e2e.h"
#include "rig.h"
#include "scratch.h"

/*
 * QEMU's hard limit for the uio-edu run: a bound for a guest that hangs,
 * not the time it takes (about 10 s of stimulus, a couple of seconds'
 * boot): irqlab-vm's 120 s default is that time a dozen times over on a
 * quiet machine, fewer on a busy one, where every TCG instruction is
 * slower. tests/vm/CMakeLists.txt's TIMEOUT leaves room for it.
 */
#define VM_TIMEOUT_S "360"

static const char *src;
static char tmp[] = "/tmp/irqlab-vm-XXXXXX";

static json_t *load_json(const char *dir, const char *name)
{
	char path[4096];
	json_error_t jerr;
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	j = json_load_file(path, 0, &jerr);
	if (!j)
		fail_msg("%s: %s (line %d)", path, jerr.text, jerr.line);
	return j;
}

/*
 * How many events @d's stimulus must fire whatever the machine's speed,
 * into @lo..@hi: a periodic schedule is issued in full, late or not (no
 * coordinated omission), rate x stimulus time per device, give or take
 * one per block where the schedule meets the block's end; back-to-back
 * fires only as fast as the handler keeps pace, so at least the first
 * event of each block and one after it, at most the rate's cap.
 */
static void schedule(json_t *sc, json_t *d, json_int_t *lo, json_int_t *hi)
{
	const char *pattern = json_string_value(json_object_get(sc, "pattern"));
	json_int_t blocks = json_integer_value(json_object_get(d, "blocks"));
	json_int_t devices = json_integer_value(json_object_get(sc, "devices"));
	double rate = json_number_value(json_object_get(sc, "rate_hz"));
	double secs = json_number_value(json_object_get(d, "seconds"));
	json_int_t want = (json_int_t)(rate * secs) * devices;

	*lo = 1;
	*hi = INT64_MAX;
	if (!pattern)
		return;
	if (!strcmp(pattern, "periodic")) {
		*lo = want - blocks * devices;
		*hi = want + blocks * devices;
	} else if (!strcmp(pattern, "back-to-back")) {
		*lo = 2 * blocks * devices;
		*hi = want + blocks * devices;
	}
}

/*
 * Every design of every uio scenario took real interrupts, fired what
 * its schedule says and lost none.
 */
static void check_uio_books(const char *run)
{
	json_t *sum = load_json(run, "summary.json");
	json_t *scenarios = json_object_get(sum, "scenarios"), *sc;
	json_t *uio = json_string("uio");
	unsigned int nr_uio = 0;
	size_t i;

	assert_true(json_is_true(json_object_get(sum, "complete")));
	assert_true(json_is_array(scenarios));
	json_array_foreach(scenarios, i, sc)
	{
		const char *name =
			json_string_value(json_object_get(sc, "name"));
		json_t *designs = json_object_get(sc, "designs"), *d;
		size_t k;

		if (!json_equal(json_object_get(sc, "chip"), uio))
			continue;
		nr_uio++;
		assert_true(json_array_size(designs) > 0);
		json_array_foreach(designs, k, d)
		{
			const char *design =
				json_string_value(json_object_get(d, "design"));
			json_int_t fired = json_integer_value(
					   json_object_get(d, "fired")),
				   serviced = json_integer_value(
					   json_object_get(d, "serviced")),
				   stranded = json_integer_value(
					   json_object_get(d, "stranded")),
				   lo, hi;

			schedule(sc, d, &lo, &hi);
			fprintf(stderr,
				"%s %s: fired %lld (schedule %lld..%lld), serviced %lld, stranded %lld\n",
				name, design, (long long)fired, (long long)lo,
				(long long)hi, (long long)serviced,
				(long long)stranded);
			if (fired < lo || fired > hi || stranded ||
			    fired != serviced + stranded)
				fail_msg(
					"%s %s: wanted fired %lld..%lld, stranded 0, fired = serviced + stranded",
					name, design, (long long)lo,
					(long long)hi);
		}
	}
	json_decref(uio);
	json_decref(sum);
	if (!nr_uio)
		fail_msg("%s/summary.json: no scenario with chip uio", run);
}

static void check_environment(const char *run)
{
	json_t *env = load_json(run, "environment.json");
	const char *guest = json_string_value(
		json_object_get(json_object_get(env, "host"), "guest"));

	if (!guest || !strstr(guest, "QEMU TCG"))
		fail_msg(
			"%s/environment.json: host.guest is %s, wanted \"QEMU TCG guest\"",
			run, guest ? guest : "absent");
	json_decref(env);
}

static void test_uio_edu(void **state)
{
	char script[4096], cfg[4096], run[200], so[200], se[200], path[300];
	char *err;
	int rc;

	(void)state;
	snprintf(script, sizeof(script), "%s/irqlab", src);
	snprintf(cfg, sizeof(cfg), "%s/configs/uio-edu.ini", src);
	TEST_PATHS(tmp, "run", run, so, se);
	char *argv[] = { script, "vm",	      "run",	    cfg, "-o",
			 run,	 "--timeout", VM_TIMEOUT_S, NULL };

	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc) {
		err = tail_of(se, 4000);
		fail_msg("./irqlab vm run %s exited %d:\n%s", cfg, rc,
			 err ? err : "");
	}
	snprintf(path, sizeof(path), "%s/INCOMPLETE", run);
	assert_int_not_equal(access(path, F_OK), 0);
	check_uio_books(run);
	check_environment(run);
	snprintf(path, sizeof(path), "%s/report.md", run);
	if (access(path, R_OK))
		fail_msg("%s: no report after ./irqlab vm run", path);
}

/* The guest's refusal comes back as exit 4, naming the host's file. */
static void test_missing_device_in_guest(void **state)
{
	char script[4096], cfg[200], run[200], so[200], se[200], want[300];
	char *err;
	int rc;

	(void)state;
	snprintf(script, sizeof(script), "%s/irqlab", src);
	test_config(cfg, sizeof(cfg), tmp, "nodev",
		    "[scenario edu]\nchip = uio\nuio = /dev/uio7\n");
	TEST_PATHS(tmp, "nodev", run, so, se);
	char *argv[] = { script, "vm", "run", cfg, "-o", run, NULL };

	rc = spawn_irqlab(argv, so, se, 0, NULL);
	err = slurp(se);
	assert_non_null(err);
	snprintf(want, sizeof(want), "\n%s:3: ", cfg);
	if (rc != 4 ||
	    (!strstr(err, want) && strncmp(err, want + 1, strlen(want + 1))) ||
	    !strstr(err, "/dev/uio7"))
		fail_msg(
			"exit %d, wanted 4 and a line \"%s.../dev/uio7...\", got:\n%s",
			rc, want + 1, err);
	free(err);
	assert_int_not_equal(access(run, F_OK), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uio_edu),
		cmocka_unit_test(test_missing_device_in_guest),
	};
	int ret;

	if (argc < 3)
		return 77;
	src = argv[2];
	if (!mkdtemp(tmp))
		return 1;
	ret = rig_ready(src, tmp);
	if (!ret)
		ret = cmocka_run_group_tests(tests, NULL, NULL);
	/* A failure keeps the folder to look at. */
	return test_scratch_end(tmp, ret);
}
