/* SPDX-License-Identifier: GPL-2.0 */
/* irqlab run --repeat N: the same run N times, a process each. */
#ifndef BENCH_REPEAT_H
#define BENCH_REPEAT_H

#include <stdbool.h>

/**
 * bench_repeat - run `irqlab run` @n times into @dir/run-1 .. run-@n
 * @argc, @argv: the run's command line (argv[0] is "run"); --repeat and
 *               -o are taken out, --no-report and -q added
 * @self: this program's path
 * @dir: the folder of the runs (must not exist: the first run makes it)
 *
 * Each run is a process of its own, one after the other. Return: 0,
 * BENCH_EXIT_FAIL or BENCH_EXIT_INTERRUPTED at the first run that did not
 * finish (its output's last line was printed), or -ENOMEM.
 */
int bench_repeat(int argc, char **argv, const char *self, unsigned int n,
		 const char *dir, bool quiet);

#endif /* BENCH_REPEAT_H */
