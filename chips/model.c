// SPDX-License-Identifier: GPL-2.0
/*
 * The machinery every controller model shares: access counters (per
 * caller and per line), the calibrated busy-wait that stands for a
 * register access's bus cycles, edge pulses, and the set-up of a model's
 * lines for the architecture of the run. Cost profiles are chips/cost.c's.
 */
#include <genirq/noise.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <chips/model.h>

static const char *const acc_names[CHIP_ACC_NR] = {
	IRQLAB_CHIP_OPS(IRQLAB_CHIP_OP_NAME) "demux",
	"init",
};

const char *chip_acc_name(enum chip_acc acc)
{
	return acc < CHIP_ACC_NR ? acc_names[acc] : "?";
}

const char *chip_msg_kind_name(enum chip_msg_kind kind)
{
	static const char *const names[CHIP_MSG_NR] = {
		[CHIP_MSG_LEVEL] = "level",
		[CHIP_MSG_EDGE] = "edge",
		[CHIP_MSG_WRITE] = "write",
	};

	return kind < CHIP_MSG_NR ? names[kind] : "?";
}

unsigned long chip_accesses(const struct chip_model *m, enum chip_acc acc)
{
	unsigned long n = 0;

	for (int i = 0; i < CHIP_ACC_NR; i++)
		if (acc == CHIP_ACC_NR || (int)acc == i)
			n += __atomic_load_n(&m->stats.reads[i],
					     __ATOMIC_RELAXED) +
			     __atomic_load_n(&m->stats.writes[i],
					     __ATOMIC_RELAXED);
	return n;
}

void chip_stats_reset(struct chip_model *m)
{
	unsigned long *w = (unsigned long *)&m->stats;

	for (size_t i = 0; i < sizeof(m->stats) / sizeof(*w); i++)
		__atomic_store_n(&w[i], 0, __ATOMIC_RELAXED);
	for (unsigned int i = 0; i < m->nr_inputs + 2; i++) {
		__atomic_store_n(&m->lines[i].n, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&m->lines[i].ns, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&m->lines[i].close_ns, 0, __ATOMIC_RELAXED);
	}
}

/* The lines, then CHIP_LINE_OUTPUT's and CHIP_LINE_NONE's counts. */
int chip_lines_init(struct chip_model *m)
{
	m->lines = calloc(m->nr_inputs + 2, sizeof(*m->lines));
	return m->lines ? 0 : -ENOMEM;
}

void chip_lines_free(struct chip_model *m)
{
	free(m->lines);
	m->lines = NULL;
}

void chip_line_set_parent(struct chip_model *m, unsigned int line,
			  struct chip_model *parent, unsigned int parent_line)
{
	chip_line_slot(m, line)->parent = chip_line_slot(parent, parent_line);
}

/*
 * What a wait costs beyond the ticks it counts (the call, the first and
 * last TSC reads, the last loop turn), measured once by the calibration
 * and taken off every request, so that a 40 ns access costs 40 ns and not
 * 40 plus the wait's own overhead. A request shorter than it costs it.
 */
static double overhead_ns;

void chip_delay_ns(unsigned int ns)
{
	uint64_t start = irq_clock_ticks();
	double want = (double)ns - overhead_ns;
	uint64_t n = want > 0 ? (uint64_t)(want * irq_clock.ticks_per_ns) : 0;

	/*
	 * No pause: it alone can take longer than a short access. A wait
	 * the host interrupted is a gap of the thread's (genirq/noise.h):
	 * the wait reads the clock anyway.
	 */
	for (;;) {
		irq_noise_tick_current();
		if (irq_clock_ticks() - start >= n)
			break;
	}
}

int chip_delay_calibrate(struct chip_delay_calibration *out)
{
	struct chip_delay_calibration c = { 0 };
	const int rounds = 200;
	double sum = 0;

	c.ticks_per_us = irq_clock.ticks_per_ns * 1000;
	/*
	 * The fixed part: back-to-back 100 ns waits, the best of many short
	 * rounds. A round the host interrupted only reads longer, so the
	 * minimum is the wait's own cost; five long rounds could all be hit
	 * on a busy host, which made whole runs' access costs differ.
	 */
	overhead_ns = 0;
	for (int r = 0, best = 1; r < 50; r++, best = 0) {
		uint64_t a = irq_clock_ticks();
		double over;

		for (int i = 0; i < 100; i++)
			chip_delay_ns(100);
		over = (double)(irq_clock_ticks() - a) /
			       irq_clock.ticks_per_ns / 100 -
		       100;
		if (best || over < c.overhead_ns)
			c.overhead_ns = over > 0 ? over : 0;
	}
	overhead_ns = c.overhead_ns;
	for (int i = 0; i < rounds; i++) {
		uint64_t a = irq_clock_monotonic_ns(), b;
		double err;

		chip_delay_ns(100);
		b = irq_clock_monotonic_ns();
		err = (double)(b - a) - 100;
		sum += err;
		if (err > c.err_ns_max)
			c.err_ns_max = err;
	}
	c.err_ns_mean = sum / rounds;
	if (out)
		*out = c;
	return 0;
}

void chip_line_pulse(const struct chip_line *l, unsigned int width_ns)
{
	chip_line_assert(l);
	if (width_ns)
		chip_delay_ns(width_ns);
	chip_line_deassert(l);
}

void chip_model_set_arch(struct chip_model *m, enum genirq_arch arch)
{
	for (unsigned int i = 0; arch == GENIRQ_ARCH_ARM && i < m->nr_inputs;
	     i++) {
		unsigned int irq = m->irq_base + i;

		/* Lines the model left unwired (a cascade input) stay off. */
		if (irq < NR_IRQS && irq_desc[irq].chip != &no_irq_chip)
			set_irq_flags(irq, GENIRQ_ARM_IRQF_VALID |
						   GENIRQ_ARM_IRQF_PROBE);
	}
	if (m->ops->set_arch)
		m->ops->set_arch(m, arch);
}
