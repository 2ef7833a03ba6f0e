// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC and local APIC model, register by register: edges lost on a
 * masked entry, Remote IRR holding a level line until EOI and re-sending
 * while it is still asserted, affinity by destination (now and at the next
 * interrupt), retrigger by self-IPI, ISR priority and EOI order, the
 * 82093AA erratum path, and N interrupts through handle_edge_irq,
 * handle_fasteoi_irq and __do_IRQ() with the access counts the 2.6.17 and
 * 2.6.18 drivers imply, worked out by hand next to each check. Ends with
 * two spinning CPU threads taking lines that device threads fire at them.
 *
 * Unless a test starts CPU threads, the test thread is CPU 0 with
 * interrupts enabled, so an interrupt raised on CPU 0 is handled before
 * the call that raised it returns.
 */
#define _GNU_SOURCE /* pthread */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <chips/ioapic.h>
#include <chips/soft.h>

#define BASE 64 /* irq of pin 0 */
#define WAIT_S 10 /* a wait this long means a hang */

/*
 * Pins used below and their vectors (0x31 + 8 * pin) and priority
 * classes (vector >> 4): pin 0 0x31 class 3, pin 1 0x39 class 3,
 * pin 20 0xd1 class 13.
 */
#define PIN_LOW 0
#define PIN_LOW_TWIN 1
#define PIN_HIGH 20

static struct chip_model *m;

#define relaxed_load(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define relaxed_store(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define relaxed_inc(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)

/*
 * A device on one pin. A level device stays asserted for @keep handler
 * runs, then its handler clears it (deasserts) before counting the run,
 * so a thread that sees the count sees the line already released.
 */
struct dev {
	struct chip_line line;
	bool level;
	unsigned int keep;
	void (*hook)(struct dev *d);
	unsigned long runs;
	unsigned long cpu;
};

static irqreturn_t dev_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	(void)irq;
	relaxed_store(&d->cpu, smp_processor_id());
	if (d->hook)
		d->hook(d);
	if (d->level && relaxed_load(&d->runs) >= d->keep)
		chip_line_deassert(&d->line);
	relaxed_inc(&d->runs);
	return IRQ_HANDLED;
}

static unsigned int irq_of(unsigned int pin)
{
	return BASE + pin;
}

static void dev_init(struct dev *d, unsigned int pin, bool level)
{
	memset(d, 0, sizeof(*d));
	d->line = (struct chip_line){ m, pin };
	d->level = level;
}

static void dev_request(struct dev *d)
{
	unsigned long flags = d->level ? SA_TRIGGER_HIGH : 0;

	assert_int_equal(request_irq(irq_of(d->line.pin), dev_handler, flags,
				     "dev", d),
			 0);
}

static unsigned long reads(enum chip_acc acc)
{
	return relaxed_load(&m->stats.reads[acc]);
}

static unsigned long writes(enum chip_acc acc)
{
	return relaxed_load(&m->stats.writes[acc]);
}

static uint64_t rte(unsigned int pin)
{
	return ioapic_rte_peek(m, pin);
}

static unsigned int rte_dest(unsigned int pin)
{
	return (unsigned int)(rte(pin) >> IOAPIC_RTE_DEST_SHIFT);
}

static unsigned int vec(unsigned int pin)
{
	return ioapic_pin_vector(m, pin);
}

static bool lapic(unsigned int cpu, enum ioapic_lapic_reg reg, unsigned int pin)
{
	return ioapic_lapic_test(m, cpu, reg, vec(pin));
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Wait for another CPU to have run @d's handler @n times. */
static bool wait_runs(struct dev *d, unsigned long n)
{
	double end = now_s() + WAIT_S;

	while (relaxed_load(&d->runs) < n)
		if (now_s() > end)
			return false;
		else
			sched_yield();
	return true;
}

static void *cpu_thread(void *arg)
{
	irq_cpu_run((unsigned int)(uintptr_t)arg, IRQ_CPU_BLOCK);
	return NULL;
}

static void start_cpu(pthread_t *t, unsigned int cpu)
{
	double end = now_s() + WAIT_S;

	assert_int_equal(
		pthread_create(t, NULL, cpu_thread, (void *)(uintptr_t)cpu), 0);
	while (!cpu_online(cpu) && now_s() < end)
		sched_yield();
	assert_true(cpu_online(cpu));
}

static void stop_cpu(pthread_t t, unsigned int cpu)
{
	irq_cpu_stop(cpu);
	assert_int_equal(pthread_join(t, NULL), 0);
}

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	m = ioapic_create(BASE, 2);
	assert_non_null(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	chip_model_destroy(m);
	m = NULL;
	return 0;
}

static void test_boot_state_and_startup(void **state)
{
	struct dev d;

	(void)state;
	/*
	 * Boot: VER read (IOREGSEL write + IOWIN read), then 24 entries of
	 * two indirect writes each (high word, low word): 1 + 96 writes.
	 */
	assert_int_equal(reads(CHIP_ACC_INIT), 1);
	assert_int_equal(writes(CHIP_ACC_INIT), 1 + 24 * 4);
	for (unsigned int pin = 0; pin < IOAPIC_NR_PINS; pin++) {
		assert_int_equal(vec(pin), 0x31 + 8 * pin);
		assert_int_equal(rte(pin), IOAPIC_RTE_MASKED | vec(pin));
		assert_ptr_equal(irq_desc[irq_of(pin)].handle_irq,
				 handle_edge_irq);
		assert_string_equal(get_irq_chip(irq_of(pin))->name, "IO-APIC");
	}
	chip_stats_reset(m);
	dev_init(&d, 3, false);
	dev_request(&d);
	/* startup_ioapic_irq(): one modify, IOREGSEL + IOWIN read + write. */
	assert_int_equal(writes(CHIP_ACC_STARTUP), 2);
	assert_int_equal(reads(CHIP_ACC_STARTUP), 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 3);
	assert_false(rte(3) & IOAPIC_RTE_MASKED);
	free_irq(irq_of(3), &d);
}

static void test_edge_on_masked_entry_is_lost(void **state)
{
	struct dev d;
	unsigned int irq = irq_of(5);

	(void)state;
	dev_init(&d, 5, false);
	dev_request(&d);
	chip_stats_reset(m);

	get_irq_chip(irq)->mask(irq);
	assert_true(rte(5) & IOAPIC_RTE_MASKED);
	chip_line_pulse(&d.line, 0);
	assert_int_equal(m->stats.dropped_masked, 1);
	assert_int_equal(m->stats.delivered, 0);
	assert_false(lapic(0, IOAPIC_LAPIC_IRR, 5));

	/* Nothing was latched: unmasking delivers nothing. */
	get_irq_chip(irq)->unmask(irq);
	assert_int_equal(d.runs, 0);
	assert_int_equal(m->stats.delivered, 0);

	chip_line_pulse(&d.line, 0);
	assert_int_equal(d.runs, 1);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(m->stats.dropped_masked, 1);
	/* mask, unmask: 3 each; one edge through handle_edge_irq: 1 EOI. */
	assert_int_equal(chip_accesses(m, CHIP_ACC_MASK), 3);
	assert_int_equal(chip_accesses(m, CHIP_ACC_UNMASK), 3);
	assert_int_equal(writes(CHIP_ACC_ACK), 1);
	free_irq(irq, &d);
}

static void test_level_remote_irr_blocks_until_eoi(void **state)
{
	struct dev d;
	unsigned int v;

	(void)state;
	dev_init(&d, 7, true);
	d.keep = 2; /* the device needs three handler runs to be cleared */
	chip_stats_reset(m);
	dev_request(&d);
	/* set_type: one modify (3); startup: one modify (3). */
	assert_int_equal(chip_accesses(m, CHIP_ACC_SET_TYPE), 3);
	assert_int_equal(chip_accesses(m, CHIP_ACC_STARTUP), 3);
	assert_ptr_equal(irq_desc[irq_of(7)].handle_irq, handle_fasteoi_irq);
	assert_true(irq_desc[irq_of(7)].status & IRQ_LEVEL);
	assert_true(rte(7) & IOAPIC_RTE_LEVEL);
	assert_false(rte(7) & IOAPIC_RTE_POLARITY);
	chip_stats_reset(m);
	v = vec(7);

	local_irq_disable();
	chip_line_assert(&d.line);
	assert_int_equal(m->stats.delivered, 1);
	assert_true(rte(7) & IOAPIC_RTE_REMOTE_IRR);
	assert_true(ioapic_lapic_test(m, 0, IOAPIC_LAPIC_IRR, v));
	assert_true(ioapic_lapic_test(m, 0, IOAPIC_LAPIC_TMR, v));
	/* Remote IRR set: a new assertion sends nothing. */
	chip_line_deassert(&d.line);
	chip_line_assert(&d.line);
	assert_int_equal(m->stats.delivered, 1);
	local_irq_enable();

	/*
	 * Each EOI clears Remote IRR and the line, still asserted, sends
	 * again; the third run clears the device and the EOI after it finds
	 * the input low.
	 */
	assert_int_equal(d.runs, 3);
	assert_int_equal(m->stats.delivered, 3);
	assert_false(rte(7) & IOAPIC_RTE_REMOTE_IRR);
	assert_int_equal(ioapic_lapic_highest(m, 0, IOAPIC_LAPIC_ISR), -1);
	assert_int_equal(ioapic_lapic_highest(m, 0, IOAPIC_LAPIC_IRR), -1);
	/* handle_fasteoi_irq: per run, TMR read + EOI write, nothing else. */
	assert_int_equal(reads(CHIP_ACC_EOI), 3);
	assert_int_equal(writes(CHIP_ACC_EOI), 3);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 6);

	/* Deasserted: nothing more; asserted again: exactly one more. */
	assert_int_equal(d.runs, 3);
	chip_line_assert(&d.line);
	assert_int_equal(d.runs, 4);
	assert_int_equal(m->stats.delivered, 4);
	free_irq(irq_of(7), &d);
}

static void test_level_asserted_while_disabled_sends_on_enable(void **state)
{
	struct dev d;

	(void)state;
	dev_init(&d, 9, true);
	dev_request(&d);
	chip_stats_reset(m);

	disable_irq(irq_of(9)); /* level: ->disable masks (3 accesses) */
	assert_int_equal(chip_accesses(m, CHIP_ACC_DISABLE), 3);
	chip_line_assert(&d.line);
	/* Masked: not sent, and a level is not lost, so not dropped. */
	assert_int_equal(m->stats.delivered, 0);
	assert_int_equal(m->stats.dropped_masked, 0);
	enable_irq(irq_of(9));
	/* Unmasking an asserted level entry sends; no resend for levels. */
	assert_int_equal(d.runs, 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_UNMASK), 3);
	assert_int_equal(chip_accesses(m, CHIP_ACC_RETRIGGER), 0);
	assert_int_equal(m->stats.delivered, 1);
	free_irq(irq_of(9), &d);
}

static void test_set_type_programs_entry_and_handling(void **state)
{
	unsigned int irq = irq_of(11);

	(void)state;
	assert_int_equal(set_irq_type(irq, IRQ_TYPE_LEVEL_LOW), 0);
	assert_true(rte(11) & IOAPIC_RTE_LEVEL);
	assert_true(rte(11) & IOAPIC_RTE_POLARITY);
	assert_ptr_equal(irq_desc[irq].handle_irq, handle_fasteoi_irq);
	assert_int_equal(set_irq_type(irq, IRQ_TYPE_EDGE_FALLING), 0);
	assert_false(rte(11) & IOAPIC_RTE_LEVEL);
	assert_true(rte(11) & IOAPIC_RTE_POLARITY);
	assert_ptr_equal(irq_desc[irq].handle_irq, handle_edge_irq);
	assert_false(irq_desc[irq].status & IRQ_LEVEL);
	assert_int_equal(set_irq_type(irq, IRQ_TYPE_EDGE_BOTH), -EINVAL);
	assert_int_equal(set_irq_type(irq, IRQ_TYPE_NONE), -EINVAL);

	/* On the baseline, the trigger picks the 2.6.17 type. */
	chip_model_set_design(m, CHIP_DESIGN_DO_IRQ);
	assert_null(irq_desc[irq].handle_irq);
	assert_string_equal(get_irq_chip(irq)->name, "IO-APIC-edge");
	assert_int_equal(set_irq_type(irq, IRQ_TYPE_LEVEL_HIGH), 0);
	assert_null(irq_desc[irq].handle_irq);
	assert_string_equal(get_irq_chip(irq)->name, "IO-APIC-level");
	chip_model_set_design(m, CHIP_DESIGN_FLOW);
	assert_string_equal(get_irq_chip(irq)->name, "IO-APIC");
	assert_ptr_equal(irq_desc[irq].handle_irq, handle_fasteoi_irq);
	/* Remote IRR and delivery status are read-only. */
	assert_false(rte(11) & IOAPIC_RTE_REMOTE_IRR);
}

static void test_affinity_moves_delivery(void **state)
{
	struct dev e, l;
	pthread_t t;
	cpumask_t to0 = cpumask_of_cpu(0), to1 = cpumask_of_cpu(1);

	(void)state;
	start_cpu(&t, 1);
	dev_init(&e, 3, false);
	dev_init(&l, 5, true);
	dev_request(&e);
	dev_request(&l);
	chip_stats_reset(m);

	chip_line_pulse(&e.line, 0);
	assert_int_equal(relaxed_load(&e.runs), 1);
	assert_int_equal(relaxed_load(&e.cpu), 0);

	/* Now: the high word is rewritten (IOREGSEL + IOWIN: 2 writes). */
	assert_int_equal(irq_set_affinity(irq_of(3), &to1), 0);
	assert_int_equal(writes(CHIP_ACC_SET_AFFINITY), 2);
	assert_int_equal(reads(CHIP_ACC_SET_AFFINITY), 0);
	assert_int_equal(rte_dest(3), 1);
	chip_line_pulse(&e.line, 0);
	assert_true(wait_runs(&e, 2));
	assert_int_equal(relaxed_load(&e.cpu), 1);
	assert_false(lapic(0, IOAPIC_LAPIC_IRR, 3));

	/*
	 * Deferred: nothing is programmed until the next interrupt, whose
	 * ack (on CPU 1) runs move_native_irq(): ->disable (edge: delayed,
	 * no access), ->set_affinity (2 writes), ->enable (unmask: 3).
	 */
	genirq_set_pending_irq_moves(true);
	chip_stats_reset(m);
	assert_int_equal(irq_set_affinity(irq_of(3), &to0), 0);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 0);
	assert_int_equal(rte_dest(3), 1);
	chip_line_pulse(&e.line, 0);
	assert_true(wait_runs(&e, 3));
	assert_int_equal(relaxed_load(&e.cpu), 1);
	assert_int_equal(rte_dest(3), 0);
	assert_int_equal(chip_accesses(m, CHIP_ACC_DISABLE), 0);
	assert_int_equal(writes(CHIP_ACC_SET_AFFINITY), 2);
	assert_int_equal(chip_accesses(m, CHIP_ACC_UNMASK), 3);
	assert_int_equal(writes(CHIP_ACC_ACK), 1);
	chip_line_pulse(&e.line, 0);
	assert_int_equal(relaxed_load(&e.runs), 4);
	assert_int_equal(relaxed_load(&e.cpu), 0);

	/*
	 * A level line moves from its EOI: ->disable masks (3),
	 * ->set_affinity (2), ->enable unmasks (3), then TMR read and EOI.
	 */
	chip_stats_reset(m);
	assert_int_equal(irq_set_affinity(irq_of(5), &to1), 0);
	chip_line_assert(&l.line);
	assert_int_equal(relaxed_load(&l.runs), 1);
	assert_int_equal(relaxed_load(&l.cpu), 0);
	assert_int_equal(rte_dest(5), 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_DISABLE), 3);
	assert_int_equal(writes(CHIP_ACC_SET_AFFINITY), 2);
	assert_int_equal(chip_accesses(m, CHIP_ACC_UNMASK), 3);
	assert_int_equal(reads(CHIP_ACC_EOI), 1);
	assert_int_equal(writes(CHIP_ACC_EOI), 1);
	chip_line_assert(&l.line);
	assert_true(wait_runs(&l, 2));
	assert_int_equal(relaxed_load(&l.cpu), 1);

	free_irq(irq_of(3), &e);
	free_irq(irq_of(5), &l);
	stop_cpu(t, 1);
	assert_int_equal(ioapic_lapic_highest(m, 1, IOAPIC_LAPIC_ISR), -1);
	assert_false(rte(5) & IOAPIC_RTE_REMOTE_IRR);
}

static void test_retrigger_by_self_ipi_flow(void **state)
{
	struct dev d;
	unsigned int irq = irq_of(4);

	(void)state;
	dev_init(&d, 4, false);
	dev_request(&d);
	chip_stats_reset(m);

	/* 2.6.18 edge lines disable late: the entry stays unmasked. */
	disable_irq(irq);
	assert_int_equal(chip_accesses(m, CHIP_ACC_DISABLE), 0);
	assert_false(rte(4) & IOAPIC_RTE_MASKED);

	/* handle_edge_irq: disabled, so PENDING|MASKED, mask (3) + ack (1). */
	chip_line_pulse(&d.line, 0);
	assert_int_equal(d.runs, 0);
	assert_true(irq_desc[irq].status & IRQ_PENDING);
	assert_true(rte(4) & IOAPIC_RTE_MASKED);
	assert_int_equal(chip_accesses(m, CHIP_ACC_MASK), 3);
	assert_int_equal(writes(CHIP_ACC_ACK), 1);
	/* Now masked: later edges are lost at the IO-APIC. */
	chip_line_pulse(&d.line, 0);
	chip_line_pulse(&d.line, 0);
	assert_int_equal(m->stats.dropped_masked, 2);
	assert_int_equal(m->stats.delivered, 1);

	/*
	 * enable_irq: ->enable (unmask, 3), then the resend: ICR idle read
	 * and ICR write with the self shorthand; the self-IPI is the second
	 * delivery and runs the handler once, its ack another EOI.
	 */
	enable_irq(irq);
	assert_int_equal(d.runs, 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_UNMASK), 3);
	assert_int_equal(reads(CHIP_ACC_RETRIGGER), 1);
	assert_int_equal(writes(CHIP_ACC_RETRIGGER), 1);
	assert_int_equal(m->stats.delivered, 2);
	assert_int_equal(writes(CHIP_ACC_ACK), 2);
	assert_false(rte(4) & IOAPIC_RTE_MASKED);
	assert_int_equal(ioapic_lapic_highest(m, 0, IOAPIC_LAPIC_ISR), -1);
	free_irq(irq, &d);
}

static void test_retrigger_by_self_ipi_do_irq(void **state)
{
	struct dev d;
	unsigned int irq = irq_of(4);

	(void)state;
	dev_init(&d, 4, false);
	dev_request(&d);
	chip_model_set_design(m, CHIP_DESIGN_DO_IRQ);
	chip_stats_reset(m);

	disable_irq(irq); /* IO-APIC-edge: disable is a no-op */
	assert_int_equal(chip_accesses(m, CHIP_ACC_DISABLE), 0);
	/* First edge: ack EOIs only (not yet PENDING); __do_IRQ marks it. */
	chip_line_pulse(&d.line, 0);
	assert_true(irq_desc[irq].status & IRQ_PENDING);
	assert_false(rte(4) & IOAPIC_RTE_MASKED);
	assert_int_equal(chip_accesses(m, CHIP_ACC_ACK), 1);
	/* Second: ack finds PENDING|DISABLED and masks (3), then EOI (1). */
	chip_line_pulse(&d.line, 0);
	assert_true(rte(4) & IOAPIC_RTE_MASKED);
	assert_int_equal(chip_accesses(m, CHIP_ACC_ACK), 1 + 4);
	chip_line_pulse(&d.line, 0);
	assert_int_equal(m->stats.dropped_masked, 1);
	assert_int_equal(d.runs, 0);

	/* enable: unmask (3), self-IPI (2); the replay's ack is one EOI. */
	enable_irq(irq);
	assert_int_equal(d.runs, 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_ENABLE), 3);
	assert_int_equal(chip_accesses(m, CHIP_ACC_RETRIGGER), 2);
	assert_int_equal(chip_accesses(m, CHIP_ACC_ACK), 1 + 4 + 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_END), 0);
	assert_int_equal(m->stats.delivered, 3);
	free_irq(irq, &d);
}

/* An order log of handler entries and exits: "L+" "H+" "H-" "L-". */
static char order[64];
static struct dev *nest_inner;
static bool isr_outer_in_inner, isr_inner_in_inner;
static bool isr_inner_after, isr_outer_after;
static unsigned long inner_runs_after;

static void log_step(const char *s)
{
	strncat(order, s, sizeof(order) - strlen(order) - 1);
}

static void inner_hook(struct dev *d)
{
	log_step(d->line.pin == PIN_HIGH ? "H" : "T");
	isr_inner_in_inner = lapic(0, IOAPIC_LAPIC_ISR, d->line.pin);
	isr_outer_in_inner =
		lapic(0, IOAPIC_LAPIC_ISR,
		      d->line.pin == PIN_HIGH ? PIN_LOW : PIN_HIGH);
}

static void outer_hook(struct dev *d)
{
	log_step(d->line.pin == PIN_HIGH ? "H+" : "L+");
	chip_line_pulse(&nest_inner->line, 0);
	inner_runs_after = nest_inner->runs;
	isr_inner_after = lapic(0, IOAPIC_LAPIC_ISR, nest_inner->line.pin);
	isr_outer_after = lapic(0, IOAPIC_LAPIC_ISR, d->line.pin);
	log_step("-");
}

static void nest_reset(void)
{
	order[0] = '\0';
	isr_outer_in_inner = isr_inner_in_inner = false;
	isr_inner_after = isr_outer_after = false;
	inner_runs_after = 0;
}

static void test_lapic_priority_and_eoi_order(void **state)
{
	struct dev low, high, twin;

	(void)state;
	/*
	 * A: a low-class level line in service (fasteoi EOIs after its
	 * handler) is interrupted by a high-class edge. handle_edge_irq
	 * EOIs in ->ack, before its handler: that EOI retires the highest
	 * ISR bit, the edge's own, and the outer one stays in service.
	 */
	dev_init(&low, PIN_LOW, true);
	dev_init(&high, PIN_HIGH, false);
	low.hook = outer_hook;
	high.hook = inner_hook;
	nest_inner = &high;
	dev_request(&low);
	dev_request(&high);
	nest_reset();
	chip_line_assert(&low.line);
	assert_string_equal(order, "L+H-");
	assert_int_equal(inner_runs_after, 1);
	assert_false(isr_inner_in_inner);
	assert_true(isr_outer_in_inner);
	assert_false(isr_inner_after);
	assert_true(isr_outer_after);
	assert_int_equal(ioapic_lapic_highest(m, 0, IOAPIC_LAPIC_ISR), -1);
	free_irq(irq_of(PIN_LOW), &low);
	free_irq(irq_of(PIN_HIGH), &high);

	/*
	 * B: a high-class level line in service holds off a low-class edge
	 * in IRR (counted as latched) until its EOI.
	 */
	dev_init(&low, PIN_LOW, false);
	dev_init(&high, PIN_HIGH, true);
	high.hook = outer_hook;
	low.hook = inner_hook;
	nest_inner = &low;
	dev_request(&low);
	dev_request(&high);
	chip_stats_reset(m);
	nest_reset();
	chip_line_assert(&high.line);
	assert_int_equal(inner_runs_after, 0);
	assert_false(isr_inner_after);
	assert_true(isr_outer_after);
	assert_int_equal(low.runs, 1);
	assert_string_equal(order, "H+-T");
	assert_false(isr_outer_in_inner); /* H was EOIed before L ran */
	assert_int_equal(m->stats.latched, 1);
	free_irq(irq_of(PIN_LOW), &low);
	free_irq(irq_of(PIN_HIGH), &high);

	/* C: the same class does not nest either (0x31 and 0x39). */
	dev_init(&low, PIN_LOW, true);
	dev_init(&twin, PIN_LOW_TWIN, false);
	low.hook = outer_hook;
	twin.hook = inner_hook;
	nest_inner = &twin;
	dev_request(&low);
	dev_request(&twin);
	nest_reset();
	chip_line_assert(&low.line);
	assert_int_equal(inner_runs_after, 0);
	assert_string_equal(order, "L+-T");
	assert_int_equal(twin.runs, 1);
	free_irq(irq_of(PIN_LOW), &low);
	free_irq(irq_of(PIN_LOW_TWIN), &twin);
}

static void test_erratum_path_clears_remote_irr(void **state)
{
	struct dev d;
	unsigned int irq = irq_of(8), v;

	(void)state;
	dev_init(&d, 8, true);
	dev_request(&d);
	chip_stats_reset(m);
	v = vec(8);

	/*
	 * A level interrupt accepted, then the same vector accepted again as
	 * an edge (a self-IPI): TMR now says edge, so the EOI sends no EOI
	 * message and Remote IRR would stay set for good.
	 */
	local_irq_disable();
	chip_line_assert(&d.line);
	assert_true(ioapic_lapic_test(m, 0, IOAPIC_LAPIC_TMR, v));
	assert_int_equal(get_irq_chip(irq)->retrigger(irq), 1);
	assert_false(ioapic_lapic_test(m, 0, IOAPIC_LAPIC_TMR, v));
	local_irq_enable();

	assert_int_equal(d.runs, 1);
	assert_int_equal(ioapic_mis_count(m), 1);
	/*
	 * The eoi: TMR read, EOI write, then mask+edge and unmask+level, a
	 * modify each (IOREGSEL, IOWIN read, IOWIN write): 3 reads, 5 writes.
	 * Making the entry edge cleared Remote IRR.
	 */
	assert_int_equal(reads(CHIP_ACC_EOI), 3);
	assert_int_equal(writes(CHIP_ACC_EOI), 5);
	assert_false(rte(8) & IOAPIC_RTE_REMOTE_IRR);
	assert_true(rte(8) & IOAPIC_RTE_LEVEL);
	assert_false(rte(8) & IOAPIC_RTE_MASKED);
	/* And the line works: the next assertion is delivered. */
	chip_line_assert(&d.line);
	assert_int_equal(d.runs, 2);
	assert_int_equal(ioapic_mis_count(m), 1);
	free_irq(irq, &d);
}

static void test_n_interrupts_each_design_and_trigger(void **state)
{
	const unsigned long n = 1000;
	struct dev e, l;

	(void)state;
	dev_init(&e, 6, false);
	dev_init(&l, 12, true);
	dev_request(&e);
	dev_request(&l);

	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		bool flow = design == CHIP_DESIGN_FLOW;

		chip_model_set_design(m, design);
		assert_ptr_equal(irq_desc[irq_of(6)].handle_irq,
				 flow ? handle_edge_irq : NULL);
		assert_ptr_equal(irq_desc[irq_of(12)].handle_irq,
				 flow ? handle_fasteoi_irq : NULL);
		chip_stats_reset(m);
		e.runs = l.runs = 0;

		for (unsigned long i = 0; i < n; i++) {
			chip_line_pulse(&e.line, 0);
			chip_line_assert(&l.line);
		}
		assert_int_equal(e.runs, n);
		assert_int_equal(l.runs, n);
		assert_int_equal(m->stats.delivered, 2 * n);
		assert_int_equal(m->stats.dropped_masked, 0);
		assert_int_equal(m->stats.latched, 0);
		/*
		 * Edge, both designs: ack = move_native_irq (nothing
		 * pending) + one EOI write; 2.6.17's end is empty.
		 */
		assert_int_equal(writes(CHIP_ACC_ACK), n);
		assert_int_equal(reads(CHIP_ACC_ACK), 0);
		/*
		 * Level: TMR read + EOI write once per interrupt, in ->eoi
		 * (handle_fasteoi_irq) or in 2.6.17's ->end (its ->ack does
		 * nothing: "we do not touch any IO-APIC register").
		 */
		assert_int_equal(reads(flow ? CHIP_ACC_EOI : CHIP_ACC_END), n);
		assert_int_equal(writes(flow ? CHIP_ACC_EOI : CHIP_ACC_END), n);
		/* Nothing else: no IO-APIC access on the hot path. */
		assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 3 * n);
		assert_false(rte(12) & IOAPIC_RTE_REMOTE_IRR);
	}
	free_irq(irq_of(6), &e);
	free_irq(irq_of(12), &l);
}

static void test_cost_profile(void **state)
{
	const char *suffix = "tests/chips/test_ioapic.c";
	size_t flen = strlen(__FILE__), slen = strlen(suffix);
	struct ioapic_cost *c = m->cost;
	char path[4096], err[256] = "";
	struct dev d;
	double t0, dt;

	(void)state;
	if (__FILE__[0] != '/' || flen < slen ||
	    strcmp(__FILE__ + flen - slen, suffix))
		skip();
	snprintf(path, sizeof(path), "%.*sconfigs/cost/realistic.ini",
		 (int)(flen - slen), __FILE__);
	assert_int_equal(chip_cost_load(m, path, err, sizeof(err)), 0);
	/* Every key is in the profile, and the data sheets' order holds. */
	for (const struct chip_cost_field *f = ioapic_cost_fields; f->key; f++)
		assert_true(*(unsigned int *)((char *)c + f->offset) > 0);
	assert_true(c->ioapic_read_ns > c->ioapic_write_ns);
	assert_true(c->ioapic_read_ns > c->lapic_read_ns);
	assert_true(c->ioapic_write_ns > c->lapic_eoi_ns);

	/* The busy-wait is paid per access: 50 unmask modifies, 3 each. */
	dev_init(&d, 2, false);
	dev_request(&d);
	t0 = now_s();
	for (int i = 0; i < 50; i++)
		get_irq_chip(irq_of(2))->unmask(irq_of(2));
	dt = now_s() - t0;
	assert_true(dt * 1e9 >=
		    50.0 * (2 * c->ioapic_write_ns + c->ioapic_read_ns));
	free_irq(irq_of(2), &d);
	assert_int_equal(chip_cost_set(m, "lapic_eoi_ns", 15), 0);
	assert_int_equal(c->lapic_eoi_ns, 15);
}

static void test_create_rejects_bad_arguments(void **state)
{
	struct chip_model *soft;

	(void)state;
	assert_null(ioapic_create(BASE, 0));
	assert_null(ioapic_create(BASE, IOAPIC_MAX_CPUS + 1));
	assert_null(ioapic_create(NR_IRQS - IOAPIC_NR_PINS + 1, 1));
	/* Accessors refuse what is not an IO-APIC or out of range. */
	soft = soft_create(8, 2, 0, -1);
	assert_non_null(soft);
	assert_int_equal(ioapic_rte_peek(soft, 0), 0);
	assert_int_equal(ioapic_lapic_highest(soft, 0, IOAPIC_LAPIC_ISR), -1);
	assert_int_equal(ioapic_rte_peek(m, IOAPIC_NR_PINS), 0);
	assert_false(ioapic_lapic_test(m, 2, IOAPIC_LAPIC_IRR, 0x31));
	chip_model_destroy(soft);
}

/*
 * Multi-CPU: CPU threads 1 and 2 spin in irq_cpu_run(); one device thread
 * per CPU drives an edge and a level line routed there. First a handshake
 * phase (fire, wait for the handler): every interrupt is handled once, on
 * its CPU. Then a burst on both lines without waiting: edges may merge in
 * IRR or be lost while handle_edge_irq has the entry masked, assertions
 * of a level line already asserted merge, which is legal because a
 * handler run is then still to come; what must hold is that a handler
 * runs after the last firing (it sees the last sequence number).
 *
 * Handshakes are few: with two spinning CPU threads on a two-core machine
 * a device thread waiting for a handler may wait a scheduler time slice.
 * Bursts cost no waiting, so they carry the volume.
 */
#define MC_ROUNDS 50
#define MC_BURST 5000

struct mc_line {
	struct chip_line line;
	unsigned int cpu;
	bool level;
	unsigned long runs;
	unsigned long wrong_cpu;
	unsigned long seq; /* stamped by the device before each firing */
	unsigned long seen; /* largest stamp a handler read */
};

struct mc_dev {
	struct mc_line *edge, *level;
	unsigned long timeouts;
	unsigned long edge_runs_after_rounds;
	unsigned long level_runs_after_rounds;
};

static irqreturn_t mc_handler(int irq, void *dev_id)
{
	struct mc_line *l = dev_id;
	unsigned long seq, cur;

	(void)irq;
	if (smp_processor_id() != l->cpu)
		relaxed_inc(&l->wrong_cpu);
	/*
	 * Clear a level device before reading what it has to say: an
	 * assertion after the clear sends again once this run's EOI clears
	 * Remote IRR, one before it is in what we read.
	 */
	if (l->level)
		chip_line_deassert(&l->line);
	seq = relaxed_load(&l->seq);
	cur = relaxed_load(&l->seen);
	while (cur < seq &&
	       !__atomic_compare_exchange_n(&l->seen, &cur, seq, true,
					    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
	relaxed_inc(&l->runs);
	return IRQ_HANDLED;
}

static bool mc_wait(unsigned long *p, unsigned long n)
{
	double end = now_s() + WAIT_S;

	while (relaxed_load(p) < n) {
		if (now_s() > end)
			return false;
		sched_yield(); /* the CPU thread may share our core */
	}
	return true;
}

static void mc_fire(struct mc_line *l, unsigned long seq)
{
	relaxed_store(&l->seq, seq);
	if (l->level)
		chip_line_assert(&l->line);
	else
		chip_line_pulse(&l->line, 0);
}

static void *mc_device(void *arg)
{
	struct mc_dev *d = arg;
	unsigned long i;

	for (i = 1; i <= MC_ROUNDS; i++) {
		mc_fire(d->edge, i);
		if (!mc_wait(&d->edge->runs, i))
			goto timeout;
		mc_fire(d->level, i);
		if (!mc_wait(&d->level->runs, i))
			goto timeout;
	}
	d->edge_runs_after_rounds = relaxed_load(&d->edge->runs);
	d->level_runs_after_rounds = relaxed_load(&d->level->runs);
	for (i = MC_ROUNDS + 1; i <= MC_ROUNDS + MC_BURST; i++) {
		mc_fire(d->edge, i);
		mc_fire(d->level, i);
	}
	if (!mc_wait(&d->edge->seen, MC_ROUNDS + MC_BURST) ||
	    !mc_wait(&d->level->seen, MC_ROUNDS + MC_BURST))
		goto timeout;
	return NULL;
timeout:
	d->timeouts++;
	return NULL;
}

static void *mc_cpu(void *arg)
{
	irq_cpu_run((unsigned int)(uintptr_t)arg, IRQ_CPU_SPIN);
	return NULL;
}

static void test_two_cpus_device_threads(void **state)
{
	struct mc_line lines[4] = {
		{ .line = { NULL, 0 }, .cpu = 1 },
		{ .line = { NULL, 2 }, .cpu = 1, .level = true },
		{ .line = { NULL, 1 }, .cpu = 2 },
		{ .line = { NULL, 3 }, .cpu = 2, .level = true },
	};
	struct mc_dev devs[2] = {
		{ &lines[0], &lines[1], 0, 0, 0 },
		{ &lines[2], &lines[3], 0, 0, 0 },
	};
	pthread_t cpus[2], dthreads[2];
	double end;

	(void)state;
	chip_model_destroy(m);
	m = ioapic_create(BASE, 3);
	assert_non_null(m);
	for (unsigned int c = 0; c < 2; c++)
		assert_int_equal(pthread_create(&cpus[c], NULL, mc_cpu,
						(void *)(uintptr_t)(c + 1)),
				 0);
	end = now_s() + WAIT_S;
	while ((!cpu_online(1) || !cpu_online(2)) && now_s() < end)
		sched_yield();
	assert_true(cpu_online(1) && cpu_online(2));

	for (unsigned int i = 0; i < 4; i++) {
		struct mc_line *l = &lines[i];
		unsigned int irq = irq_of(l->line.pin);
		cpumask_t to = cpumask_of_cpu((int)l->cpu);

		l->line.model = m;
		assert_int_equal(request_irq(irq, mc_handler,
					     l->level ? SA_TRIGGER_HIGH : 0,
					     "mc", l),
				 0);
		assert_int_equal(irq_set_affinity(irq, &to), 0);
		assert_int_equal(rte_dest(l->line.pin), l->cpu);
	}
	chip_stats_reset(m);

	for (unsigned int d = 0; d < 2; d++)
		assert_int_equal(pthread_create(&dthreads[d], NULL, mc_device,
						&devs[d]),
				 0);
	for (unsigned int d = 0; d < 2; d++)
		assert_int_equal(pthread_join(dthreads[d], NULL), 0);
	for (unsigned int c = 0; c < 2; c++) {
		irq_cpu_stop(c + 1);
		assert_int_equal(pthread_join(cpus[c], NULL), 0);
	}

	for (unsigned int d = 0; d < 2; d++) {
		assert_int_equal(devs[d].timeouts, 0);
		assert_int_equal(devs[d].edge_runs_after_rounds, MC_ROUNDS);
		assert_int_equal(devs[d].level_runs_after_rounds, MC_ROUNDS);
	}
	for (unsigned int i = 0; i < 4; i++) {
		struct mc_line *l = &lines[i];

		assert_int_equal(l->wrong_cpu, 0);
		assert_true(l->runs > MC_ROUNDS);
		assert_true(l->runs <= MC_ROUNDS + MC_BURST);
		assert_int_equal(l->seen, MC_ROUNDS + MC_BURST);
		if (l->level)
			assert_false(rte(l->line.pin) & IOAPIC_RTE_REMOTE_IRR);
		assert_true(kstat_irqs_cpu(irq_of(l->line.pin), (int)l->cpu) ==
			    kstat_irqs(irq_of(l->line.pin)));
	}
	/* Every message was accepted by the CPU it was routed to. */
	assert_true(m->stats.delivered >= 4 * MC_ROUNDS);
	for (unsigned int cpu = 0; cpu < 3; cpu++) {
		assert_int_equal(ioapic_lapic_highest(m, cpu, IOAPIC_LAPIC_ISR),
				 -1);
		assert_int_equal(ioapic_lapic_highest(m, cpu, IOAPIC_LAPIC_IRR),
				 -1);
	}
	for (unsigned int i = 0; i < 4; i++)
		free_irq(irq_of(lines[i].line.pin), &lines[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_boot_state_and_startup,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_edge_on_masked_entry_is_lost, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_level_remote_irr_blocks_until_eoi, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_level_asserted_while_disabled_sends_on_enable,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_set_type_programs_entry_and_handling, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_affinity_moves_delivery,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_retrigger_by_self_ipi_flow,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_retrigger_by_self_ipi_do_irq, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_lapic_priority_and_eoi_order, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_erratum_path_clears_remote_irr, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_n_interrupts_each_design_and_trigger, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_cost_profile, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_create_rejects_bad_arguments, setup, teardown),
		cmocka_unit_test_setup_teardown(test_two_cpus_device_threads,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
