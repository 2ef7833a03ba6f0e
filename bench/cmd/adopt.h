/* SPDX-License-Identifier: GPL-2.0 */
/* `irqlab adopt FOLDER`: a run folder made elsewhere, installed here. */
#ifndef BENCH_ADOPT_H
#define BENCH_ADOPT_H

int bench_adopt_main(int argc, char **argv);

#endif /* BENCH_ADOPT_H */
