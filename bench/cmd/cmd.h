/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to the irqlab command (bench/cmd/main.c and bench/cmd/cmd_*.c,
 * built into the executable, not into libirqlab_bench): the command line
 * of `irqlab run` and `irqlab bench` once parsed (cmd_args.c), the
 * measurements made outside scenarios (cmd_measure.c) and the run driver
 * (cmd_run.c).
 */
#ifndef BENCH_CMD_H
#define BENCH_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include "bench/bench.h"
#include "run/tracing.h"

/* The command line of `irqlab run`, parsed. */
struct run_args {
	struct bench_params p;
	struct bench_trace_opts topts;
	bool tracing, allow_loss, no_report;
	struct bench_break brk; /* threshold from --break-us */
	unsigned int repeat; /* --repeat N: 0, or N runs a process each */
};

#define RUN_HELP_PRINTED (-1)

/**
 * bench_cmd_usage_error - one line on stderr about a bad command line
 * @cmd: the command ("run", "list")
 * @what: what is wrong
 * @arg: the argument at fault
 */
void bench_cmd_usage_error(const char *cmd, const char *what, const char *arg);

/**
 * bench_cmd_parse_run_args - the command line of `irqlab run` or `bench`
 * @argc: its argument count, from the command name on
 * @argv: its arguments
 * @bench: irqlab bench (its usage, its default config)
 * @a: the options parsed
 *
 * Return: 0: run; RUN_HELP_PRINTED: --help was printed; BENCH_EXIT_USAGE:
 * a bad command line, said on stderr.
 */
int bench_cmd_parse_run_args(int argc, char **argv, bool bench,
			     struct run_args *a);

#define DISPATCH_FLOWS 8

/* A traced run's session and what it measured before the scenarios. */
struct traced {
	struct bench_trace trace;
	struct bench_run_dispatch dispatch[DISPATCH_FLOWS];
	unsigned int nr_dispatch;
	double event_ns;
};

/**
 * bench_cmd_trace_begin - what the tracepoints cost, then a session
 * @a: the command line
 * @t: the traced run
 * @run: the run folder; the trace goes into it
 * @err: one sentence on failure
 * @errlen: its size
 *
 * Return: 0 or -EIO.
 */
int bench_cmd_trace_begin(const struct run_args *a, struct traced *t,
			  struct bench_run *run, char *err, size_t errlen);

/**
 * bench_cmd_trace_end - end a traced run's session
 * @a: the command line
 * @t: the traced run
 * @run: the run folder, which records the trace in summary.json
 * @rc: the run's result so far
 *
 * Writes the flight recorder out if asked and stops the session.
 *
 * Return: @rc, or the failure that replaces it (a snapshot or session
 * error, events discarded without --allow-trace-loss).
 */
int bench_cmd_trace_end(const struct run_args *a, struct traced *t,
			struct bench_run *run, int rc);

/**
 * bench_cmd_measure_perf - irqlab bench's own measurements
 * @run: the run folder; they go into its summary.json
 * @topo: the machine
 * @p: the command line (--quick, --quiet)
 * @err: one sentence on failure
 * @errlen: its size
 *
 * Return: 0 or -ENOMEM.
 */
int bench_cmd_measure_perf(struct bench_run *run, const struct bench_topo *topo,
			   const struct bench_params *p, char *err,
			   size_t errlen);

/**
 * bench_cmd_run - `irqlab run` and `irqlab bench`
 * @argc: the argument count, from the command name on
 * @argv: the arguments
 * @bench: irqlab bench: its own measurements first, configs/bench.ini
 *
 * Return: the exit status (enum in bench.h).
 */
int bench_cmd_run(int argc, char **argv, bool bench);

/* irqlab export, irqlab lami (cmd_export.c), irqlab history (cmd_history.c). */
int bench_cmd_export(int argc, char **argv);
int bench_cmd_lami(int argc, char **argv);
int bench_cmd_history(int argc, char **argv);
/* irqlab import (cmd_import.c, docs/import.md): its exit status. */
int bench_import_main(int argc, char **argv);

#endif /* BENCH_CMD_H */
