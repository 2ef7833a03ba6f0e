// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated devices. A device behaves like a real one: an event sits in
 * its status (here a slot per sequence number) until a handler run reads
 * and clears it, and one run clears everything pending. A level device
 * asserts its line while it has work and the driver's clear drops it
 * (after hold_ns, for a device slow to deassert); an edge device pulses
 * once per event; an edge-both device toggles its pad once per event; a
 * storming device asserts without cause and its driver finds nothing to
 * do.
 *
 * A real device (chip uio) keeps its own status: each event fires it (a
 * register write), the chip's acknowledge clears it, and the harness only
 * stamps the events; a passive one fires on its own, and the interrupts
 * the kernel delivers during the stimulus time become its events.
 *
 * Several devices on one line are a wired OR: the line is asserted while
 * any device asserts it. The wire is a spinlock taken with interrupts off,
 * so that a device asserting and a handler clearing cannot reorder their
 * effects on the controller input; with interrupts off, an interrupt the
 * assertion raises on this very CPU (wait = inline) is taken when the
 * lock is dropped, as on hardware.
 *
 * The driver, its handlers, its books and its critical sections are in
 * driver.c; this file is the device side: fire, the wire, the status the driver reads and clears
 * (with the event slots it stamps), and the device thread that runs a
 * block.
 *
 * The hot path (fire, claim) allocates nothing and prints nothing.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <chips/uio.h>
#include <genirq/cpu.h>
#include <irqlab/trace.h>
#include "device.h"
#include "driver.h"

#define SLEEP_SLACK_NS 1000000 /* sleep only when the next fire is further */

#define EV_PAGE (2UL << 20)

/*
 * @n event slots, one cache line each (struct bench_event), zeroed and
 * touched now: a slot's first touch in a block would otherwise take a
 * page fault out of the stimulus, about 10 us a 4 KiB page in this VM,
 * one every 64 events (a third of the time per event inline, in the
 * first design of each round only). The pages are 2 MiB where
 * transparent huge pages allow it (madvise: a hint), so touching them
 * all costs a few milliseconds of set-up.
 */
static struct bench_event *ev_alloc(uint64_t n)
{
	size_t len = (n * sizeof(struct bench_event) + EV_PAGE - 1) &
		     ~(EV_PAGE - 1);
	void *p = aligned_alloc(EV_PAGE, len);

	if (!p)
		return NULL;
	madvise(p, len, MADV_HUGEPAGE);
	memset(p, 0, len);
	return p;
}

int bench_line_init(struct bench_line *l, const struct bench_scenario *sc,
		    struct bench_chip_inst *ci, uint64_t t0, int *stop)
{
	double block_ns = (double)sc->duration_ms * 1e6 / sc->blocks;

	memset(l, 0, sizeof(*l));
	l->sc = sc;
	l->ci = ci;
	l->t0 = t0;
	l->stop = stop;
	/*
	 * A per-CPU interrupt (a timer PPI) is a level, too. A real device
	 * holds its own status: every event fires it, and the chip's
	 * acknowledge clears it.
	 */
	l->real = sc->chip->real;
	l->passive = l->real && !uio_backend_fires(sc->uio_backend);
	l->b2b = sc->pattern == BENCH_PAT_BACK_TO_BACK;
	l->level = !l->real && (sc->trigger == BENCH_TRIG_LEVEL ||
				sc->trigger == BENCH_TRIG_LEVEL_LOW ||
				sc->trigger == BENCH_TRIG_PERCPU);
	if (l->real && uio_chip_mask(ci->m[0]) == UIO_MASK_INTX)
		l->sample_flags = BENCH_SAMPLE_INTX;
	l->toggle = sc->trigger == BENCH_TRIG_EDGE_BOTH;
	spin_lock_init(&l->lock);
	l->nr_dev = sc->devices + (sc->storm_rate_hz > 0);
	for (unsigned int i = 0; i < l->nr_dev; i++) {
		struct bench_dev *d = &l->dev[i];

		d->line = l;
		d->index = i;
		d->storm = i >= sc->devices || sc->pattern == BENCH_PAT_STORM;
		d->cap = d->storm ?
				 0 :
				 bench_stim_capacity(sc->pattern, sc->rate_hz,
						     sc->burst, block_ns);
		if (!d->storm && sc->pattern == BENCH_PAT_REPLAY)
			d->cap = bench_replay_capacity(
				sc->replay_rec, block_ns * sc->replay_speed);
		d->ev = ev_alloc(d->cap ? d->cap : 1);
		if (!d->ev) {
			bench_line_free(l);
			return -ENOMEM;
		}
	}
	return 0;
}

void bench_line_free(struct bench_line *l)
{
	for (unsigned int i = 0; i < l->nr_dev; i++) {
		free(l->dev[i].ev);
		l->dev[i].ev = NULL;
	}
}

void bench_line_block(struct bench_line *l, unsigned int block,
		      uint64_t lead_ns, uint64_t stimulus_ns, uint64_t drain_ns)
{
	const struct bench_scenario *sc = l->sc;
	uint64_t start;

	/*
	 * Only the slots the last block used are dirty (they were zeroed
	 * when allocated); clearing every slot of a fast device is tens of
	 * milliseconds, which must not come out of the stimulus time.
	 */
	for (unsigned int i = 0; i < l->nr_dev; i++) {
		struct bench_dev *d = &l->dev[i];
		uint64_t used = d->fired < d->cap ? d->fired : d->cap;

		memset(d->ev, 0, (used ? used : 1) * sizeof(*d->ev));
		d->fired = d->drained = d->clear_at = 0;
		d->busy = 0;
		d->full = false;
		d->runs = d->serviced = d->coalesced = d->nones = 0;
		d->overruns = d->storm_fires = d->stall_count = 0;
		d->worked = d->hard_mark = d->thread_runs = 0;
	}
	start = bench_now_ns() - l->t0 + lead_ns;
	l->block_start = start;
	l->block = block;
	l->block_end = start + stimulus_ns;
	l->drain_end = l->block_end + drain_ns;
	l->spurious = l->runs = l->concurrent = 0;
	l->masked_since = l->masked_ns = 0;
	l->disables = l->crit_end = 0;
	l->crit_next = sc->disable_hz > 0 ?
			       start + (uint64_t)(0.5e9 / sc->disable_hz) :
			       UINT64_MAX;
	l->run_had_work = false;
	for (unsigned int i = 0; i < l->nr_dev; i++) {
		struct bench_dev *d = &l->dev[i];
		bool extra = i >= sc->devices;
		double rate = extra ? sc->storm_rate_hz : sc->rate_hz;
		enum bench_pattern p = extra ? BENCH_PAT_PERIODIC : sc->pattern;

		/* Periodic devices spread over the period; same seed per block. */
		bench_stim_init(&d->stim, p, rate, sc->burst, sc->burst_gap_ns,
				1e9 / rate * i / l->nr_dev,
				bench_stim_seed(sc->seed, block, i));
		if (p == BENCH_PAT_REPLAY)
			bench_stim_replay(&d->stim, sc->replay_rec,
					  sc->replay_speed, block, stimulus_ns);
		/* A passive device fires on its own, never on schedule. */
		d->next = l->passive ? UINT64_MAX :
				       start + bench_stim_next(&d->stim);
	}
}

void bench_line_retime(struct bench_line *l, uint64_t lead_ns)
{
	uint64_t start = bench_now_ns() - l->t0 + lead_ns, delta;

	if (start <= l->block_start)
		return;
	delta = start - l->block_start;
	l->block_start += delta;
	l->block_end += delta;
	l->drain_end += delta;
	if (l->crit_next != UINT64_MAX)
		l->crit_next += delta;
	for (unsigned int i = 0; i < l->nr_dev; i++)
		if (l->dev[i].next != UINT64_MAX)
			l->dev[i].next += delta;
}

/* Wire-OR of the level devices; the edge of the OR drives the input. */
static void line_set(struct bench_line *l, unsigned int bit, bool on)
{
	unsigned long flags;
	bool was, now;

	spin_lock_irqsave(&l->lock, flags);
	was = l->asserting != 0;
	if (on)
		l->asserting |= bit;
	else
		l->asserting &= ~bit;
	now = l->asserting != 0;
	if (was != now)
		bench_chip_drive(l->ci, now);
	spin_unlock_irqrestore(&l->lock, flags);
}

/* The driver's clear: drop the level unless new work came meanwhile. */
static void level_clear(struct bench_dev *d)
{
	struct bench_line *l = d->line;
	unsigned long flags;

	spin_lock_irqsave(&l->lock, flags);
	if (__atomic_load_n(&d->fired, __ATOMIC_ACQUIRE) ==
	    __atomic_load_n(&d->drained, __ATOMIC_ACQUIRE)) {
		bool was = l->asserting != 0;

		l->asserting &= ~(1u << d->index);
		if (was && !l->asserting)
			bench_chip_drive(l->ci, false);
	}
	spin_unlock_irqrestore(&l->lock, flags);
}

static void edge(struct bench_line *l)
{
	unsigned long flags;

	if (l->toggle) {
		local_irq_save(flags);
		l->pad = !l->pad;
		/* Both edges count: the pad level is the input. */
		bench_chip_drive_level(l->ci, l->pad);
		local_irq_restore(flags);
		return;
	}
	bench_chip_drive(l->ci, true);
	if (l->sc->pulse_ns)
		chip_delay_ns(l->sc->pulse_ns);
	bench_chip_drive(l->ci, false);
}

static uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/*
 * Fire @d's next event. Its stamp, the fire F that fire-origin latencies
 * count from (late = F - intended), is read here, after whatever the
 * loop did since it found the event due (a level's hold ended, a
 * critical section entered, another device fired or ran a handler
 * inline), and just before the event is published and the input driven:
 * nothing of the harness's own lies between F and the assertion but the
 * slot's fill, the raise tracepoint and the publishing store.
 */
static void fire(struct bench_line *l, struct bench_dev *d)
{
	/* Ordered where latencies count from it (genirq/clock.h). */
	uint64_t intended = d->next,
		 now = (l->holds_stimulus ? irq_clock_ns_unordered() :
					    bench_now_ns()) -
		       l->t0;
	bool late = now > intended + l->sc->overrun_ns;
	struct bench_event *e;

	d->overruns += late;
	if (d->storm) {
		d->storm_fires++;
		if (l->level)
			line_set(l, 1u << d->index, true);
		else
			edge(l);
		return;
	}
	if (d->fired == d->cap) {
		d->full = true;
		return;
	}
	e = &d->ev[d->fired];
	e->intended = intended;
	e->flags = late ? BENCH_SAMPLE_OVERRUN : 0;
	e->late = sat32(now > intended ? now - intended : 0);
	e->raised = UINT32_MAX;
	irqlab_trace_raise(l->ci->irq, d->index, d->fired,
			   now > intended ? now - intended : 0);
	__atomic_store_n(&d->fired, d->fired + 1, __ATOMIC_RELEASE);
	if (l->level)
		line_set(l, 1u << d->index, true);
	else
		edge(l);
	/* Once raised, a handler that began since may stamp it early. */
	if (l->stamp_early) {
		uint64_t after = bench_now_ns() - l->t0 - intended;

		if (after < UINT32_MAX)
			__atomic_store_n(&e->raised, (uint32_t)after,
					 __ATOMIC_RELEASE);
	}
	/*
	 * Bring the next slot in now (its first touch may even fault its
	 * page in), not while the next event is being raised.
	 */
	if (d->fired < d->cap)
		d->ev[d->fired].raised = UINT32_MAX;
}

void bench_line_arrival(void *ctx, uint32_t n, uint64_t t_ns)
{
	struct bench_line *l = ctx;
	struct bench_dev *d = &l->dev[0];
	unsigned long flags;

	if (!n)
		return;
	spin_lock_irqsave(&l->lock, flags);
	if (l->accepting && d->fired == d->cap) {
		d->full = true;
	} else if (l->accepting) {
		d->ev[d->fired].intended = t_ns - l->t0;
		d->ev[d->fired].flags = 0;
		d->ev[d->fired].late = 0;
		/* It was raised when it arrived. */
		d->ev[d->fired].raised = 0;
		__atomic_store_n(&d->fired, d->fired + 1, __ATOMIC_RELEASE);
	}
	spin_unlock_irqrestore(&l->lock, flags);
}

bool bench_holds_stimulus(const struct bench_scenario *sc, bool inline_cpu)
{
	return inline_cpu || sc->pattern == BENCH_PAT_BACK_TO_BACK;
}

/* Sleep until @t (ns since t0), waking every 10 ms to see a stop. */
static void nap_until(const struct bench_line *l, uint64_t t)
{
	while (!__atomic_load_n(l->stop, __ATOMIC_RELAXED)) {
		uint64_t now = bench_now_ns() - l->t0, left;
		struct timespec ts = { 0, 0 };

		if (now >= t)
			return;
		left = t - now;
		ts.tv_nsec = (long)(left < 10000000 ? left : 10000000);
		nanosleep(&ts, NULL);
	}
}

static void set_accepting(struct bench_line *l, bool on)
{
	unsigned long flags;

	spin_lock_irqsave(&l->lock, flags);
	l->accepting = on;
	spin_unlock_irqrestore(&l->lock, flags);
}

/* Passive: the arrivals of the block's stimulus time are its events. */
static void accept_arrivals(struct bench_line *l)
{
	nap_until(l, l->block_start);
	set_accepting(l, true);
	nap_until(l, l->block_end);
	set_accepting(l, false);
}

/* Deassert each held level whose hold is over; true if one is still held. */
static bool hold_expire(struct bench_line *l, uint64_t now)
{
	bool held = false;

	for (unsigned int i = 0; i < l->nr_dev; i++) {
		struct bench_dev *d = &l->dev[i];
		uint64_t c = __atomic_load_n(&d->clear_at, __ATOMIC_ACQUIRE);

		if (!c)
			continue;
		if (c > now)
			held = true;
		else if (__atomic_compare_exchange_n(&d->clear_at, &c, 0, false,
						     __ATOMIC_ACQ_REL,
						     __ATOMIC_RELAXED))
			level_clear(d);
	}
	return held;
}

/* @now - *@prev, and *@prev = @now (atomic: see run_accesses()). */
static uint32_t since(unsigned long *prev, unsigned long now)
{
	unsigned long was = __atomic_load_n(prev, __ATOMIC_RELAXED);

	__atomic_store_n(prev, now, __ATOMIC_RELAXED);
	return sat32(now - was);
}

/*
 * The register accesses made for the line since the previous run began:
 * the previous interrupt's end (eoi, unmask) and this one's start (ack,
 * mask), one interrupt's worth, and their costed time with the end's
 * part apart. Read once per run, by its first device.
 */
static void run_accesses(struct bench_line *l, const struct bench_dev *d)
{
	if (d->index == 0) {
		const struct chip_model *m = l->ci->input;
		unsigned long close, ns;

		ns = chip_irq_access_ns(m, l->ci->irq, &close);
		/* Atomic: a real device may interrupt while it is reset. */
		l->run_acc =
			since(&l->acc_prev, chip_irq_accesses(m, l->ci->irq));
		l->run_acc_ns = since(&l->acc_ns_prev, ns);
		l->run_close_ns = since(&l->close_ns_prev, close);
	}
}

void bench_line_accesses_reset(struct bench_line *l)
{
	const struct chip_model *m = l->ci->input;
	unsigned long close, ns = chip_irq_access_ns(m, l->ci->irq, &close);

	__atomic_store_n(&l->acc_prev, chip_irq_accesses(m, l->ci->irq),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&l->acc_ns_prev, ns, __ATOMIC_RELAXED);
	__atomic_store_n(&l->close_ns_prev, close, __ATOMIC_RELAXED);
}

/*
 * The stamp of a claim whose last event is @e, @early (UINT64_MAX: none)
 * stamped before the status was read: @early, the time the handler
 * began, if that event was raised by then (events are raised in order, so
 * every one the claim took was), and otherwise a stamp read now, after
 * the status, so that no event is ever stamped before it was raised. One
 * claim's events share one stamp (docs/tail.md tells claims apart by it).
 * A line whose handlers run on the device thread itself stamps only
 * after the read.
 */
static uint64_t claim_stamp(struct bench_line *l, const struct bench_event *e,
			    uint64_t early)
{
	uint32_t raised = e ? __atomic_load_n(&e->raised, __ATOMIC_ACQUIRE) : 0;

	if (early != UINT64_MAX && raised != UINT32_MAX &&
	    (!e || e->intended + raised <= early))
		return early;
	/*
	 * After the status was read: ordered where the device that wrote it
	 * is another thread; on the device thread itself nothing another
	 * thread stored is read, and the stamp needs no fence.
	 */
	return (l->stamp_early ? bench_now_ns() : irq_clock_ns_unordered()) -
	       l->t0;
}

uint64_t bench_dev_claim(struct bench_dev *d, bool hard, uint64_t *firstp,
			 uint64_t *nowp)
{
	struct bench_line *l = d->line;
	uint64_t early = UINT64_MAX, last, first, k, now;

	/* Calibration: a known shift of exactly these events' stamps. */
	if (l->entry_delay_ns)
		chip_delay_ns(l->entry_delay_ns);
	if (l->stamp_early) /* ordered: before the status is read */
		early = bench_now_ns() - l->t0;
	last = __atomic_load_n(&d->fired, __ATOMIC_ACQUIRE);
	first = d->drained;
	k = last - first;
	now = claim_stamp(l, k ? &d->ev[last - 1] : NULL, early);

	__atomic_store_n(&d->drained, last, __ATOMIC_RELEASE);
	irqlab_trace_service(l->ci->irq, d->index, first, k);
	run_accesses(l, d);
	for (uint64_t s = first; s < last; s++) {
		if (hard)
			d->ev[s].hard = now;
		else
			d->ev[s].entry = now;
		d->ev[s].drained_with = (uint32_t)k;
		d->ev[s].accesses = l->run_acc;
		d->ev[s].access_ns = l->run_acc_ns;
		d->ev[s].close_ns = l->run_close_ns;
		d->ev[s].cpu = (uint16_t)smp_processor_id();
	}
	if (l->level && k) {
		if (l->sc->hold_ns)
			__atomic_store_n(&d->clear_at, now + l->sc->hold_ns,
					 __ATOMIC_RELEASE);
		else
			level_clear(d);
	} else if (l->level && l->sc->hold_ns) {
		hold_expire(l, now);
	}
	*firstp = first;
	*nowp = now;
	return k;
}

void bench_line_quiesce(struct bench_line *l)
{
	for (unsigned int i = 0; i < l->nr_dev; i++)
		while (__atomic_load_n(&l->dev[i].busy, __ATOMIC_ACQUIRE))
			sched_yield();
}

/* The next fire of any device, ns since t0; UINT64_MAX: none left. */
static uint64_t next_fire(const struct bench_line *l)
{
	uint64_t due = UINT64_MAX;

	for (unsigned int i = 0; i < l->nr_dev; i++)
		if (!l->dev[i].full && l->dev[i].next < due)
			due = l->dev[i].next;
	return due < l->block_end ? due : UINT64_MAX;
}

static bool all_serviced(const struct bench_line *l)
{
	for (unsigned int i = 0; i < l->nr_dev; i++)
		if (__atomic_load_n(&l->dev[i].drained, __ATOMIC_ACQUIRE) !=
		    __atomic_load_n(&l->dev[i].fired, __ATOMIC_ACQUIRE))
			return false;
	return true;
}

/*
 * While the device waits it takes back its status line, which the
 * handler read at the last claim: publishing the next event need not
 * wait for it (docs/bench.md, spin floor). Only this thread writes it.
 */
static void own_status(struct bench_line *l)
{
	for (unsigned int i = 0; i < l->nr_dev; i++)
		__atomic_store_n(&l->dev[i].own, 0, __ATOMIC_RELAXED);
}

static bool stopped(const struct bench_line *l)
{
	return __atomic_load_n(l->stop, __ATOMIC_RELAXED);
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/*
 * Sleep until @t (ns since t0) less the slack that sleeping costs. The
 * sleep is relative: t0 is on the stamp clock (genirq/clock.h), which
 * may drift from CLOCK_MONOTONIC by a few parts per million over a run.
 */
static void sleep_until(const struct bench_line *l, uint64_t t)
{
	uint64_t now = bench_now_ns() - l->t0, left;
	struct timespec ts;

	if (t <= now + SLEEP_SLACK_NS)
		return;
	left = t - now - SLEEP_SLACK_NS;
	ts = (struct timespec){ .tv_sec = (time_t)(left / 1000000000ULL),
				.tv_nsec = (long)(left % 1000000000ULL) };
	nanosleep(&ts, NULL);
}

/*
 * Fire every device whose next event is due at @now (ns since t0). False
 * when none could: back-to-back devices wait for their last event.
 */
static bool fire_due(struct bench_line *l, uint64_t now)
{
	bool any = false;

	for (unsigned int i = 0; i < l->nr_dev; i++) {
		struct bench_dev *d = &l->dev[i];

		if (d->full || d->next > now)
			continue;
		/* After a fire (which may have run a handler inline), what
		 * is due, and a back-to-back device's intended time, are
		 * read from the clock again. */
		if (any)
			now = irq_clock_ns_unordered() - l->t0;
		if (l->b2b) {
			/*
			 * Once the last one was claimed; until then it is due
			 * now, so that the block still ends on time. Its
			 * intended time is this turn's stamp.
			 */
			d->next = now;
			if (__atomic_load_n(&d->drained, __ATOMIC_ACQUIRE) !=
			    d->fired)
				continue;
		}
		fire(l, d);
		d->next = l->block_start + bench_stim_next(&d->stim);
		/*
		 * Back-to-back: at most rate a second over the block, never
		 * ahead of the schedule, at once while behind it, and only
		 * until the block's end by the clock (a gap of one period
		 * after each fire instead would cap the rate below the
		 * configured one by the loop's turn, whatever the path
		 * sustains).
		 */
		if (l->b2b && d->next < now)
			d->next = now;
		any = true;
	}
	return any;
}

/*
 * One loop for the whole block: end the holds that are due, fire what is
 * due, and once the stimulus is over wait for every event to be serviced
 * or the drain period to pass. The thread spins between fires (taking
 * interrupts when it is the CPU); it sleeps only across long gaps with no
 * hold pending.
 */
void bench_device_thread(struct bench_line *l, bool inline_cpu)
{
	uint64_t dies_at =
		l->sc->fault.device_dies_ms &&
				l->block == l->sc->fault.device_dies_block ?
			l->block_start +
				l->sc->fault.device_dies_ms * 1000000ULL :
			0;

	l->holds_stimulus = bench_holds_stimulus(l->sc, inline_cpu);
	irq_noise_current = l->noise;
	if (l->passive)
		accept_arrivals(l);
	while (!stopped(l)) {
		uint64_t now, due, tick;
		bool held;

		/*
		 * One clock read, the turn's stamp and its noise tick: a gap
		 * the host made ends here, whatever is due.
		 */
		now = irq_clock_ns_ticks(&tick) - l->t0;
		irq_noise_tick_at(l->noise, tick);
		held = l->level && hold_expire(l, now);
		due = next_fire(l);

		/* Fault device_dies: the thread ends where it stands. */
		if (dies_at && now >= dies_at)
			pthread_exit(NULL);
		if (l->sc->disable_hz > 0) {
			uint64_t c = bench_driver_critical(l, now, due);

			if (c < due)
				due = c;
		}

		if (due == UINT64_MAX) {
			if (now >= l->drain_end || (!held && all_serviced(l)))
				break;
		} else if (due <= now) {
			if (fire_due(l, now))
				continue;
			/* Back-to-back devices wait for their last event. */
		} else if (!held && !inline_cpu &&
			   due > now + 2 * SLEEP_SLACK_NS) {
			sleep_until(l, due);
			irq_noise_rearm(l->noise);
			continue;
		}
		if (inline_cpu) {
			irq_cpu_poll();
		} else {
			own_status(l);
			cpu_relax();
		}
	}

	/* The block is over: the driver leaves its critical section, */
	bench_driver_critical_end(l);
	/* and every device lets go of the line. */
	for (unsigned int i = 0; i < l->nr_dev; i++)
		__atomic_store_n(&l->dev[i].clear_at, 0, __ATOMIC_RELAXED);
	if (l->level)
		line_set(l, ~0u, false);
	if (inline_cpu)
		irq_cpu_poll();
}
