/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Recorded interrupt arrivals (replay.c): the reader of the recordings
 * pattern replay plays back, and what it knows about them. One module
 * owns the formats: the kernel's ftrace text (irq_handler_entry lines of
 * trace, trace_pipe or trace-cmd report), perf script output of the same
 * event (irq:irq_handler_entry), and a plain file of "NS IRQ" lines.
 * Read for irqlab import (bench_replay_read_pairs()), each entry is paired
 * with its irq_handler_exit on its CPU: the handlers' durations
 * (replay_pair.c keeps them).
 */
#ifndef BENCH_REPLAY_H
#define BENCH_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum bench_replay_format {
	BENCH_REPLAY_FTRACE, /* trace, trace_pipe, trace-cmd report */
	BENCH_REPLAY_PERF, /* perf script */
	BENCH_REPLAY_PLAIN, /* NS IRQ */
};

#define BENCH_REPLAY_NAME_MAX 64 /* an irq's name, with its NUL */
/* The longest span a source may have: 2^62 ns, about 146 years. */
#define BENCH_REPLAY_SPAN_MAX (1ULL << 62)
#define BENCH_REPLAY_MAX_IRQS 1024 /* distinct irqs in one recording */

/**
 * struct bench_replay_irq - one interrupt source of a recording
 * @num:	the kernel's irq number; -1 when the file names it only
 * @name:	the handler's name (ftrace, perf: name=); "" when none
 * @count:	its arrivals
 * @line:	the line of its first
 *
 * A shared line has one irq_handler_entry per handler for each
 * interrupt, so a source is a number and a name together: each of its
 * handlers sees every interrupt of the line once.
 */
struct bench_replay_irq {
	long num;
	char name[BENCH_REPLAY_NAME_MAX];
	size_t count;
	unsigned int line;
};

/**
 * struct bench_replay_handler - one irq's handler on one CPU, paired
 * @num:	the kernel's irq number
 * @name:	the handler's name (irq_handler_entry's name=)
 * @cpu:	the CPU it ran on
 * @line:	the line of its first entry
 * @ns:		its durations, exit - entry, in file order; @n of them
 * @skipped:	its exits without an entry (the trace began inside it) and
 *		its entry without an exit (the trace ended inside it)
 * @open:	an entry at @entry_ns (line @entry_line) waits for its exit
 */
struct bench_replay_handler {
	long num;
	char name[BENCH_REPLAY_NAME_MAX];
	unsigned int cpu, line;
	uint64_t *ns;
	size_t n, cap;
	size_t skipped;
	bool open;
	uint64_t entry_ns;
	unsigned int entry_line;
};

/**
 * struct bench_replay - a recording, read
 * @format:	the format its content showed
 * @irqs:	its sources, in order of first arrival
 * @nr_irqs:	how many
 * @lines:	lines read
 * @skipped:	event lines of other events (another tracepoint), left out
 * @sel:	the source bench_replay_select() chose; -1 before
 * @t:		its arrivals, ns from its first, ascending
 * @n:		how many
 * @loop_ns:	one pass of the recording when it is played in a loop:
 *		its span plus one mean gap (at least 1 ns), so that the last
 *		arrival and the first of the next pass are as far apart as
 *		the average two
 * @handlers:	read by bench_replay_read_pairs(): each irq's handler on
 *		each CPU with its durations, in order of first entry;
 *		@nr_handlers of them
 * @exits_alone: exits of an irq no entry on their CPU ever named
 */
struct bench_replay {
	enum bench_replay_format format;
	struct bench_replay_irq *irqs;
	size_t nr_irqs;
	unsigned int lines;
	size_t skipped;
	int sel;
	uint64_t *t;
	size_t n;
	uint64_t loop_ns;
	struct bench_replay_handler *handlers;
	size_t nr_handlers;
	size_t exits_alone;
	/* Private: every arrival as read, in file order. */
	struct bench_replay_arrival {
		uint64_t ns;
		uint32_t irq;
	} * all;
	size_t nr_all;
};

/**
 * bench_replay_read - read a recording from @f
 * @f: the recording's text
 * @path: its name in messages
 * @out: the recording, to free with bench_replay_free()
 * @err: one sentence "PATH:LINE: what is wrong" on failure
 * @errlen: its size
 *
 * The format is the one the first line that is not a comment shows;
 * every later line must be of it. Comments (#) and blank lines are
 * skipped, and trace-cmd report's own header lines. Lines of other
 * events of the same format are skipped and counted; a line that is no
 * event line of the format, a timestamp that is not seconds, a tracer's
 * note of lost events, an irq_handler_entry line without irq= and
 * name= are refused at their line.
 *
 * Return: 0, -EINVAL with @err filled, -ENOMEM.
 */
int bench_replay_read(FILE *f, const char *path, struct bench_replay **out,
		      char *err, size_t errlen);

/**
 * bench_replay_read_pairs - read an irq trace, entries paired with exits
 * @f, @path, @out, @err, @errlen: as bench_replay_read()
 *
 * As bench_replay_read(), for ftrace and perf script text only, and
 * irq_handler_exit lines are read too ("irq=N ret=handled"): each is
 * paired with the entry of its irq open on its CPU into @out->handlers.
 * An exit without one is skipped and counted (the trace began inside
 * the handler), as is an entry still open at the end; a second entry of
 * an irq open on its CPU, or an exit stamped before its entry, is refused
 * at its line.
 *
 * Return: 0, -EINVAL with @err filled, -ENOMEM.
 */
int bench_replay_read_pairs(FILE *f, const char *path,
			    struct bench_replay **out, char *err,
			    size_t errlen);

/*
 * replay_pair.c: @r's handler @num/@name on @cpu entered at @ns (line
 * @line): 0, -EEXIST when one of @num is open on @cpu already (*@open_line
 * says where), -ENOMEM; and its exit: 0 (paired or counted), -ERANGE for
 * an exit before its entry.
 */
int bench_replay_pair_entry(struct bench_replay *r, unsigned int cpu, long num,
			    const char *name, size_t len, uint64_t ns,
			    unsigned int line, unsigned int *open_line);
int bench_replay_pair_exit(struct bench_replay *r, unsigned int cpu, long num,
			   uint64_t ns);
/* Count the entries still open, at the end of the trace. */
void bench_replay_pair_close(struct bench_replay *r);

/**
 * bench_replay_load - open the regular file @path and read it
 * @path: the recording
 * @out: as bench_replay_read()
 * @err: on failure, one sentence naming the file (and line)
 * @errlen: its size
 *
 * Return: 0, -errno when it cannot be opened (or is no regular file:
 * -EINVAL), or bench_replay_read()'s error.
 */
int bench_replay_load(const char *path, struct bench_replay **out, char *err,
		      size_t errlen);

void bench_replay_free(struct bench_replay *r);

/**
 * bench_replay_find - the source replay_irq = @want names
 * @r: the recording
 * @want: an irq number, or a name; "" (or NULL): the only source. Digits
 *	only are a number: a handler named "6" is found by its irq number
 *
 * Return: its index in @r->irqs; -ENOENT when none has that number or
 * name; -EEXIST when several have it (a number with two handlers, a
 * name on two numbers) or, for "", when the recording has several.
 */
int bench_replay_find(const struct bench_replay *r, const char *want);

/**
 * bench_replay_select - make source @i the one played
 * @r: the recording
 * @i: an index from bench_replay_find()
 *
 * Fills @r->t, @r->n and @r->loop_ns.
 * Return: 0; -EINVAL when the source has fewer than two arrivals at
 * different instants (nothing to play as a sequence); -ENOMEM.
 */
int bench_replay_select(struct bench_replay *r, int i);

/* "28 virtio1-req.0 (2557 arrivals), ...": the sources, for messages. */
void bench_replay_irqs(const struct bench_replay *r, char *buf, size_t len);
/* "28 virtio1-req.0", "28", "eth0": source @i as messages name it. */
void bench_replay_irq_name(const struct bench_replay *r, int i, char *buf,
			   size_t len);
const char *bench_replay_format_name(enum bench_replay_format f);

/**
 * bench_replay_capacity - the most arrivals any block can fire
 * @r: a recording, selected
 * @window_ns: a block's length in recording time (stimulus ns x speed)
 *
 * The recording is played in a loop: the whole passes a window holds,
 * plus the most arrivals a window of the rest can hold, wherever it
 * starts; plus two for rounding at the window's ends.
 */
uint64_t bench_replay_capacity(const struct bench_replay *r, double window_ns);

#endif /* BENCH_REPLAY_H */
