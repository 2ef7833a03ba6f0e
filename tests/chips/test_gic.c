// SPDX-License-Identifier: GPL-2.0
/*
 * The GIC model against IHI 0048: IAR answers the highest-priority pending
 * interrupt, PMR holds back lower priorities, only a higher priority
 * preempts, EOIR deactivates and drops the running priority, level inputs
 * stay pending while asserted and come back after EOI, edges latch while
 * disabled, PPIs are banked per CPU, IAR reads 1023 when nothing is there;
 * then N interrupts through the flow design and through __do_IRQ with the
 * register accesses counted by hand, and two CPUs (spinning, then
 * sleeping) with device threads delivering SPIs and PPIs to each. The test
 * thread is CPU 0 with interrupts on, so an interrupt the model raises on
 * CPU 0 is handled before the call that raised it returns; handlers record
 * what they see, and assertions are made after they return.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <chips/gic.h>

#define BASE 64
#define NSPI 32
#define SPI(n) (BASE + GIC_SPI_BASE + (n))
#define PPI(n) (BASE + GIC_PPI_BASE + (n))
#define ID(irq) ((irq)-BASE)
#define REG_BIT(id) (1u << ((id) % 32))
#define REG_WORD(base, id) ((base) + (id) / 32 * 4)

#define N_PER_DESIGN 1000 /* interrupts per line and design */
#define N_SMP_SPIN 200 /* per source, two spinning CPUs */
#define N_SMP_BLOCK 2000 /* per source, two sleeping CPUs */
#define WAIT_S 10 /* a wait this long means a hang */
#define MAX_EV 64

static struct chip_model *m;

/* What handlers saw, in order: single-CPU tests only. */
static struct {
	unsigned int irq;
	bool enter;
	uint32_t rpr;
} ev[MAX_EV];
static unsigned int nr_ev;
static int depth, max_depth;
static bool logging;

/* Runs per line, and per CPU and line: relaxed atomics (two-CPU tests). */
static unsigned long runs[NR_IRQS];
static unsigned long runs_cpu[4][NR_IRQS];
static void (*hook[NR_IRQS])(unsigned int irq, unsigned long run);

#define relaxed_load(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define relaxed_inc(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)

static void log_event(unsigned int irq, bool enter)
{
	if (nr_ev < MAX_EV) {
		ev[nr_ev].irq = irq;
		ev[nr_ev].enter = enter;
		ev[nr_ev].rpr = gic_cpu_read(m, 0, GIC_CPU_RUNNINGPRI);
		nr_ev++;
	}
}

static irqreturn_t handler(int irq, void *dev_id)
{
	unsigned int i = (unsigned int)irq, cpu = smp_processor_id();

	(void)dev_id;
	if (logging) {
		if (++depth > max_depth)
			max_depth = depth;
		log_event(i, true);
	}
	/* The hook clears the device before the run is counted. */
	if (hook[i])
		hook[i](i, relaxed_load(&runs[i]) + 1);
	relaxed_inc(&runs[i]);
	if (cpu < 4)
		relaxed_inc(&runs_cpu[cpu][i]);
	if (logging) {
		log_event(i, false);
		depth--;
	}
	return IRQ_HANDLED;
}

static struct chip_line spi_line(unsigned int irq)
{
	return (struct chip_line){ m, GIC_SPI_PIN(ID(irq)) };
}

static struct chip_line ppi_line(unsigned int cpu, unsigned int irq)
{
	return (struct chip_line){ m, GIC_PPI_PIN(cpu, ID(irq)) };
}

static void deassert_spi(unsigned int irq, unsigned long run)
{
	struct chip_line l = spi_line(irq);

	(void)run;
	chip_line_deassert(&l);
}

static void deassert_ppi(unsigned int irq, unsigned long run)
{
	struct chip_line l = ppi_line(smp_processor_id(), irq);

	(void)run;
	chip_line_deassert(&l);
}

static bool dist_bit(unsigned int cpu, unsigned int base, unsigned int irq)
{
	unsigned int id = ID(irq);

	return gic_dist_read(m, cpu, REG_WORD(base, id)) & REG_BIT(id);
}

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	memset(ev, 0, sizeof(ev));
	nr_ev = 0;
	depth = max_depth = 0;
	logging = false;
	memset(runs, 0, sizeof(runs));
	memset(runs_cpu, 0, sizeof(runs_cpu));
	memset(hook, 0, sizeof(hook));
	m = gic_create(BASE, NSPI, 2);
	assert_non_null(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (unsigned int irq = PPI(0); irq < SPI(NSPI); irq++)
		if (irq_desc[irq].action)
			free_irq(irq, NULL);
	chip_model_destroy(m);
	m = NULL;
	return 0;
}

static void request(unsigned int irq, unsigned long flags)
{
	assert_int_equal(request_irq(irq, handler, flags, "gic-test", NULL), 0);
}

static void test_registers_reset_and_init(void **state)
{
	(void)state;
	/* 64 IDs: ITLinesNumber 1; two CPU interfaces: CPUNumber 1. */
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_CTR), 1 | 1 << 5);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_CTRL), 1);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_PRIMASK), 0xf0);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_BINPOINT), 2);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_RUNNINGPRI), 0xff);
	/* gic_dist_init(): SPIs on CPU 0, priority 0xa0, level, disabled. */
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_TARGET + 32), 0x01010101);
	assert_int_equal(gic_dist_read(m, 1, GIC_DIST_PRI + 16), 0xa0a0a0a0);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_CONFIG + 8), 0);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_ENABLE_SET + 4), 0);
	/* IDs 0..31 target the reader; their targets are read-only. */
	gic_dist_write(m, 1, GIC_DIST_TARGET + 16, 0x01010101);
	assert_int_equal(gic_dist_read(m, 1, GIC_DIST_TARGET + 16), 0x02020202);
	/* Priority bits [2:0] and PMR bits [2:0] are not implemented. */
	assert_int_equal(gic_set_priority(m, ID(SPI(3)), 0x47), 0);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_PRI + 32) >> 24, 0x40);
	gic_cpu_write(m, 0, GIC_CPU_PRIMASK, 0xff);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_PRIMASK), 0xf8);
	/* SGI configuration is fixed edge. */
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_CONFIG), 0xaaaaaaaa);
	assert_int_equal(gic_set_priority(m, ID(SPI(NSPI)), 0), -EINVAL);
	assert_int_equal(gic_set_pmr(m, 2, 0), -EINVAL);
}

static void test_iar_returns_highest_priority(void **state)
{
	const unsigned int lo = SPI(0), hi = SPI(1), mid = SPI(2);
	struct chip_line l_lo = spi_line(lo), l_hi = spi_line(hi),
			 l_mid = spi_line(mid);

	(void)state;
	request(lo, SA_TRIGGER_RISING);
	request(hi, SA_TRIGGER_RISING);
	request(mid, SA_TRIGGER_RISING);
	gic_set_priority(m, ID(lo), 0xa0);
	gic_set_priority(m, ID(hi), 0x40);
	gic_set_priority(m, ID(mid), 0x80);
	chip_stats_reset(m);
	logging = true;

	local_irq_disable();
	chip_line_pulse(&l_lo, 0);
	chip_line_pulse(&l_hi, 0);
	chip_line_pulse(&l_mid, 0);
	assert_int_equal(nr_ev, 0);
	/* A numeric scan would answer ID 32; the GIC answers 33. */
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), ID(hi));
	local_irq_enable();

	assert_int_equal(nr_ev, 6);
	assert_int_equal(ev[0].irq, hi);
	assert_int_equal(ev[2].irq, mid);
	assert_int_equal(ev[4].irq, lo);
	assert_int_equal(ev[0].rpr, 0x40);
	assert_int_equal(ev[2].rpr, 0x80);
	assert_int_equal(ev[4].rpr, 0xa0);
	assert_int_equal(max_depth, 1);
	/* One nIRQ per acknowledge; three IAR reads, three EOIs. */
	assert_int_equal(m->stats.delivered, 3);
	assert_int_equal(m->stats.spurious, 0);
	assert_int_equal(m->stats.reads[CHIP_ACC_ACK], 3);
	assert_int_equal(m->stats.writes[CHIP_ACC_EOI], 3);
}

static void test_pmr_holds_back_until_lowered(void **state)
{
	const unsigned int irq = SPI(4);
	struct chip_line l = spi_line(irq);

	(void)state;
	request(irq, SA_TRIGGER_HIGH);
	hook[irq] = deassert_spi;
	/* Signalled only when priority < PMR: 0xa0 is not below 0xa0. */
	assert_int_equal(gic_set_pmr(m, 0, 0xa0), 0);
	chip_stats_reset(m);
	chip_line_assert(&l);
	assert_int_equal(runs[irq], 0);
	assert_true(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	assert_int_equal(m->stats.delivered, 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), GIC_SPURIOUS);
	assert_int_equal(m->stats.spurious, 1);
	assert_int_equal(runs[irq], 0);

	/* Lowering the mask signals it at once. */
	assert_int_equal(gic_set_pmr(m, 0, 0xa8), 0);
	assert_int_equal(runs[irq], 1);
	assert_int_equal(m->stats.delivered, 1);
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
}

/* lo's first run fires hi (preempts); hi's second run fires lo and lo2. */
static unsigned int t_lo, t_lo2, t_hi;

static void fire_hi(unsigned int irq, unsigned long run)
{
	struct chip_line l = spi_line(t_hi);

	(void)irq;
	if (run == 1)
		chip_line_pulse(&l, 0);
}

static void fire_lower(unsigned int irq, unsigned long run)
{
	struct chip_line l = spi_line(t_lo), l2 = spi_line(t_lo2);

	(void)irq;
	if (run == 2) {
		chip_line_pulse(&l, 0);
		chip_line_pulse(&l2, 0);
	}
}

static void test_only_higher_priority_preempts(void **state)
{
	struct chip_line l_lo, l_hi;

	(void)state;
	t_lo = SPI(5);
	t_lo2 = SPI(6);
	t_hi = SPI(7);
	l_lo = spi_line(t_lo);
	l_hi = spi_line(t_hi);
	request(t_lo, SA_TRIGGER_RISING);
	request(t_lo2, SA_TRIGGER_RISING);
	request(t_hi, SA_TRIGGER_RISING);
	gic_set_priority(m, ID(t_lo), 0xa0);
	gic_set_priority(m, ID(t_lo2), 0xa0);
	gic_set_priority(m, ID(t_hi), 0x40);
	hook[t_lo] = fire_hi;
	hook[t_hi] = fire_lower;
	logging = true;

	/* hi nests inside lo, running at its own priority. */
	chip_line_pulse(&l_lo, 0);
	assert_int_equal(nr_ev, 4);
	assert_true(ev[0].irq == t_lo && ev[0].enter);
	assert_true(ev[1].irq == t_hi && ev[1].enter);
	assert_int_equal(ev[1].rpr, 0x40);
	assert_true(ev[2].irq == t_hi && !ev[2].enter);
	/* hi's EOI dropped back to lo's priority, not to idle. */
	assert_true(ev[3].irq == t_lo && !ev[3].enter);
	assert_int_equal(ev[3].rpr, 0xa0);
	assert_int_equal(max_depth, 2);

	/* lo and its equal lo2 wait for hi's EOI; lo2 does not nest in lo. */
	nr_ev = 0;
	max_depth = 0;
	chip_line_pulse(&l_hi, 0);
	assert_int_equal(nr_ev, 6);
	assert_true(ev[0].irq == t_hi && ev[0].enter);
	assert_true(ev[1].irq == t_hi && !ev[1].enter);
	assert_true(ev[2].irq == t_lo && ev[2].enter);
	assert_true(ev[3].irq == t_lo && !ev[3].enter);
	assert_true(ev[4].irq == t_lo2 && ev[4].enter);
	assert_int_equal(max_depth, 1);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_RUNNINGPRI), 0xff);
}

static void test_eoir_deactivates_and_drops_priority(void **state)
{
	const unsigned int irq = SPI(8);
	const unsigned int id = ID(irq);
	struct chip_line l = spi_line(irq);

	(void)state;
	request(irq, SA_TRIGGER_RISING);
	gic_set_priority(m, id, 0x60);
	chip_stats_reset(m);

	/* Acknowledge by hand, as the entry code would. */
	local_irq_disable();
	chip_line_pulse(&l, 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), id);
	assert_true(dist_bit(0, GIC_DIST_ACTIVE_SET, irq));
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_RUNNINGPRI), 0x60);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_APR0), 1u << (0x60 >> 3));

	/* A second edge while active: active and pending, not signalled. */
	chip_line_pulse(&l, 0);
	assert_true(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), GIC_SPURIOUS);

	/* EOI on the wrong CPU interface changes nothing. */
	gic_cpu_write(m, 1, GIC_CPU_EOI, id);
	assert_true(dist_bit(0, GIC_DIST_ACTIVE_SET, irq));

	gic_cpu_write(m, 0, GIC_CPU_EOI, id);
	assert_false(dist_bit(0, GIC_DIST_ACTIVE_SET, irq));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_RUNNINGPRI), 0xff);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_APR0), 0);
	assert_int_equal(runs[irq], 0);

	/* The nIRQ still posted now finds the second edge. */
	local_irq_enable();
	assert_int_equal(runs[irq], 1);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(m->stats.spurious, 1);
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
}

/* A level handler that leaves the line asserted on its first run. */
static bool t_active_pending_in_run1;

static void level_twice(unsigned int irq, unsigned long run)
{
	if (run == 1) {
		t_active_pending_in_run1 =
			dist_bit(0, GIC_DIST_ACTIVE_SET, irq) &&
			dist_bit(0, GIC_DIST_PENDING_SET, irq);
		return;
	}
	deassert_spi(irq, run);
}

static void test_level_redelivered_after_eoi_only(void **state)
{
	const unsigned int irq = SPI(9);
	struct chip_line l = spi_line(irq);

	(void)state;
	request(irq, SA_TRIGGER_HIGH);
	hook[irq] = level_twice;
	chip_stats_reset(m);
	logging = true;

	chip_line_assert(&l);
	/*
	 * Still asserted during run 1 (handlers run with interrupts on), yet
	 * not re-delivered until the EOI: no nesting, one more run after.
	 */
	assert_true(t_active_pending_in_run1);
	assert_int_equal(runs[irq], 2);
	assert_int_equal(max_depth, 1);
	assert_int_equal(m->stats.delivered, 2);
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));

	/* GICD_ICPENDR cannot clear a level that is still asserted. */
	hook[irq] = NULL;
	disable_irq(irq);
	chip_line_assert(&l);
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_PENDING_CLEAR, ID(irq)),
		       REG_BIT(ID(irq)));
	assert_true(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	/* Level pending follows the input: gone when it is, no latch. */
	chip_line_deassert(&l);
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	enable_irq(irq);
	assert_int_equal(runs[irq], 2);
	assert_int_equal(m->stats.latched, 0);
}

static void test_edge_latches_while_disabled(void **state)
{
	const unsigned int irq = SPI(10);
	struct chip_line l = spi_line(irq);

	(void)state;
	request(irq, SA_TRIGGER_RISING);
	disable_irq(irq);
	chip_stats_reset(m);
	chip_line_pulse(&l, 0);
	chip_line_pulse(&l, 0);
	assert_int_equal(runs[irq], 0);
	assert_true(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	assert_int_equal(m->stats.latched, 2);
	assert_int_equal(m->stats.delivered, 0);
	assert_int_equal(m->stats.dropped_masked, 0);

	/* One pending bit: the two edges are delivered as one. */
	enable_irq(irq);
	assert_int_equal(runs[irq], 1);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(m->stats.writes[CHIP_ACC_UNMASK], 1);
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
}

/*
 * An instance acknowledged while its line is disabled is kept by
 * fasteoi as IRQ_PENDING; enable_irq() resends it through the hardware
 * (GICD_ISPENDR), not the software queue.
 */
static void test_retrigger_sets_pending(void **state)
{
	const unsigned int irq = SPI(11);
	struct chip_line l = spi_line(irq);

	(void)state;
	request(irq, SA_TRIGGER_RISING);
	chip_stats_reset(m);
	local_irq_disable();
	chip_line_pulse(&l, 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), ID(irq));
	disable_irq_nosync(irq);
	do_IRQ(irq); /* the entry code's dispatch of what IAR gave */
	assert_int_equal(runs[irq], 0);
	assert_true(irq_desc[irq].status & IRQ_PENDING);
	assert_false(dist_bit(0, GIC_DIST_ACTIVE_SET, irq));
	local_irq_enable(); /* the posted nIRQ now reads 1023 */
	assert_int_equal(m->stats.spurious, 1);

	enable_irq(irq);
	assert_int_equal(runs[irq], 1);
	assert_int_equal(m->stats.writes[CHIP_ACC_RETRIGGER], 1);
	assert_int_equal(m->stats.delivered, 2);
}

static void test_spurious_when_nothing_pending(void **state)
{
	const unsigned int irq = SPI(12);
	struct chip_line l = spi_line(irq);

	(void)state;
	request(irq, SA_TRIGGER_HIGH);
	chip_stats_reset(m);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), GIC_SPURIOUS);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_INTACK), GIC_SPURIOUS);
	assert_int_equal(m->stats.spurious, 2);

	/* The device lets go before the CPU takes the nIRQ. */
	local_irq_disable();
	chip_line_assert(&l);
	chip_line_deassert(&l);
	local_irq_enable();
	assert_int_equal(runs[irq], 0);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(m->stats.spurious, 3);
	assert_int_equal(m->stats.reads[CHIP_ACC_ACK], 1);
	assert_int_equal(m->stats.writes[CHIP_ACC_EOI], 0);
	assert_int_equal(kstat_irqs(irq), 0);
}

static void test_setup_type_and_affinity(void **state)
{
	const unsigned int e = SPI(13), lv = SPI(14);
	cpumask_t one = cpumask_of_cpu(1);

	(void)state;
	chip_stats_reset(m);
	request(e, SA_TRIGGER_RISING);
	/* set_type: read ICFGR, read ISENABLER (off), write ICFGR. */
	assert_int_equal(m->stats.reads[CHIP_ACC_SET_TYPE], 2);
	assert_int_equal(m->stats.writes[CHIP_ACC_SET_TYPE], 1);
	/* startup -> enable -> unmask: one ISENABLER write. */
	assert_int_equal(m->stats.writes[CHIP_ACC_UNMASK], 1);
	assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 4);
	assert_true(irq_desc[e].handle_irq == handle_fasteoi_irq);
	assert_false(irq_desc[e].status & IRQ_LEVEL);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_CONFIG + 8) >>
				 (ID(e) % 16 * 2),
			 2);

	request(lv, SA_TRIGGER_HIGH);
	assert_true(irq_desc[lv].status & IRQ_LEVEL);
	assert_true(irq_desc[lv].handle_irq == handle_fasteoi_irq);

	/* Enabled now: ICENABLER and ISENABLER around the ICFGR write. */
	chip_stats_reset(m);
	assert_int_equal(set_irq_type(e, IRQ_TYPE_LEVEL_HIGH), 0);
	assert_int_equal(m->stats.reads[CHIP_ACC_SET_TYPE], 2);
	assert_int_equal(m->stats.writes[CHIP_ACC_SET_TYPE], 3);
	assert_true(dist_bit(0, GIC_DIST_ENABLE_SET, e));
	assert_int_equal(set_irq_type(e, IRQ_TYPE_EDGE_FALLING), -EINVAL);
	assert_int_equal(set_irq_type(e, IRQ_TYPE_LEVEL_LOW), -EINVAL);

	/* gic_set_cpu(): ITARGETSR read-modify-write, one target. */
	irq_cpu_attach(1);
	irq_cpu_attach(0);
	chip_stats_reset(m);
	assert_int_equal(irq_set_affinity(e, &one), 0);
	assert_int_equal(m->stats.reads[CHIP_ACC_SET_AFFINITY], 1);
	assert_int_equal(m->stats.writes[CHIP_ACC_SET_AFFINITY], 1);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_TARGET + 44), 0x01010201);
}

/*
 * With deferred moves the new target is written at the line's next EOI,
 * while the SPI is active and cannot be forwarded anywhere.
 */
static void test_deferred_move_at_eoi(void **state)
{
	const unsigned int irq = SPI(15);
	struct chip_line l = spi_line(irq);
	cpumask_t one = cpumask_of_cpu(1);

	(void)state;
	request(irq, SA_TRIGGER_RISING);
	genirq_set_pending_irq_moves(true);
	irq_cpu_attach(1);
	irq_cpu_attach(0);
	chip_stats_reset(m);
	assert_int_equal(irq_set_affinity(irq, &one), 0);
	assert_int_equal(chip_accesses(m, CHIP_ACC_SET_AFFINITY), 0);
	assert_true(irq_desc[irq].status & IRQ_MOVE_PENDING);

	chip_line_pulse(&l, 0);
	assert_int_equal(runs[irq], 1);
	assert_false(irq_desc[irq].status & IRQ_MOVE_PENDING);
	assert_int_equal(m->stats.reads[CHIP_ACC_SET_AFFINITY], 1);
	assert_int_equal(m->stats.writes[CHIP_ACC_SET_AFFINITY], 1);
	assert_int_equal(gic_dist_read(m, 0, GIC_DIST_TARGET + 44) >> 24, 2);
	/* The next edge pends for CPU 1, which no thread runs here. */
	chip_line_pulse(&l, 0);
	assert_int_equal(runs[irq], 1);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_HIGHPRI), ID(irq));
}

/* A CPU thread: attach, enable its PPI bank, spin until stopped. */
struct cpu_arg {
	unsigned int cpu;
	enum irq_cpu_wait mode;
	unsigned int ppi; /* 0: none to enable */
	int ready;
	pthread_t thread;
};

static void *cpu_thread(void *p)
{
	struct cpu_arg *a = p;

	irq_cpu_attach(a->cpu);
	if (a->ppi)
		gic_ppi_enable(m, a->ppi);
	__atomic_store_n(&a->ready, 1, __ATOMIC_RELEASE);
	irq_cpu_run(a->cpu, a->mode);
	return NULL;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool wait_for(const unsigned long *p, unsigned long want)
{
	double end = now_s() + WAIT_S;

	while (relaxed_load(p) < want) {
		if (now_s() > end)
			return false;
		sched_yield();
	}
	return true;
}

static bool wait_ready(struct cpu_arg *a)
{
	double end = now_s() + WAIT_S;

	while (!__atomic_load_n(&a->ready, __ATOMIC_ACQUIRE)) {
		if (now_s() > end)
			return false;
		sched_yield();
	}
	return true;
}

static void start_cpu(struct cpu_arg *a, unsigned int cpu, unsigned int ppi,
		      enum irq_cpu_wait mode)
{
	a->cpu = cpu;
	a->mode = mode;
	a->ppi = ppi;
	a->ready = 0;
	assert_int_equal(pthread_create(&a->thread, NULL, cpu_thread, a), 0);
	assert_true(wait_ready(a));
}

static void stop_cpu(struct cpu_arg *a)
{
	irq_cpu_stop(a->cpu);
	pthread_join(a->thread, NULL);
}

static void test_ppis_are_banked_per_cpu(void **state)
{
	const unsigned int irq = PPI(13); /* ID 29, the A9 local timer's */
	struct chip_line l0 = ppi_line(0, irq), l1 = ppi_line(1, irq);
	struct cpu_arg cpu1;
	const unsigned int id = ID(irq);

	(void)state;
	request(irq, SA_PERCPU_IRQ);
	hook[irq] = deassert_ppi;
	assert_true(irq_desc[irq].handle_irq == handle_percpu_irq);
	/* request_irq() on CPU 0 enabled CPU 0's bank only. */
	assert_true(dist_bit(0, GIC_DIST_ENABLE_SET, irq));
	assert_false(dist_bit(1, GIC_DIST_ENABLE_SET, irq));
	start_cpu(&cpu1, 1, irq, IRQ_CPU_SPIN);
	assert_true(dist_bit(1, GIC_DIST_ENABLE_SET, irq));

	/* CPU 1 masks its copy: its PPI pends there, and only there. */
	gic_dist_write(m, 1, REG_WORD(GIC_DIST_ENABLE_CLEAR, id), REG_BIT(id));
	chip_line_assert(&l1);
	assert_true(dist_bit(1, GIC_DIST_PENDING_SET, irq));
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	assert_true(dist_bit(0, GIC_DIST_ENABLE_SET, irq));
	assert_int_equal(relaxed_load(&runs[irq]), 0);

	gic_dist_write(m, 1, REG_WORD(GIC_DIST_ENABLE_SET, id), REG_BIT(id));
	assert_true(wait_for(&runs_cpu[1][irq], 1));
	/* CPU 0's PPI: handled here, CPU 1's count unchanged. */
	chip_line_assert(&l0);
	assert_int_equal(relaxed_load(&runs_cpu[0][irq]), 1);
	stop_cpu(&cpu1);

	assert_int_equal(runs_cpu[1][irq], 1);
	assert_int_equal(runs[irq], 2);
	assert_int_equal(kstat_irqs_cpu(irq, 0), 1);
	assert_int_equal(kstat_irqs_cpu(irq, 1), 1);
	assert_false(dist_bit(1, GIC_DIST_PENDING_SET, irq));
	assert_false(dist_bit(1, GIC_DIST_ACTIVE_SET, irq));
	assert_int_equal(m->stats.spurious, 0);
}

/*
 * N interrupts per line and design, counted by hand. Every interrupt
 * costs the entry code's IAR read (ack, 1 read). Then:
 * - flow design (fasteoi for SPIs, percpu for PPIs): ->eoi writes GICC_EOIR
 *   (1 write); nothing else. 2 accesses.
 * - __do_IRQ design: ->ack writes GICD_ICENABLER and GICC_EOIR (2 writes),
 *   ->end writes GICD_ISENABLER (1 write). 4 accesses.
 * Edge lines are pulsed; level lines asserted and cleared by the handler.
 */
static void run_n(unsigned int irq, bool level, bool ppi)
{
	struct chip_line l = ppi ? ppi_line(0, irq) : spi_line(irq);

	for (unsigned int i = 0; i < N_PER_DESIGN; i++) {
		if (level)
			chip_line_assert(&l);
		else
			chip_line_pulse(&l, 0);
	}
}

static void test_n_interrupts_both_designs(void **state)
{
	const unsigned int edge = SPI(20), level = SPI(21), ppi = PPI(11);
	const unsigned long n = N_PER_DESIGN;
	struct {
		unsigned int irq;
		bool level, ppi;
	} lines[] = { { edge, false, false },
		      { level, true, false },
		      { ppi, true, true } };

	(void)state;
	request(edge, SA_TRIGGER_RISING);
	request(level, SA_TRIGGER_HIGH);
	request(ppi, SA_PERCPU_IRQ);
	hook[level] = deassert_spi;
	hook[ppi] = deassert_ppi;

	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(m, design);
		assert_true((irq_desc[edge].handle_irq == NULL) ==
			    (design == CHIP_DESIGN_DO_IRQ));
		for (unsigned int k = 0; k < 3; k++) {
			unsigned int irq = lines[k].irq;
			const struct chip_stats *st = &m->stats;

			chip_stats_reset(m);
			runs[irq] = 0;
			run_n(irq, lines[k].level, lines[k].ppi);
			assert_int_equal(runs[irq], n);
			assert_int_equal(st->delivered, n);
			assert_int_equal(st->spurious, 0);
			assert_int_equal(st->reads[CHIP_ACC_ACK], n);
			if (design == CHIP_DESIGN_FLOW) {
				assert_int_equal(st->writes[CHIP_ACC_EOI], n);
				assert_int_equal(chip_accesses(m, CHIP_ACC_NR),
						 2 * n);
			} else {
				assert_int_equal(st->writes[CHIP_ACC_ACK],
						 2 * n);
				assert_int_equal(st->writes[CHIP_ACC_END], n);
				assert_int_equal(chip_accesses(m, CHIP_ACC_NR),
						 4 * n);
			}
		}
	}
	assert_true(irq_desc[ppi].status & IRQ_PER_CPU);
}

/*
 * The __do_IRQ chip's early EOI drops the running priority: an equal or
 * lower priority now nests inside the handler, which the flow design's
 * EOI-at-the-end forbids (test_only_higher_priority_preempts).
 */
static unsigned int t_inner;

static void fire_inner(unsigned int irq, unsigned long run)
{
	struct chip_line l = spi_line(t_inner);

	(void)irq;
	(void)run;
	chip_line_pulse(&l, 0);
}

static void test_do_irq_early_eoi_lets_lower_nest(void **state)
{
	const unsigned int outer = SPI(22);
	struct chip_line l = spi_line(outer);

	(void)state;
	t_inner = SPI(23);
	request(outer, SA_TRIGGER_RISING);
	request(t_inner, SA_TRIGGER_RISING);
	gic_set_priority(m, ID(outer), 0x40);
	gic_set_priority(m, ID(t_inner), 0xa0);
	hook[outer] = fire_inner;
	chip_model_set_design(m, CHIP_DESIGN_DO_IRQ);
	logging = true;
	chip_line_pulse(&l, 0);
	assert_int_equal(nr_ev, 4);
	assert_true(ev[1].irq == t_inner && ev[1].enter);
	assert_int_equal(max_depth, 2);
	/* The line is unmasked again by ->end. */
	assert_true(dist_bit(0, GIC_DIST_ENABLE_SET, outer));
}

/*
 * Two CPUs (spinning for the flow design, sleeping between interrupts for
 * __do_IRQ, so both wait modes are crossed); for each, a device thread
 * drives a level SPI
 * targeted at it and that CPU's copy of a level PPI, re-asserting each
 * once its handler has cleared it. Every assertion must be handled once,
 * on the right CPU, with one nIRQ and one IAR read each.
 */
struct dev_arg {
	unsigned int self; /* the device thread's own (non-GIC) CPU */
	unsigned int cpu;
	unsigned int spi;
	unsigned int ppi;
	unsigned long n;
	unsigned long timeouts;
	pthread_t thread;
};

static void *dev_thread(void *p)
{
	struct dev_arg *a = p;
	struct chip_line ls = spi_line(a->spi), lp = ppi_line(a->cpu, a->ppi);

	irq_cpu_attach(a->self);
	for (unsigned long i = 0; i < a->n; i++) {
		chip_line_assert(&ls);
		chip_line_assert(&lp);
		if (!wait_for(&runs_cpu[a->cpu][a->spi], i + 1) ||
		    !wait_for(&runs_cpu[a->cpu][a->ppi], i + 1)) {
			a->timeouts++;
			break;
		}
	}
	return NULL;
}

static void smp_run(enum chip_design design, enum irq_cpu_wait mode)
{
	const unsigned int ppi = PPI(14), spi[2] = { SPI(24), SPI(25) };
	const unsigned long n = mode == IRQ_CPU_SPIN ? N_SMP_SPIN : N_SMP_BLOCK;
	cpumask_t to1 = cpumask_of_cpu(1);
	struct cpu_arg cpus[2];
	struct dev_arg devs[2];

	request(spi[0], SA_TRIGGER_HIGH);
	request(spi[1], SA_TRIGGER_HIGH);
	request(ppi, SA_PERCPU_IRQ);
	hook[spi[0]] = hook[spi[1]] = deassert_spi;
	hook[ppi] = deassert_ppi;
	chip_model_set_design(m, design);

	start_cpu(&cpus[0], 0, 0, mode); /* bank 0: request_irq() did it */
	start_cpu(&cpus[1], 1, ppi, mode);
	assert_int_equal(irq_set_affinity(spi[1], &to1), 0);
	chip_stats_reset(m);

	for (unsigned int d = 0; d < 2; d++) {
		devs[d] = (struct dev_arg){ .self = 2 + d,
					    .cpu = d,
					    .spi = spi[d],
					    .ppi = ppi,
					    .n = n };
		assert_int_equal(pthread_create(&devs[d].thread, NULL,
						dev_thread, &devs[d]),
				 0);
	}
	for (unsigned int d = 0; d < 2; d++)
		pthread_join(devs[d].thread, NULL);
	stop_cpu(&cpus[0]);
	stop_cpu(&cpus[1]);

	for (unsigned int d = 0; d < 2; d++) {
		assert_int_equal(devs[d].timeouts, 0);
		assert_int_equal(runs_cpu[d][spi[d]], n);
		assert_int_equal(runs_cpu[1 - d][spi[d]], 0);
		assert_int_equal(runs_cpu[d][ppi], n);
	}
	assert_int_equal(m->stats.delivered, 4 * n);
	assert_int_equal(m->stats.spurious, 0);
	assert_int_equal(m->stats.reads[CHIP_ACC_ACK], 4 * n);
	if (design == CHIP_DESIGN_FLOW) {
		assert_int_equal(m->stats.writes[CHIP_ACC_EOI], 4 * n);
		assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 8 * n);
	} else {
		assert_int_equal(m->stats.writes[CHIP_ACC_ACK], 8 * n);
		assert_int_equal(m->stats.writes[CHIP_ACC_END], 4 * n);
		assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 16 * n);
	}
}

static void test_two_spinning_cpus_flow(void **state)
{
	(void)state;
	smp_run(CHIP_DESIGN_FLOW, IRQ_CPU_SPIN);
}

static void test_two_blocking_cpus_do_irq(void **state)
{
	(void)state;
	smp_run(CHIP_DESIGN_DO_IRQ, IRQ_CPU_BLOCK);
}

/* The realistic profile sets every cost the model has. */
/*
 * What IAR and HPPIR answer follows every register that decides it:
 * GICD_ISACTIVER/ICACTIVER, GICD_CTLR, GICD_ICFGR under an asserted input,
 * GICD_ICENABLER/ISENABLER and GICD_ITARGETSR, each undone in turn; the
 * interrupt is delivered once everything allows it again.
 */
static void test_hppi_follows_each_register(void **state)
{
	const unsigned int irq = SPI(13), id = ID(irq);
	const unsigned int tgt = GIC_DIST_TARGET + (id & ~3u);
	const uint32_t cfg_edge = 2u << (id % 16 * 2);
	struct chip_line l = spi_line(irq);
	uint32_t targets;

	(void)state;
	request(irq, SA_TRIGGER_HIGH);
	hook[irq] = deassert_spi;
	chip_stats_reset(m);
	local_irq_disable();
	chip_line_assert(&l);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), id);

	gic_dist_write(m, 0, REG_WORD(GIC_DIST_ACTIVE_SET, id), REG_BIT(id));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	assert_true(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_ACTIVE_CLEAR, id), REG_BIT(id));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), id);

	gic_dist_write(m, 0, GIC_DIST_CTRL, 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	gic_dist_write(m, 0, GIC_DIST_CTRL, 1);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), id);

	/* An asserted level made edge is no longer pending: no edge came. */
	gic_dist_write(m, 0, GIC_DIST_CONFIG + id / 16 * 4, cfg_edge);
	assert_false(dist_bit(0, GIC_DIST_PENDING_SET, irq));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	gic_dist_write(m, 0, GIC_DIST_CONFIG + id / 16 * 4, 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), id);

	gic_dist_write(m, 0, REG_WORD(GIC_DIST_ENABLE_CLEAR, id), REG_BIT(id));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_ENABLE_SET, id), REG_BIT(id));

	targets = gic_dist_read(m, 0, tgt);
	gic_dist_write(m, 0, tgt, targets ^ (3u << (id % 4 * 8)));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_HIGHPRI), id);
	gic_dist_write(m, 0, tgt, targets);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), id);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_HIGHPRI), GIC_SPURIOUS);

	/*
	 * CPU 0's nIRQ, posted at the first assertion, is taken now; CPU 1
	 * got one while it was the target, which no thread takes here.
	 */
	assert_int_equal(runs[irq], 0);
	local_irq_enable();
	assert_int_equal(runs[irq], 1);
	assert_int_equal(m->stats.delivered, 2);
	assert_int_equal(m->stats.spurious, 0);
}

/*
 * Equal priorities go to the lowest ID, a PPI before an SPI; a CPU
 * interface that is off signals nothing and its IAR reads 1023 while
 * HPPIR still names the interrupt; turning it on signals at once.
 */
static void test_ties_and_cpu_interface_enable(void **state)
{
	const unsigned int ppi = PPI(5), spi = SPI(14);

	(void)state;
	request(ppi, SA_PERCPU_IRQ | SA_TRIGGER_RISING);
	request(spi, SA_TRIGGER_RISING);
	logging = true;
	chip_stats_reset(m);
	gic_cpu_write(m, 0, GIC_CPU_CTRL, 0);
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_PENDING_SET, ID(spi)),
		       REG_BIT(ID(spi)));
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_PENDING_SET, ID(ppi)),
		       REG_BIT(ID(ppi)));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), ID(ppi));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), GIC_SPURIOUS);
	assert_int_equal(m->stats.spurious, 1);
	assert_int_equal(nr_ev, 0);
	assert_int_equal(m->stats.delivered, 0);

	gic_cpu_write(m, 0, GIC_CPU_CTRL, 1);
	assert_int_equal(nr_ev, 4);
	assert_int_equal(ev[0].irq, ppi);
	assert_int_equal(ev[2].irq, spi);
	assert_int_equal(m->stats.delivered, 2);
}

/*
 * A GIC of three words (IDs up to 95): the candidates of every word are
 * weighed, ties to the lowest ID, each SPI only on the CPUs it targets;
 * a message-signalled SPI stays inactive once acknowledged, so a new
 * edge is a candidate again before its EOI.
 */
static void test_hppi_over_words_and_msg(void **state)
{
	const unsigned int a = 40, b = 70, c = 95;

	(void)state;
	chip_model_destroy(m);
	m = gic_create(BASE, 64, 2);
	assert_non_null(m);
	local_irq_disable();
	for (unsigned int i = 0; i < 3; i++) {
		unsigned int id = i == 0 ? a : i == 1 ? b : c;

		gic_dist_write(m, 0, REG_WORD(GIC_DIST_ENABLE_SET, id),
			       REG_BIT(id));
		gic_dist_write(m, 0, REG_WORD(GIC_DIST_PENDING_SET, id),
			       REG_BIT(id));
	}
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), a);
	assert_int_equal(gic_set_priority(m, c, 0x98), 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), c);
	assert_int_equal(gic_set_priority(m, b, 0x98), 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), b);
	/* b to CPU 1 only: CPU 0 sees c, CPU 1 sees b. */
	gic_dist_write(m, 0, GIC_DIST_TARGET + (b & ~3u),
		       0x01010101u ^ (3u << (b % 4 * 8)));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), c);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_HIGHPRI), b);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_INTACK), b);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_HIGHPRI), GIC_SPURIOUS);

	/* c acknowledged on CPU 0 as an SPI, then as a message. */
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), c);
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_PENDING_SET, c), REG_BIT(c));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), a);
	gic_cpu_write(m, 0, GIC_CPU_EOI, c);
	assert_int_equal(gic_set_message_signalled(m, c, true), 0);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), c);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_RUNNINGPRI), 0x98);
	assert_false(gic_dist_read(m, 0, REG_WORD(GIC_DIST_ACTIVE_SET, c)) &
		     REG_BIT(c));
	gic_dist_write(m, 0, REG_WORD(GIC_DIST_PENDING_SET, c), REG_BIT(c));
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), c);
	/* Held back by the running priority: IAR reads 1023. */
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), GIC_SPURIOUS);
	gic_cpu_write(m, 0, GIC_CPU_EOI, c);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), c);
	gic_cpu_write(m, 0, GIC_CPU_EOI, c);
	gic_cpu_write(m, 1, GIC_CPU_EOI, b);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_INTACK), a);
	gic_cpu_write(m, 0, GIC_CPU_EOI, a);
	assert_int_equal(gic_cpu_read(m, 0, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	assert_int_equal(gic_cpu_read(m, 1, GIC_CPU_HIGHPRI), GIC_SPURIOUS);
	/* The posted nIRQs of both CPUs now find nothing. */
	local_irq_enable();
	assert_int_equal(m->stats.spurious, 2);
}

static void test_realistic_profile_covers_every_key(void **state)
{
	char path[PATH_MAX], err[256] = "";
	const char *slash = strrchr(__FILE__, '/');

	(void)state;
	if (__FILE__[0] != '/' || !slash)
		skip();
	snprintf(path, sizeof(path), "%.*s/../../configs/cost/realistic.ini",
		 (int)(slash - __FILE__), __FILE__);
	for (const struct chip_cost_field *f = m->cost_fields; f->key; f++)
		assert_int_equal(chip_cost_set(m, f->key, 999999999), 0);
	assert_int_equal(chip_cost_load(m, path, err, sizeof(err)), 0);
	for (const struct chip_cost_field *f = m->cost_fields; f->key; f++) {
		unsigned int v = *(unsigned int *)((char *)m->cost + f->offset);

		assert_int_not_equal(v, 999999999);
		assert_true(v > 0 && v < 10000);
	}
}

static void test_create_rejects_bad_arguments(void **state)
{
	(void)state;
	assert_null(gic_create(BASE, 0, 1));
	assert_null(gic_create(BASE, 32, 0));
	assert_null(gic_create(BASE, 32, GIC_MAX_CPUS + 1));
	assert_null(gic_create(BASE, GIC_MAX_SPIS + 1, 1));
	assert_null(gic_create(NR_IRQS - 40, 32, 1));
	assert_int_equal(gic_ppi_enable(m, SPI(0)), -EINVAL);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_registers_reset_and_init),
		T(test_iar_returns_highest_priority),
		T(test_pmr_holds_back_until_lowered),
		T(test_only_higher_priority_preempts),
		T(test_eoir_deactivates_and_drops_priority),
		T(test_level_redelivered_after_eoi_only),
		T(test_edge_latches_while_disabled),
		T(test_retrigger_sets_pending),
		T(test_spurious_when_nothing_pending),
		T(test_setup_type_and_affinity),
		T(test_deferred_move_at_eoi),
		T(test_ppis_are_banked_per_cpu),
		T(test_n_interrupts_both_designs),
		T(test_do_irq_early_eoi_lets_lower_nest),
		T(test_two_spinning_cpus_flow),
		T(test_two_blocking_cpus_do_irq),
		T(test_hppi_follows_each_register),
		T(test_ties_and_cpu_interface_enable),
		T(test_hppi_over_words_and_msg),
		T(test_realistic_profile_covers_every_key),
		T(test_create_rejects_bad_arguments),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
