// SPDX-License-Identifier: GPL-2.0
/*
 * A scenario naming a UIO device that is not there is refused before
 * anything runs: `irqlab run` on this host (which has no /dev/uio7, and
 * usually no UIO at all) exits 4 with one line naming the file, the line
 * and the key (uio) and the device, and leaves no run folder. The same
 * refusal through the VM rig is in test_run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <unistd.h>
#include "e2e.h"
#include "scratch.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-nodev-XXXXXX";

static void test_missing_device(void **state)
{
	char cfg[200], out[200], so[200], se[200], want[300];
	char *err;
	int rc;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "nodev",
		    "[scenario edu]\nchip = uio\nuio = /dev/uio7\n");
	TEST_PATHS(tmp, "nodev", out, so, se);
	char *argv[] = { (char *)irqlab, "run", cfg, "-o", out, NULL };

	rc = spawn_irqlab(argv, so, se, 0, NULL);
	err = slurp(se);
	assert_non_null(err);
	snprintf(want, sizeof(want), "%s:3: ", cfg);
	if (rc != 4 || strncmp(err, want, strlen(want)) ||
	    !strstr(err + strlen(want), "uio") || !strstr(err, "/dev/uio7") ||
	    strchr(err, '\n') != err + strlen(err) - 1)
		fail_msg(
			"exit %d, wanted 4 and one line \"%s...uio.../dev/uio7...\", got: %s",
			rc, want, err);
	free(err);
	assert_int_not_equal(access(out, F_OK), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_missing_device),
	};
	int ret;

	if (argc < 3)
		return 77;
	irqlab = argv[1];
	if (!access("/dev/uio7", F_OK)) {
		fprintf(stderr, "skipped: this machine has a /dev/uio7\n");
		return 77;
	}
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	/* A failure keeps the folder to look at. */
	return test_scratch_end(tmp, ret);
}
