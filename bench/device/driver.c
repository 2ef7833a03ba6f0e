// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated devices' driver: the handlers each design requests and
 * the books they keep. A handler run reads and clears its device's status
 * (bench_dev_claim(), which stamps the events it took and the run's
 * register accesses), does the driver's work and says whether there was
 * any; the books count the runs, the serviced and coalesced events, the
 * runs with nothing to do, and how long a oneshot line was held masked
 * for its thread. The driver's critical sections (disable_rate,
 * disable_ns) are its process-context side, run from the device thread.
 *
 * The driver has three forms, and a design's row (bench/designs/) names
 * its form, not the design itself: BENCH_DESIGN_FLOW requests
 * device_irq() (flow, do_irq, edge-masking: their flow handlers differ,
 * not the driver); BENCH_DESIGN_THREADED device_hard() and its thread
 * device_work(); BENCH_DESIGN_THREADED_ONESHOT device_primary() and
 * device_oneshot(). A new design takes one of them and leaves this file
 * as it is (tests/bench/test_registry.c checks each row's form).
 *
 * The hot path (the handlers) allocates nothing and prints nothing.
 */
#include <genirq/cpu.h>
#include <irqlab/trace.h>
#include "designs/designs.h"
#include "device.h"
#include "driver.h"
#include "driver6.h"
#include "run/race.h"

/*
 * A handler run of @d begins: false (and counted) if another one is in
 * progress, which genirq never allows.
 */
static bool handler_enter(struct bench_line *l, struct bench_dev *d)
{
	if (__atomic_exchange_n(&d->busy, 1, __ATOMIC_ACQUIRE)) {
		__atomic_fetch_add(&l->concurrent, 1, __ATOMIC_RELAXED);
		return false;
	}
	return true;
}

/*
 * A latency over --break-us stops the run, once: the latency the report
 * gives, from the fire or, on a line that holds the stimulus back, from
 * the intended time.
 */
static void check_break(struct bench_line *l, const struct bench_dev *d,
			uint64_t first, uint64_t entry)
{
	uint64_t lat;

	if (!l->brk)
		return;
	lat = bench_event_latency(l, &d->ev[first], entry);
	if (lat > l->brk->threshold_ns &&
	    !__atomic_exchange_n(&l->brk->hit, 1, __ATOMIC_ACQ_REL)) {
		l->brk->latency_ns = lat;
		l->brk->seq = first;
		__atomic_store_n(l->stop, 1, __ATOMIC_RELEASE);
	}
}

/* The driver's work once it had events: handler_ns, and fault stall. */
static void work(struct bench_line *l, struct bench_dev *d)
{
	if (l->sc->handler_ns)
		chip_delay_ns(l->sc->handler_ns);
	/* Fault stall: a driver that sometimes takes milliseconds. */
	if (l->sc->fault.stall_us &&
	    ++d->stall_count % l->sc->fault.stall_every == 0)
		chip_delay_ns(l->sc->fault.stall_us * 1000u);
}

/*
 * One run of @d's handler with @k events. In the hard designs the
 * chain's last action closes the line's run (an interrupt taken, and
 * spurious if no device had work); a oneshot line's actions each run in
 * their own thread, so there the hard handler counts the line's runs
 * (device_primary()) and @line is false.
 */
static void close_books(struct bench_line *l, struct bench_dev *d, uint64_t k,
			bool line)
{
	if (k) {
		d->runs++;
		d->serviced += k;
		d->coalesced += k - 1;
		if (line)
			l->run_had_work = true;
	} else {
		d->nones++;
	}
	if (line && d->index == l->nr_dev - 1) {
		l->runs++;
		if (!l->run_had_work)
			l->spurious++;
		l->run_had_work = false;
	}
}

/*
 * The device's interrupt handler, as a driver writes it: read and clear
 * the status (drain), do the work, return whether there was any. A device
 * slow to deassert (hold_ns) keeps its level asserted after the clear, so
 * the line comes back with nothing to do until the hold is over; any run,
 * and the device thread, end the hold once it is due.
 *
 * genirq runs one handler of a line at a time (IRQ_INPROGRESS) in every
 * design here, and one thread per action; a run that finds another one of
 * the same device in progress is a defect of the design, counted and
 * reported by the books.
 *
 * Design threaded-oneshot runs it as the thread_fn (device_oneshot()).
 */
static irqreturn_t device_run(struct bench_dev *d, bool line)
{
	struct bench_line *l = d->line;
	uint64_t entry, first, k, exit;

	if (!handler_enter(l, d))
		return IRQ_NONE;
	k = bench_dev_claim(d, false, &first, &entry);
	if (l->race)
		bench_race_handler(l);
	if (k) {
		check_break(l, d, first, entry);
		work(l, d);
	}
	/* Its own work's end: unordered (genirq/clock.h), never before entry. */
	exit = irq_clock_ns_unordered() - l->t0;
	if (exit < entry)
		exit = entry;
	for (uint64_t s = first; s < first + k; s++)
		d->ev[s].exit = exit;
	close_books(l, d, k, line);
	__atomic_store_n(&d->busy, 0, __ATOMIC_RELEASE);
	return k ? IRQ_HANDLED : IRQ_NONE;
}

static irqreturn_t device_irq(int irq, void *dev_id)
{
	(void)irq;
	return device_run(dev_id, true);
}

/*
 * Design threaded, the hard half: the driver reads and clears the
 * device's status (a level line drops) and leaves the work to its
 * thread.
 */
static irqreturn_t device_hard(int irq, void *dev_id)
{
	struct bench_dev *d = dev_id;
	struct bench_line *l = d->line;
	uint64_t hard, first, k;

	(void)irq;
	if (!handler_enter(l, d))
		return IRQ_NONE;
	k = bench_dev_claim(d, true, &first, &hard);
	close_books(l, d, k, true);
	__atomic_store_n(&d->busy, 0, __ATOMIC_RELEASE);
	return k ? IRQ_WAKE_THREAD : IRQ_NONE;
}

/* Design threaded, the thread: the work for every event claimed since. */
static irqreturn_t device_work(int irq, void *dev_id)
{
	struct bench_dev *d = dev_id;
	struct bench_line *l = d->line;
	uint64_t first = d->worked;
	uint64_t last = __atomic_load_n(&d->drained, __ATOMIC_ACQUIRE);
	uint64_t entry = bench_now_ns() - l->t0, exit;

	(void)irq;
	if (last == first)
		return IRQ_NONE;
	for (uint64_t s = first; s < last; s++)
		d->ev[s].entry = entry;
	check_break(l, d, first, entry);
	work(l, d);
	exit = bench_now_ns() - l->t0;
	for (uint64_t s = first; s < last; s++)
		d->ev[s].exit = exit;
	d->worked = last;
	d->thread_runs++;
	return IRQ_HANDLED;
}

/*
 * Design threaded-oneshot, the hard half: irq_default_primary_handler()
 * (wake the thread, whatever the device says) plus one stamp, the time
 * of the events fired and not yet claimed, and the start of the line's
 * masked time. The line stays masked until the thread (device_oneshot)
 * is done.
 */
static irqreturn_t device_primary(int irq, void *dev_id)
{
	struct bench_dev *d = dev_id;
	struct bench_line *l = d->line;
	uint64_t last = __atomic_load_n(&d->fired, __ATOMIC_ACQUIRE);
	uint64_t now = bench_now_ns() - l->t0;
	uint64_t s = __atomic_load_n(&d->drained, __ATOMIC_ACQUIRE);

	(void)irq;
	for (s = s > d->hard_mark ? s : d->hard_mark; s < last; s++)
		d->ev[s].hard = now;
	d->hard_mark = last;
	if (l->oneshot_masks &&
	    !__atomic_load_n(&l->masked_since, __ATOMIC_RELAXED))
		__atomic_store_n(&l->masked_since, now, __ATOMIC_RELAXED);
	if (d->index == l->nr_dev - 1)
		l->runs++;
	return IRQ_WAKE_THREAD;
}

/* Design threaded-oneshot, the thread: the whole driver, then unmask. */
static irqreturn_t device_oneshot(int irq, void *dev_id)
{
	struct bench_dev *d = dev_id;
	struct bench_line *l = d->line;
	irqreturn_t ret = device_run(d, false);
	uint64_t since =
		__atomic_exchange_n(&l->masked_since, 0, __ATOMIC_RELAXED);

	(void)irq;
	if (ret == IRQ_HANDLED)
		d->thread_runs++;
	/* Shared: the first of the line's threads to finish ends it. */
	if (since)
		__atomic_fetch_add(&l->masked_ns,
				   bench_now_ns() - l->t0 - since,
				   __ATOMIC_RELAXED);
	return ret;
}

/* The same handlers for genirq6 (driver6.h): irqreturn values alike. */
int bench_dev_irq(void *dev)
{
	return device_irq(0, dev);
}

int bench_dev_hard(void *dev)
{
	return device_hard(0, dev);
}

int bench_dev_work(void *dev)
{
	return device_work(0, dev);
}

int bench_dev_primary(void *dev)
{
	return device_primary(0, dev);
}

int bench_dev_oneshot(void *dev)
{
	return device_oneshot(0, dev);
}

/* The devices as driver6.h's cookies. */
static void line_devs(struct bench_line *l, void **devs)
{
	for (unsigned int i = 0; i < l->nr_dev; i++)
		devs[i] = &l->dev[i];
}

void bench_line_set_core(struct bench_line *l, enum bench_design design)
{
	const struct bench_design_row *r = bench_design_get(design);

	l->v6 = r && r->ops->v6;
	if (!l->v6)
		return;
	if (r->ops->forced)
		l->form6 = BENCH6_FORCED;
	else if (r->ops->driver == BENCH_DESIGN_THREADED)
		l->form6 = BENCH6_THREADED;
	else if (r->ops->driver == BENCH_DESIGN_THREADED_ONESHOT)
		l->form6 = BENCH6_ONESHOT;
	else
		l->form6 = BENCH6_HARD;
}

static int line_request6(struct bench_line *l)
{
	void *devs[BENCH_MAX_DEVICES + 1];

	if (l->ci->irq6 < 0)
		return l->ci->irq6;
	l->oneshot_masks = l->form6 == BENCH6_ONESHOT &&
			   bench6_oneshot_masks((unsigned int)l->ci->irq6);
	line_devs(l, devs);
	return bench6_request((unsigned int)l->ci->irq6,
			      (enum bench6_form)l->form6, devs, l->nr_dev);
}

int bench_line_request(struct bench_line *l, enum bench_design design)
{
	unsigned long flags = l->nr_dev > 1 ? SA_SHIRQ : 0;

	if (l->v6)
		return line_request6(l);

	/* Whether the oneshot design's masked time is counted at all. */
	l->oneshot_masks = irq_oneshot_masks(l->ci->irq);

	for (unsigned int i = 0; i < l->nr_dev; i++) {
		int ret;

		if (design == BENCH_DESIGN_THREADED)
			ret = request_threaded_irq(l->ci->irq, device_hard,
						   device_work, flags,
						   "irqlab-dev", &l->dev[i]);
		else if (design == BENCH_DESIGN_THREADED_ONESHOT)
			ret = request_threaded_irq(l->ci->irq, device_primary,
						   device_oneshot,
						   flags | IRQF_ONESHOT,
						   "irqlab-dev", &l->dev[i]);
		else
			ret = request_irq(l->ci->irq, device_irq,
					  flags | SA_INTERRUPT, "irqlab-dev",
					  &l->dev[i]);
		if (ret) {
			while (i--)
				free_irq(l->ci->irq, &l->dev[i]);
			return ret;
		}
	}
	return 0;
}

void bench_line_free_irq(struct bench_line *l)
{
	unsigned long flags;

	if (l->v6) {
		void *devs[BENCH_MAX_DEVICES + 1];

		line_devs(l, devs);
		bench6_free((unsigned int)l->ci->irq6, devs, l->nr_dev);
	} else {
		for (unsigned int i = l->nr_dev; i--;)
			free_irq(l->ci->irq, &l->dev[i]);
	}
	/*
	 * free_irq() waited for the last run: synchronize_irq() reads
	 * IRQ_INPROGRESS under the descriptor lock, which the run dropped
	 * last, and waits for the threads it woke, so the run's slot writes
	 * come before our reads. A passive real device's entry thread
	 * records arrivals under the wire's lock: taking it orders the last
	 * one's writes before our reads too.
	 */
	spin_lock_irqsave(&l->lock, flags);
	spin_unlock_irqrestore(&l->lock, flags);
}

/*
 * The driver's critical sections (disable_rate, disable_ns): from process
 * context, disable_irq_nosync() the line, and enable_irq() it
 * disable_ns later, while the devices go on firing. Started only during
 * the stimulus. Returns the next time the thread has to act for them.
 *
 * A thread that fell behind acts in the order things were due: fires due
 * (@fire, the earliest) before a section's start or end come first. Else
 * a host stall would pile its late fires into the next section, and a
 * lazy section, which masks only when an interrupt arrives in it, would
 * be charged for arrivals that belonged before it.
 */
uint64_t bench_driver_critical(struct bench_line *l, uint64_t now,
			       uint64_t fire)
{
	const struct bench_scenario *sc = l->sc;

	if (l->crit_end && now < l->crit_end)
		return l->crit_end;
	if (l->crit_end && fire < l->crit_end)
		return fire;
	bench_driver_critical_end(l);
	if (now >= l->block_end)
		return UINT64_MAX;
	if (now >= l->crit_next && fire < l->crit_next)
		return fire;
	if (now >= l->crit_next) {
		uint64_t period = (uint64_t)(1e9 / sc->disable_hz);

		if (l->v6)
			bench6_disable_nosync((unsigned int)l->ci->irq6);
		else
			disable_irq_nosync(l->ci->irq);
		l->disables++;
		l->crit_end = now + sc->disable_ns;
		/* A thread that fell behind skips sections, never piles them. */
		l->crit_next += period;
		if (l->crit_next <= l->crit_end)
			l->crit_next = l->crit_end + period;
		return l->crit_end;
	}
	return l->crit_next < l->block_end ? l->crit_next : UINT64_MAX;
}

void bench_driver_critical_end(struct bench_line *l)
{
	if (l->crit_end) {
		if (l->v6)
			bench6_enable((unsigned int)l->ci->irq6);
		else
			enable_irq(l->ci->irq);
		l->crit_end = 0;
	}
}

const char *bench_line_flow_name(const struct bench_line *l)
{
	if (l->v6)
		return bench6_flow_name((unsigned int)l->ci->irq6);
	return irq_flow_name(irq_desc[l->ci->irq].handle_irq);
}

void bench_line_set_lazy(struct bench_line *l, bool lazy)
{
	if (l->v6)
		bench6_set_lazy((unsigned int)l->ci->irq6, lazy);
	else
		irq_set_lazy_disable(l->ci->irq, lazy);
}

void bench_line_synchronize(struct bench_line *l)
{
	if (l->v6)
		bench6_synchronize((unsigned int)l->ci->irq6);
	else
		synchronize_irq(l->ci->irq);
}

bool bench_line_disabled(struct bench_line *l)
{
	unsigned long flags;
	bool off;

	if (l->v6)
		return bench6_disabled((unsigned int)l->ci->irq6);
	spin_lock_irqsave(&irq_desc[l->ci->irq].lock, flags);
	off = irq_desc[l->ci->irq].status & IRQ_DISABLED;
	spin_unlock_irqrestore(&irq_desc[l->ci->irq].lock, flags);
	return off;
}
