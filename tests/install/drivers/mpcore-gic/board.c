// SPDX-License-Identifier: GPL-2.0
/*
 * The board around gic.c, an MPCore-style GIC driver of 2.6.18's ARM SMP
 * build: a register model of the distributor (enables, target bytes)
 * and CPU interface (acknowledge, EOI), ARM's IRQ entry, route_irq() as
 * arch/arm/kernel/irq.c had it, and two devices on two simulated CPUs.
 * Checks irq_desc[irq].cpu as ->set_affinity and route_irq() write it,
 * and the affinity and lockdep API of 2.6.18 a driver of the era calls:
 * set_native_irq_info(), set_irq_info(), move_irq(), no_irq_affinity,
 * select_smp_affinity(), set_balance_irq_affinity(), cpus_addr(), the
 * *_lockdep() forms, local_irq_enable_in_hardirq() and irq_err_count.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <linux/interrupt.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>
#include <asm/hardware/gic.h>

#include "check.h"

/* The model. */
static unsigned int enabled[NR_GIC_IRQS / 32], target[NR_GIC_IRQS / 4];
static unsigned int asserted[NR_GIC_IRQS / 32], active = GIC_SPURIOUS;
static unsigned int dist_ctrl, cpu_ctrl, eois;

unsigned int gic_read(unsigned int reg)
{
	unsigned int i;

	if (reg == GIC_CPU_INTACK) {
		for (i = 0; i < NR_GIC_IRQS; i++)
			if (enabled[i / 32] & asserted[i / 32] & 1u << i % 32 &&
			    active == GIC_SPURIOUS && dist_ctrl && cpu_ctrl)
				return active = i;
		return GIC_SPURIOUS;
	}
	if (reg >= GIC_DIST_TARGET && reg < GIC_DIST_TARGET + NR_GIC_IRQS)
		return target[(reg - GIC_DIST_TARGET) / 4];
	if (reg >= GIC_DIST_ENABLE_SET && reg < GIC_DIST_ENABLE_CLEAR)
		return enabled[(reg - GIC_DIST_ENABLE_SET) / 4];
	return 0;
}

void gic_write(unsigned int reg, unsigned int val)
{
	if (reg == GIC_CPU_CTRL)
		cpu_ctrl = val;
	else if (reg == GIC_CPU_EOI) {
		if (val == active)
			active = GIC_SPURIOUS;
		eois++;
	} else if (reg == GIC_DIST_CTRL)
		dist_ctrl = val;
	else if (reg >= GIC_DIST_TARGET && reg < GIC_DIST_TARGET + NR_GIC_IRQS)
		target[(reg - GIC_DIST_TARGET) / 4] = val;
	else if (reg >= GIC_DIST_ENABLE_SET && reg < GIC_DIST_ENABLE_CLEAR)
		enabled[(reg - GIC_DIST_ENABLE_SET) / 4] |= val;
	else if (reg >= GIC_DIST_ENABLE_CLEAR &&
		 reg < GIC_DIST_ENABLE_CLEAR + 0x80)
		enabled[(reg - GIC_DIST_ENABLE_CLEAR) / 4] &= ~val;
}

static unsigned int target_byte(unsigned int irq)
{
	return target[irq / 4] >> (irq % 4 * 8) & 0xff;
}

static int is_enabled(unsigned int irq)
{
	return !!(enabled[irq / 32] & 1u << irq % 32);
}

/* ARM's IRQ entry for an MPCore: acknowledge, run, until spurious. */
static unsigned int arm_irq_entry(void)
{
	unsigned int taken = 0, irq;

	while ((irq = gic_read(GIC_CPU_INTACK)) != GIC_SPURIOUS && taken < 16) {
		do_IRQ(irq);
		taken++;
	}
	return taken;
}

/* arch/arm/kernel/irq.c's route_irq() of 2.6.18, written here. */
static void route_irq(struct irq_desc *desc, unsigned int irq, unsigned int cpu)
{
	spin_lock_irq(&desc->lock);
	desc->cpu = cpu;
	desc->chip->set_affinity(irq, cpumask_of_cpu(cpu));
	spin_unlock_irq(&desc->lock);
}

static int uart_runs, uart_dev, uart_irqs_were_on;

static irqreturn_t uart_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_UART0 || dev_id != &uart_dev)
		return IRQ_NONE;
	/* 2.6.18's handle_IRQ_event() turned them on this way. */
	local_irq_enable_in_hardirq();
	uart_irqs_were_on = !irqs_disabled();
	uart_runs++;
	asserted[IRQ_UART0 / 32] &= ~(1u << IRQ_UART0 % 32);
	return IRQ_HANDLED;
}

static void *cpu1_comes_online(void *arg)
{
	(void)arg;
	irq_cpu_attach(1);
	return NULL;
}

int main(void)
{
	struct irq_desc *desc = irq_desc + IRQ_UART0;
	cpumask_t one = cpumask_of_cpu(1), zero = cpumask_of_cpu(0);
	unsigned long errs;
	pthread_t t;
	int i;

	irq_cpu_attach(0);
	for (i = 0; i < NR_IRQS; i++)
		irq_desc[i].status |= IRQ_NOREQUEST | IRQ_NOPROBE;
	gic_dist_init(IRQ_GIC_START);
	gic_cpu_init();
	CHECK(target_byte(IRQ_UART0) == 0x01 && !is_enabled(IRQ_UART0));
	CHECK(desc->cpu == 0);
	CHECK(pthread_create(&t, NULL, cpu1_comes_online, NULL) == 0);
	CHECK(pthread_join(t, NULL) == 0);
	CHECK(cpu_online(1));

	/* ->set_affinity programs the target byte and desc->cpu. */
	CHECK(irq_set_affinity(IRQ_UART0, &one) == 0);
	CHECK(target_byte(IRQ_UART0) == 0x02 && desc->cpu == 1);
	CHECK(cpus_equal(desc->affinity, one));
	CHECK(cpus_addr(desc->affinity)[0] == 2ul);
	route_irq(desc, IRQ_UART0, 0);
	CHECK(target_byte(IRQ_UART0) == 0x01 && desc->cpu == 0);

	/* The architecture may say its lines cannot be routed at all. */
	no_irq_affinity = 1;
	CHECK(irq_set_affinity(IRQ_UART0, &one) == -EIO);
	CHECK(desc->cpu == 0);
	no_irq_affinity = 0;

	/* The native affinity is the descriptor's; no balancer to tell. */
	set_native_irq_info(IRQ_UART0, one);
	CHECK(cpus_equal(desc->affinity, one));
	set_irq_info(IRQ_UART0, zero);
	CHECK(cpus_equal(desc->affinity, zero));
	set_balance_irq_affinity(IRQ_UART0, one);
	CHECK(cpus_equal(desc->affinity, zero));
	CHECK(select_smp_affinity(IRQ_UART0) == 1);

	/* A deferred move, performed where the chip would, under the lock. */
	set_pending_irq(IRQ_UART0, one);
	spin_lock_irq(&desc->lock);
	move_irq(IRQ_UART0);
	spin_unlock_irq(&desc->lock);
	CHECK(desc->cpu == 1 && target_byte(IRQ_UART0) == 0x02);
	CHECK(!(desc->status & IRQ_MOVE_PENDING));

	/* The level flow: mask, EOI, handler, unmask. */
	CHECK(request_irq(IRQ_UART0, uart_interrupt, 0, "uart0", &uart_dev) ==
	      0);
	CHECK(is_enabled(IRQ_UART0));
	asserted[IRQ_UART0 / 32] |= 1u << IRQ_UART0 % 32;
	CHECK(arm_irq_entry() == 1 && uart_runs == 1 && eois == 1);
	CHECK(uart_irqs_were_on && is_enabled(IRQ_UART0));

	/* Without CONFIG_LOCKDEP the lockdep forms are the plain calls. */
	disable_irq_lockdep(IRQ_UART0);
	CHECK(!is_enabled(IRQ_UART0) && desc->depth == 1);
	enable_irq_lockdep(IRQ_UART0);
	CHECK(is_enabled(IRQ_UART0) && desc->depth == 0);
	disable_irq_nosync_lockdep(IRQ_UART0);
	CHECK(!is_enabled(IRQ_UART0));
	enable_irq(IRQ_UART0);

	/* An interrupt number beyond the table is counted, as 2.6.18 did. */
	errs = irq_err_count;
	do_IRQ(NR_IRQS);
	CHECK(irq_err_count == errs + 1 && irq_err_count_read() == errs + 1);

	free_irq(IRQ_UART0, &uart_dev);
	CHECK(!is_enabled(IRQ_UART0));
	printf("mpcore-gic: %d uart\n", uart_runs);
	return 0;
}
