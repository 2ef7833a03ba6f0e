/* SPDX-License-Identifier: GPL-2.0 */
/* `irqlab soak`: the suite again and again, every run's books checked. */
#ifndef BENCH_SOAK_H
#define BENCH_SOAK_H

#include <stddef.h>
#include <stdint.h>

/* Check one complete run folder against itself (soak.c). */
int bench_soak_check(const char *dir, uint64_t *interrupts, char *why,
		     size_t whylen);

/* The command line: irqlab soak [CONFIG...] [--minutes N] ... */
int bench_soak_main(int argc, char **argv, const char *self);

#endif /* BENCH_SOAK_H */
