// SPDX-License-Identifier: GPL-2.0
/*
 * One scenario: build its chip, start its simulated CPUs as pinned
 * threads, then run its designs interleaved in blocks (A B A B ...), each
 * block of each design on the same stimulus (same seed), so that machine
 * drift hits every design alike. After each block the line is freed, the
 * books are checked (every fired event serviced once or stranded, the
 * handler's tally equal to the slots' stamps) and the samples are written.
 *
 * Threads: the control thread (this one) and a non-inline device thread
 * act as simulated CPU 0 with interrupts disabled, so that an interrupt
 * they cause is left pending for the CPU thread instead of being taken
 * where they stand. In inline mode the device thread is CPU 0 with
 * interrupts on, and takes what it raises at once.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <chips/uio.h>
#include <genirq/cpu.h>
#include <irqlab/trace.h>
#include "break.h"
#include "device/chipset.h"
#include "designs/designs.h"
#include "device/device.h"
#include "noise_set.h"
#include "race.h"
#include "scenario_books.h"
#include "device/driver.h"
#include "scenario.h"

#define BLOCK_LEAD_NS 2000000ULL /* device thread start-up before a block */

/* A simulated CPU, or (chip uio) the real device's entry thread. */
struct cpu_thread {
	pthread_t tid;
	const struct bench_topo *topo;
	unsigned int cpu, pu;
	enum irq_cpu_wait mode;
	struct chip_model *uio;
	bool fail_pin; /* fault pin */
	int ret; /* binding it */
	int bound; /* 0 until it tried: then 1, or -1 if it failed */
	int entry_ret; /* uio: the entry thread's failure (uio_block says) */
	uint64_t *run_delay_ns; /* the round's sum (probe.h) */
};

/* Add what the calling thread waited for a CPU since @since to @sum. */
static void run_delay_add(uint64_t *sum, uint64_t since)
{
	__atomic_fetch_add(sum, bench_thread_run_delay_ns() - since,
			   __ATOMIC_RELAXED);
}

static void *cpu_main(void *arg)
{
	struct cpu_thread *c = arg;
	uint64_t delay0 = bench_thread_run_delay_ns();

	c->ret = c->fail_pin ? -EPERM : bench_topo_bind(c->topo, c->pu);
	__atomic_store_n(&c->bound, c->ret ? -1 : 1, __ATOMIC_RELEASE);
	if (!c->ret && c->uio)
		c->entry_ret = uio_chip_entry(c->uio, c->mode == IRQ_CPU_SPIN);
	else if (!c->ret)
		c->ret = irq_cpu_run(c->cpu, c->mode);
	run_delay_add(c->run_delay_ns, delay0);
	return NULL;
}

static void cpu_stop(struct cpu_thread *c)
{
	if (c->uio)
		uio_chip_stop(c->uio);
	else
		irq_cpu_stop(c->cpu);
}

/*
 * Chip uio: what the kernel delivered in a block, and whether every
 * access to the device worked; an irq_chip operation cannot fail, so a
 * failed one is found here and fails the block.
 */
static int uio_block(const struct bench_scenario *sc, enum bench_design d,
		     const struct bench_chip_inst *ci,
		     const struct uio_chip_stats *u0, struct bench_result *res,
		     char *err, size_t errlen)
{
	const struct uio_dev *dev = uio_chip_dev(ci->m[0]);
	struct uio_chip_stats u1;

	uio_chip_stats(ci->m[0], &u1);
	res->uio_mask = uio_mask_name(uio_chip_mask(ci->m[0]));
	snprintf(res->uio_driver, sizeof(res->uio_driver), "%s", dev->name);
	res->uio_kirq = dev->kirq;
	res->uio_routed_cpu = u1.routed_cpu;
	res->uio_wakeups += u1.wakeups - u0->wakeups;
	res->uio_kernel_irqs += u1.kernel_irqs - u0->kernel_irqs;
	if (u1.io_errors == u0->io_errors)
		return 0;
	snprintf(
		err, errlen,
		"scenario %s, design %s: %lu accesses to %s failed; the last, %s: %s",
		sc->name, bench_design_name(d), u1.io_errors - u0->io_errors,
		dev->path, u1.last_op, strerror(u1.last_errno));
	return -EIO;
}

struct dev_thread {
	pthread_t tid;
	struct bench_line *line;
	const struct bench_topo *topo;
	unsigned int pu;
	bool inline_cpu;
	int ret;
	bool done; /* bench_device_thread() returned: the thread did not die */
	uint64_t *run_delay_ns; /* the round's sum (probe.h) */
};

static void *dev_main(void *arg)
{
	struct dev_thread *d = arg;
	uint64_t delay0 = bench_thread_run_delay_ns();

	d->ret = bench_topo_bind(d->topo, d->pu);
	irq_cpu_attach(0);
	if (d->inline_cpu) {
		irq_cpu_take_own(); /* it is CPU 0, and takes its vectors */
		local_irq_enable();
	} else {
		local_irq_disable();
	}
	if (!d->ret)
		bench_device_thread(d->line, d->inline_cpu);
	local_irq_disable();
	run_delay_add(d->run_delay_ns, delay0);
	d->done = true;
	return NULL;
}

/* Where the threaded designs' irq threads go (genirq_set_thread_setup()). */
struct thread_place {
	const struct bench_topo *topo;
	unsigned int pu;
	bool shared; /* the PU is simulated CPU 0's */
	int bind_ret; /* the last thread's binding */
	int fifo_ret; /* its pthread_setschedparam(SCHED_FIFO); 1: not asked */
};

/*
 * Pin an irq thread to its PU and, on a PU of its own, make it
 * SCHED_FIFO at the kernel's priority 50 where the process may (else it
 * stays SCHED_OTHER, and the summary says why). On simulated CPU 0's PU
 * it stays SCHED_OTHER by choice: there a real-time thread would hold
 * off that CPU's hard handlers for as long as it runs (a kernel's hard
 * interrupt preempts its thread; here the CPU is a thread too), and
 * starve every other process's threads on that core with it. A thread
 * that cannot be pinned is refused.
 */
static int thread_setup(unsigned int irq, const struct irqaction *action,
			void *ctx)
{
	struct thread_place *tp = ctx;
	struct sched_param sp = { .sched_priority = 50 };

	(void)irq;
	(void)action;
	tp->bind_ret = bench_topo_bind(tp->topo, tp->pu);
	if (tp->bind_ret)
		return tp->bind_ret;
	tp->fifo_ret = tp->shared ? 1 :
				    pthread_setschedparam(pthread_self(),
							  SCHED_FIFO, &sp);
	return 0;
}

/*
 * Set the line up for @res's design in @block: the design, the control's
 * shift, the stimulus, and request_irq(); the uio counts before (@u0).
 */
static int block_request(struct bench_scenario_run *r, struct bench_line *l,
			 const struct thread_place *tp, unsigned int block,
			 struct bench_result *res, uint64_t stim_ns,
			 struct uio_chip_stats *u0, char *err, size_t errlen)
{
	const struct bench_scenario *sc = r->sc;
	struct bench_chip_inst *ci = l->ci;
	enum bench_design d = res->design;
	const struct bench_design_row *row = bench_design_get(d);
	int ret;

	row->ops->install(ci);
	bench_line_set_core(l, d);
	res->flow = bench_line_flow_name(l);
	l->entry_delay_ns = res->instance > 1 ? sc->control_shift_ns : 0;
	if (sc->chip->real)
		uio_chip_stats(ci->m[0], u0);
	bench_line_block(l, block, BLOCK_LEAD_NS, stim_ns,
			 (uint64_t)sc->drain_ms * 1000000ULL);
	bench_line_set_lazy(l, sc->lazy_disable);
	ret = bench_line_request(l, row->ops->driver);
	if (ret && tp->bind_ret) {
		snprintf(
			err, errlen,
			"%s:%u: scenario %s, design %s: cannot bind its irq thread to PU %u: %s",
			sc->file, sc->line, sc->name, bench_design_name(d),
			tp->pu, strerror(-ret));
		return ret;
	}
	if (ret) {
		snprintf(err, errlen, "scenario %s: request_irq(%u) failed: %s",
			 sc->name, ci->irq, strerror(-ret));
		return ret;
	}
	if (bench_design_is_threaded(d) && l->v6) {
		/* genirq6's threads are made without the placement hook. */
		res->thread_policy = "SCHED_OTHER";
		res->thread_fifo = "not asked: genirq6 threads are not placed";
	} else if (bench_design_is_threaded(d)) {
		int fifo = tp->fifo_ret;

		res->thread_policy =
			irq_thread_policy(irq_desc[ci->irq].action) ==
					SCHED_FIFO ?
				"SCHED_FIFO" :
				"SCHED_OTHER";
		res->thread_fifo = !fifo     ? "granted" :
				   fifo == 1 ? "not asked: shared PU" :
					       "not permitted";
	}
	return 0;
}

/* Did the device thread die, or fail to bind? 0, or -errno with @err. */
static int device_thread_failed(struct bench_scenario_run *r,
				const struct dev_thread *dt, unsigned int block,
				enum bench_design d, char *err, size_t errlen)
{
	const struct bench_scenario *sc = r->sc;
	const struct bench_line *l = dt->line;

	if (!dt->done) {
		uint64_t fired = 0;

		for (unsigned int i = 0; i < l->nr_dev; i++)
			fired += l->dev[i].fired;
		snprintf(
			err, errlen,
			"%s:%u: scenario %s, design %s, block %u: the device thread died after %llu events%s",
			sc->file,
			sc->fault.device_dies_ms ?
				sc->key_line[BENCH_KEY_FAULT] :
				sc->line,
			sc->name, bench_design_name(d), block,
			(unsigned long long)fired,
			sc->fault.device_dies_ms ? " (fault device_dies)" : "");
		return -EPIPE;
	}
	if (dt->ret) {
		snprintf(err, errlen,
			 "cannot bind the device thread to PU %u: %s", dt->pu,
			 strerror(-dt->ret));
		return dt->ret;
	}
	return 0;
}

/*
 * A block cut short by a signal or --break-us is not a measurement: it
 * is dropped. A break's event is explained first, from the block's
 * slots and gaps, which are not kept.
 */
static bool cut_short(struct bench_scenario_run *r, struct bench_line *l,
		      struct noise_set *ns)
{
	if (!__atomic_load_n(r->stop, __ATOMIC_RELAXED))
		return false;
	if (r->brk && __atomic_load_n(&r->brk->hit, __ATOMIC_ACQUIRE))
		bench_break_explain(l, ns, r->brk);
	return true;
}

static int run_block(struct bench_scenario_run *r, struct bench_line *l,
		     const struct thread_place *tp, struct noise_set *ns,
		     unsigned int block, unsigned int slot,
		     struct design_acc *acc, struct bench_sample *buf,
		     char *err, size_t errlen)
{
	const struct bench_scenario *sc = r->sc;
	struct bench_chip_inst *ci = l->ci;
	struct bench_result *res = &r->res[slot];
	enum bench_design d = res->design;
	uint64_t stim_ns = (uint64_t)sc->duration_ms * 1000000ULL / sc->blocks;
	struct dev_thread dt = {
		.line = l,
		.topo = r->topo,
		.pu = r->pl->device_pu,
		.inline_cpu = r->pl->wait == BENCH_WAIT_INLINE,
		.run_delay_ns = &r->run_delay_ns,
	};
	struct uio_chip_stats u0 = { 0 };
	struct chip_stats s0, s1;
	int ret;

	l->stamp_early = !dt.inline_cpu;
	ret = block_request(r, l, tp, block, res, stim_ns, &u0, err, errlen);
	if (!ret && l->race)
		ret = bench_race_begin_design(l, d, err, errlen);
	if (ret)
		return ret;
	/* Making and pinning threads is not stimulus time. */
	bench_line_retime(l, BLOCK_LEAD_NS);
	/* Start-up and shut-down are not what an interrupt costs. */
	bench_chip_stats(ci, &s0);
	bench_line_accesses_reset(l);
	if (r->brk) {
		r->brk->scenario = sc->name;
		r->brk->design = bench_design_name(d);
		r->brk->block = block;
	}
	irqlab_trace_block_begin(sc->name, bench_design_name(d), sc->chip->name,
				 block);
	/* The last block's device thread is gone: its recorder is ours. */
	irq_noise_rearm(l->noise);
	bench_noise_block_begin(ns);
	ret = -pthread_create(&dt.tid, NULL, dev_main, &dt);
	if (ret) {
		bench_line_free_irq(l);
		snprintf(err, errlen, "cannot start a device thread: %s",
			 strerror(-ret));
		return ret;
	}
	pthread_join(dt.tid, NULL);
	/* The last run's end (eoi, unmask) belongs to this block. */
	bench_line_synchronize(l);
	bench_line_quiesce(l);
	bench_chip_stats(ci, &s1);
	irqlab_trace_block_end(sc->name, bench_design_name(d), sc->chip->name,
			       block);
	if (bench_line_disabled(l))
		res->irq_disabled = true; /* note_interrupt(): nobody cared */
	bench_line_free_irq(l);
	/* A vector still pending somewhere is this block's, not the next's. */
	irq_cpus_drain();
	ret = device_thread_failed(r, &dt, block, d, err, errlen);
	if (ret)
		return ret;
	if (sc->chip->real) {
		ret = uio_block(sc, d, ci, &u0, res, err, errlen);
		if (ret)
			return ret;
	}
	if (cut_short(r, l, ns))
		return -EINTR;
	return bench_block_books(r, l, ns, block, res, &s0, &s1, stim_ns, acc,
				 buf, err, errlen);
}

/*
 * The order of the designs in round @b: a permutation drawn from the
 * scenario's seed, so that no design always runs first after the
 * previous round, or right after the same neighbour. A fixed A B A B
 * order makes any effect of the position (a warm cache, a frequency
 * step, the previous design's leftovers) look like a difference between
 * designs, which no paired statistic can then take out.
 */
static void round_order(const struct bench_scenario *sc, unsigned int b,
			unsigned int *order)
{
	struct irqstat_rng rng = { bench_stim_seed(sc->seed, b, 0xffff) };

	for (unsigned int i = 0; i < sc->nr_designs; i++)
		order[i] = i;
	for (unsigned int i = sc->nr_designs; i > 1; i--) {
		unsigned int j = (unsigned int)(irqstat_rng_next(&rng) % i);
		unsigned int t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
}

static void finish(struct bench_scenario_run *r, struct design_acc *acc)
{
	for (unsigned int d = 0; d < r->sc->nr_designs; d++) {
		struct bench_result *res = &r->res[d];

		irqstat_compute(acc[d].entry.v, acc[d].entry.n, &res->entry);
		irqstat_compute(acc[d].exit.v, acc[d].exit.n, &res->exit);
		irqstat_compute(acc[d].hard.v, acc[d].hard.n, &res->hard);
		irqstat_compute(acc[d].quiet.v, acc[d].quiet.n,
				&res->entry_quiet);
		irqstat_compute(acc[d].late.v, acc[d].late.n, &res->late);
		res->throughput_per_s =
			res->seconds > 0 ?
				(double)res->serviced / res->seconds :
				0;
		res->chip_accesses_per_irq =
			acc[d].runs ? (double)res->chip_accesses /
					      (double)acc[d].runs :
				      0;
	}
}

/* What a scenario gathers over its rounds: a design's latencies by slot. */
struct bench_scenario_acc {
	struct design_acc d[BENCH_MAX_DESIGNS];
};

/*
 * The host's state at the round's start, on the PUs it is about to use
 * (probe.c), given to every design's block of the round. A PU that cannot
 * be bound (a synthetic topology) leaves the round unprobed.
 */
static void probe_round(struct bench_scenario_run *r, unsigned int b)
{
	struct bench_probe p;

	if (b >= BENCH_MAX_BLOCKS ||
	    bench_probe_run(r->topo, r->pl->device_pu, r->pl->cpu_pu[0],
			    irq_clock.ticks_per_ns, &p))
		return;
	for (unsigned int d = 0; d < r->sc->nr_designs; d++)
		r->res[d].probe[b] = p;
}

/*
 * What the kernel took from round @b, given to every design's block of
 * it: steal on the round's PUs from @steal0 (bench_steal_ns() before its
 * threads started; negative: unread) to now, after they stopped, and the
 * run delay its threads summed. Neither is the build's own code timed,
 * so a comparison may set rounds apart by them (docs/statistics.md).
 */
static void account_round(struct bench_scenario_run *r, unsigned int b,
			  const unsigned int *pus, size_t npus, double steal0)
{
	double steal1;

	if (b >= BENCH_MAX_BLOCKS || steal0 < 0 ||
	    bench_steal_ns(r->topo, pus, npus, &steal1))
		return;
	for (unsigned int d = 0; d < r->sc->nr_designs; d++) {
		r->res[d].probe[b].steal_ns = steal1 - steal0;
		r->res[d].probe[b].run_delay_ns = (double)r->run_delay_ns;
		r->res[d].probe[b].accounted = true;
	}
}

/* The round's PUs: the device thread's and each simulated CPU's. */
static size_t round_pus(const struct bench_scenario_run *r, unsigned int *pus)
{
	size_t n = 0;

	pus[n++] = r->pl->device_pu;
	for (unsigned int c = 0;
	     r->pl->wait != BENCH_WAIT_INLINE && c < r->sc->cpus; c++)
		pus[n++] = r->pl->cpu_pu[c];
	return n;
}

void bench_scenario_finish(struct bench_scenario_run *r)
{
	struct design_acc *acc;

	if (!r->acc)
		return;
	acc = r->acc->d;
	finish(r, acc);
	for (unsigned int d = 0; d < BENCH_MAX_DESIGNS; d++) {
		free(acc[d].entry.v);
		free(acc[d].exit.v);
		free(acc[d].hard.v);
		free(acc[d].quiet.v);
		free(acc[d].late.v);
	}
	free(r->acc);
	r->acc = NULL;
}

/* The first round: each slot's result, and the accumulators. */
static int results_init(struct bench_scenario_run *r)
{
	const struct bench_scenario *sc = r->sc;

	r->acc = calloc(1, sizeof(*r->acc));
	if (!r->acc)
		return -ENOMEM;
	memset(r->res, 0, sizeof(r->res));
	for (unsigned int i = 0; i < sc->nr_designs; i++) {
		struct bench_result *res = &r->res[i];

		res->sc = sc;
		res->index = r->index;
		res->design = sc->designs[i];
		res->slot = i;
		res->instance = 1;
		for (unsigned int k = 0; k < i; k++)
			res->instance += sc->designs[k] == sc->designs[i];
	}
	return 0;
}

/*
 * Start the round's simulated CPUs (none inline), each recording its
 * loop's gaps into @ns; *@started says how many run. A CPU that cannot
 * be placed stops the scenario before it runs.
 */
static int cpus_start(struct bench_scenario_run *r, struct cpu_thread *cpu,
		      unsigned int *started, struct chip_model *uio,
		      struct noise_set *ns, char *err, size_t errlen)
{
	const struct bench_scenario *sc = r->sc;
	int ret = 0;

	for (; r->pl->wait != BENCH_WAIT_INLINE && *started < sc->cpus;
	     (*started)++) {
		struct cpu_thread *c = &cpu[*started];

		*c = (struct cpu_thread){
			.topo = r->topo,
			.cpu = *started,
			.pu = r->pl->cpu_pu[*started],
			.mode = r->pl->wait == BENCH_WAIT_SPIN ? IRQ_CPU_SPIN :
								 IRQ_CPU_BLOCK,
			.uio = uio,
			.fail_pin = sc->fault.pin,
			.run_delay_ns = &r->run_delay_ns,
		};
		if (c->mode == IRQ_CPU_SPIN && !c->uio)
			irq_cpu_set_noise(*started, &ns->nz[*started]);
		ret = -pthread_create(&c->tid, NULL, cpu_main, c);
		if (ret) {
			snprintf(err, errlen, "cannot start a CPU thread: %s",
				 strerror(-ret));
			return ret;
		}
	}
	for (unsigned int i = 0; i < *started && !ret; i++) {
		while (!__atomic_load_n(&cpu[i].bound, __ATOMIC_ACQUIRE))
			sched_yield();
		if (cpu[i].ret) {
			snprintf(
				err, errlen,
				"%s:%u: scenario %s: cannot bind simulated CPU %u to PU %u: %s%s",
				sc->file,
				sc->fault.pin ? sc->key_line[BENCH_KEY_FAULT] :
						sc->line,
				sc->name, i, cpu[i].pu, strerror(-cpu[i].ret),
				sc->fault.pin ? " (fault pin)" : "");
			ret = cpu[i].ret;
		}
	}
	return ret;
}

/* Stop and join @n CPUs; the first failure of one becomes @ret's. */
static int cpus_stop(const struct bench_scenario *sc, struct cpu_thread *cpu,
		     unsigned int n, int ret, char *err, size_t errlen)
{
	for (unsigned int i = 0; i < n; i++)
		cpu_stop(&cpu[i]);
	for (unsigned int i = 0; i < n; i++) {
		pthread_join(cpu[i].tid, NULL);
		irq_cpu_set_noise(i, NULL);
		if (cpu[i].entry_ret && !ret) {
			struct uio_chip_stats u;

			uio_chip_stats(cpu[i].uio, &u);
			snprintf(
				err, errlen,
				"scenario %s: the entry thread of %s stopped: %s: %s",
				sc->name, uio_chip_dev(cpu[i].uio)->path,
				u.last_op, strerror(u.last_errno));
			ret = cpu[i].entry_ret;
		}
		if (cpu[i].ret && !ret) {
			snprintf(err, errlen,
				 "cannot bind simulated CPU %u to PU %u: %s", i,
				 cpu[i].pu, strerror(-cpu[i].ret));
			ret = cpu[i].ret;
		}
	}
	return ret;
}

/* Round @b's blocks, one per design, in the round's drawn order. */
static int run_round(struct bench_scenario_run *r, unsigned int b,
		     struct bench_line *line, const struct thread_place *tp,
		     struct noise_set *ns, struct bench_sample *buf, char *err,
		     size_t errlen)
{
	unsigned int order[BENCH_MAX_DESIGNS];
	int ret = 0;

	round_order(r->sc, b, order);
	for (unsigned int i = 0; i < r->sc->nr_designs && !ret; i++) {
		unsigned int slot = order[i];

		if (__atomic_load_n(r->stop, __ATOMIC_RELAXED))
			return -EINTR;
		ret = run_block(r, line, tp, ns, b, slot, &r->acc->d[slot], buf,
				err, errlen);
		if (!ret && r->progress)
			r->progress(r->ctx);
	}
	return ret;
}

int bench_scenario_round(struct bench_scenario_run *r, unsigned int b,
			 char *err, size_t errlen)
{
	const struct bench_scenario *sc = r->sc;
	struct cpu_thread cpu[BENCH_MAX_CPUS];
	struct bench_chip_inst *ci = NULL;
	struct bench_sample *buf = NULL;
	struct bench_line line;
	struct bench_race_state race;
	struct noise_set ns = { 0 };
	struct thread_place tp;
	unsigned int started = 0, pus[BENCH_MAX_CPUS + 1];
	double steal0;
	size_t npus;
	int ret;

	*err = '\0';
	if (!r->acc && results_init(r))
		return -ENOMEM;
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_disable();
	tp = (struct thread_place){ .topo = r->topo,
				    .pu = r->pl->thread_pu,
				    .shared = r->pl->thread_shared };
	genirq_set_thread_setup(thread_setup, &tp);

	ret = bench_chip_create(sc, &ci, err, errlen);
	if (ret)
		return ret;
	ret = bench_line_init(&line, sc, ci, r->t0, r->stop);
	if (!ret)
		ret = bench_noise_init(&ns, sc->cpus, r->t0,
				       irq_clock.ticks_per_ns);
	line.noise = ns.nz ? &ns.nz[sc->cpus] : NULL;
	line.brk = r->brk && r->brk->threshold_ns ? r->brk : NULL;
	line.race = sc->race ? &race : NULL;
	if (!ret && line.passive)
		uio_chip_set_arrival(ci->m[0], bench_line_arrival, &line);
	buf = malloc(SAMPLE_CHUNK * sizeof(*buf));
	if (ret || !buf) {
		ret = -ENOMEM;
		goto out_chip;
	}
	probe_round(r, b);
	npus = round_pus(r, pus);
	if (bench_steal_ns(r->topo, pus, npus, &steal0))
		steal0 = -1;
	r->run_delay_ns = 0;
	ret = cpus_start(r, cpu, &started, sc->chip->real ? ci->m[0] : NULL,
			 &ns, err, errlen);
	if (!ret)
		ret = run_round(r, b, &line, &tp, &ns, buf, err, errlen);
	ret = cpus_stop(sc, cpu, started, ret, err, errlen);
	if (!ret)
		account_round(r, b, pus, npus, steal0);
out_chip:
	free(buf);
	bench_noise_free(&ns);
	bench_line_free(&line);
	bench_chip_destroy(ci);
	genirq_reset();
	return ret;
}
