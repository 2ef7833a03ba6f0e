// SPDX-License-Identifier: GPL-2.0
/*
 * What a test of `irqlab run --trace` needs on this machine: see traced.h.
 * IRQLAB_TRACE_ENABLED comes from irqlab_trace (trace/CMakeLists.txt).
 */
#define _GNU_SOURCE /* unshare */
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "traced.h"

#ifndef IRQLAB_TRACE_ENABLED
#define IRQLAB_TRACE_ENABLED 0
#endif

bool on_path(const char *tool)
{
	char *path = getenv("PATH") ? strdup(getenv("PATH")) : NULL, *dir,
	     *save = NULL, buf[4096];
	bool found = false;

	for (dir = path ? strtok_r(path, ":", &save) : NULL; dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(buf, sizeof(buf), "%s/%s", dir, tool);
		found = !access(buf, X_OK);
	}
	free(path);
	return found;
}

bool can_isolate(void)
{
	int status;
	pid_t pid;

	if (geteuid() != 0)
		return true; /* a private LTTNG_HOME is enough */
	pid = fork();
	if (pid == 0)
		_exit(unshare(CLONE_NEWNS) ? 1 : 0);
	return pid > 0 && waitpid(pid, &status, 0) == pid &&
	       WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int traced_run_skip(bool relayd)
{
	if (!IRQLAB_TRACE_ENABLED || !on_path("lttng-sessiond") ||
	    !on_path("lttng") || (relayd && !on_path("lttng-relayd")) ||
	    access("/usr/bin/babeltrace2", X_OK)) {
		fprintf(stderr,
			"skipped: needs IRQLAB_TRACE=ON, lttng-tools and babeltrace2\n");
		return 77;
	}
	if (!can_isolate()) {
		fprintf(stderr,
			"skipped: root without CAP_SYS_ADMIN cannot give the session daemon a private /run/lttng\n");
		return 77;
	}
	return 0;
}
