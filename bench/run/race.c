// SPDX-License-Identifier: GPL-2.0
/*
 * The affinity races (key race): the line's own handler moves its
 * affinity to the next simulated CPU while it runs, so the move always
 * lands while a handler runs on the old CPU, with no third thread to
 * time: the next interrupt arrives on the new CPU while the old one is
 * still in the handler (a device that fires faster than handler_ns sees
 * to that), and each core's flow does what it does with it:
 *
 * - edge-migration (IO-APIC edge): 2.6.18's handle_edge_irq() and the
 *   modern one without the 2025 fix mask and ack it on the new CPU and
 *   leave it pending; the old CPU unmasks and runs the handler again, and
 *   again while the storm lasts, the line never moving back (the
 *   live-lock); edges that reach the masked entry are lost. The fixed
 *   flow spins on the new CPU until the old one is done, then handles it
 *   there.
 * - fasteoi-resend (a GIC line without an active state, standing for a
 *   message-signalled LPI): 2.6.18's handle_fasteoi_irq() and the modern
 *   one without IRQD_RESEND_WHEN_IN_PROGRESS EOI it on the new CPU and
 *   it is gone (its event waits for the next interrupt); with the flag
 *   the old CPU resends it when its handler is done.
 *
 * The books (struct bench_race_books) count the moves, the handler runs
 * off the line's target (the old CPU's reruns) and the longest run of
 * them in a row, the register accesses of the line's mask and retrigger operations, and the
 * modern core's migration waits with the time it spun in them.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <chips/gic.h>
#include <genirq/cpu.h>
#include <genirq/interrupt.h>
#include "designs/designs.h"
#include "device/device.h"
#include "device/driver.h"
#include "race.h"

/* The longest a handler holds for the interrupt its move sent elsewhere. */
#define HOLD_MAX_NS 5000000ULL
/* Looks at the new CPU's pending vectors before the hold yields its PU. */
#define HOLD_TIGHT 2000

static const char *const race_names[BENCH_RACE_NR] = {
	[BENCH_RACE_NONE] = "none",
	[BENCH_RACE_EDGE_MIGRATION] = "edge-migration",
	[BENCH_RACE_FASTEOI_RESEND] = "fasteoi-resend",
};

/**
 * bench_race_name - the name of race @v, as files spell it
 * @v: the value
 *
 * Return: the name, or NULL when @v is out of range.
 */
const char *bench_race_name(enum bench_race v)
{
	return (unsigned int)v < BENCH_RACE_NR ? race_names[v] : NULL;
}

/**
 * bench_race_parse - the race named @s
 * @s: a name as bench_race_name() spells it
 *
 * Return: the enum bench_race, or -1 when no race has that name.
 */
int bench_race_parse(const char *s)
{
	for (int i = 0; i < BENCH_RACE_NR; i++)
		if (!strcmp(race_names[i], s))
			return i;
	return -1;
}

/* 2.6.18: irq_set_affinity() stores the mask and calls ->set_affinity. */
static int move_2618(unsigned int irq, unsigned int cpu)
{
	cpumask_t mask = cpumask_of_cpu(cpu);

	return irq_set_affinity(irq, &mask);
}

const struct bench_race_family bench_race_2618 = {
	.move = move_2618,
};

int bench_race_block_begin(struct bench_line *l,
			   const struct bench_race_family *family,
			   unsigned int irq, bool resend)
{
	struct bench_race_state *r = l->race;
	const struct bench_scenario *sc = l->sc;
	int ret;

	memset(r, 0, sizeof(*r));
	r->family = family;
	r->irq = irq;
	r->cpus = sc->cpus;
	if (sc->race == BENCH_RACE_FASTEOI_RESEND) {
		ret = gic_set_message_signalled(l->ci->m[0], l->ci->pin, true);
		if (ret)
			return ret;
	}
	if (family->prepare)
		family->prepare(irq, resend);
	if (family->waits)
		family->waits(&r->waits0, &r->wait_ns0);
	return family->move(irq, 0);
}

/*
 * The family of design @d, the line it moves (the modern designs' is the
 * modern form's genirq6 irq) and whether it resends a fasteoi interrupt
 * taken while in progress (IRQD_RESEND_WHEN_IN_PROGRESS): the modern
 * designs but v6-nofix; 2.6.18's have no such flag.
 */
static const struct bench_race_family *family_of(const struct bench_line *l,
						 enum bench_design d,
						 bool *resend,
						 unsigned int *irq)
{
	const struct bench_design_row *row = bench_design_get(d);

	*resend = false;
	*irq = l->ci->irq;
	if (!row || !row->ops->v6)
		return &bench_race_2618;
	*resend = d != BENCH_DESIGN_V6_NOFIX;
	*irq = (unsigned int)l->ci->irq6;
	return &bench_race_v6;
}

int bench_race_begin_design(struct bench_line *l, enum bench_design d,
			    char *err, size_t errlen)
{
	bool resend;
	unsigned int irq;
	const struct bench_race_family *f = family_of(l, d, &resend, &irq);
	int ret = bench_race_block_begin(l, f, irq, resend);

	if (!ret)
		return 0;
	bench_line_free_irq(l);
	snprintf(err, errlen, "scenario %s, design %s: race %s: %s",
		 l->sc->name, bench_design_name(d),
		 bench_race_name(l->sc->race),
		 ret == -EINVAL ? "the line cannot be moved" : strerror(-ret));
	return ret;
}

/*
 * Hold the handler after a move to @cpu until the line's vector was
 * raised on @cpu and taken there (its pending bit seen set, then clear),
 * at most HOLD_MAX_NS: the next interrupt then meets this handler still
 * running, whatever the host's scheduling of the simulated CPUs (a woken
 * thread may wait milliseconds for a PU on a loaded machine). A bit set
 * and cleared between two looks is missed: the hold then runs out, and
 * the race still happened. Tight looks first, then yielding ones, for a
 * new CPU that shares this PU.
 */
static void hold(const struct bench_line *l, unsigned int cpu)
{
	const unsigned long *word =
		&__irq_cpu_pending[cpu].bits[l->ci->irq / BITS_PER_LONG];
	const unsigned long bit = 1UL << (l->ci->irq % BITS_PER_LONG);
	uint64_t until = bench_now_ns() + HOLD_MAX_NS;
	bool seen = false;

	for (unsigned int n = 0; bench_now_ns() < until; n++) {
		bool set = __atomic_load_n(word, __ATOMIC_ACQUIRE) & bit;

		if (seen && !set)
			return;
		seen |= set;
		if (n > HOLD_TIGHT)
			sched_yield(); /* the new CPU may share this PU */
	}
}

void bench_race_handler(struct bench_line *l)
{
	struct bench_race_state *r = l->race;
	unsigned int cpu = smp_processor_id();
	unsigned int next = (cpu + 1) % r->cpus;

	if (cpu != __atomic_load_n(&r->target, __ATOMIC_RELAXED)) {
		/* the old CPU runs it again: the line is elsewhere now */
		r->books.old_cpu_runs++;
		if (++r->loop > r->books.longest_loop)
			r->books.longest_loop = r->loop;
		return;
	}
	r->loop = 0;
	if (r->family->move(r->irq, next))
		return;
	__atomic_store_n(&r->target, next, __ATOMIC_RELAXED);
	r->books.moves++;
	hold(l, next);
}

/* The line's own operations @acc in @s1 since @s0, reads and writes. */
static uint64_t ops(const struct chip_stats *s0, const struct chip_stats *s1,
		    enum chip_acc acc)
{
	return (s1->reads[acc] - s0->reads[acc]) +
	       (s1->writes[acc] - s0->writes[acc]);
}

void bench_race_block_end(struct bench_line *l, const struct chip_stats *s0,
			  const struct chip_stats *s1, struct bench_result *res)
{
	struct bench_race_state *r = l->race;
	struct bench_race_books *b = &res->race;
	uint64_t waits = 0, wait_ns = 0;

	if (r->family->waits) {
		r->family->waits(&waits, &wait_ns);
		b->waits += waits - r->waits0;
		b->wait_ns += wait_ns - r->wait_ns0;
	}
	b->moves += r->books.moves;
	b->old_cpu_runs += r->books.old_cpu_runs;
	if (r->books.longest_loop > b->longest_loop)
		b->longest_loop = r->books.longest_loop;
	b->mask_accesses +=
		ops(s0, s1, CHIP_ACC_MASK) + ops(s0, s1, CHIP_ACC_MASK_ACK);
	b->resend_accesses += ops(s0, s1, CHIP_ACC_RETRIGGER);
	if (l->sc->race == BENCH_RACE_FASTEOI_RESEND)
		gic_set_message_signalled(l->ci->m[0], l->ci->pin, false);
}
