/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host noise seen from a spinning thread, the way osnoise and hwlatdetect
 * see it: a thread that only spins reads a cheap clock on every turn of
 * its loop, and a turn longer than a threshold is time the host took away
 * (another process, the hypervisor, an interrupt of the host). The
 * simulated CPUs' idle loop records into one (irq_cpu_set_noise()), and
 * so may any spinning thread of the caller's.
 *
 * One writer, the spinning thread; any readers. Gaps go into a ring and
 * ->n counts every gap ever recorded (release after the gap's write), so
 * a reader takes ->n at two moments and reads the gaps between, without
 * stopping the writer; more than IRQ_NOISE_CAP gaps between two reads
 * lose the oldest, which the reader can tell from the count.
 */
#ifndef GENIRQ_NOISE_H
#define GENIRQ_NOISE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#define IRQ_NOISE_CAP 4096 /* gaps kept; a power of two */

/* One gap: @start and @len in irq_noise_ticks() units. */
struct irq_noise_gap {
	uint64_t start, len;
};

/**
 * struct irq_noise - a spinning thread's gaps
 * @threshold: a turn of the loop longer than this (ticks) is a gap
 * @prev: the clock at the previous turn (writer only)
 * @armed: @prev is valid: false after the thread did work or slept,
 *         which is not noise (writer only)
 * @n: gaps recorded since set up; gaps[n % IRQ_NOISE_CAP] is the next
 * @gaps: the ring
 */
struct irq_noise {
	uint64_t threshold;
	uint64_t prev;
	bool armed;
	unsigned long n;
	struct irq_noise_gap gaps[IRQ_NOISE_CAP];
};

/*
 * The loop's clock: the TSC where there is one (about 10 ns a read on
 * x86, where clock_gettime() costs 25), else CLOCK_MONOTONIC in ns. A
 * reader converts with two (ticks, CLOCK_MONOTONIC) pairs of its own.
 */
static inline uint64_t irq_noise_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __builtin_ia32_rdtsc();
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* One idle turn of the loop: a gap since the last one is recorded. */
static inline void irq_noise_tick(struct irq_noise *nz)
{
	uint64_t t = irq_noise_ticks();

	if (nz->armed && t - nz->prev > nz->threshold) {
		unsigned long n = nz->n;

		nz->gaps[n % IRQ_NOISE_CAP] =
			(struct irq_noise_gap){ nz->prev, t - nz->prev };
		__atomic_store_n(&nz->n, n + 1, __ATOMIC_RELEASE);
	}
	nz->prev = t;
	nz->armed = true;
}

/* The thread did work (ran a handler, fired) or slept: not a gap. */
static inline void irq_noise_rearm(struct irq_noise *nz)
{
	nz->armed = false;
}

/* Gaps recorded so far: a reader's mark. */
static inline unsigned long irq_noise_mark(const struct irq_noise *nz)
{
	return __atomic_load_n(&nz->n, __ATOMIC_ACQUIRE);
}

#endif /* GENIRQ_NOISE_H */
