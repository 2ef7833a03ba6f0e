/* SPDX-License-Identifier: GPL-2.0 */
/* Instructions per dispatch under callgrind, and each step's (callgrind.c). */
#ifndef BENCH_CALLGRIND_H
#define BENCH_CALLGRIND_H

#define BENCH_CG_STEPS 8 /* the largest steps kept; the rest are summed */

/**
 * struct bench_cg_step - one function's own instructions per dispatch
 * @fn:	its name, as the binary's symbols give it
 * @ir:	instructions per dispatch executed in it, not in its callees
 */
struct bench_cg_step {
	char fn[64];
	double ir;
};

/**
 * struct bench_cg - a dispatch counted under callgrind
 * @ir:		instructions per dispatch, the action body excluded
 * @steps:	the functions they were executed in, largest first
 * @nsteps:	how many; one named "(other)" sums those past the last
 */
struct bench_cg {
	double ir;
	struct bench_cg_step steps[BENCH_CG_STEPS];
	unsigned int nsteps;
};

/**
 * bench_callgrind_dispatch - count one flow's dispatch under callgrind
 * @valgrind: the valgrind binary
 * @argv: the dispatch command, NULL-terminated, its last two arguments
 *	the flow and the interrupts per round (bench_dispatch_main())
 * @entry: the function every dispatch enters (do_IRQ()'s body, whose
 *	copy the command runs); only what runs inside it is counted, so
 *	neither start-up nor the harness's loop is
 * @action: the action body's function, whose instructions are not the
 *	dispatch's
 * @dispatches: interrupts the command dispatches in all
 * @cg: the result
 *
 * Return: 0, or -errno when valgrind fails or its output is unreadable.
 */
int bench_callgrind_dispatch(const char *valgrind, char *const argv[],
			     const char *entry, const char *action,
			     double dispatches, struct bench_cg *cg);

#endif /* BENCH_CALLGRIND_H */
