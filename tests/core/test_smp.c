// SPDX-License-Identifier: GPL-2.0
/*
 * Several simulated CPUs dispatching the same lines at once. The descriptor
 * lock and the INPROGRESS/PENDING protocol of kernel/irq/chip.c and
 * handle.c (2.6.18) must keep a line's actions on one CPU at a time, and
 * handle_edge_irq() and __do_IRQ() must service every arrival: one that
 * finds the line busy on another CPU leaves PENDING behind, and the busy CPU
 * runs the actions again for it. handle_level_irq() and
 * handle_fasteoi_irq() drop such an arrival by design (a level source is
 * still asserted when the line is unmasked or EOIed, and raises again), so
 * for them only the exclusion is checked. disable_irq(), enable_irq() with
 * its resend, and request_irq()/free_irq() of a shared action are exercised
 * while other CPUs dispatch.
 *
 * Worker threads attach as CPUs 1..n and call do_IRQ(); the main thread is
 * CPU 0. Nothing is asserted while workers run (a failed cmocka assertion
 * leaves the test by longjmp): they count, the main thread asserts after
 * joining them.
 */
#define _GNU_SOURCE /* pthread_setaffinity_np, CPU_SET */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "fake_chip.h"

/* Sizes: rounds x arrivals per round, 20,000 per CPU; disable cycles. */
#define SMP_ROUNDS 2000
#define SMP_PER_ROUND 10
#define SMP_CYCLES 200
#define SMP_WORK 200 /* handler busy loop, iterations */
#define SMP_MAX_CPUS 5 /* CPU 0 (main) and up to 4 workers */
#define SMP_MAX_LINES 5
#define SMP_DISABLED_ARRIVALS 50 /* fired at a disabled line per cycle */
#define SMP_WAIT_S 10 /* a wait this long means a hang */

#define IRQ 9
#define IRQ_MULTI 16

/*
 * The test's own counters use relaxed atomics. seq_cst (or acquire/release)
 * operations would be synchronisation to TSan, and a happens-before edge
 * the test adds between CPUs could hide a race in the core. Where an
 * assertion needs ordering, the descriptor lock provides it (see
 * smp_handler()).
 */
#define relaxed_load(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define relaxed_store(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define relaxed_inc(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)
#define relaxed_dec(p) __atomic_fetch_sub((p), 1, __ATOMIC_RELAXED)

static void relaxed_max(unsigned long *p, unsigned long v)
{
	unsigned long cur = relaxed_load(p);

	while (cur < v &&
	       !__atomic_compare_exchange_n(p, &cur, v, true, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		;
}

/*
 * A counting chip. fake_chip's recording ops take a mutex on every call;
 * between CPUs that mutex is synchronisation the kernel's chips do not
 * have, and it would both serialise the flows and hide races from TSan.
 */
static unsigned long chip_count[FAKE_NR_OPS][NR_IRQS];

static void chip_note(enum fake_op op, unsigned int irq)
{
	relaxed_inc(&chip_count[op][irq]);
}

static unsigned long chip_calls(enum fake_op op, unsigned int irq)
{
	return relaxed_load(&chip_count[op][irq]);
}

static unsigned int smp_startup(unsigned int irq)
{
	chip_note(FAKE_STARTUP, irq);
	return 0;
}

static void smp_shutdown(unsigned int irq)
{
	chip_note(FAKE_SHUTDOWN, irq);
}

static void smp_enable(unsigned int irq)
{
	chip_note(FAKE_ENABLE, irq);
}

static void smp_disable(unsigned int irq)
{
	chip_note(FAKE_DISABLE, irq);
}

static void smp_ack(unsigned int irq)
{
	chip_note(FAKE_ACK, irq);
}

static void smp_mask(unsigned int irq)
{
	chip_note(FAKE_MASK, irq);
}

static void smp_mask_ack(unsigned int irq)
{
	chip_note(FAKE_MASK_ACK, irq);
}

static void smp_unmask(unsigned int irq)
{
	chip_note(FAKE_UNMASK, irq);
}

static void smp_eoi(unsigned int irq)
{
	chip_note(FAKE_EOI, irq);
}

static void smp_end(unsigned int irq)
{
	chip_note(FAKE_END, irq);
}

/* 0: no hardware resend, so enable_irq() uses the software queue. */
static int smp_retrigger(unsigned int irq)
{
	chip_note(FAKE_RETRIGGER, irq);
	return 0;
}

/* clang-format off */
static struct irq_chip smp_chip = {
	.name		= "SMP",
	.startup	= smp_startup,
	.shutdown	= smp_shutdown,
	.enable		= smp_enable,
	.disable	= smp_disable,
	.ack		= smp_ack,
	.mask		= smp_mask,
	.mask_ack	= smp_mask_ack,
	.unmask		= smp_unmask,
	.eoi		= smp_eoi,
	.end		= smp_end,
	.retrigger	= smp_retrigger,
};
/* clang-format on */

/**
 * struct smp_line - one line under test; the dev_id of its action
 * @irq:		interrupt number
 * @flow:		flow handler; NULL for __do_IRQ()
 * @exact:		the flow services every arrival (edge, __do_IRQ)
 * @hold:		the first pass waits for @release (handshake test)
 * @arrivals:		instances raised: incremented before each do_IRQ()
 * @max_seen:		largest @arrivals read at an action's entry
 * @passes:		runs of the action
 * @passes_cpu:		runs of the action, per CPU
 * @in_flight:		CPUs inside the action now
 * @overlaps:		entries that found another CPU inside
 * @bad:		entries with a wrong irq or CPU number
 * @disabled:		set by the main thread while the line is disabled
 * @while_disabled:	entries that saw @disabled
 * @missed_rounds:	rounds that ended with an arrival not serviced
 * @held:		the first pass is waiting
 * @release:		let the first pass go on
 * @timeouts:		waits that ran out
 */
struct smp_line {
	unsigned int irq;
	irq_flow_handler_t flow;
	bool exact;
	bool hold;
	unsigned long arrivals;
	unsigned long max_seen;
	unsigned long passes;
	unsigned long passes_cpu[SMP_MAX_CPUS];
	int in_flight;
	unsigned long overlaps;
	unsigned long bad;
	bool disabled;
	unsigned long while_disabled;
	unsigned long missed_rounds;
	unsigned long held;
	unsigned long release;
	unsigned long timeouts;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wait until *@p > @v; false when that took SMP_WAIT_S (a hang). */
static bool wait_above(const unsigned long *p, unsigned long v)
{
	double deadline = now_s() + SMP_WAIT_S;

	while (relaxed_load(p) <= v) {
		if (now_s() > deadline)
			return false;
		sched_yield();
	}
	return true;
}

static void busy_work(unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		__asm__ __volatile__("" ::: "memory");
}

/*
 * The action. "No instance left behind" rests on what it reads at entry:
 * arrival k is counted (@arrivals = k) before its do_IRQ(), and whichever
 * pass services it starts after a lock hand-off from that do_IRQ() (the
 * arriving CPU's own pass, or the busy CPU's next pass after it saw
 * PENDING under the lock), so that pass reads @arrivals >= k. Hence, once
 * every do_IRQ() has returned, @max_seen == @arrivals exactly when the
 * last arrival was serviced.
 */
static irqreturn_t smp_handler(int irq, void *dev_id)
{
	struct smp_line *l = dev_id;
	unsigned int cpu = smp_processor_id();
	unsigned long pass;

	if (__atomic_fetch_add(&l->in_flight, 1, __ATOMIC_RELAXED))
		relaxed_inc(&l->overlaps);
	relaxed_max(&l->max_seen, relaxed_load(&l->arrivals));
	if ((unsigned int)irq != l->irq || cpu >= SMP_MAX_CPUS)
		relaxed_inc(&l->bad);
	else
		relaxed_inc(&l->passes_cpu[cpu]);
	if (relaxed_load(&l->disabled))
		relaxed_inc(&l->while_disabled);
	pass = relaxed_inc(&l->passes);

	if (l->hold && pass == 0) {
		relaxed_store(&l->held, 1);
		if (!wait_above(&l->release, 0))
			relaxed_inc(&l->timeouts);
	}
	busy_work(SMP_WORK);

	relaxed_dec(&l->in_flight);
	return IRQ_HANDLED;
}

/* A line wired to smp_chip with @flow and smp_handler as its action. */
static void line_init(struct smp_line *l, unsigned int irq,
		      irq_flow_handler_t flow, unsigned long flags)
{
	*l = (struct smp_line){
		.irq = irq,
		.flow = flow,
		.exact = flow == handle_edge_irq || !flow,
	};
	set_irq_chip_and_handler(irq, &smp_chip, flow);
	assert_int_equal(request_irq(irq, smp_handler, flags, "smp", l), 0);
}

/*
 * A spinning barrier. pthread_barrier_wait() wakes the waiters one futex
 * wake-up (tens of microseconds here) apart, longer than a round takes, so
 * the CPUs would run their rounds one after the other instead of together.
 * Spinners yield every @yield_every spins: seldom when each CPU has a core
 * (a sched_yield() takes longer than a round), often when the CPUs
 * outnumber the cores and the ones still to come need ours.
 * Acquire/release: the CPU that checks a round must see every CPU's
 * counts of it.
 */
struct smp_barrier {
	unsigned int waiting;
	unsigned int generation;
	unsigned int yield_every;
};

/* Return: true on the one CPU that arrived last. */
static bool smp_barrier_wait(struct smp_barrier *b, unsigned int n)
{
	unsigned int gen = __atomic_load_n(&b->generation, __ATOMIC_ACQUIRE);
	unsigned int spins = 0;

	if (__atomic_add_fetch(&b->waiting, 1, __ATOMIC_ACQ_REL) == n) {
		relaxed_store(&b->waiting, 0);
		__atomic_store_n(&b->generation, gen + 1, __ATOMIC_RELEASE);
		return true;
	}
	while (__atomic_load_n(&b->generation, __ATOMIC_ACQUIRE) == gen) {
		if (++spins % b->yield_every == 0)
			sched_yield();
	}
	return false;
}

/**
 * struct smp_run - what the worker CPUs do
 * @lines:	lines to fire, round robin from an offset per CPU
 * @nr_lines:	how many
 * @nr_cpus:	workers, attached as CPUs 1..@nr_cpus
 * @rounds:	rounds of @per_round arrivals per CPU; 0: fire until @stop
 * @per_round:	arrivals per CPU per round
 * @barrier:	round start and end
 * @stop:	set by the main thread to end a run with @rounds == 0
 */
struct smp_run {
	struct smp_line *lines;
	unsigned int nr_lines;
	unsigned int nr_cpus;
	unsigned int rounds;
	unsigned int per_round;
	struct smp_barrier barrier;
	bool stop;
};

struct smp_worker {
	struct smp_run *run;
	unsigned int cpu;
	pthread_t thread;
	int attach_ret;
	unsigned int rng;
	unsigned long fired[SMP_MAX_LINES];
};

/*
 * A random pause before each arrival, up to twice a pass's work: without
 * it the CPUs fall into a lockstep in which every arrival meets the other
 * CPU at the same point of its pass, and few interleavings are tried.
 */
static void jitter(struct smp_worker *w)
{
	w->rng ^= w->rng << 13; /* xorshift32 */
	w->rng ^= w->rng >> 17;
	w->rng ^= w->rng << 5;
	busy_work(w->rng % (2 * SMP_WORK));
}

static void fire(struct smp_worker *w, unsigned long i)
{
	struct smp_run *run = w->run;
	unsigned int n = (unsigned int)((i + w->cpu) % run->nr_lines);
	struct smp_line *l = &run->lines[n];

	jitter(w);
	relaxed_inc(&l->arrivals);
	w->fired[n]++;
	do_IRQ(l->irq);
}

/*
 * Run by one CPU once every CPU's do_IRQ() of the round has returned, so
 * no pass is running or owed. Why this catches a flow that loses an edge:
 * if handle_edge_irq() or __do_IRQ() only acked (and masked) an instance
 * that found INPROGRESS, instead of also setting PENDING, then a last
 * arrival k that comes while another CPU runs a pass which read
 * @arrivals < k is never run for: that pass ends, finds no PENDING, clears
 * INPROGRESS, and no later pass reads k, so @max_seen < @arrivals here.
 * Rounds end with every CPU firing its last arrivals at about the same
 * time, and the action works after reading @arrivals, so that interleaving
 * comes up in some of the rounds: a copy of handle_edge_irq() without the
 * PENDING mark, installed with set_irq_handler(), failed 10 to 270 of the
 * 2000 rounds with 2 or 4 CPUs (1 to 24 under TSan) in every one of ten
 * tries. test_*_second_arrival_* below produce the interleaving
 * deterministically.
 */
static void check_round(struct smp_run *run)
{
	for (unsigned int n = 0; n < run->nr_lines; n++) {
		struct smp_line *l = &run->lines[n];

		if (l->exact &&
		    relaxed_load(&l->max_seen) != relaxed_load(&l->arrivals))
			relaxed_inc(&l->missed_rounds);
	}
}

/* The cores this process may run on, in @allowed; 0 when unknown. */
static int usable_cores(cpu_set_t *allowed)
{
	if (sched_getaffinity(0, sizeof(*allowed), allowed))
		return 0;
	return CPU_COUNT(allowed);
}

/*
 * Put simulated CPU @cpu on the @cpu'th core the process may use, modulo
 * their number. Left to itself the scheduler may keep two workers on one
 * core for a whole test, and they would take turns instead of racing.
 * Best effort: where pinning is refused the test still runs.
 */
static void pin_to_core(unsigned int cpu)
{
	cpu_set_t allowed, one;
	int nr = usable_cores(&allowed), k;

	if (nr < 2)
		return;
	k = (int)(cpu % (unsigned int)nr);
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &allowed) || k--)
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		pthread_setaffinity_np(pthread_self(), sizeof(one), &one);
		return;
	}
}

static void *smp_worker_fn(void *arg)
{
	struct smp_worker *w = arg;
	struct smp_run *run = w->run;
	unsigned long i = 0;

	pin_to_core(w->cpu);
	w->attach_ret = irq_cpu_attach(w->cpu);
	if (!run->rounds) {
		/* Yield now and then: the main thread shares our cores. */
		while (!relaxed_load(&run->stop)) {
			fire(w, i++);
			if (i % 64 == 0)
				sched_yield();
		}
		return NULL;
	}
	for (unsigned int r = 0; r < run->rounds; r++) {
		smp_barrier_wait(&run->barrier, run->nr_cpus);
		for (unsigned int k = 0; k < run->per_round; k++)
			fire(w, i++);
		if (smp_barrier_wait(&run->barrier, run->nr_cpus))
			check_round(run);
	}
	return NULL;
}

static void run_start(struct smp_run *run, struct smp_worker *w)
{
	cpu_set_t allowed;

	assert_true(run->nr_cpus < SMP_MAX_CPUS);
	assert_true(run->nr_lines <= SMP_MAX_LINES);
	run->barrier.yield_every =
		(int)run->nr_cpus > usable_cores(&allowed) ? 16 : 16384;
	for (unsigned int c = 0; c < run->nr_cpus; c++) {
		w[c] = (struct smp_worker){
			.run = run,
			.cpu = c + 1,
			.rng = 2463534242u * (c + 1),
		};
		assert_int_equal(pthread_create(&w[c].thread, NULL,
						smp_worker_fn, &w[c]),
				 0);
	}
}

static void run_join(struct smp_run *run, struct smp_worker *w)
{
	relaxed_store(&run->stop, true);
	for (unsigned int c = 0; c < run->nr_cpus; c++) {
		assert_int_equal(pthread_join(w[c].thread, NULL), 0);
		assert_int_equal(w[c].attach_ret, 0);
	}
}

/*
 * After the workers are joined: exclusion, service, a clean line, and
 * kstat against what each flow counts. Line @n of @run.
 */
static void check_line(const struct smp_run *run, const struct smp_worker *w,
		       unsigned int n)
{
	const struct smp_line *l = &run->lines[n];
	unsigned int irq = l->irq;
	unsigned long kstat = kstat_irqs(irq), sum = 0, fired = 0;

	assert_int_equal(l->overlaps, 0);
	assert_int_equal(l->bad, 0);
	assert_int_equal(l->in_flight, 0);
	for (unsigned int c = 0; c < run->nr_cpus; c++)
		fired += w[c].fired[n];
	assert_int_equal(fired, l->arrivals);
	assert_true(l->passes > 0);
	assert_true(l->passes <= l->arrivals);
	if (l->exact) {
		assert_int_equal(l->missed_rounds, 0);
		assert_int_equal(l->max_seen, l->arrivals);
	}
	assert_false(irq_desc[irq].status & (IRQ_INPROGRESS | IRQ_PENDING));

	/* The main thread fired nothing, and kstat_irqs() sums the rows. */
	assert_int_equal(kstat_irqs_cpu(irq, 0), 0);
	for (unsigned int c = 1; c <= run->nr_cpus; c++)
		sum += kstat_irqs_cpu(irq, (int)c);
	assert_int_equal(sum, kstat);

	if (l->flow == handle_edge_irq) {
		/*
		 * An arrival either starts a run (counted, acked) or finds
		 * the line busy and is mask_acked as PENDING. Every run makes
		 * one pass on its CPU, plus one per PENDING it found.
		 */
		assert_int_equal(kstat + chip_calls(FAKE_MASK_ACK, irq),
				 l->arrivals);
		assert_int_equal(chip_calls(FAKE_ACK, irq), kstat);
		assert_true(l->passes - kstat <=
			    chip_calls(FAKE_MASK_ACK, irq));
		assert_true(chip_calls(FAKE_UNMASK, irq) <=
			    chip_calls(FAKE_MASK_ACK, irq));
		for (unsigned int c = 1; c <= run->nr_cpus; c++) {
			assert_true(kstat_irqs_cpu(irq, (int)c) <=
				    l->passes_cpu[c]);
			assert_true(kstat_irqs_cpu(irq, (int)c) <=
				    w[c - 1].fired[n]);
		}
	} else if (l->flow == handle_level_irq ||
		   l->flow == handle_fasteoi_irq) {
		/* Counted exactly when not INPROGRESS; one pass each. */
		for (unsigned int c = 1; c <= run->nr_cpus; c++)
			assert_int_equal(kstat_irqs_cpu(irq, (int)c),
					 l->passes_cpu[c]);
		if (l->flow == handle_level_irq) {
			assert_int_equal(chip_calls(FAKE_MASK_ACK, irq),
					 l->arrivals);
			assert_int_equal(chip_calls(FAKE_UNMASK, irq),
					 l->passes);
		} else {
			assert_int_equal(chip_calls(FAKE_EOI, irq),
					 l->arrivals);
		}
	} else {
		/* __do_IRQ() counts, acks and ends every arrival. */
		for (unsigned int c = 1; c <= run->nr_cpus; c++)
			assert_int_equal(kstat_irqs_cpu(irq, (int)c),
					 w[c - 1].fired[n]);
		assert_int_equal(chip_calls(FAKE_ACK, irq), l->arrivals);
		assert_int_equal(chip_calls(FAKE_END, irq), l->arrivals);
	}
}

struct smp_param {
	irq_flow_handler_t flow;
	unsigned int nr_cpus;
};

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	memset(chip_count, 0, sizeof(chip_count));
	return 0;
}

/* Every CPU hammers one line. */
static void test_one_line(void **state)
{
	const struct smp_param *p = *state;
	struct smp_line l;
	struct smp_run run = {
		.lines = &l,
		.nr_lines = 1,
		.nr_cpus = p->nr_cpus,
		.rounds = SMP_ROUNDS,
		.per_round = SMP_PER_ROUND,
	};
	struct smp_worker w[SMP_MAX_CPUS];

	line_init(&l, IRQ, p->flow, 0);
	run_start(&run, w);
	run_join(&run, w);

	assert_int_equal(l.arrivals, (unsigned long)p->nr_cpus * SMP_ROUNDS *
					     SMP_PER_ROUND);
	check_line(&run, w, 0);
	assert_int_equal(genirq_warn_count(), 0);
}

/*
 * Four CPUs on five lines, each CPU starting at a different line, so lines
 * are dispatched on several CPUs at once and each CPU moves from line to
 * line. Each line keeps its own exclusion and its own counts.
 */
static void test_many_lines(void **state)
{
	static const irq_flow_handler_t flows[SMP_MAX_LINES] = {
		handle_edge_irq,
		handle_edge_irq,
		handle_level_irq,
		handle_fasteoi_irq,
		NULL,
	};
	struct smp_line lines[SMP_MAX_LINES];
	struct smp_run run = {
		.lines = lines,
		.nr_lines = SMP_MAX_LINES,
		.nr_cpus = 4,
		.rounds = SMP_ROUNDS,
		.per_round = SMP_PER_ROUND,
	};
	struct smp_worker w[SMP_MAX_CPUS];

	(void)state;
	for (unsigned int n = 0; n < SMP_MAX_LINES; n++)
		line_init(&lines[n], IRQ_MULTI + n, flows[n], 0);
	run_start(&run, w);
	run_join(&run, w);

	for (unsigned int n = 0; n < SMP_MAX_LINES; n++)
		check_line(&run, w, n);
	assert_int_equal(genirq_warn_count(), 0);
}

static void *first_cpu_fn(void *arg)
{
	struct smp_line *l = arg;

	irq_cpu_attach(1);
	relaxed_inc(&l->arrivals);
	do_IRQ(l->irq);
	return NULL;
}

static void *second_cpu_fn(void *arg)
{
	struct smp_line *l = arg;

	irq_cpu_attach(2);
	if (wait_above(&l->held, 0)) {
		relaxed_inc(&l->arrivals);
		do_IRQ(l->irq);
	} else {
		relaxed_inc(&l->timeouts);
	}
	relaxed_store(&l->release, 1);
	return NULL;
}

/*
 * CPU 1 runs the action and holds it; CPU 2 raises the line meanwhile and
 * its do_IRQ() returns; then CPU 1 finishes. Returns the line's passes.
 */
static unsigned long second_arrival(struct smp_line *l, irq_flow_handler_t flow)
{
	pthread_t t1, t2;

	line_init(l, IRQ, flow, 0);
	l->hold = true;
	assert_int_equal(pthread_create(&t1, NULL, first_cpu_fn, l), 0);
	assert_int_equal(pthread_create(&t2, NULL, second_cpu_fn, l), 0);
	assert_int_equal(pthread_join(t1, NULL), 0);
	assert_int_equal(pthread_join(t2, NULL), 0);

	assert_int_equal(l->timeouts, 0);
	assert_int_equal(l->arrivals, 2);
	assert_int_equal(l->overlaps, 0);
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	/* Whatever ran, ran on CPU 1: CPU 2 found the line busy. */
	assert_int_equal(l->passes_cpu[1], l->passes);
	assert_int_equal(l->passes_cpu[2], 0);
	return l->passes;
}

/* The edge CPU 2 raised is left PENDING; CPU 1 runs the actions again. */
static void test_edge_second_arrival_is_replayed(void **state)
{
	struct smp_line l;

	(void)state;
	assert_int_equal(second_arrival(&l, handle_edge_irq), 2);
	assert_int_equal(l.max_seen, 2);
	assert_int_equal(kstat_irqs_cpu(IRQ, 1), 1);
	assert_int_equal(kstat_irqs_cpu(IRQ, 2), 0);
	/* CPU 2 masked the line; CPU 1's second pass unmasked it. */
	assert_int_equal(chip_calls(FAKE_ACK, IRQ), 1);
	assert_int_equal(chip_calls(FAKE_MASK_ACK, IRQ), 1);
	assert_int_equal(chip_calls(FAKE_UNMASK, IRQ), 1);
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);
}

static void test_do_irq_second_arrival_is_replayed(void **state)
{
	struct smp_line l;

	(void)state;
	assert_int_equal(second_arrival(&l, NULL), 2);
	assert_int_equal(l.max_seen, 2);
	assert_int_equal(kstat_irqs_cpu(IRQ, 1), 1);
	assert_int_equal(kstat_irqs_cpu(IRQ, 2), 1);
	assert_int_equal(chip_calls(FAKE_ACK, IRQ), 2);
	assert_int_equal(chip_calls(FAKE_END, IRQ), 2);
}

/*
 * The level flow drops the second instance, by design: CPU 2 mask_acks and
 * leaves, CPU 1 unmasks after its one pass, and a source that is still
 * asserted raises again then. This is the loss the edge assertions above
 * would catch.
 */
static void test_level_second_arrival_is_dropped(void **state)
{
	struct smp_line l;

	(void)state;
	assert_int_equal(second_arrival(&l, handle_level_irq), 1);
	assert_int_equal(l.max_seen, 1);
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_int_equal(chip_calls(FAKE_MASK_ACK, IRQ), 2);
	assert_int_equal(chip_calls(FAKE_UNMASK, IRQ), 1);
}

static void test_fasteoi_second_arrival_is_dropped(void **state)
{
	struct smp_line l;

	(void)state;
	assert_int_equal(second_arrival(&l, handle_fasteoi_irq), 1);
	assert_int_equal(l.max_seen, 1);
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_int_equal(chip_calls(FAKE_EOI, IRQ), 2);
}

static void *fire_disabled_fn(void *arg)
{
	struct smp_line *l = arg;

	irq_cpu_attach(1);
	for (int i = 0; i < 3; i++) {
		relaxed_inc(&l->arrivals);
		do_IRQ(l->irq);
	}
	return NULL;
}

/*
 * disable_irq() from CPU 0 while CPUs 1-2 fire: it returns only when no
 * action runs, none runs while the line stays disabled, and the instance
 * that came meanwhile is replayed after enable_irq(). Then once more with
 * the workers stopped, to see the replay go through the resend queue.
 */
static void test_disable_while_firing(void **state)
{
	const struct smp_param *p = *state;
	struct smp_line l;
	struct smp_run run = { .lines = &l, .nr_lines = 1, .nr_cpus = 2 };
	struct smp_worker w[SMP_MAX_CPUS];
	unsigned long busy = 0, ran = 0, stalls = 0, passes, arrivals;
	unsigned long retrigger, cpu0;
	pthread_t t;

	line_init(&l, IRQ, p->flow, 0);
	run_start(&run, w);
	for (unsigned int c = 0; c < SMP_CYCLES; c++) {
		if (!wait_above(&l.passes, relaxed_load(&l.passes)))
			stalls++;
		disable_irq(IRQ);
		relaxed_store(&l.disabled, true);
		if (relaxed_load(&l.in_flight))
			busy++;
		passes = relaxed_load(&l.passes);
		arrivals = relaxed_load(&l.arrivals);
		if (!wait_above(&l.arrivals, arrivals + SMP_DISABLED_ARRIVALS))
			stalls++;
		if (relaxed_load(&l.passes) != passes ||
		    relaxed_load(&l.in_flight))
			ran++;
		relaxed_store(&l.disabled, false);
		enable_irq(IRQ);
		irq_resend_flush();
	}
	run_join(&run, w);
	irq_resend_flush();

	assert_int_equal(stalls, 0);
	assert_int_equal(busy, 0);
	assert_int_equal(ran, 0);
	assert_int_equal(l.while_disabled, 0);
	assert_int_equal(l.overlaps, 0);
	assert_int_equal(l.bad, 0);
	assert_int_equal(l.max_seen, l.arrivals);
	assert_true(l.passes <= l.arrivals);
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));

	/* CPU 1 fires three times at the disabled line. */
	disable_irq(IRQ);
	passes = l.passes;
	arrivals = l.arrivals;
	retrigger = chip_calls(FAKE_RETRIGGER, IRQ);
	cpu0 = kstat_irqs_cpu(IRQ, 0);
	assert_int_equal(pthread_create(&t, NULL, fire_disabled_fn, &l), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(l.arrivals, arrivals + 3);
	assert_int_equal(l.passes, passes);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);

	/* enable_irq() queues the resend; the flush replays it on CPU 0. */
	enable_irq(IRQ);
	assert_int_equal(chip_calls(FAKE_RETRIGGER, IRQ), retrigger + 1);
	assert_int_equal(l.passes, passes);
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	irq_resend_flush();
	assert_int_equal(l.passes, passes + 1);
	assert_int_equal(kstat_irqs_cpu(IRQ, 0), cpu0 + 1);
	assert_int_equal(l.max_seen, l.arrivals);
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING |
					     IRQ_REPLAY | IRQ_DISABLED));
	assert_int_equal(genirq_warn_count(), 0);
}

/**
 * struct smp_dev - the second device on a shared line
 * @runs:	runs of its action
 * @in_flight:	CPUs inside its action now
 * @overlaps:	entries that found another CPU inside
 */
struct smp_dev {
	unsigned long runs;
	int in_flight;
	unsigned long overlaps;
};

static irqreturn_t smp_dev_handler(int irq, void *dev_id)
{
	struct smp_dev *d = dev_id;

	(void)irq;
	if (__atomic_fetch_add(&d->in_flight, 1, __ATOMIC_RELAXED))
		relaxed_inc(&d->overlaps);
	relaxed_inc(&d->runs);
	busy_work(SMP_WORK);
	relaxed_dec(&d->in_flight);
	return IRQ_HANDLED;
}

/*
 * A second SA_SHIRQ action comes and goes while CPUs 1-2 dispatch the line.
 * Its dev_id is freed as soon as free_irq() returns, and free_irq() frees
 * the irqaction, so an action that ran late would be a use after free
 * (ASan) or a race with free() (TSan). The first action keeps running.
 */
static void test_shared_request_free_while_firing(void **state)
{
	struct smp_line l;
	struct smp_run run = { .lines = &l, .nr_lines = 1, .nr_cpus = 2 };
	struct smp_worker w[SMP_MAX_CPUS];
	unsigned long errors = 0, stalls = 0, unsafe = 0;

	(void)state;
	line_init(&l, IRQ, handle_edge_irq, SA_SHIRQ);
	run_start(&run, w);
	for (unsigned int c = 0; c < SMP_CYCLES; c++) {
		struct smp_dev *d = calloc(1, sizeof(*d));
		unsigned long passes = relaxed_load(&l.passes);

		if (!d ||
		    request_irq(IRQ, smp_dev_handler, SA_SHIRQ, "smp-b", d)) {
			errors++;
			free(d);
			continue;
		}
		/* Both actions have run while both were on the line. */
		if (!wait_above(&d->runs, 0) || !wait_above(&l.passes, passes))
			stalls++;
		free_irq(IRQ, d);
		if (relaxed_load(&d->in_flight) || relaxed_load(&d->overlaps))
			unsafe++;
		free(d);
	}
	run_join(&run, w);

	assert_int_equal(errors, 0);
	assert_int_equal(stalls, 0);
	assert_int_equal(unsafe, 0);
	assert_int_equal(l.overlaps, 0);
	assert_int_equal(l.bad, 0);
	assert_int_equal(l.max_seen, l.arrivals);
	assert_ptr_equal(irq_desc[IRQ].action->dev_id, &l);
	assert_null(irq_desc[IRQ].action->next);
	assert_false(irq_desc[IRQ].status &
		     (IRQ_INPROGRESS | IRQ_PENDING | IRQ_DISABLED));
	assert_int_equal(chip_calls(FAKE_SHUTDOWN, IRQ), 0);
	assert_int_equal(genirq_warn_count(), 0);
}

static const struct smp_param edge2 = { handle_edge_irq, 2 };
static const struct smp_param edge4 = { handle_edge_irq, 4 };
static const struct smp_param do_irq2 = { NULL, 2 };
static const struct smp_param do_irq4 = { NULL, 4 };
static const struct smp_param level2 = { handle_level_irq, 2 };
static const struct smp_param level4 = { handle_level_irq, 4 };
static const struct smp_param fasteoi2 = { handle_fasteoi_irq, 2 };
static const struct smp_param fasteoi4 = { handle_fasteoi_irq, 4 };

#define SMP_TEST(name, fn, param)                      \
	{                                              \
		name, fn, setup, NULL, (void *)(param) \
	}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SMP_TEST("test_one_line_edge_2cpus", test_one_line, &edge2),
		SMP_TEST("test_one_line_edge_4cpus", test_one_line, &edge4),
		SMP_TEST("test_one_line_do_irq_2cpus", test_one_line, &do_irq2),
		SMP_TEST("test_one_line_do_irq_4cpus", test_one_line, &do_irq4),
		SMP_TEST("test_one_line_level_2cpus", test_one_line, &level2),
		SMP_TEST("test_one_line_level_4cpus", test_one_line, &level4),
		SMP_TEST("test_one_line_fasteoi_2cpus", test_one_line,
			 &fasteoi2),
		SMP_TEST("test_one_line_fasteoi_4cpus", test_one_line,
			 &fasteoi4),
		SMP_TEST("test_many_lines_4cpus", test_many_lines, NULL),
		cmocka_unit_test_setup(test_edge_second_arrival_is_replayed,
				       setup),
		cmocka_unit_test_setup(test_do_irq_second_arrival_is_replayed,
				       setup),
		cmocka_unit_test_setup(test_level_second_arrival_is_dropped,
				       setup),
		cmocka_unit_test_setup(test_fasteoi_second_arrival_is_dropped,
				       setup),
		SMP_TEST("test_disable_while_firing_edge",
			 test_disable_while_firing, &edge2),
		SMP_TEST("test_disable_while_firing_do_irq",
			 test_disable_while_firing, &do_irq2),
		cmocka_unit_test_setup(test_shared_request_free_while_firing,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
