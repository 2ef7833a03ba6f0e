// SPDX-License-Identifier: GPL-2.0
/*
 * The board around aic.c, an AT91RM9200-style interrupt controller
 * driver written to 2.6.18's ARM interfaces: a register model of the
 * Advanced Interrupt Controller (source modes, vectors, the mask, level
 * and edge sources, the priority stack that IVR pushes and EOICR pops), ARM's init_IRQ()
 * and IRQ entry as 2.6.18's entry-macro.S and asm_do_IRQ() did them, and
 * two devices.
 * Checks the level flow's exact register sequence (->ack masks, then the
 * handler, then ->unmask, then irq_finish()'s EOICR), ->set_type through
 * IRQT_* and request_irq()'s trigger flags, disable_irq() and
 * enable_irq(), a spurious vector, and set_irq_wake() on a chip without
 * ->set_wake (CONFIG_PM off).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/interrupt.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>
#include <asm/hardware.h>

#include <linux/init.h>
#include "generic.h"

#include "check.h"

/* Fails when the command registers written since the last check differ. */
#define CHECK_LOG(want)                                                   \
	do {                                                              \
		const char *got = wlog_take();                            \
		if (strcmp(got, (want)) != 0) {                           \
			fprintf(stderr,                                   \
				"%s:%d: AIC writes \"%s\", not \"%s\"\n", \
				__FILE__, __LINE__, got, (want));         \
			return 1;                                         \
		}                                                         \
	} while (0)

/* The model. */
static const char *wlog_take(void);

static uint32_t smr[NR_AIC_IRQS], svr[NR_AIC_IRQS], imr, spu;
static uint32_t asserted; /* sources a device drives now */
static uint32_t edges; /* edges latched on edge-triggered sources */
static int stack[8], depth; /* interrupts being serviced */
static int eoi_count;

/* The command registers written since the last check, in order. */
static struct {
	unsigned int reg, val;
} wlog[32];
static int nwlog;

static int edge_source(int n)
{
	return (smr[n] & AT91_AIC_SRCTYPE) == AT91_AIC_SRCTYPE_RISING ||
	       (smr[n] & AT91_AIC_SRCTYPE) == AT91_AIC_SRCTYPE_FALLING;
}

static uint32_t pending(void)
{
	uint32_t p = edges;
	int n;

	for (n = 0; n < NR_AIC_IRQS; n++)
		if (!edge_source(n) && (asserted & (1u << n)))
			p |= 1u << n;
	return p;
}

/* The highest-priority pending, enabled source above the current level. */
static int aic_select(void)
{
	int n, best = -1, level = depth ? (int)(smr[stack[depth - 1]] & 7) : -1;
	uint32_t p = pending() & imr;

	for (n = 0; n < NR_AIC_IRQS; n++)
		if ((p & (1u << n)) && (int)(smr[n] & 7) > level &&
		    (best < 0 || (smr[n] & 7) > (smr[best] & 7)))
			best = n;
	return best;
}

unsigned int at91_sys_read(unsigned int reg)
{
	int n;

	if (reg == AT91_AIC_IVR) {
		n = aic_select();
		if (n < 0)
			return spu;
		edges &= ~(1u << n); /* reading IVR clears an edge */
		stack[depth++] = n;
		return svr[n];
	}
	if (reg == AT91_AIC_ISR)
		return depth ? (unsigned int)stack[depth - 1] : 0;
	if (reg == AT91_AIC_IPR)
		return pending();
	if (reg == AT91_AIC_IMR)
		return imr;
	if (reg < AT91_AIC_SVR(0))
		return smr[reg / 4];
	if (reg < AT91_AIC_IVR)
		return svr[(reg - AT91_AIC_SVR(0)) / 4];
	return 0;
}

void at91_sys_write(unsigned int reg, unsigned int val)
{
	if (reg >= AT91_AIC_IECR && reg <= AT91_AIC_EOICR &&
	    nwlog < (int)(sizeof(wlog) / sizeof(wlog[0]))) {
		wlog[nwlog].reg = reg;
		wlog[nwlog++].val = val;
	}
	if (reg < AT91_AIC_SVR(0))
		smr[reg / 4] = val;
	else if (reg < AT91_AIC_IVR)
		svr[(reg - AT91_AIC_SVR(0)) / 4] = val;
	else if (reg == AT91_AIC_IECR)
		imr |= val;
	else if (reg == AT91_AIC_IDCR)
		imr &= ~val;
	else if (reg == AT91_AIC_ICCR)
		edges &= ~val;
	else if (reg == AT91_AIC_EOICR) {
		eoi_count++;
		if (depth)
			depth--;
	} else if (reg == AT91_AIC_SPU)
		spu = val;
}

/* A device drives its source: edge sources latch the change they wait for. */
static void aic_line(int n, int on)
{
	uint32_t bit = 1u << n, type = smr[n] & AT91_AIC_SRCTYPE;

	if (!!(asserted & bit) == on)
		return;
	asserted ^= bit;
	if ((type == AT91_AIC_SRCTYPE_RISING && on) ||
	    (type == AT91_AIC_SRCTYPE_FALLING && !on))
		edges |= bit;
}

/* The writes to the command registers since the last call, as text. */
static const char *wlog_take(void)
{
	static const char *const names[] = { "IECR", "IDCR", "ICCR", "?",
					     "EOICR" };
	static char buf[512];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < nwlog && len < sizeof(buf) - 32; i++)
		len += (size_t)snprintf(
			buf + len, sizeof(buf) - len, "%s%s=%#x", i ? " " : "",
			names[(wlog[i].reg - AT91_AIC_IECR) / 4], wlog[i].val);
	nwlog = 0;
	return buf;
}

/*
 * ARM's IRQ entry for this machine: get_irqnr_and_base reads IVR (the
 * vector is the source number, which at91_aic_init() put in SVR) and
 * ISR, and writes EOICR at once when ISR says spurious; otherwise
 * asm_do_IRQ() runs the line and then irq_finish().
 */
static unsigned int arm_irq_entry(void)
{
	unsigned int taken = 0, irq;

	for (;;) {
		irq = at91_sys_read(AT91_AIC_IVR);
		if (at91_sys_read(AT91_AIC_ISR) == 0) {
			at91_sys_write(AT91_AIC_EOICR, 0);
			break;
		}
		do_IRQ(irq);
		irq_finish(irq);
		if (++taken > 16)
			break;
	}
	return taken;
}

static unsigned int priority[NR_AIC_IRQS] = {
	[AT91_ID_FIQ] = 7,
	[AT91_ID_SYS] = 7,
	[AT91_ID_US0] = 6,
	[AT91_ID_IRQ0] = 0,
};

static int usart_runs, button_runs;
static int usart_dev, button_dev;

/* The USART holds its level line until its handler reads the data. */
static irqreturn_t usart_interrupt(int irq, void *dev_id)
{
	if (irq != AT91_ID_US0 || dev_id != &usart_dev)
		return IRQ_NONE;
	if (!(imr & (1u << irq))) /* the level flow masked it */
		usart_runs++;
	aic_line(AT91_ID_US0, 0);
	return IRQ_HANDLED;
}

static irqreturn_t button_interrupt(int irq, void *dev_id)
{
	if (irq != AT91_ID_IRQ0 || dev_id != &button_dev)
		return IRQ_NONE;
	button_runs++;
	return IRQ_HANDLED;
}

int main(void)
{
	int i;

	/* ARM's init_IRQ(): nothing requestable until the machine says so. */
	irq_cpu_attach(0);
	for (i = 0; i < NR_IRQS; i++)
		irq_desc[i].status |= IRQ_NOREQUEST | IRQ_NOPROBE;
	at91_aic_init(priority);
	for (i = 0; i < NR_AIC_IRQS; i++)
		CHECK(svr[i] == (uint32_t)i &&
		      smr[i] == (AT91_AIC_SRCTYPE_LOW | priority[i]));
	CHECK(imr == 0 && spu == NR_AIC_IRQS && eoi_count == 8);
	CHECK_LOG("EOICR=0 EOICR=0 EOICR=0 EOICR=0 EOICR=0 "
		  "EOICR=0 EOICR=0 EOICR=0 IDCR=0xffffffff "
		  "ICCR=0xffffffff");
	CHECK(!(irq_desc[AT91_ID_US0].status & (IRQ_NOREQUEST | IRQ_NOPROBE)));
	CHECK(irq_desc[NR_AIC_IRQS].status & IRQ_NOREQUEST);
	CHECK(strcmp(irq_desc[AT91_ID_US0].chip->name, "AIC") == 0);

	/* ->set_type through IRQT_*: low level and falling edge are refused
	 * on internal sources. */
	CHECK(set_irq_type(AT91_ID_US0, IRQT_HIGH) == 0);
	CHECK((smr[AT91_ID_US0] & AT91_AIC_SRCTYPE) == AT91_AIC_SRCTYPE_HIGH);
	CHECK(set_irq_type(AT91_ID_US0, IRQT_FALLING) == -EINVAL);
	CHECK(set_irq_type(AT91_ID_US0, IRQT_BOTHEDGE) == -EINVAL);
	CHECK((smr[AT91_ID_US0] & AT91_AIC_PRIOR) == 6);

	/* request_irq() unmasks (->startup defaults to ->unmask). */
	CHECK(request_irq(AT91_ID_US0, usart_interrupt, 0, "usart0",
			  &usart_dev) == 0);
	CHECK_LOG("IECR=0x40");

	/*
	 * The level flow: ->mask then ->ack before the handler (the chip
	 * has no ->mask_ack, and its ->ack masks too: IDCR twice), the
	 * line masked while it runs; ->unmask after; irq_finish()'s
	 * EOICR last; then the entry's read that finds nothing.
	 */
	aic_line(AT91_ID_US0, 1);
	CHECK(arm_irq_entry() == 1);
	CHECK(usart_runs == 1 && imr == 1u << AT91_ID_US0 && depth == 0);
	CHECK_LOG("IDCR=0x40 IDCR=0x40 IECR=0x40 EOICR=0 EOICR=0");

	/* A source asserted while disabled is held off until enable_irq(). */
	disable_irq(AT91_ID_US0);
	CHECK_LOG("IDCR=0x40");
	aic_line(AT91_ID_US0, 1);
	CHECK(arm_irq_entry() == 0 && usart_runs == 1);
	enable_irq(AT91_ID_US0);
	CHECK(imr == 1u << AT91_ID_US0);
	CHECK(arm_irq_entry() == 1 && usart_runs == 2);
	wlog_take();

	/* The external IRQ0 pin: request_irq()'s trigger flag programs the
	 * source as rising edge through ->set_type. */
	CHECK(request_irq(AT91_ID_IRQ0, button_interrupt, IRQF_TRIGGER_RISING,
			  "button", &button_dev) == 0);
	CHECK((smr[AT91_ID_IRQ0] & AT91_AIC_SRCTYPE) ==
	      AT91_AIC_SRCTYPE_RISING);
	CHECK(imr == (1u << AT91_ID_US0 | 1u << AT91_ID_IRQ0));
	wlog_take();
	aic_line(AT91_ID_IRQ0, 1);
	CHECK(arm_irq_entry() == 1 && button_runs == 1 && edges == 0);
	CHECK(arm_irq_entry() == 0); /* the pin stays high: one edge, once */
	CHECK_LOG("IDCR=0x2000000 IDCR=0x2000000 IECR=0x2000000 EOICR=0 "
		  "EOICR=0 EOICR=0");

	/* Without CONFIG_PM the chip has no ->set_wake. */
	CHECK(set_irq_wake(AT91_ID_US0, 1) == -ENXIO);
	CHECK(!(irq_desc[AT91_ID_US0].status & IRQ_WAKEUP));

	free_irq(AT91_ID_IRQ0, &button_dev);
	free_irq(AT91_ID_US0, &usart_dev);
	CHECK(imr == 0);
	CHECK(usart_runs == 2 && button_runs == 1);
	printf("at91-aic: %d usart, %d button\n", usart_runs, button_runs);
	return 0;
}
