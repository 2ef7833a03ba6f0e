/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated arch's clock, the user-space counterpart of the kernel's
 * sched_clock() on x86: the TSC, scaled to ns with a mult/shift measured
 * against CLOCK_MONOTONIC when the process starts (the kernel's cyc2ns), used
 * only where the TSC is invariant (constant and non-stop); elsewhere, and
 * on request (IRQLAB_CLOCK=monotonic), CLOCK_MONOTONIC itself. A stamp
 * then costs one ordered TSC read and a multiply, about a third of what
 * clock_gettime() costs in a virtual machine (docs/results.md, clock).
 *
 * irq_clock_ns() stays comparable with CLOCK_MONOTONIC (the trace's
 * clock): it is anchored to it at the calibration, and drifts from it by
 * at most the measured rate's error, a few parts per million.
 */
#ifndef GENIRQ_CLOCK_H
#define GENIRQ_CLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/**
 * struct irq_clock - the stamp clock's state, set once before main()
 * @tsc: stamps come from the TSC (else from CLOCK_MONOTONIC)
 * @k0: the TSC at the anchor
 * @ns0: CLOCK_MONOTONIC at the anchor
 * @mult: ns per tick, times 2^32
 * @ticks_per_ns: the measured rate (1 without a TSC)
 */
struct irq_clock {
	bool tsc;
	uint64_t k0, ns0, mult;
	double ticks_per_ns;
};

extern struct irq_clock irq_clock;

/**
 * struct irq_clock_info - what the calibration found, for the record
 * @source: "tsc" or "clock_gettime"
 * @why: why not the TSC ("" when it is used)
 * @ticks_per_ns: the TSC's rate (0 without one)
 * @error_ppm: the rate's error bound, parts per million
 * @read_ns: one stamp's cost, the best of many
 */
struct irq_clock_info {
	const char *source;
	char why[96];
	double ticks_per_ns, error_ppm, read_ns;
};

static inline uint64_t irq_clock_monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * The tick counter: the TSC where there is one (unordered: for intervals
 * of a loop, not for stamps), else CLOCK_MONOTONIC in ns.
 */
static inline uint64_t irq_clock_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __builtin_ia32_rdtsc();
#else
	return irq_clock_monotonic_ns();
#endif
}

#if defined(__x86_64__)
/* TSC value @k as a stamp (only where irq_clock.tsc). */
static inline uint64_t irq_clock_tsc_ns(uint64_t k)
{
	return irq_clock.ns0 +
	       (uint64_t)(((unsigned __int128)(k - irq_clock.k0) *
			   irq_clock.mult) >>
			  32);
}
#endif

/*
 * A stamp, ns on CLOCK_MONOTONIC's scale. The TSC read is ordered after
 * every earlier load (lfence, as the kernel's rdtsc_ordered()): a stamp
 * taken after seeing a flag is not taken before the flag was read.
 */
static inline uint64_t irq_clock_ns(void)
{
#if defined(__x86_64__)
	if (irq_clock.tsc) {
		__builtin_ia32_lfence();
		return irq_clock_tsc_ns(__builtin_ia32_rdtsc());
	}
#endif
	return irq_clock_monotonic_ns();
}

/*
 * A stamp whose TSC read is not ordered (no lfence): it may be taken
 * before earlier loads completed, a few ns early, but never after a
 * later store became visible (stores leave the core in order, after the
 * read retired). For a thread that stamps its own work, where nothing
 * another thread stored decides what the stamp means: an inline line's
 * stamps (one thread), a handler's exit, the device's fire (taken before
 * the event is published, so an early read only lengthens a latency).
 * About 9 ns here against 15 ordered (docs/bench.md).
 */
static inline uint64_t irq_clock_ns_unordered(void)
{
#if defined(__x86_64__)
	if (irq_clock.tsc)
		return irq_clock_tsc_ns(__builtin_ia32_rdtsc());
#endif
	return irq_clock_monotonic_ns();
}

/*
 * One unordered read for two uses: the tick counter's value (for a
 * noise tick) in *@ticks, and the stamp it makes. With the TSC as the
 * stamp clock both come from one TSC value; elsewhere each is read.
 */
static inline uint64_t irq_clock_ns_ticks(uint64_t *ticks)
{
#if defined(__x86_64__)
	if (irq_clock.tsc) {
		uint64_t k = __builtin_ia32_rdtsc();

		*ticks = k;
		return irq_clock_tsc_ns(k);
	}
#endif
	*ticks = irq_clock_ticks();
	return irq_clock_monotonic_ns();
}

/**
 * irq_clock_info - what the process's clock calibration found
 *
 * The calibration runs once, before main() (about 20 ms of sleep between
 * two readings of both clocks), so that no thread stamps before it.
 *
 * Return: the record, never NULL.
 */
const struct irq_clock_info *irq_clock_info(void);

#endif /* GENIRQ_CLOCK_H */
