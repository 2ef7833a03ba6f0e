// SPDX-License-Identifier: GPL-2.0
/*
 * The core's printk, WARN_ON and bad-interrupt reporting. Messages go to a
 * sink the program chooses (genirq_set_printk()); tests capture them to
 * check that a warning was given. Never on a hot path except where the
 * kernel itself printed (bad interrupts, spurious kills).
 */
#include <stdarg.h>
#include <stdio.h>
#include "internals.h"

static genirq_printk_fn printk_fn;
static void *printk_ctx;
static unsigned long warn_count;
/*
 * Exported as 2.6.18's ARM exported it (i386's was an atomic_t), and weak:
 * a platform that brings its own arch/arm/kernel/irq.c defines it there,
 * and then the core counts in that one.
 */
__attribute__((weak)) unsigned long irq_err_count;

void genirq_set_printk(genirq_printk_fn fn, void *ctx)
{
	printk_fn = fn;
	printk_ctx = ctx;
}

void printk_reset(void)
{
	__atomic_store_n(&warn_count, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&irq_err_count, 0, __ATOMIC_RELAXED);
}

void __printf_genirq(int level, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);

	if (printk_fn)
		printk_fn(level, msg, printk_ctx);
	else
		fprintf(stderr, "genirq: %s", msg);
}

void __genirq_warn(const char *file, int line, const char *cond)
{
	__atomic_fetch_add(&warn_count, 1, __ATOMIC_RELAXED);
	__printf_genirq(GENIRQ_LOG_WARNING, "WARNING at %s:%d: %s\n", file,
			line, cond);
}

unsigned long genirq_warn_count(void)
{
	return __atomic_load_n(&warn_count, __ATOMIC_RELAXED);
}

void print_irq_desc(unsigned int irq, struct irq_desc *desc)
{
	printk(ERR, "irq %u, desc: %p, depth: %u, count: %u, unhandled: %u\n",
	       irq, (void *)desc, desc->depth, counter_read(&desc->irq_count),
	       counter_read(&desc->irqs_unhandled));
	printk(ERR, "->handle_irq(): %s, ->chip(): %s, ->action(): %p\n",
	       irq_flow_name(desc->handle_irq),
	       desc->chip ? desc->chip->name : "NULL",
	       (void *)desc_action(desc));
}

/* What arch/i386's ack_bad_irq() did, minus the APIC: say it and count it. */
void ack_bad_irq(unsigned int irq)
{
	printk(ERR, "unexpected IRQ trap at vector %02x\n", irq);
	irq_err_count_inc();
}

void irq_err_count_inc(void)
{
	__atomic_fetch_add(&irq_err_count, 1, __ATOMIC_RELAXED);
}

unsigned long irq_err_count_read(void)
{
	return __atomic_load_n(&irq_err_count, __ATOMIC_RELAXED);
}
