/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The modern family's side of the affinity races (race6.c, the one file
 * of bench/run/ that includes genirq6's headers; this header includes
 * neither core's): the race family of the v6 designs, and the edge flow
 * without the 2025 fix that design v6-nofix puts on the line.
 */
#ifndef BENCH_RUN_RACE6_H
#define BENCH_RUN_RACE6_H

#include <stdbool.h>
#include <stdint.h>

/**
 * struct bench_race_family - how one generation of the core moves a line
 * @move:	irq_set_affinity(@irq, the mask of @cpu) through that core's
 *		API, from the handler (hard interrupt context); 0 or -errno
 * @prepare:	before a block: the line's own settings for the race
 *		(@resend: the modern family's IRQD_RESEND_WHEN_IN_PROGRESS);
 *		NULL: none
 * @waits:	the core's migration waits so far and their time (ns);
 *		NULL: the core has none (2.6.18)
 */
struct bench_race_family {
	int (*move)(unsigned int irq, unsigned int cpu);
	void (*prepare)(unsigned int irq, bool resend);
	void (*waits)(uint64_t *n, uint64_t *ns);
};

/* genirq6's irq_set_affinity(), IRQD_RESEND_WHEN_IN_PROGRESS, its waits. */
extern const struct bench_race_family bench_race_v6;

/*
 * Put genirq6 line @irq on handle_edge_irq_nofix() if its modern driver
 * set handle_edge_irq; any other flow stays. Return: the flow now set
 * is the nofix one.
 */
int bench_race6_nofix(unsigned int irq);

#endif /* BENCH_RUN_RACE6_H */
