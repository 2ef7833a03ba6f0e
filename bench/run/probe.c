// SPDX-License-Identifier: GPL-2.0
/*
 * The host's state at the start of each round, measured on the PUs the
 * round then uses: how fast each PU runs a fixed chain of dependent
 * arithmetic, what one read of the stamp clock costs, and the one-way
 * cache-line hand-off between the device thread's PU and simulated CPU
 * 0's. A virtual machine's vCPUs can run slower for tens of seconds (a
 * neighbour on the sibling hyperthread, a host frequency step, a vCPU
 * moved to another core), and every latency of those rounds moves with
 * them, whatever the design; the probe lets a verdict tell such rounds
 * apart from what the design did (docs/statistics.md, "Host speed").
 *
 * The probe takes well under a millisecond per round, before the round's
 * threads start, so it measures the host and not the harness. Those
 * figures are the build's own code timed, so a change under test can
 * move them; the kernel's accounting of what it took from a round
 * (steal time, the threads' run delay; bench_steal_ns(),
 * bench_thread_run_delay_ns()) is read here too, and no build moves it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <genirq/noise.h>

#include "bench/bench.h"
#include "bench/probe.h"

#define COMPUTE_STEPS 2048 /* dependent multiply-adds, a few us */
#define CLOCK_READS 64
#define TRIES 5 /* the best of: a try the host interrupted reads long */
#define ROUND_TRIPS 129 /* odd: the median is one of them */
#define ABORT_WORD (~0UL) /* a side could not be pinned */

/* ns of the chain of dependent steps; the best of TRIES. */
static double compute_ns(double ticks_per_ns)
{
	uint64_t best = UINT64_MAX;

	for (int t = 0; t < TRIES; t++) {
		volatile uint64_t seed = 1;
		uint64_t x = seed, k0 = irq_noise_ticks(), k;

		for (int i = 0; i < COMPUTE_STEPS; i++)
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		seed = x;
		k = irq_noise_ticks() - k0;
		if (k < best)
			best = k;
	}
	return (double)best / ticks_per_ns;
}

/* ns of one stamp-clock read; the best of TRIES. */
static double clock_ns(double ticks_per_ns)
{
	uint64_t best = UINT64_MAX;

	for (int t = 0; t < TRIES; t++) {
		volatile uint64_t sink = 0;
		uint64_t k0 = irq_noise_ticks(), k;

		for (int i = 0; i < CLOCK_READS; i++)
			sink += bench_now_ns();
		k = irq_noise_ticks() - k0;
		if (k < best)
			best = k;
	}
	return (double)best / ticks_per_ns / CLOCK_READS;
}

struct side {
	const struct bench_topo *topo;
	unsigned int pu;
	unsigned long *word;
	unsigned int *ready; /* both sides bound */
	bool ping; /* sends the odd values and times the round trips */
	bool pair; /* false: one PU, nothing to hand over */
	double ticks_per_ns;
	double compute_ns;
	double handoff_ns; /* ping: the median round trip / 2 */
	int ret;
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Ping stores each odd value and waits for pong's next even one; pong
 * waits for each odd value and answers. A side that cannot be pinned
 * stores ABORT_WORD, which ends the other's wait.
 */
static void *side_main(void *arg)
{
	struct side *s = arg;
	uint64_t rt[ROUND_TRIPS];

	s->ret = bench_topo_bind(s->topo, s->pu);
	if (s->ret) {
		__atomic_store_n(s->word, ABORT_WORD, __ATOMIC_RELEASE);
		return NULL;
	}
	/*
	 * Both PUs compute at once: in a round both spin, and a vCPU whose
	 * sibling hyperthread is busy runs slower than one alone.
	 */
	if (s->pair) {
		__atomic_add_fetch(s->ready, 1, __ATOMIC_ACQ_REL);
		while (__atomic_load_n(s->ready, __ATOMIC_ACQUIRE) < 2)
			if (__atomic_load_n(s->word, __ATOMIC_ACQUIRE) ==
			    ABORT_WORD)
				return NULL;
	}
	s->compute_ns = compute_ns(s->ticks_per_ns);
	for (unsigned long v = 0, i = 0; s->pair && i < ROUND_TRIPS;
	     v += 2, i++) {
		unsigned long want = s->ping ? v + 2 : v + 1, w;
		uint64_t k0 = irq_noise_ticks();

		if (s->ping)
			__atomic_store_n(s->word, v + 1, __ATOMIC_RELEASE);
		while ((w = __atomic_load_n(s->word, __ATOMIC_ACQUIRE)) != want)
			if (w == ABORT_WORD)
				return NULL;
		if (!s->ping)
			__atomic_store_n(s->word, v + 2, __ATOMIC_RELEASE);
		rt[i] = irq_noise_ticks() - k0;
	}
	if (s->pair && s->ping) {
		qsort(rt, ROUND_TRIPS, sizeof(rt[0]), cmp_u64);
		s->handoff_ns =
			(double)rt[ROUND_TRIPS / 2] / s->ticks_per_ns / 2;
	}
	return NULL;
}

int bench_probe_run(const struct bench_topo *t, unsigned int device_pu,
		    unsigned int cpu_pu, double ticks_per_ns,
		    struct bench_probe *out)
{
	unsigned long word = 0;
	unsigned int ready = 0;
	struct side s[2] = {
		{ t, cpu_pu, &word, &ready, true, true, ticks_per_ns, 0, 0, 0 },
		{ t, device_pu, &word, &ready, false, true, ticks_per_ns, 0, 0,
		  0 },
	};
	pthread_t th[2];
	int ret;

	memset(out, 0, sizeof(*out));
	if (ticks_per_ns <= 0)
		return -EINVAL;
	out->clock_ns = clock_ns(ticks_per_ns);
	if (device_pu == cpu_pu) {
		/* One PU: nothing to hand over; its speed alone. */
		s[1].pair = false;
		ret = -pthread_create(&th[0], NULL, side_main, &s[1]);
		if (ret)
			return ret;
		pthread_join(th[0], NULL);
		out->compute_ns = s[1].compute_ns;
		return s[1].ret;
	}
	ret = -pthread_create(&th[1], NULL, side_main, &s[1]);
	if (ret)
		return ret;
	ret = -pthread_create(&th[0], NULL, side_main, &s[0]);
	if (ret) {
		__atomic_store_n(&word, ABORT_WORD, __ATOMIC_RELEASE);
		pthread_join(th[1], NULL);
		return ret;
	}
	pthread_join(th[0], NULL);
	pthread_join(th[1], NULL);
	if (s[0].ret || s[1].ret)
		return s[0].ret ? s[0].ret : s[1].ret;
	out->compute_ns = s[0].compute_ns > s[1].compute_ns ? s[0].compute_ns :
							      s[1].compute_ns;
	out->handoff_ns = s[0].handoff_ns;
	return 0;
}

int bench_steal_ns(const struct bench_topo *t, const unsigned int *pus,
		   size_t n, double *out)
{
	char line[512];
	unsigned long long steal, sum = 0;
	bool want[1024] = { false };
	unsigned int cpu, found = 0, wanted = 0;
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f;

	for (size_t i = 0; i < n; i++) {
		int os = bench_topo_os_index(t, pus[i]);

		if (os < 0 || os >= 1024)
			return -EINVAL;
		wanted += !want[os];
		want[os] = true;
	}
	f = fopen("/proc/stat", "re");
	if (!f)
		return -errno;
	/* cpuN user nice system idle iowait irq softirq steal ... */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "cpu%u %*u %*u %*u %*u %*u %*u %*u %llu", &cpu,
			   &steal) == 2 &&
		    cpu < 1024 && want[cpu]) {
			sum += steal;
			found++;
		}
	fclose(f);
	if (found != wanted || hz <= 0)
		return -ENOENT;
	*out = (double)sum * 1e9 / (double)hz;
	return 0;
}

uint64_t bench_thread_run_delay_ns(void)
{
	unsigned long long run, wait = 0;
	FILE *f = fopen("/proc/thread-self/schedstat", "re");

	if (!f)
		return 0;
	if (fscanf(f, "%llu %llu", &run, &wait) != 2)
		wait = 0;
	fclose(f);
	return wait;
}
