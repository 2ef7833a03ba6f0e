/* SPDX-License-Identifier: GPL-2.0 */
/* An LTTng session around a run (tracing.c). */
#ifndef BENCH_TRACING_H
#define BENCH_TRACING_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/**
 * struct bench_trace_opts - how to trace
 * @provider: path of lttng-ust-provider-irqlab.so
 * @subbuf_size: sub-buffer size as lttng takes it ("8M")
 * @num_subbuf: sub-buffers per CPU
 * @snapshot: a flight recorder: overwrite mode, written only by
 *	bench_trace_snapshot()
 * @relayd: stream to this lttng-relayd URL (net://HOST[:CTRL[:DATA]])
 *	instead of writing the run folder's trace/
 */
struct bench_trace_opts {
	const char *provider;
	const char *subbuf_size;
	unsigned int num_subbuf;
	bool snapshot;
	const char *relayd;
};

struct bench_trace {
	bool root; /* isolate by mount namespace, not LTTNG_HOME */
	bool own_sessiond; /* started here: stopped here */
	bool created, started, snapshot;
	pid_t sessiond;
	void *provider;
	char dir[PATH_MAX]; /* the run folder; the trace goes to dir/trace */
	char home[PATH_MAX + 16]; /* private LTTNG_HOME, if any */
	char session[64];
	unsigned long long discarded; /* after bench_trace_stop() */
	unsigned int snapshots; /* recorded by bench_trace_snapshot() */
};

/**
 * bench_trace_snapshot - record the flight recorder's buffers now
 * @t: a session started with @snapshot
 * @err: one sentence on failure
 * @errlen: its size
 * Return: 0 or -errno.
 */
int bench_trace_snapshot(struct bench_trace *t, char *err, size_t errlen);

/**
 * bench_trace_start - start tracing into @dir/trace
 * @t: the session's state
 * @dir: the run folder
 * @o: buffers and provider
 * @err: one sentence on failure
 * @errlen: its size
 *
 * Uses this user's session daemon or starts a private one, creates and
 * starts a session with every irqlab event, then loads the probes. On
 * failure everything started is stopped again. Return: 0 or -errno.
 */
int bench_trace_start(struct bench_trace *t, const char *dir,
		      const struct bench_trace_opts *o, char *err,
		      size_t errlen);

/**
 * bench_trace_stop - stop and destroy the session, stop our daemon
 * @t: the session's state; @t->discarded is set
 * @err: one sentence on failure (may be NULL)
 * @errlen: its size
 *
 * Safe to call after a failed or partial start, and more than once.
 * Return: 0 or -errno.
 */
int bench_trace_stop(struct bench_trace *t, char *err, size_t errlen);

/* Remove the tree at @path, not following links. Return 0 or -EIO. */
int bench_remove_tree(const char *path);

/**
 * bench_run_tool - run a program, no shell
 * @argv: its argument vector (PATH lookup on argv[0])
 * @out: its stdout and stderr, NUL-terminated, cut to @outlen
 * @outlen: the size of @out
 * Return: its exit status (128 + signal if killed), or -errno.
 */
int bench_run_tool(char *const argv[], char *out, size_t outlen);

#endif /* BENCH_TRACING_H */
