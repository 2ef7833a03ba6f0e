// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated arch's clock (genirq/clock.h): choosing the TSC where it
 * is invariant, and measuring its rate against CLOCK_MONOTONIC, as the
 * kernel's tsc_refine_calibration_work() does against a reference clock.
 * Not part of genirq 2.6.18: the kernel has its clocks in arch code and
 * kernel/time; the harness needs one that costs little to read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/clock.h>

struct irq_clock irq_clock = { .ticks_per_ns = 1 };

#define CAL_NS 20000000ULL /* the calibration's span */
#define CAL_READS 64 /* pairs per end: the tightest is kept */

/* Does /proc/cpuinfo list both flags of an invariant TSC? */
static bool tsc_invariant(char *why, size_t len)
{
	char line[4096];
	bool constant = false, nonstop = false;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f) {
		snprintf(why, len,
			 "no /proc/cpuinfo to say if it is invariant");
		return false;
	}
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5)) {
			constant = strstr(line, " constant_tsc") != NULL;
			nonstop = strstr(line, " nonstop_tsc") != NULL;
			break;
		}
	fclose(f);
	if (!constant || !nonstop)
		snprintf(why, len, "the TSC is not invariant (%s missing)",
			 constant ? "nonstop_tsc" : "constant_tsc");
	return constant && nonstop;
}

/*
 * A (TSC, CLOCK_MONOTONIC) pair: the clock read bracketed by two TSC
 * reads, the tightest of CAL_READS; @width is the bracket in ticks.
 */
static void pair(uint64_t *k, uint64_t *ns, uint64_t *width)
{
	*width = UINT64_MAX;
	for (int i = 0; i < CAL_READS; i++) {
		uint64_t a = irq_clock_ticks(), m = irq_clock_monotonic_ns(),
			 b = irq_clock_ticks();

		if (b - a < *width) {
			*width = b - a;
			*k = a + (b - a) / 2;
			*ns = m;
		}
	}
}

/* The best of many stamps' cost, ns. */
static double read_cost(void)
{
	double best = 1e9;

	for (int r = 0; r < 20; r++) {
		uint64_t a = irq_clock_monotonic_ns(), b;
		volatile uint64_t sink = 0;

		for (int i = 0; i < 100; i++)
			sink += irq_clock_ns();
		b = irq_clock_monotonic_ns();
		if ((double)(b - a) / 100 < best)
			best = (double)(b - a) / 100;
	}
	return best;
}

static struct irq_clock_info clock_info;

/*
 * Before main(): every stamp of the process, and every loop's rate, then
 * comes from one calibration.
 */
__attribute__((constructor)) static void irq_clock_init(void)
{
	struct irq_clock_info in = { .source = "clock_gettime" };
	const char *want = getenv("IRQLAB_CLOCK");
	struct timespec ts = { 0, (long)CAL_NS };
	uint64_t k0, n0, w0, k1, n1, w1;
	bool invariant;

	irq_clock = (struct irq_clock){ .ticks_per_ns = 1 };
	/* The tick counter's rate, which loops use with or without stamps. */
	pair(&k0, &n0, &w0);
	nanosleep(&ts, NULL);
	pair(&k1, &n1, &w1);
	irq_clock.ticks_per_ns = (double)(k1 - k0) / (double)(n1 - n0);
	/* Each end is known to its bracket, and to the clock's ns. */
	in.error_ppm = ((double)(w0 + w1) / irq_clock.ticks_per_ns + 2) /
		       (double)(n1 - n0) * 1e6;
#if defined(__x86_64__)
	in.ticks_per_ns = irq_clock.ticks_per_ns;
	invariant = tsc_invariant(in.why, sizeof(in.why));
	if (want && !strcmp(want, "monotonic")) {
		snprintf(in.why, sizeof(in.why), "IRQLAB_CLOCK=monotonic");
	} else if (invariant) {
		irq_clock.mult =
			(uint64_t)(4294967296.0 / irq_clock.ticks_per_ns + 0.5);
		irq_clock.k0 = k1;
		irq_clock.ns0 = n1;
		irq_clock.tsc = true;
		in.source = "tsc";
	}
#else
	snprintf(in.why, sizeof(in.why), "not an x86-64 machine");
	in.error_ppm = 0;
	(void)want;
	(void)invariant;
#endif
	in.read_ns = read_cost();
	clock_info = in;
}

const struct irq_clock_info *irq_clock_info(void)
{
	return &clock_info;
}
