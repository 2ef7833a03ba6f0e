/* SPDX-License-Identifier: GPL-2.0 */
/* The host's state at the start of a round (probe.c). */
#ifndef BENCH_PROBE_H
#define BENCH_PROBE_H

struct bench_topo;

/**
 * struct bench_probe - what the host did at the start of one round
 * @compute_ns: a fixed chain of 2048 dependent multiply-adds, the best of
 *	five tries, on the slower of the round's two PUs; it grows when a
 *	vCPU runs slower (a busy sibling hyperthread, a frequency step)
 * @clock_ns: one read of the stamp clock (bench_now_ns())
 * @handoff_ns: the one-way cache-line hand-off between the device
 *	thread's PU and simulated CPU 0's, half the median of 129 round
 *	trips; 0 where both are one PU
 *
 * All 0: the round was not probed.
 */
struct bench_probe {
	double compute_ns;
	double clock_ns;
	double handoff_ns;
};

/**
 * bench_probe_run - probe the host on the PUs a round is about to use
 * @t: the topology the PUs index
 * @device_pu: the device thread's PU
 * @cpu_pu: simulated CPU 0's PU
 * @ticks_per_ns: the noise recorders' clock rate (genirq/noise.h)
 * @out: the figures
 *
 * Starts and joins two pinned threads; call it with no other thread of
 * the run spinning on those PUs.
 *
 * Return: 0, or -errno if a thread could not be started or pinned.
 */
int bench_probe_run(const struct bench_topo *t, unsigned int device_pu,
		    unsigned int cpu_pu, double ticks_per_ns,
		    struct bench_probe *out);

#endif /* BENCH_PROBE_H */
