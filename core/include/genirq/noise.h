/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host noise seen from a spinning thread, the way osnoise and hwlatdetect
 * see it: a thread that only spins reads a cheap clock on every turn of
 * its loop, and a turn longer than a threshold is time the host took away
 * (another process, the hypervisor, an interrupt of the host). The
 * simulated CPUs' idle loop records into one (irq_cpu_set_noise()), and
 * so may any spinning thread of the caller's.
 *
 * A handler's own work is not a gap: the CPU ticks before each vector,
 * and the waits inside a handler (chip accesses, the driver's busy-wait)
 * tick too, so only code that runs more than the threshold without
 * waiting could read as noise, and the dispatch path has none.
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
#include <genirq/clock.h>
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
 * @armed: @prev is valid: false after the thread slept, which is not
 *         noise (writer only)
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

/* The loop's clock: genirq/clock.h's tick counter (the TSC on x86). */
static inline uint64_t irq_noise_ticks(void)
{
	return irq_clock_ticks();
}

/*
 * One idle turn of the loop at tick @t (irq_noise_ticks(), or the ticks
 * of irq_clock_ns_ticks(): one clock read for the turn's stamp and its
 * tick): a gap since the last one is recorded.
 */
static inline void irq_noise_tick_at(struct irq_noise *nz, uint64_t t)
{
	if (nz->armed && t - nz->prev > nz->threshold) {
		unsigned long n = nz->n;
		struct irq_noise_gap *g = &nz->gaps[n % IRQ_NOISE_CAP];

		/* Relaxed: a reader may be reading the slot it overwrites. */
		__atomic_store_n(&g->start, nz->prev, __ATOMIC_RELAXED);
		__atomic_store_n(&g->len, t - nz->prev, __ATOMIC_RELAXED);
		__atomic_store_n(&nz->n, n + 1, __ATOMIC_RELEASE);
	}
	nz->prev = t;
	nz->armed = true;
}

/* One idle turn of the loop: a gap since the last one is recorded. */
static inline void irq_noise_tick(struct irq_noise *nz)
{
	irq_noise_tick_at(nz, irq_noise_ticks());
}

/*
 * The calling thread's recorder, or NULL: set by irq_cpu_run() for a
 * spinning CPU and by any other spinning thread for itself, so that code
 * deep in a handler that waits anyway (a chip access's busy-wait, the
 * driver's work) can tick it, and a stall there is seen too.
 */
extern __thread struct irq_noise *irq_noise_current
	__attribute__((tls_model("initial-exec")));

static inline void irq_noise_tick_current(void)
{
	struct irq_noise *nz = irq_noise_current;

	if (nz)
		irq_noise_tick(nz);
}

/* The thread slept, which is not a gap. */
static inline void irq_noise_rearm(struct irq_noise *nz)
{
	nz->armed = false;
}

/**
 * irq_noise_read - copy gap @k (k < a mark) into @out
 *
 * Return: true, or false when the writer has since recorded so many
 * gaps that slot @k may hold a later one: the gap is lost. The writer
 * never stops, so the copy is checked against ->n after it is made.
 */
static inline bool irq_noise_read(const struct irq_noise *nz, unsigned long k,
				  struct irq_noise_gap *out)
{
	const struct irq_noise_gap *g = &nz->gaps[k % IRQ_NOISE_CAP];

	/* Acquire: the count is read after the copy, never before it. */
	out->start = __atomic_load_n(&g->start, __ATOMIC_ACQUIRE);
	out->len = __atomic_load_n(&g->len, __ATOMIC_ACQUIRE);
	return __atomic_load_n(&nz->n, __ATOMIC_ACQUIRE) - k < IRQ_NOISE_CAP;
}

/* Gaps recorded so far: a reader's mark. */
static inline unsigned long irq_noise_mark(const struct irq_noise *nz)
{
	return __atomic_load_n(&nz->n, __ATOMIC_ACQUIRE);
}

#endif /* GENIRQ_NOISE_H */
