/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tests of the VM rig share: whether irqlab-vm prepare makes the
 * rig ready here (a test that cannot have it skips, 77), and the tail of
 * a file for a failure message. Includes e2e.h and traced.h (tests/lib).
 */
#ifndef TESTS_VM_RIG_H
#define TESTS_VM_RIG_H

#include <stdbool.h>
#include <string.h>
#include <unistd.h>
#include "e2e.h"
#include "traced.h" /* on_path() */

/* irqlab-vm's default cache holds a prepared kernel. */
static inline bool kernel_cached(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char path[4096];

	if (xdg && *xdg)
		snprintf(path, sizeof(path), "%s/irqlab/vm/current", xdg);
	else if (home && *home)
		snprintf(path, sizeof(path), "%s/.cache/irqlab/vm/current",
			 home);
	else
		return false;
	return !access(path, R_OK);
}

/* The last @n bytes of a file, for a failure message. Free it. */
static inline char *tail_of(const char *path, size_t n)
{
	size_t len = 0;
	char *text = slurp_len(path, &len);

	if (text && len > n)
		memmove(text, text + len - n, n + 1);
	return text;
}

/*
 * irqlab-vm prepare (of the tree @srcdir, its output in @scratch): 0 if
 * the rig is ready, 77 if a true prerequisite is
 * absent and prepare could not provide it, 1 if prepare failed otherwise.
 */
static inline int rig_ready(const char *srcdir, const char *scratch)
{
	char vm[4096], so[200], se[200], *err;
	const char *missing = NULL;
	int rc;

	snprintf(vm, sizeof(vm), "%s/scripts/vm/irqlab-vm", srcdir);
	snprintf(so, sizeof(so), "%s/prepare.out", scratch);
	snprintf(se, sizeof(se), "%s/prepare.err", scratch);
	char *argv[] = { vm, "prepare", NULL };

	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (!rc)
		return 0;
	if (!on_path("qemu-system-x86_64"))
		missing =
			"no qemu-system-x86_64, and irqlab-vm prepare could not install it";
	else if (access("/bin/busybox", X_OK))
		missing =
			"no /bin/busybox (busybox-static), and irqlab-vm prepare could not install it";
	else if (!kernel_cached())
		missing =
			"no cached guest kernel, and irqlab-vm prepare could not fetch one";
	err = tail_of(se, 2000);
	fprintf(stderr, "%s: irqlab-vm prepare exited %d:\n%s\n",
		missing ? "skipped" : "failed", rc, err ? err : "");
	if (missing)
		fprintf(stderr, "skipped: %s\n", missing);
	free(err);
	return missing ? 77 : 1;
}

#endif /* TESTS_VM_RIG_H */
