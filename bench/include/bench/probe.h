/* SPDX-License-Identifier: GPL-2.0 */
/* The host's state at the start of a round (probe.c). */
#ifndef BENCH_PROBE_H
#define BENCH_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
 * @steal_ns: the hypervisor's steal time on the round's PUs over the
 *	whole round (/proc/stat, in its 1/USER_HZ ticks)
 * @run_delay_ns: how long the round's simulated CPUs and device
 *	threads waited for a CPU while runnable (/proc/thread-self/schedstat),
 *	summed over them
 * @accounted: @steal_ns and @run_delay_ns were read
 *
 * The first three are a build's own code timed (the build under test
 * can move them); the last two are the kernel's accounting of what was
 * taken from the round, which no build can change. All 0: the round was
 * neither probed nor accounted.
 */
struct bench_probe {
	double compute_ns;
	double clock_ns;
	double handoff_ns;
	double steal_ns;
	double run_delay_ns;
	bool accounted;
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

/**
 * bench_steal_ns - the hypervisor's steal time on some PUs so far
 * @t: the topology the PUs index
 * @pus: logical PU indices (repeats are counted once)
 * @n: how many
 * @out: ns of steal summed over their OS CPUs, since boot
 *
 * Return: 0, or -errno: /proc/stat unreadable, a synthetic PU, or a CPU
 * that /proc/stat does not list.
 */
int bench_steal_ns(const struct bench_topo *t, const unsigned int *pus,
		   size_t n, double *out);

/*
 * The calling thread's run delay so far: ns it spent runnable and
 * waiting for a CPU (/proc/thread-self/schedstat's second field); 0
 * where the kernel keeps no schedstats.
 */
uint64_t bench_thread_run_delay_ns(void);

#endif /* BENCH_PROBE_H */
