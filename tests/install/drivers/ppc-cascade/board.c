// SPDX-License-Identifier: GPL-2.0
/*
 * The board around cascade.c, a powerpc-style platform of 2.6.18 with
 * its own <asm/irq.h>: a register model of an MPIC-like controller
 * (mask, acknowledge, EOI, one line in service at a time) and of an
 * 8259-like one whose output drives the MPIC's line 8, the platform's
 * IRQ entry (the MPIC's acknowledge, then do_IRQ()), and an arch/ppc-era
 * entry that calls __do_IRQ(irq, regs). Checks the 2.6.18 forms of
 * generic_handle_irq(), __do_IRQ(), handle_IRQ_event() and
 * note_interrupt(), with action handlers that take regs.
 */
#include <stdio.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <asm/irq.h>

#include "check.h"

/* The model. */
static unsigned int pic_masked, pic_asserted, pic_inservice, pic_eois;
static unsigned int sec_masked, sec_asserted, sec_inservice, sec_eois;

static unsigned int sec_ready(void)
{
	return sec_asserted & ~sec_masked & ~sec_inservice;
}

static unsigned int pic_ready(void)
{
	unsigned int p = pic_asserted;

	if (sec_ready())
		p |= 1u << PIC_CASCADE;
	return p & ~pic_masked & ~pic_inservice;
}

unsigned int pic_read(unsigned int reg)
{
	unsigned int p;

	switch (reg) {
	case PIC_MASK:
		return pic_masked;
	case SEC_MASK:
		return sec_masked;
	case PIC_ACK:
		p = pic_ready();
		if (!p || pic_inservice)
			return NO_IRQ;
		pic_inservice = p & -p;
		return (unsigned int)__builtin_ctz(p);
	case SEC_POLL:
		p = sec_ready();
		if (!p || sec_inservice)
			return 0;
		sec_inservice = p & -p;
		return 0x80 | (unsigned int)__builtin_ctz(p);
	}
	return 0;
}

void pic_write(unsigned int reg, unsigned int val)
{
	switch (reg) {
	case PIC_MASK:
		pic_masked = val;
		break;
	case SEC_MASK:
		sec_masked = val;
		break;
	case PIC_EOI:
		pic_inservice &= ~(1u << val);
		pic_eois++;
		break;
	case SEC_EOI:
		sec_inservice &= ~(1u << val);
		sec_eois++;
		break;
	}
}

static struct pt_regs regs = { .nip = 0xc0001234 };

/* The platform's entry: take what the MPIC presents, one at a time. */
static unsigned int ppc_irq_entry(void)
{
	unsigned int irq, taken = 0;

	while ((irq = pic_read(PIC_ACK)) != NO_IRQ && taken < 16) {
		do_IRQ(irq);
		taken++;
	}
	return taken;
}

/* arch/ppc's do_IRQ() of the era: __do_IRQ() with the registers. */
static void ppc_legacy_do_IRQ(struct pt_regs *r)
{
	unsigned long flags;
	unsigned int irq;

	local_irq_save(flags);
	irq = pic_read(PIC_ACK);
	if (irq != NO_IRQ)
		__do_IRQ(irq, r);
	local_irq_restore(flags);
}

static int kbd_runs, timer_runs, legacy_runs, eth_runs;
static int kbd_dev, timer_dev, legacy_dev, eth_dev;
static irqreturn_t timer_ret = IRQ_HANDLED;

static irqreturn_t kbd_interrupt(int irq, void *dev_id, struct pt_regs *r)
{
	(void)r;
	if (irq != SEC_KBD || dev_id != &kbd_dev)
		return IRQ_NONE;
	kbd_runs++;
	sec_asserted &= ~(1u << (SEC_KBD - SEC_IRQ_BASE));
	return IRQ_HANDLED;
}

static irqreturn_t timer_interrupt(int irq, void *dev_id, struct pt_regs *r)
{
	(void)r;
	if (irq != SEC_TIMER || dev_id != &timer_dev)
		return IRQ_NONE;
	timer_runs++;
	sec_asserted &= ~(1u << (SEC_TIMER - SEC_IRQ_BASE));
	return timer_ret;
}

static irqreturn_t legacy_interrupt(int irq, void *dev_id, struct pt_regs *r)
{
	(void)r;
	if (irq != PIC_LEGACY || dev_id != &legacy_dev)
		return IRQ_NONE;
	legacy_runs++;
	pic_asserted &= ~(1u << PIC_LEGACY);
	return IRQ_HANDLED;
}

static irqreturn_t eth_interrupt(int irq, void *dev_id)
{
	if (irq != PIC_ETH || dev_id != &eth_dev)
		return IRQ_NONE;
	eth_runs++;
	pic_asserted &= ~(1u << PIC_ETH);
	return IRQ_HANDLED;
}

int main(void)
{
	irq_cpu_attach(0);
	cascade_init_IRQ();
	CHECK(pic_masked == ~(1u << PIC_CASCADE) && sec_masked == ~0u);
	CHECK(irq_desc[PIC_LEGACY].handle_irq == NULL);

	/* The cascade hands a secondary line on with generic_handle_irq(). */
	CHECK(request_irq(SEC_KBD, kbd_interrupt, 0, "kbd", &kbd_dev) == 0);
	sec_asserted |= 1u << (SEC_KBD - SEC_IRQ_BASE);
	CHECK(ppc_irq_entry() == 1 && kbd_runs == 1);
	CHECK(sec_eois == 1 && pic_eois == 1);
	CHECK(!pic_inservice && !sec_inservice);
	CHECK(!(sec_masked & 1u << (SEC_KBD - SEC_IRQ_BASE)));
	CHECK(kstat_irqs(SEC_KBD) == 1);

	/*
	 * The driver's own flow: handle_IRQ_event() and note_interrupt()
	 * with regs; an unhandled instance is counted.
	 */
	CHECK(request_irq(SEC_TIMER, timer_interrupt, 0, "timer", &timer_dev) ==
	      0);
	sec_asserted |= 1u << (SEC_TIMER - SEC_IRQ_BASE);
	CHECK(ppc_irq_entry() == 1 && timer_runs == 1);
	CHECK(irq_desc[SEC_TIMER].irq_count == 1 &&
	      irq_desc[SEC_TIMER].irqs_unhandled == 0);
	timer_ret = IRQ_NONE;
	sec_asserted |= 1u << (SEC_TIMER - SEC_IRQ_BASE);
	CHECK(ppc_irq_entry() == 1 && timer_runs == 2);
	CHECK(irq_desc[SEC_TIMER].irqs_unhandled == 1);
	CHECK(!(sec_masked & 1u << (SEC_TIMER - SEC_IRQ_BASE)));

	/* A line on the baseline, entered the arch/ppc way. */
	CHECK(request_irq(PIC_LEGACY, legacy_interrupt, 0, "legacy",
			  &legacy_dev) == 0);
	pic_asserted |= 1u << PIC_LEGACY;
	ppc_legacy_do_IRQ(&regs);
	CHECK(legacy_runs == 1 && !pic_inservice && !irqs_disabled());

	/* A 2.6.19-form handler beside them, on the fasteoi flow. */
	CHECK(request_irq(PIC_ETH, eth_interrupt, 0, "eth", &eth_dev) == 0);
	pic_asserted |= 1u << PIC_ETH;
	CHECK(ppc_irq_entry() == 1 && eth_runs == 1 && !pic_inservice);

	free_irq(PIC_ETH, &eth_dev);
	free_irq(PIC_LEGACY, &legacy_dev);
	free_irq(SEC_TIMER, &timer_dev);
	free_irq(SEC_KBD, &kbd_dev);
	CHECK(pic_masked & 1u << PIC_ETH);
	printf("ppc-cascade: %d kbd, %d timer, %d legacy, %d eth\n", kbd_runs,
	       timer_runs, legacy_runs, eth_runs);
	return 0;
}
