/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The affinity races a scenario stages (key race, docs/configs.md): the
 * line's handler moves the line to the next simulated CPU as it runs, so
 * that the next interrupt arrives on the new CPU while the old one is
 * still in the handler, and the books of what each core's flow then did
 * (race.c). Each family moves the line through its own core's
 * irq_set_affinity() (struct bench_race_family).
 */
#ifndef BENCH_RUN_RACE_H
#define BENCH_RUN_RACE_H

#include "bench/bench.h"
#include "race6.h"

struct bench_line;

/* 2.6.18's: irq_set_affinity() and the chip's ->set_affinity (race.c). */
extern const struct bench_race_family bench_race_2618;

/**
 * struct bench_race_state - a line's race while a block runs
 * @family:	the core that runs the block's design
 * @irq:	the line's irq in that core
 * @cpus:	the simulated CPUs the line moves among
 * @target:	the CPU the line was last moved to (the handler's writes)
 * @books:	what the block did so far
 * @loop:	handler runs off the target in a row, now
 * @waits0:	the core's waits when the block began, and their time
 */
struct bench_race_state {
	const struct bench_race_family *family;
	unsigned int irq;
	unsigned int cpus;
	unsigned int target;
	struct bench_race_books books;
	uint64_t loop;
	uint64_t waits0, wait_ns0;
};

/*
 * Before a block, for line @irq of @family's core: the line on CPU 0, the message-signalled form of a
 * fasteoi race's GIC line, the family's own settings (@resend: the
 * design sets IRQD_RESEND_WHEN_IN_PROGRESS). Return: 0 or -errno.
 */
int bench_race_block_begin(struct bench_line *l,
			   const struct bench_race_family *family,
			   unsigned int irq, bool resend);
/*
 * bench_race_block_begin() with design @d's family, after the line was
 * requested; on failure the line is freed and @err says why.
 */
int bench_race_begin_design(struct bench_line *l, enum bench_design d,
			    char *err, size_t errlen);
/* From the handler, on the CPU that runs it: move, or count a rerun. */
void bench_race_handler(struct bench_line *l);
/*
 * After a block (the line freed): add the block's books to @res, with the
 * register accesses of the line's mask and retrigger operations from the chip's counts @s0, @s1.
 */
void bench_race_block_end(struct bench_line *l, const struct chip_stats *s0,
			  const struct chip_stats *s1,
			  struct bench_result *res);

#endif /* BENCH_RUN_RACE_H */
