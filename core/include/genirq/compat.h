/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The library side of genirq-compat's struct pt_regs forms: what its
 * headers map a 2.6.18 handler that takes registers to (core/compat.c).
 * libgenirq's own handlers take none (2.6.19's forms, genirq/irq.h and
 * genirq/interrupt.h); genirq-compat's request_irq(), set_irq_handler(),
 * set_irq_chained_handler(), __set_irq_handler() and
 * set_irq_chip_and_handler() choose these functions with _Generic when
 * the handler has the 2.6.18 type, and libgenirq's otherwise. New code
 * calls libgenirq's.
 */
#ifndef GENIRQ_COMPAT_H
#define GENIRQ_COMPAT_H

#include <genirq/irq.h>
#include <genirq/interrupt.h>

/* The registers of the interrupted context: none here, it stays opaque. */
struct pt_regs;

/* 2.6.18's action handler, which took the interrupted registers. */
typedef irqreturn_t (*genirq_compat_handler_regs_t)(int irq, void *dev_id,
						    struct pt_regs *regs);
/* 2.6.18's flow handler (a chained demultiplexer, say), with registers. */
typedef void (*genirq_compat_flow_regs_t)(unsigned int irq,
					  struct irq_desc *desc,
					  struct pt_regs *regs);

/**
 * genirq_compat_request_irq_regs - request_irq() for a 2.6.18 handler
 * @irq: interrupt line to allocate
 * @handler: the handler, called with @dev_id and a NULL struct pt_regs
 * @irqflags: SA_* flags
 * @devname: an ascii name for the claiming device
 * @dev_id: the cookie passed back to @handler, and given to free_irq()
 *
 * Registers a trampoline with libgenirq's request_irq(), whose dev_id is
 * an allocated record of @handler and @dev_id; genirq_compat_free_irq()
 * finds it by @dev_id. Costs one indirect call more per interrupt.
 *
 * Return: 0; -EINVAL for a NULL @handler or SA_SHIRQ with a NULL
 * @dev_id, as 2.6.18; -ENOMEM; request_irq()'s errors.
 */
int genirq_compat_request_irq_regs(unsigned int irq,
				   genirq_compat_handler_regs_t handler,
				   unsigned long irqflags, const char *devname,
				   void *dev_id);

/**
 * genirq_compat_setup_irq - setup_irq() for a 2.6.18 driver's irqaction
 * @irq: interrupt line
 * @act: the driver's action, whose ->handler_regs (->handler in the
 *	driver's view) takes struct pt_regs, as every irqaction of 2.6.18
 *	did
 *
 * Registers a record as genirq_compat_request_irq_regs() does, with
 * @act's flags, name, mask and dev_id, and sets @act->irq; @act itself
 * is not linked (the driver still owns it). genirq_compat_free_irq()
 * finds the record by @act's dev_id and frees it. Unlike request_irq(),
 * takes a shared action without a dev_id and a NOREQUEST line, as
 * setup_irq() does.
 *
 * Return: 0; -EINVAL for a NULL @act or handler; -ENOMEM; setup_irq()'s
 * errors.
 */
int genirq_compat_setup_irq(unsigned int irq, struct irqaction *act);

/**
 * genirq_compat_no_action - no_action() in 2.6.18's form, with regs
 * @cpl: interrupt number
 * @dev_id: unused
 * @regs: unused
 *
 * genirq-compat's no_action, so that an irqaction of the era can claim a
 * line with it. Return: IRQ_NONE.
 */
irqreturn_t genirq_compat_no_action(int cpl, void *dev_id,
				    struct pt_regs *regs);

/**
 * genirq_compat_free_irq - free_irq() for drivers of either form
 * @irq: interrupt line to free
 * @dev_id: the dev_id the driver gave request_irq() or setup_irq()
 *
 * Frees the first action of @irq whose driver's dev_id is @dev_id, as
 * free_irq() does: a genirq_compat_request_irq_regs() record's, or a
 * plain action's own. Must not be called from interrupt context.
 */
void genirq_compat_free_irq(unsigned int irq, void *dev_id);

/**
 * genirq_compat_set_irq_handler_regs - __set_irq_handler() for a 2.6.18
 *	flow handler
 * @irq: interrupt number
 * @handle: the flow handler, called with a NULL struct pt_regs
 * @is_chained: as __set_irq_handler()'s
 *
 * Keeps @handle in a table indexed by @irq and installs a trampoline
 * that calls it: one indirect call more per interrupt. A NULL @handle
 * selects the __do_IRQ() baseline, as set_irq_handler(irq, NULL).
 */
void genirq_compat_set_irq_handler_regs(unsigned int irq,
					genirq_compat_flow_regs_t handle,
					int is_chained);

/**
 * genirq_compat_set_irq_chip_and_handler_regs - set_irq_chip_and_handler()
 *	for a 2.6.18 flow handler
 * @irq: interrupt number
 * @chip: the chip
 * @handle: as genirq_compat_set_irq_handler_regs()'s
 */
void genirq_compat_set_irq_chip_and_handler_regs(
	unsigned int irq, struct irq_chip *chip,
	genirq_compat_flow_regs_t handle);

#endif /* GENIRQ_COMPAT_H */
