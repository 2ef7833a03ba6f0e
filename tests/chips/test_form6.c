// SPDX-License-Identifier: GPL-2.0
/*
 * One model, two drivers: each chip's modern driver form (chips/drv/
 * <chip>_v6.c, on genirq6) against its 2.6.18 flow form on the same
 * register model, with the register accesses per interrupt by chip
 * operation pinned for each, as tests/core pins the 2.6.18 flows'
 * chip calls with the fake chip's log: what the difference is made of
 * (the cached IO-APIC entry's unmask without a read, the lazy disable
 * that writes nothing, the same GIC EOI) is the measurement the v6
 * designs report. Counts are written "op:RrWw", reads and writes per
 * interrupt (or per call), in the chip operations' order.
 *
 * The test thread is CPU 0 with interrupts enabled, so an interrupt
 * raised on CPU 0 is handled before the call that raised it returns.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <chips/form6.h>
#include <chips/gic.h>
#include <chips/gpio.h>
#include <chips/i8259.h>
#include <chips/ioapic.h>
#include <chips/soft.h>
#include <chips/vic.h>
#include "form6_dev.h"

#define BASE 64
#define N 200 /* interrupts per form */

static struct chip_model *m;
static struct chip_model *parent; /* the VIC behind the GPIO bank @m */

struct dev {
	struct chip_line line;
	bool level;
	unsigned long runs;
};

static int dev_run(void *p)
{
	struct dev *d = p;

	if (d->level)
		chip_line_deassert(&d->line);
	d->runs++;
	return IRQ_HANDLED;
}

static irqreturn_t dev_irq(int irq, void *p)
{
	(void)irq;
	return (irqreturn_t)dev_run(p);
}

/*
 * The accesses since the last chip_stats_reset(), each divided by @per:
 * "op:RrWw" for every operation with any, space-separated; "none" if
 * none; "uneven" if a count is no multiple of @per.
 */
static const char *counts_of(const struct chip_model *c, unsigned long per)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned int a = 0; a < CHIP_ACC_NR; a++) {
		unsigned long r = c->stats.reads[a], w = c->stats.writes[a];

		if (!r && !w)
			continue;
		if (r % per || w % per)
			return "uneven";
		len += (size_t)snprintf(buf + len, sizeof(buf) - len,
					"%s%s:%luR%luW", len ? " " : "",
					chip_acc_name(a), r / per, w / per);
	}
	return len ? buf : "none";
}

/* @m's accesses; with a VIC behind it, the VIC's after a "|". */
static const char *counts(unsigned long per)
{
	static char both[600];

	if (!parent)
		return counts_of(m, per);
	snprintf(both, sizeof(both), "%s", counts_of(m, per));
	snprintf(both + strlen(both), sizeof(both) - strlen(both), " | %s",
		 counts_of(parent, per));
	return both;
}

static void stats_reset(void)
{
	chip_stats_reset(m);
	if (parent)
		chip_stats_reset(parent);
}

static void fire(struct dev *d, unsigned long n)
{
	d->runs = 0;
	stats_reset();
	for (unsigned long i = 0; i < n; i++) {
		if (d->level)
			chip_line_assert(&d->line);
		else
			chip_line_pulse(&d->line, 0);
	}
	assert_int_equal(d->runs, n);
}

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	chip_model_destroy(m);
	m = NULL;
	if (parent)
		chip_model_destroy(parent);
	parent = NULL;
	return 0;
}

/* What one line costs on each form: interrupts, chip calls, disable. */
struct expect {
	const char *irq, *mask, *unmask, *disable_enable;
};

/* The 2.6.18 flow form: request, @n interrupts, chip calls, disable. */
static void on_2618(struct dev *d, unsigned int irq, const struct expect *e)
{
	struct irq_chip *chip;

	chip_model_set_design(m, CHIP_DESIGN_FLOW);
	assert_int_equal(request_irq(irq, dev_irq, 0, "form6", d), 0);
	fire(d, N);
	assert_string_equal(counts(N), e->irq);
	chip = get_irq_chip(irq);
	stats_reset();
	chip->mask(irq);
	assert_string_equal(counts(1), e->mask);
	stats_reset();
	chip->unmask(irq);
	assert_string_equal(counts(1), e->unmask);
	stats_reset();
	disable_irq(irq);
	enable_irq(irq);
	assert_string_equal(counts(1), e->disable_enable);
	fire(d, 1);
	free_irq(irq, d);
}

/* The modern form: the line attached, requested on genirq6, the same. */
static void on_v6(const struct chip_form6 *f, struct dev *d, unsigned int irq,
		  unsigned int type, const char *flow, const struct expect *e)
{
	int virq;

	chip_model_set_design(m, CHIP_DESIGN_V6);
	virq = f->attach(m, irq, type, 0);
	assert_true(virq > 0);
	assert_string_equal(f6_flow((unsigned int)virq), flow);
	assert_int_equal(f6_request((unsigned int)virq, dev_run, d), 0);
	fire(d, N);
	assert_string_equal(counts(N), e->irq);
	stats_reset();
	f6_chip_mask((unsigned int)virq);
	assert_string_equal(counts(1), e->mask);
	stats_reset();
	f6_chip_unmask((unsigned int)virq);
	assert_string_equal(counts(1), e->unmask);
	/* lazy unless the chip has irq_disable: nothing written then */
	stats_reset();
	f6_disable((unsigned int)virq);
	f6_enable((unsigned int)virq);
	assert_string_equal(counts(1), e->disable_enable);
	fire(d, 1);
	f6_free((unsigned int)virq, d);
	f->detach(m, irq);
}

/*
 * The software chip, handle_simple_irq in both: no chip call on an
 * interrupt, one enable-word write per mask or unmask. 2.6.18's
 * disable_irq() masks and enable_irq() unmasks (the chip's ->disable and
 * ->enable are its mask and unmask); the modern lazy disable writes
 * nothing, and the enable finds the line unmasked.
 */
static void test_soft(void **state)
{
	static const struct expect e18 = {
		"none",
		"mask:0R1W",
		"unmask:0R1W",
		"mask:0R1W unmask:0R1W",
	};
	static const struct expect e6 = { "none", "mask:0R1W", "unmask:0R1W",
					  "none" };
	struct dev d;

	(void)state;
	m = soft_create(BASE, 4, 0, -1);
	assert_non_null(m);
	d = (struct dev){ .line = { m, 2 } };
	on_2618(&d, BASE + 2, &e18);
	on_v6(&soft_form6, &d, BASE + 2, 0, "simple", &e6);
}

/*
 * The IO-APIC, an edge pin: handle_edge_irq in both, whose ack is the
 * local APIC's EOI (2.6.18's ack_edge_ioapic_irq, the modern vector
 * domain's apic_ack_edge through irq_chip_ack_parent): one write. A
 * mask: 2.6.18 reads the entry, then writes it (IOREGSEL, IOWIN read,
 * IOWIN write); the modern driver writes its cached copy (IOREGSEL,
 * IOWIN) and io_apic_sync() reads IOWIN back: 3 accesses both. An
 * unmask: 3 against 2, the read that the cached entry saves. 2.6.18's
 * edge disable was lazy already (disable_edge_ioapic_irq writes nothing)
 * and its enable unmasks; the modern enable finds the entry unmasked.
 */
static void test_ioapic_edge(void **state)
{
	static const struct expect e18 = {
		"ack:0R1W",
		"mask:1R2W",
		"unmask:1R2W",
		"unmask:1R2W",
	};
	static const struct expect e6 = { "ack:0R1W", "mask:1R2W",
					  "unmask:0R2W", "none" };
	struct dev d;

	(void)state;
	m = ioapic_create(BASE, 2);
	assert_non_null(m);
	d = (struct dev){ .line = { m, 6 } };
	on_2618(&d, BASE + 6, &e18);
	on_v6(&ioapic_form6, &d, BASE + 6, IRQ_TYPE_EDGE_RISING, "edge", &e6);
}

/*
 * The IO-APIC, a level pin: handle_fasteoi_irq in both, whose eoi reads
 * the local APIC's TMR and writes its EOI (2.6.18's ack_ioapic_quirk_irq,
 * the modern ioapic_ack_level): the same two accesses per interrupt.
 * 2.6.18 masks a level entry on disable_irq() (its ->disable) and
 * unmasks it on enable: 6 accesses the lazy disable does not make.
 */
static void test_ioapic_level(void **state)
{
	static const struct expect e18 = {
		"eoi:1R1W",
		"mask:1R2W",
		"unmask:1R2W",
		"disable:1R2W unmask:1R2W",
	};
	static const struct expect e6 = { "eoi:1R1W", "mask:1R2W",
					  "unmask:0R2W", "none" };
	struct dev d;

	(void)state;
	m = ioapic_create(BASE, 2);
	assert_non_null(m);
	assert_int_equal(set_irq_type(BASE + 12, IRQ_TYPE_LEVEL_HIGH), 0);
	d = (struct dev){ .line = { m, 12 }, .level = true };
	on_2618(&d, BASE + 12, &e18);
	on_v6(&ioapic_form6, &d, BASE + 12, IRQ_TYPE_LEVEL_HIGH, "fasteoi",
	      &e6);
}

/*
 * The GIC, a level SPI: handle_fasteoi_irq in both, the GICC_IAR read
 * of the acknowledge cycle and one GICC_EOIR write per interrupt; a
 * mask or unmask is one GICD_ICENABLER or ISENABLER write in both;
 * 2.6.18's disable_irq() and enable_irq() make one each.
 */
static void test_gic_level(void **state)
{
	static const struct expect e18 = {
		"ack:1R0W eoi:0R1W",
		"mask:0R1W",
		"unmask:0R1W",
		"mask:0R1W unmask:0R1W",
	};
	static const struct expect e6 = { "ack:1R0W eoi:0R1W", "mask:0R1W",
					  "unmask:0R1W", "none" };
	unsigned int id = GIC_SPI_BASE + 5;
	struct dev d;

	(void)state;
	m = gic_create(BASE, 32, 2);
	assert_non_null(m);
	assert_int_equal(set_irq_type(BASE + id, IRQ_TYPE_LEVEL_HIGH), 0);
	d = (struct dev){ .line = { m, GIC_SPI_PIN(id) }, .level = true };
	on_2618(&d, BASE + id, &e18);
	on_v6(&gic_form6, &d, BASE + id, IRQ_TYPE_LEVEL_HIGH, "fasteoi", &e6);
}

/*
 * The GIC, an edge SPI: both forms keep handle_fasteoi_irq for it (the
 * modern gic_irq_domain_map() sets it for every SPI whatever its
 * trigger), so an edge costs what a level does: the IAR read and the
 * EOIR write.
 */
static void test_gic_edge(void **state)
{
	static const struct expect e18 = {
		"ack:1R0W eoi:0R1W",
		"mask:0R1W",
		"unmask:0R1W",
		"mask:0R1W unmask:0R1W",
	};
	static const struct expect e6 = { "ack:1R0W eoi:0R1W", "mask:0R1W",
					  "unmask:0R1W", "none" };
	unsigned int id = GIC_SPI_BASE + 6;
	struct dev d;

	(void)state;
	m = gic_create(BASE, 32, 2);
	assert_non_null(m);
	assert_int_equal(set_irq_type(BASE + id, IRQ_TYPE_EDGE_RISING), 0);
	d = (struct dev){ .line = { m, GIC_SPI_PIN(id) } };
	on_2618(&d, BASE + id, &e18);
	assert_ptr_equal(irq_desc[BASE + id].handle_irq, handle_fasteoi_irq);
	on_v6(&gic_form6, &d, BASE + id, IRQ_TYPE_EDGE_RISING, "fasteoi", &e6);
}

/*
 * The i8259A pair, a master line: handle_level_irq in both, whose
 * mask_ack is mask_and_ack_8259A() (the dummy IMR inb, the IMR outb, the
 * specific EOI outb) and whose end unmasks (one IMR outb): the same five
 * accesses per interrupt. The modern chip has irq_disable, so its
 * disable_irq() is not lazy: one IMR outb, as 2.6.18's ->disable; its
 * enable_irq() unmasks the masked line, as 2.6.18's enable does.
 */
static void test_i8259(void **state)
{
	static const struct expect e18 = {
		"mask_ack:1R2W unmask:0R1W",
		"mask:0R1W",
		"unmask:0R1W",
		"disable:0R1W unmask:0R1W",
	};
	static const struct expect e6 = { "mask_ack:1R2W unmask:0R1W",
					  "mask:0R1W", "unmask:0R1W",
					  "disable:0R1W unmask:0R1W" };
	struct dev d;

	(void)state;
	m = i8259_create(BASE, 0);
	assert_non_null(m);
	d = (struct dev){ .line = { m, 5 } };
	on_2618(&d, BASE + 5, &e18);
	on_v6(&i8259_form6, &d, BASE + 5, 0, "level", &e6);
	/* a slave line comes through master IR2's chained handler here */
	assert_int_equal(i8259_form6.attach(m, BASE + 10, 0, 0), -EOPNOTSUPP);
	assert_int_equal(i8259_form6.attach(m, BASE + 2, 0, 0), -EOPNOTSUPP);
}

/*
 * The GPIO bank behind the VIC, an edge line: handle_edge_irq in both,
 * under the VIC input's demultiplexer; "|" separates the bank's accesses
 * from the VIC's. Per interrupt, the bank's the same in both: the status
 * clear (ack) and the demultiplexer's IRQSTATUS and IRQENABLE reads, a
 * second pair finding nothing. The VIC's: the IRQSTATUS read of the
 * acknowledge cycle, then 2.6.18's demultiplexer acks the input (one
 * INTENCLEAR) and unmasks it; the modern chained_irq_enter(), the VIC
 * having no irq_eoi, masks (INTENCLEAR) and acks (INTENCLEAR and
 * SOFTINTCLEAR), and chained_irq_exit() unmasks: 5 accesses against 3.
 */
static void test_gpio(void **state)
{
	static const struct expect e18 = {
		"ack:0R1W demux:4R0W | ack:0R1W unmask:0R1W demux:1R0W",
		"mask:0R1W | none",
		"unmask:0R1W | none",
		"mask:0R1W unmask:0R1W | none",
	};
	static const struct expect e6 = {
		"ack:0R1W demux:4R0W | ack:0R2W mask:0R1W unmask:0R1W demux:1R0W",
		"mask:0R1W | none",
		"unmask:0R1W | none",
		"none | none",
	};
	struct dev d;

	(void)state;
	parent = vic_create(32, 0);
	assert_non_null(parent);
	m = gpio_create(BASE, parent, 10);
	assert_non_null(m);
	assert_int_equal(set_irq_type(BASE + 3, IRQ_TYPE_EDGE_RISING), 0);
	d = (struct dev){ .line = { m, 3 } };
	on_2618(&d, BASE + 3, &e18);
	on_v6(&gpio_form6, &d, BASE + 3, IRQ_TYPE_EDGE_RISING, "edge", &e6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_soft, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ioapic_edge, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ioapic_level, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_gic_level, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_gic_edge, setup, teardown),
		cmocka_unit_test_setup_teardown(test_i8259, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gpio, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
