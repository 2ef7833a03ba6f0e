/* SPDX-License-Identifier: GPL-2.0 */
/* `irqlab soak`: the suite again and again, every run's books checked. */
#ifndef BENCH_SOAK_H
#define BENCH_SOAK_H

#include <stddef.h>
#include <stdint.h>

/**
 * bench_soak_check - check one complete run folder against itself
 * @dir: the run folder
 * @interrupts: the events it fired (all scenarios and designs)
 * @why: the first mismatch, one sentence naming the scenario and design
 *
 * summary.json must say complete; every design's books must balance
 * (fired = serviced + stranded, serviced = handler runs + coalesced), and
 * samples.bin must agree with summary.json record by record: as many
 * records, serviced and stranded events per scenario and design, one to
 * two events flagged coalesced per one counted so, the latency count,
 * minimum and maximum, and entry <= exit for every serviced event, ~0
 * for every stranded one.
 *
 * Return: the number of mismatches (0: none), or -errno if the folder
 * cannot be read (@why says what).
 */
int bench_soak_check(const char *dir, uint64_t *interrupts, char *why,
		     size_t whylen);

/* The command line: irqlab soak [CONFIG...] [--minutes N] ... */
int bench_soak_main(int argc, char **argv, const char *self);

#endif /* BENCH_SOAK_H */
