// SPDX-License-Identifier: GPL-2.0
/*
 * The GPIO bank behind the VIC, in register terms: one-polarity edge
 * detection, the both-edge emulation and its limit, level detection that
 * re-delivers while asserted, edges latched while masked, set_type picking
 * the flow handler, the chained demultiplexer, wake-up lines ending a
 * simulated suspend, N interrupts per trigger through the flow handlers
 * and through __do_IRQ with every access counted by hand, the cost
 * profile, and delivery to a spinning CPU thread while device threads
 * toggle lines and a second CPU disables and enables them.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>
#include <chips/gpio.h>
#include <chips/vic.h>

#define VBASE 32
#define VPIN 10
#define PARENT (VBASE + VPIN)
#define GBASE 64
#define GIRQ(pin) (GBASE + (pin))

static struct chip_model *vic, *gpio;

/* Per line: handler runs, and what the device does inside its handler. */
static unsigned long hits[GPIO_NR_LINES];
static unsigned int release_at[GPIO_NR_LINES]; /* level: let go on run n */
static bool active_low[GPIO_NR_LINES];
static bool toggle_on_first[GPIO_NR_LINES]; /* edge: second edge in run 1 */
static unsigned int order[16], norder;

static struct chip_line gl(unsigned int pin)
{
	return (struct chip_line){ gpio, pin };
}

static unsigned long nhits(unsigned int pin)
{
	return __atomic_load_n(&hits[pin], __ATOMIC_ACQUIRE);
}

/*
 * The device's handler: clears or toggles the device first, then counts,
 * so a device thread that waits for the count sees the line let go.
 */
static irqreturn_t dev_handler(int irq, void *dev_id)
{
	unsigned int pin = (unsigned int)irq - GBASE;
	unsigned long n = nhits(pin) + 1;
	unsigned int slot = __atomic_fetch_add(&norder, 1, __ATOMIC_RELAXED);
	struct chip_line l = gl(pin);

	(void)dev_id;
	if (slot < 16)
		order[slot] = pin;
	if (release_at[pin] && n >= release_at[pin]) {
		if (active_low[pin])
			chip_line_assert(&l);
		else
			chip_line_deassert(&l);
	}
	if (toggle_on_first[pin] && n == 1)
		chip_line_deassert(&l);
	__atomic_fetch_add(&hits[pin], 1, __ATOMIC_RELEASE);
	return IRQ_HANDLED;
}

static int setup_on(unsigned int cpu)
{
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	memset(hits, 0, sizeof(hits));
	memset(release_at, 0, sizeof(release_at));
	memset(active_low, 0, sizeof(active_low));
	memset(toggle_on_first, 0, sizeof(toggle_on_first));
	norder = 0;
	vic = vic_create(VBASE, cpu);
	if (!vic)
		return -1;
	gpio = gpio_create(GBASE, vic, VPIN);
	return gpio ? 0 : -1;
}

static int setup(void **state)
{
	(void)state;
	return setup_on(0);
}

static int setup_cpu1(void **state)
{
	(void)state;
	return setup_on(1);
}

static int teardown(void **state)
{
	(void)state;
	for (unsigned int pin = 0; pin < GPIO_NR_LINES; pin++)
		if (irq_desc[GIRQ(pin)].action)
			free_irq(GIRQ(pin), NULL);
	chip_model_destroy(gpio);
	chip_model_destroy(vic);
	return 0;
}

static void reset_counts(void)
{
	chip_stats_reset(gpio);
	chip_stats_reset(vic);
	memset(hits, 0, sizeof(hits));
	norder = 0;
}

static void test_rising_only_ignores_falling(void **state)
{
	struct chip_line l = gl(3);

	(void)state;
	assert_int_equal(request_irq(GIRQ(3), dev_handler, SA_TRIGGER_RISING,
				     "r", NULL),
			 0);
	assert_ptr_equal(irq_desc[GIRQ(3)].handle_irq, handle_edge_irq);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGEDETECT), 1u << 3);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 1u << 3);
	for (unsigned int i = 0; i < 10; i++) {
		chip_line_assert(&l);
		assert_int_equal(nhits(3), i + 1);
		chip_line_deassert(&l);
		assert_int_equal(nhits(3), i + 1);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
	}
	/* Masked: the rising edge latches, the falling one is not seen. */
	disable_irq(GIRQ(3));
	chip_line_assert(&l);
	chip_line_deassert(&l);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 1u << 3);
	assert_int_equal(nhits(3), 10);
	enable_irq(GIRQ(3));
	assert_int_equal(nhits(3), 11);
}

static void test_falling_only_ignores_rising(void **state)
{
	struct chip_line l = gl(4);

	(void)state;
	assert_int_equal(request_irq(GIRQ(4), dev_handler, SA_TRIGGER_FALLING,
				     "f", NULL),
			 0);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGEDETECT), 1u << 4);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 0);
	for (unsigned int i = 0; i < 10; i++) {
		chip_line_assert(&l);
		assert_int_equal(nhits(4), i);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
		chip_line_deassert(&l);
		assert_int_equal(nhits(4), i + 1);
	}
}

/*
 * An edge that arrives while its line is masked is latched in IRQSTATUS
 * (the detector is upstream of the enable) and delivered once on unmask:
 * the flow never ran while disabled, so there is no software resend too.
 */
static void test_masked_edge_latched_and_delivered_once(void **state)
{
	struct chip_line l = gl(3);

	(void)state;
	assert_int_equal(request_irq(GIRQ(3), dev_handler, SA_TRIGGER_RISING,
				     "r", NULL),
			 0);
	reset_counts();
	disable_irq(GIRQ(3));
	assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 0);
	chip_line_pulse(&l, 0);
	assert_int_equal(nhits(3), 0);
	assert_int_equal(gpio->stats.latched, 1);
	assert_int_equal(gpio->stats.dropped_masked, 0);
	assert_int_equal(vic_peek(vic, VIC_RAWINTR), 0); /* output low */
	enable_irq(GIRQ(3));
	irq_resend_flush();
	assert_int_equal(nhits(3), 1);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
}

/*
 * Both edges of a toggle whose second edge comes while the first one's
 * handler runs: ack cleared the status and, reading DATAIN high, armed
 * the detector for falling before the handler ran, so the falling edge
 * latches and the demultiplexer's next pass runs the line again, whose
 * ack re-arms rising. Per run, ack: IRQSTATUS clear, DATAIN read,
 * EDGESELECT write, DATAIN read again (the level held still).
 */
static void test_both_edge_toggle_during_handler(void **state)
{
	struct chip_line l = gl(6);

	(void)state;
	toggle_on_first[6] = true;
	assert_int_equal(request_irq(GIRQ(6), dev_handler,
				     SA_TRIGGER_RISING | SA_TRIGGER_FALLING,
				     "both", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		unsigned long flips0;

		chip_model_set_design(gpio, design);
		reset_counts();
		flips0 = gpio_polarity_flips(gpio);
		/* Line low at set_type: armed for rising. */
		assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 1u << 6);

		local_irq_disable(); /* the CPU is busy: the edge waits */
		chip_line_assert(&l);
		assert_int_equal(nhits(6), 0);
		local_irq_enable();

		assert_int_equal(nhits(6), 2);
		assert_int_equal(gpio_polarity_flips(gpio) - flips0, 2);
		assert_int_equal(gpio_peek(gpio, GPIO_DATAIN), 0);
		assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 1u << 6);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
		assert_int_equal(gpio->stats.reads[CHIP_ACC_ACK], 4);
		assert_int_equal(gpio->stats.writes[CHIP_ACC_ACK], 4);
		/* One parent entry; the re-read loop found the 2nd edge. */
		assert_int_equal(vic->stats.reads[CHIP_ACC_DEMUX], 1);
		assert_int_equal(gpio->stats.reads[CHIP_ACC_DEMUX], 6);
		toggle_on_first[6] = true;
		hits[6] = 0;
	}
}

/*
 * The emulation's limit, and why it re-arms from DATAIN: a whole pulse
 * while the CPU has interrupts off. The hardware, armed for rising, sees
 * only the rising edge; the falling one happens on a detector that is not
 * looking for it. One run; ack reads DATAIN low and leaves the line armed
 * for rising (no flip), so the next pulse is caught edge for edge. A
 * driver that merely toggled the polarity would now wait for a falling
 * edge on a low line and miss the next rising one.
 */
static void test_both_edge_pulse_while_cpu_busy(void **state)
{
	struct chip_line l = gl(6);

	(void)state;
	assert_int_equal(request_irq(GIRQ(6), dev_handler,
				     SA_TRIGGER_RISING | SA_TRIGGER_FALLING,
				     "both", NULL),
			 0);
	local_irq_disable();
	chip_line_pulse(&l, 0);
	local_irq_enable();
	assert_int_equal(nhits(6), 1);
	assert_int_equal(gpio_polarity_flips(gpio), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 1u << 6);

	chip_line_assert(&l);
	assert_int_equal(nhits(6), 2);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 0);
	chip_line_deassert(&l);
	assert_int_equal(nhits(6), 3);
	assert_int_equal(gpio_polarity_flips(gpio), 2);
}

static void test_level_redelivers_until_deasserted(void **state)
{
	struct chip_line hi = gl(8);

	(void)state;
	release_at[8] = 3;
	assert_int_equal(request_irq(GIRQ(8), dev_handler, SA_TRIGGER_HIGH,
				     "hi", NULL),
			 0);
	assert_ptr_equal(irq_desc[GIRQ(8)].handle_irq, handle_level_irq);
	chip_line_assert(&hi);
	/* Runs 1 and 2 leave it asserted: unmask re-latches, re-delivers. */
	assert_int_equal(nhits(8), 3);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 1u << 8);
	assert_int_equal(vic_peek(vic, VIC_RAWINTR), 0);
	chip_line_deassert(&hi); /* already low: nothing happens */
	assert_int_equal(nhits(8), 3);

	/* Active low: asserted (low) from the start, detected at startup. */
	active_low[9] = true;
	release_at[9] = 2;
	assert_int_equal(request_irq(GIRQ(9), dev_handler, SA_TRIGGER_LOW, "lo",
				     NULL),
			 0);
	assert_int_equal(nhits(9), 2);
	assert_int_equal(gpio_peek(gpio, GPIO_DATAIN), 1u << 9);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
}

/*
 * A level handler that disables its own line and leaves the device
 * asserted: handle_level_irq's unmask and __do_IRQ's ->end must both leave
 * the line masked (IRQENABLE clear), or the level would storm; enable_irq()
 * unmasks, and the level, still present, is delivered again.
 */
static irqreturn_t disabling_handler(int irq, void *dev_id)
{
	unsigned int pin = (unsigned int)irq - GBASE;
	struct chip_line l = gl(pin);

	(void)dev_id;
	if (nhits(pin) == 0)
		disable_irq_nosync((unsigned int)irq);
	else
		chip_line_deassert(&l);
	__atomic_fetch_add(&hits[pin], 1, __ATOMIC_RELEASE);
	return IRQ_HANDLED;
}

static void test_level_disabled_in_handler_stays_masked(void **state)
{
	struct chip_line l = gl(8);

	(void)state;
	assert_int_equal(request_irq(GIRQ(8), disabling_handler,
				     SA_TRIGGER_HIGH, "dis", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(gpio, design);
		reset_counts();
		chip_line_assert(&l);
		assert_int_equal(nhits(8), 1);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 0);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 1u << 8);
		enable_irq(GIRQ(8));
		assert_int_equal(nhits(8), 2);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 1u << 8);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
	}
}

static void test_set_type_switches_flow(void **state)
{
	struct irq_desc *desc = irq_desc + GIRQ(12);
	uint32_t bit = 1u << 12;

	(void)state;
	reset_counts();
	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_LEVEL_HIGH), 0);
	assert_ptr_equal(desc->handle_irq, handle_level_irq);
	assert_true(desc->status & IRQ_LEVEL);
	assert_int_equal(gpio_peek(gpio, GPIO_LEVELDETECT1), bit);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGEDETECT), 0);
	/* LEVELDETECT0/1, EDGESELECT, EDGEDETECT from the shadows. */
	assert_int_equal(gpio->stats.writes[CHIP_ACC_SET_TYPE], 4);

	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_EDGE_FALLING), 0);
	assert_ptr_equal(desc->handle_irq, handle_edge_irq);
	assert_false(desc->status & IRQ_LEVEL);
	assert_int_equal(gpio_peek(gpio, GPIO_LEVELDETECT1), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGEDETECT), bit);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), 0);

	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_LEVEL_LOW), 0);
	assert_ptr_equal(desc->handle_irq, handle_level_irq);
	assert_int_equal(gpio_peek(gpio, GPIO_LEVELDETECT0), bit);

	/*
	 * Both-edge also reads DATAIN to pick the first polarity, and again
	 * once the detector is on, to see that the level held still.
	 */
	chip_stats_reset(gpio);
	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_EDGE_BOTH), 0);
	assert_ptr_equal(desc->handle_irq, handle_edge_irq);
	assert_int_equal(gpio->stats.reads[CHIP_ACC_SET_TYPE], 2);
	assert_int_equal(gpio->stats.writes[CHIP_ACC_SET_TYPE], 4);
	assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT), bit);

	assert_int_equal(set_irq_type(GIRQ(12),
				      IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_LEVEL_LOW),
			 -EINVAL);
	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_EDGE_RISING |
							IRQ_TYPE_LEVEL_HIGH),
			 -EINVAL);
	assert_ptr_equal(desc->handle_irq, handle_edge_irq);

	/* On the baseline the handler stays __do_IRQ; the flow returns. */
	chip_model_set_design(gpio, CHIP_DESIGN_DO_IRQ);
	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_LEVEL_HIGH), 0);
	assert_null(desc->handle_irq);
	assert_true(desc->status & IRQ_LEVEL);
	chip_model_set_design(gpio, CHIP_DESIGN_FLOW);
	assert_ptr_equal(desc->handle_irq, handle_level_irq);
	assert_int_equal(set_irq_type(GIRQ(12), IRQ_TYPE_NONE), 0);
	assert_ptr_equal(desc->handle_irq, handle_edge_irq);
	assert_int_equal(gpio_peek(gpio, GPIO_LEVELDETECT1) |
				 gpio_peek(gpio, GPIO_EDGEDETECT),
			 0);
}

/*
 * Two children pending at once reach the CPU as one parent interrupt:
 * the VIC entry reads IRQSTATUS once; the demultiplexer masks the bank's
 * input (VIC ack), reads IRQSTATUS and IRQENABLE, runs 3 then 7, reads
 * both again to find nothing, and unmasks the input.
 */
static void test_demux_delivers_to_the_right_children(void **state)
{
	struct chip_line l3 = gl(3), l7 = gl(7);

	(void)state;
	assert_true(irq_desc[PARENT].status & IRQ_NOREQUEST);
	for (unsigned int pin = 3; pin <= 7; pin += 2)
		assert_int_equal(request_irq(GIRQ(pin), dev_handler,
					     SA_TRIGGER_RISING, "c", NULL),
				 0);
	reset_counts();
	local_irq_disable();
	chip_line_pulse(&l7, 0);
	chip_line_pulse(&l3, 0);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 1u << 3 | 1u << 7);
	local_irq_enable();

	assert_int_equal(nhits(3), 1);
	assert_int_equal(nhits(7), 1);
	assert_int_equal(nhits(5), 0);
	assert_int_equal(norder, 2);
	assert_int_equal(order[0], 3);
	assert_int_equal(order[1], 7);
	assert_int_equal(kstat_irqs(GIRQ(3)), 1);
	assert_int_equal(kstat_irqs(GIRQ(7)), 1);
	assert_int_equal(kstat_irqs(GIRQ(5)), 0);
	assert_int_equal(gpio->stats.reads[CHIP_ACC_DEMUX], 4);
	assert_int_equal(gpio->stats.writes[CHIP_ACC_ACK], 2);
	assert_int_equal(chip_accesses(gpio, CHIP_ACC_NR), 6);
	assert_int_equal(vic->stats.reads[CHIP_ACC_DEMUX], 1);
	assert_int_equal(vic->stats.writes[CHIP_ACC_ACK], 1);
	assert_int_equal(vic->stats.writes[CHIP_ACC_UNMASK], 1);
	assert_int_equal(chip_accesses(vic, CHIP_ACC_NR), 3);
	assert_int_equal(vic->stats.spurious, 0);
}

static void test_only_wake_lines_end_suspend(void **state)
{
	struct chip_line wake = gl(2), other = gl(4);

	(void)state;
	assert_int_equal(request_irq(GIRQ(2), dev_handler, SA_TRIGGER_RISING,
				     "wake", NULL),
			 0);
	assert_int_equal(request_irq(GIRQ(4), dev_handler, SA_TRIGGER_RISING,
				     "other", NULL),
			 0);
	chip_stats_reset(gpio);
	assert_int_equal(enable_irq_wake(GIRQ(2)), 0);
	assert_int_equal(enable_irq_wake(GIRQ(2)), 0); /* nests */
	assert_int_equal(gpio->stats.writes[CHIP_ACC_SET_WAKE], 1);
	assert_int_equal(gpio_peek(gpio, GPIO_WAKEUPENABLE), 1u << 2);
	assert_true(irq_desc[GIRQ(2)].status & IRQ_WAKEUP);

	assert_int_equal(gpio_suspend(gpio), 0);
	assert_int_equal(gpio_suspend(gpio), -EBUSY);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 1u << 2);
	assert_int_equal(gpio_resume_reason(gpio), -ENOENT);

	/* Not a wake line: latched, masked, the system sleeps on. */
	chip_line_pulse(&other, 0);
	assert_int_equal(nhits(4), 0);
	assert_int_equal(gpio_resume_reason(gpio), -ENOENT);
	assert_int_equal(gpio_resume_events(gpio), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 1u << 4);

	/* A wake line resumes the system, once, and is delivered. */
	chip_line_pulse(&wake, 0);
	assert_int_equal(gpio_resume_reason(gpio), 2);
	assert_int_equal(gpio_resume_events(gpio), 1);
	assert_int_equal(nhits(2), 1);
	chip_line_pulse(&wake, 0);
	assert_int_equal(gpio_resume_events(gpio), 1);

	/* Resume restores the enables; the latched edge comes in now. */
	assert_int_equal(gpio_resume(gpio), 0);
	assert_int_equal(gpio_resume(gpio), -EINVAL);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 1u << 2 | 1u << 4);
	assert_int_equal(nhits(4), 1);

	/* With the wake-up disabled (both nestings), nothing wakes. */
	assert_int_equal(disable_irq_wake(GIRQ(2)), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_WAKEUPENABLE), 1u << 2);
	assert_int_equal(disable_irq_wake(GIRQ(2)), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_WAKEUPENABLE), 0);
	assert_int_equal(gpio_suspend(gpio), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 0);
	chip_line_pulse(&wake, 0);
	assert_int_equal(gpio_resume_reason(gpio), -ENOENT);
	assert_int_equal(nhits(2), 2);
	assert_int_equal(gpio_resume(gpio), 0);
	assert_int_equal(nhits(2), 3);
	assert_int_equal(gpio_resume_events(gpio), 1);
}

/*
 * A wake line whose event is already latched when the system suspends
 * keeps it from sleeping: the suspend ends at once, and the event is
 * delivered. A latched event on another line does not.
 */
static void test_wake_line_pending_at_suspend(void **state)
{
	struct chip_line wake = gl(2), other = gl(4);

	(void)state;
	assert_int_equal(request_irq(GIRQ(2), dev_handler, SA_TRIGGER_RISING,
				     "wake", NULL),
			 0);
	assert_int_equal(request_irq(GIRQ(4), dev_handler, SA_TRIGGER_RISING,
				     "other", NULL),
			 0);
	assert_int_equal(enable_irq_wake(GIRQ(2)), 0);
	disable_irq(GIRQ(2));
	disable_irq(GIRQ(4));
	chip_line_pulse(&other, 0);
	assert_int_equal(gpio_suspend(gpio), 0);
	assert_int_equal(gpio_resume_reason(gpio), -ENOENT);
	assert_int_equal(gpio_resume(gpio), 0);
	assert_int_equal(nhits(4), 0);

	chip_line_pulse(&wake, 0);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 1u << 2 | 1u << 4);
	chip_stats_reset(gpio);
	assert_int_equal(gpio_suspend(gpio), 0);
	assert_int_equal(gpio_resume_reason(gpio), 2);
	assert_int_equal(gpio_resume_events(gpio), 1);
	/* Suspend: IRQENABLE read (saved) and written from the wake mask. */
	assert_int_equal(gpio->stats.reads[CHIP_ACC_INIT], 1);
	assert_int_equal(gpio->stats.writes[CHIP_ACC_INIT], 1);
	/*
	 * The line is disabled, so its flow masks and acks the event and
	 * marks it pending; enable_irq() after the resume replays it.
	 */
	assert_int_equal(nhits(2), 0);
	assert_int_equal(gpio_resume(gpio), 0);
	enable_irq(GIRQ(2));
	irq_resend_flush();
	enable_irq(GIRQ(4));
	irq_resend_flush();
	assert_int_equal(nhits(2), 1);
	assert_int_equal(nhits(4), 1);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
}

/*
 * N events per trigger, through the flow handler and through __do_IRQ.
 * Every interrupt costs the VIC 3 accesses (entry IRQSTATUS read, the
 * demultiplexer's INTENCLEAR and INTENABLE writes) and the bank 4
 * demultiplexer reads (IRQSTATUS and IRQENABLE, twice), plus, per line:
 * - rising or falling edge (a pulse is one interrupt): ack (flow) or
 *   ->ack (__do_IRQ) clears IRQSTATUS: 1 write; ->end touches nothing;
 * - level high or low (the handler clears the device): flow mask_ack
 *   (CLEARIRQENABLE, IRQSTATUS) and unmask (IRQSTATUS, SETIRQENABLE);
 *   __do_IRQ ->ack and ->end the same pairs: 4 writes;
 * - both edges (a pulse is two interrupts): ack clears IRQSTATUS, reads
 *   DATAIN, writes EDGESELECT and reads DATAIN again: 2 reads and 2
 *   writes per interrupt, and every interrupt flips the polarity.
 */
struct n_trigger {
	unsigned long flags;
	bool level;
	bool low; /* asserted = driven low */
	unsigned int per_event; /* interrupts per stimulus */
	unsigned int ack_reads, ack_writes, end_writes; /* per interrupt */
};

static void stimulate(const struct n_trigger *t, struct chip_line *l)
{
	if (!t->level)
		chip_line_pulse(l, 0);
	else if (t->low)
		chip_line_deassert(l); /* the handler drives it high again */
	else
		chip_line_assert(l); /* the handler drives it low again */
}

static void test_n_interrupts_flow_and_do_irq(void **state)
{
	const unsigned int n = 200;
	const unsigned int pin = 5;
	struct chip_line l = gl(pin);
	static const struct n_trigger trig[] = {
		{ SA_TRIGGER_RISING, false, false, 1, 0, 1, 0 },
		{ SA_TRIGGER_FALLING, false, false, 1, 0, 1, 0 },
		{ SA_TRIGGER_HIGH, true, false, 1, 0, 2, 2 },
		{ SA_TRIGGER_LOW, true, true, 1, 0, 2, 2 },
		{ SA_TRIGGER_RISING | SA_TRIGGER_FALLING, false, false, 2, 2, 2,
		  0 },
	};

	(void)state;
	for (unsigned int t = 0; t < sizeof(trig) / sizeof(trig[0]); t++) {
		const struct n_trigger *tr = &trig[t];
		unsigned int irqs = tr->per_event * n;
		unsigned int per_irq =
			4 + tr->ack_reads + tr->ack_writes + tr->end_writes;

		release_at[pin] = tr->level ? 1 : 0;
		active_low[pin] = tr->low;
		/* An active-low line starts low, i.e. asserted: it fires once. */
		assert_int_equal(request_irq(GIRQ(pin), dev_handler, tr->flags,
					     "dev", NULL),
				 0);
		assert_ptr_equal(irq_desc[GIRQ(pin)].handle_irq,
				 tr->level ? handle_level_irq :
					     handle_edge_irq);
		assert_int_equal(nhits(pin), tr->low ? 1 : 0);
		for (int design = CHIP_DESIGN_FLOW;
		     design <= CHIP_DESIGN_DO_IRQ; design++) {
			bool flow = design == CHIP_DESIGN_FLOW;
			/* Which irq_chip operation does the ack's work. */
			enum chip_acc a = !tr->level ? CHIP_ACC_ACK :
					  flow	     ? CHIP_ACC_MASK_ACK :
						       CHIP_ACC_ACK;
			enum chip_acc e = flow ? CHIP_ACC_UNMASK : CHIP_ACC_END;
			unsigned long flips0 = gpio_polarity_flips(gpio);
			unsigned int kstat0 = kstat_irqs(GIRQ(pin));

			chip_model_set_design(gpio, design);
			reset_counts();
			for (unsigned int i = 0; i < n; i++)
				stimulate(tr, &l);
			assert_int_equal(nhits(pin), irqs);
			assert_int_equal(kstat_irqs(GIRQ(pin)) - kstat0, irqs);
			assert_int_equal(gpio->stats.delivered, irqs);
			assert_int_equal(vic->stats.spurious, 0);
			assert_int_equal(vic->stats.reads[CHIP_ACC_DEMUX],
					 irqs);
			assert_int_equal(vic->stats.writes[CHIP_ACC_ACK], irqs);
			assert_int_equal(vic->stats.writes[CHIP_ACC_UNMASK],
					 irqs);
			assert_int_equal(chip_accesses(vic, CHIP_ACC_NR),
					 3 * irqs);
			assert_int_equal(gpio->stats.reads[CHIP_ACC_DEMUX],
					 4 * irqs);
			assert_int_equal(gpio->stats.reads[a],
					 tr->ack_reads * irqs);
			assert_int_equal(gpio->stats.writes[a],
					 tr->ack_writes * irqs);
			assert_int_equal(gpio->stats.writes[e],
					 tr->end_writes * irqs);
			assert_int_equal(chip_accesses(gpio, CHIP_ACC_NR),
					 per_irq * irqs);
			assert_int_equal(gpio_polarity_flips(gpio) - flips0,
					 tr->per_event == 2 ? irqs : 0);
			assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
		}
		chip_model_set_design(gpio, CHIP_DESIGN_FLOW);
		free_irq(GIRQ(pin), NULL);
		/*
		 * Leave the pad low for the next trigger, with detection off
		 * so that the low level is not latched for the next user.
		 */
		assert_int_equal(set_irq_type(GIRQ(pin), IRQ_TYPE_NONE), 0);
		chip_line_deassert(&l);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
		memset(hits, 0, sizeof(hits));
	}
}

static void test_output_line_ignores_its_pad(void **state)
{
	struct chip_line l = gl(3);

	(void)state;
	assert_int_equal(request_irq(GIRQ(3), dev_handler, SA_TRIGGER_RISING,
				     "r", NULL),
			 0);
	assert_int_equal(gpio_poke(gpio, GPIO_DIR, ~(1u << 3)), 0);
	chip_line_pulse(&l, 0);
	chip_line_assert(&l);
	assert_int_equal(nhits(3), 0);
	assert_int_equal(gpio_peek(gpio, GPIO_DATAIN), 0);
	assert_int_equal(gpio_poke(gpio, GPIO_DIR, ~0u), 0);
	chip_line_assert(&l);
	assert_int_equal(nhits(3), 1);
	assert_int_equal(gpio_poke(gpio, GPIO_IRQSTATUS, 0), -EINVAL);
}

static void check_profile(struct chip_model *m, const char *path)
{
	char err[256] = "";

	assert_int_equal(chip_cost_load(m, path, err, sizeof(err)), 0);
	for (const struct chip_cost_field *f = m->cost_fields; f->key; f++) {
		unsigned int ns =
			*(unsigned int *)((char *)m->cost + f->offset);

		if (!ns)
			fail_msg("[%s] %s not set by %s", m->name, f->key,
				 path);
	}
}

/* The realistic profile sets every figure, and reads dearer than writes. */
static void test_realistic_profile(void **state)
{
	char path[4096];
	const char *slash = strrchr(__FILE__, '/');
	const struct gpio_cost *gc = gpio->cost;
	const struct vic_cost *vc = vic->cost;

	(void)state;
	snprintf(path, sizeof(path), "%.*s/../../configs/cost/realistic.ini",
		 slash ? (int)(slash - __FILE__) : 1, slash ? __FILE__ : ".");
	check_profile(vic, path);
	check_profile(gpio, path);
	assert_true(vc->read_ns > vc->write_ns);
	assert_true(gc->read_ns > gc->write_ns);
	assert_true(gc->read_ns > vc->read_ns);
	assert_int_equal(chip_cost_set(gpio, "read_ns", 7), 0);
	assert_int_equal(gc->read_ns, 7);
	assert_int_equal(chip_cost_set(gpio, "port_read_ns", 7), -ENOENT);
}

static void test_create_rejects_bad_arguments(void **state)
{
	(void)state;
	assert_null(gpio_create(GBASE + 100, NULL, 0));
	assert_int_equal(errno, EINVAL);
	assert_null(gpio_create(VBASE + 16, vic, 3)); /* overlaps the VIC */
	assert_int_equal(errno, EINVAL);
	assert_null(gpio_create(GBASE + 100, vic, 32));
	assert_int_equal(errno, EINVAL);
	assert_null(gpio_create(NR_IRQS - 31, vic, 3));
	assert_null(gpio_create(GBASE + 100, vic, VPIN)); /* cascaded */
	assert_int_equal(errno, EBUSY);
	assert_null(gpio_create(GBASE + 100, gpio, 3)); /* not a VIC */
	assert_int_equal(errno, EINVAL);
	assert_int_equal(request_irq(VBASE + 3, dev_handler, 0, "v", NULL), 0);
	assert_null(gpio_create(GBASE + 100, vic, 3)); /* line in use */
	assert_int_equal(errno, EBUSY);
	free_irq(VBASE + 3, NULL);
}

/* ---- a spinning CPU, device threads, and a CPU that disables lines ---- */

#define MT_EDGE 2
#define MT_BOTH 5
#define MT_LEVEL 9
#define MT_N 300

static int mt_done;

static void wait_hits(unsigned int pin, unsigned long target)
{
	while (nhits(pin) < target)
		sched_yield();
}

static void *cpu_thread(void *arg)
{
	irq_cpu_run((unsigned int)(uintptr_t)arg, IRQ_CPU_SPIN);
	return NULL;
}

static void *edge_device(void *arg)
{
	struct chip_line l = gl(MT_EDGE);

	(void)arg;
	for (unsigned long i = 0; i < MT_N; i++) {
		chip_line_pulse(&l, 0);
		wait_hits(MT_EDGE, i + 1);
	}
	return NULL;
}

static void *both_device(void *arg)
{
	struct chip_line l = gl(MT_BOTH);

	(void)arg;
	for (unsigned long i = 0; i < MT_N; i++) {
		chip_line_assert(&l);
		wait_hits(MT_BOTH, 2 * i + 1);
		chip_line_deassert(&l);
		wait_hits(MT_BOTH, 2 * i + 2);
	}
	return NULL;
}

static int mt_level_status; /* the level device's "I interrupted" bit */

static void *level_device(void *arg)
{
	struct chip_line l = gl(MT_LEVEL);

	(void)arg;
	for (unsigned long i = 0; i < MT_N; i++) {
		__atomic_store_n(&mt_level_status, 1, __ATOMIC_RELEASE);
		chip_line_assert(&l); /* its handler lets go */
		wait_hits(MT_LEVEL, i + 1);
	}
	return NULL;
}

/*
 * The level device's handler reads its status first and says IRQ_NONE
 * when it did not interrupt, as a driver must: 2.6.18's enable_irq()
 * replays a level line that took an interrupt while disabled, and the
 * unmask has already presented the same assertion by then.
 */
static irqreturn_t level_handler(int irq, void *dev_id)
{
	if (!__atomic_exchange_n(&mt_level_status, 0, __ATOMIC_ACQ_REL))
		return IRQ_NONE;
	return dev_handler(irq, dev_id);
}

/*
 * CPU 2 disables and enables the edge and level lines while they fire:
 * an edge caught by the flow while disabled is masked, acked and replayed
 * by the software resend (run here); one that arrives while masked waits
 * in IRQSTATUS; a level is re-presented by the unmask.
 */
static void *toggler(void *arg)
{
	(void)arg;
	irq_cpu_attach(2);
	local_irq_enable();
	while (!__atomic_load_n(&mt_done, __ATOMIC_ACQUIRE)) {
		disable_irq(GIRQ(MT_EDGE));
		enable_irq(GIRQ(MT_EDGE));
		irq_resend_flush();
		disable_irq(GIRQ(MT_LEVEL));
		enable_irq(GIRQ(MT_LEVEL));
		sched_yield();
	}
	return NULL;
}

static void run_multi_cpu(enum chip_design design)
{
	pthread_t cpu, dev[3], tog;

	chip_model_set_design(gpio, design);
	reset_counts();
	__atomic_store_n(&mt_done, 0, __ATOMIC_RELAXED);
	assert_int_equal(pthread_create(&cpu, NULL, cpu_thread, (void *)1), 0);
	assert_int_equal(pthread_create(&tog, NULL, toggler, NULL), 0);
	assert_int_equal(pthread_create(&dev[0], NULL, edge_device, NULL), 0);
	assert_int_equal(pthread_create(&dev[1], NULL, both_device, NULL), 0);
	assert_int_equal(pthread_create(&dev[2], NULL, level_device, NULL), 0);
	for (int i = 0; i < 3; i++)
		pthread_join(dev[i], NULL);
	__atomic_store_n(&mt_done, 1, __ATOMIC_RELEASE);
	pthread_join(tog, NULL);
	irq_cpu_stop(1);
	pthread_join(cpu, NULL);

	/* One handler run per event: nothing lost, nothing doubled. */
	assert_int_equal(nhits(MT_EDGE), MT_N);
	assert_int_equal(nhits(MT_BOTH), 2 * MT_N);
	assert_int_equal(nhits(MT_LEVEL), MT_N);
	assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);
}

static void test_multi_cpu_delivery(void **state)
{
	unsigned long flips0;

	(void)state;
	release_at[MT_LEVEL] = 1;
	assert_int_equal(request_irq(GIRQ(MT_EDGE), dev_handler,
				     SA_TRIGGER_RISING, "edge", NULL),
			 0);
	assert_int_equal(request_irq(GIRQ(MT_BOTH), dev_handler,
				     SA_TRIGGER_RISING | SA_TRIGGER_FALLING,
				     "both", NULL),
			 0);
	assert_int_equal(request_irq(GIRQ(MT_LEVEL), level_handler,
				     SA_TRIGGER_HIGH, "level", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		flips0 = gpio_polarity_flips(gpio);
		run_multi_cpu(design);
		/* The device waits for each handler: every edge flips. */
		assert_int_equal(gpio_polarity_flips(gpio) - flips0, 2 * MT_N);
	}
}

/* Like wait_hits(), but gives up after about 10 s: a lost edge fails. */
static bool wait_hits_bounded(unsigned int pin, unsigned long target)
{
	for (unsigned long spins = 0; nhits(pin) < target; spins++) {
		if (spins > 10000000ul)
			return false;
		sched_yield();
	}
	return true;
}

/* Wait until the bank and its VIC input are idle, then stop CPU 1. */
static void quiesce_and_stop(pthread_t cpu)
{
	while (gpio_peek(gpio, GPIO_IRQSTATUS) ||
	       !(vic_peek(vic, VIC_INTENABLE) & (1u << VPIN)))
		sched_yield();
	irq_cpu_stop(1);
	pthread_join(cpu, NULL);
}

/*
 * A fast toggle of a both-edge line, no edge waiting for its handler,
 * while CPU 1 demultiplexes. Edges that come faster than the CPU merge
 * (legal coalescing), but the emulation must end in step: armed for the
 * edge that leaves the level the pad is at, with nothing latched. Then a
 * slow toggle is caught edge for edge. A re-arm that read DATAIN just
 * before an edge and wrote EDGESELECT just after it, without reading
 * DATAIN again, would leave the line armed for the edge it has just made
 * and miss the next one.
 */
static void test_both_edge_fast_toggle_stays_in_step(void **state)
{
	const unsigned int pin = 6, fast = 4000, slow = 50;
	struct chip_line l = gl(pin);
	uint32_t bit = 1u << pin;
	unsigned long seen;
	pthread_t cpu;

	(void)state;
	/* A slow EDGESELECT write holds the race window open. */
	assert_int_equal(chip_cost_set(gpio, "write_ns", 500), 0);
	assert_int_equal(request_irq(GIRQ(pin), dev_handler,
				     SA_TRIGGER_RISING | SA_TRIGGER_FALLING,
				     "both", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(gpio, design);
		reset_counts();
		assert_int_equal(
			pthread_create(&cpu, NULL, cpu_thread, (void *)1), 0);
		for (unsigned int i = 0; i < fast; i++) {
			if (i & 1)
				chip_line_deassert(&l);
			else
				chip_line_assert(&l);
		}
		quiesce_and_stop(cpu);
		seen = nhits(pin);
		assert_true(seen >= 1 && seen <= fast);
		assert_int_equal(gpio_peek(gpio, GPIO_DATAIN) & bit, 0);
		assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT) & bit, bit);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQSTATUS), 0);

		assert_int_equal(
			pthread_create(&cpu, NULL, cpu_thread, (void *)1), 0);
		for (unsigned int i = 0; i < slow; i++) {
			chip_line_assert(&l);
			assert_true(wait_hits_bounded(pin, seen + 2 * i + 1));
			chip_line_deassert(&l);
			assert_true(wait_hits_bounded(pin, seen + 2 * i + 2));
		}
		quiesce_and_stop(cpu);
		assert_int_equal(nhits(pin), seen + 2 * slow);
	}
}

/*
 * The both-edge emulation's race window, hit on purpose: a slow
 * EDGESELECT write (20 us) and a device that makes the second edge of a
 * toggle as soon as the ack has read DATAIN, so the edge lands between
 * the read and the write, while the detector still looks for the first
 * polarity. The hardware misses it; the ack's second DATAIN read must see
 * the new level and re-arm, or the line stays armed for the edge it has
 * just made. The missed edge merges into the run the ack belongs to.
 */
static void test_both_edge_edge_in_rearm_window(void **state)
{
	const unsigned int pin = 6, rounds = 20;
	struct chip_line l = gl(pin);
	uint32_t bit = 1u << pin;
	pthread_t cpu;

	(void)state;
	assert_int_equal(chip_cost_set(gpio, "write_ns", 20000), 0);
	assert_int_equal(request_irq(GIRQ(pin), dev_handler,
				     SA_TRIGGER_RISING | SA_TRIGGER_FALLING,
				     "both", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(gpio, design);
		reset_counts();
		assert_int_equal(
			pthread_create(&cpu, NULL, cpu_thread, (void *)1), 0);
		for (unsigned int i = 0; i < rounds; i++) {
			unsigned long reads = __atomic_load_n(
				&gpio->stats.reads[CHIP_ACC_ACK],
				__ATOMIC_RELAXED);
			unsigned long before = nhits(pin);

			chip_line_assert(&l);
			while (__atomic_load_n(&gpio->stats.reads[CHIP_ACC_ACK],
					       __ATOMIC_RELAXED) == reads)
				sched_yield();
			chip_line_deassert(&l);
			assert_true(wait_hits_bounded(pin, before + 1));
			while (gpio_peek(gpio, GPIO_IRQSTATUS) ||
			       !(vic_peek(vic, VIC_INTENABLE) & (1u << VPIN)))
				sched_yield();
			/* Low, and armed for rising. */
			assert_int_equal(gpio_peek(gpio, GPIO_DATAIN) & bit, 0);
			assert_int_equal(gpio_peek(gpio, GPIO_EDGESELECT) & bit,
					 bit);
		}
		quiesce_and_stop(cpu);
		assert_true(nhits(pin) >= rounds && nhits(pin) <= 2 * rounds);
	}
}

/*
 * A level line whose device asserts again as soon as its handler has let
 * go, racing the unmask's IRQSTATUS clear on CPU 1. The clear must not
 * swallow a level that appeared during it (the status bit still set,
 * sticky from the last level, when the pad went active again): each
 * assertion is delivered, none is left waiting with its status clear.
 */
static void test_level_reassert_races_unmask(void **state)
{
	const unsigned int pin = 8, n = 3000;
	struct chip_line l = gl(pin);
	pthread_t cpu;

	(void)state;
	release_at[pin] = 1;
	assert_int_equal(request_irq(GIRQ(pin), dev_handler, SA_TRIGGER_HIGH,
				     "level", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(gpio, design);
		reset_counts();
		assert_int_equal(
			pthread_create(&cpu, NULL, cpu_thread, (void *)1), 0);
		for (unsigned int i = 0; i < n; i++) {
			chip_line_assert(&l);
			assert_true(wait_hits_bounded(pin, i + 1));
		}
		quiesce_and_stop(cpu);
		assert_int_equal(nhits(pin), n);
		assert_int_equal(gpio_peek(gpio, GPIO_IRQENABLE), 1u << pin);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_rising_only_ignores_falling, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_falling_only_ignores_rising, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_masked_edge_latched_and_delivered_once, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_both_edge_toggle_during_handler, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_both_edge_pulse_while_cpu_busy, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_level_redelivers_until_deasserted, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_level_disabled_in_handler_stays_masked, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_set_type_switches_flow,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_demux_delivers_to_the_right_children, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_only_wake_lines_end_suspend, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_wake_line_pending_at_suspend, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_n_interrupts_flow_and_do_irq, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_output_line_ignores_its_pad, setup, teardown),
		cmocka_unit_test_setup_teardown(test_realistic_profile, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_create_rejects_bad_arguments, setup, teardown),
		cmocka_unit_test_setup_teardown(test_multi_cpu_delivery,
						setup_cpu1, teardown),
		cmocka_unit_test_setup_teardown(
			test_both_edge_fast_toggle_stays_in_step, setup_cpu1,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_both_edge_edge_in_rearm_window, setup_cpu1,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_level_reassert_races_unmask, setup_cpu1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
