/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a test of `irqlab run --trace` needs on this machine: tracepoints
 * compiled in (IRQLAB_TRACE), lttng-tools and babeltrace2, and as root a
 * private mount namespace for the session daemon's /run/lttng.
 */
#ifndef TESTS_TRACED_H
#define TESTS_TRACED_H

#include <stdbool.h>

/**
 * on_path - whether a program is on this process's PATH
 * @tool: its name
 *
 * Return: true if some folder of PATH holds @tool, executable.
 */
bool on_path(const char *tool);

/**
 * can_isolate - whether a traced run can have a private /run/lttng
 *
 * As root the run needs a private mount namespace: a child tries to
 * unshare one. As another user a private LTTNG_HOME is enough.
 *
 * Return: true if the run can be isolated.
 */
bool can_isolate(void);

/**
 * traced_run_skip - whether a traced run can work here
 * @relayd: it needs lttng-relayd too
 *
 * Says why on stderr when it cannot.
 *
 * Return: 0 if it can, else 77 (skipped).
 */
int traced_run_skip(bool relayd);

#endif /* TESTS_TRACED_H */
