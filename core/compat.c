// SPDX-License-Identifier: GPL-2.0
/*
 * The library side of genirq-compat, the 2.6.18 IRQ API for drivers of
 * that era: the handlers that take struct pt_regs (2.6.18's forms; libgenirq's
 * take none, as from 2.6.19), which genirq-compat's headers route here
 * (genirq/compat.h). Such a handler is never called through a pointer of
 * libgenirq's type: libgenirq calls a trampoline of its own type, which
 * calls the driver's handler through a pointer of the driver's type.
 */
#include <errno.h>
#include <stdlib.h>
#include <genirq/compat.h>
#include "internals.h"

/*
 * A 2.6.18 action handler's action: the irqaction comes first, so that
 * free_irq() and genirq_reset() free the whole record as they free any
 * action request_irq() allocated (__SA_ALLOCATED); its dev_id is the
 * record itself, the driver's dev_id is kept here.
 */
struct compat_action_regs {
	struct irqaction action;
	genirq_compat_handler_regs_t handler;
	void *dev_id;
};

static irqreturn_t compat_action_regs_handler(int irq, void *data)
{
	const struct compat_action_regs *rec = data;

	return rec->handler(irq, rec->dev_id, NULL);
}

int genirq_compat_request_irq_regs(unsigned int irq,
				   genirq_compat_handler_regs_t handler,
				   unsigned long irqflags, const char *devname,
				   void *dev_id)
{
	struct compat_action_regs *rec;
	int retval;

	/* request_irq()'s checks, on the driver's dev_id, not the record. */
	if ((irqflags & SA_SHIRQ) && !dev_id)
		return -EINVAL;
	if (irq >= NR_IRQS || !handler)
		return -EINVAL;
	if (desc_status_locked(irq_desc + irq) & IRQ_NOREQUEST)
		return -EINVAL;

	rec = calloc(1, sizeof(*rec));
	if (!rec)
		return -ENOMEM;
	rec->handler = handler;
	rec->dev_id = dev_id;
	rec->action.handler = compat_action_regs_handler;
	rec->action.flags = (irqflags & ~__SA_ALLOCATED) | __SA_ALLOCATED;
	cpus_clear(rec->action.mask);
	rec->action.name = devname;
	rec->action.dev_id = rec;

	retval = setup_irq(irq, &rec->action);
	if (retval)
		free(rec);
	return retval;
}

int genirq_compat_setup_irq(unsigned int irq, struct irqaction *act)
{
	struct compat_action_regs *rec;
	int retval;

	if (!act || !act->handler_regs)
		return -EINVAL;

	rec = calloc(1, sizeof(*rec));
	if (!rec)
		return -ENOMEM;
	rec->handler = act->handler_regs;
	rec->dev_id = act->dev_id;
	rec->action.handler = compat_action_regs_handler;
	rec->action.flags = (act->flags & ~__SA_ALLOCATED) | __SA_ALLOCATED;
	rec->action.mask = act->mask;
	rec->action.name = act->name;
	rec->action.dev_id = rec;

	retval = setup_irq(irq, &rec->action);
	if (retval) {
		free(rec);
		return retval;
	}
	act->irq = (int)irq;
	return 0;
}

irqreturn_t genirq_compat_no_action(int cpl, void *dev_id, struct pt_regs *regs)
{
	(void)cpl;
	(void)dev_id;
	(void)regs;
	return IRQ_NONE;
}

void genirq_compat_free_irq(unsigned int irq, void *dev_id)
{
	void *cookie = dev_id;
	struct irqaction *action;
	unsigned long flags;

	if (irq < NR_IRQS) {
		struct irq_desc *desc = irq_desc + irq;

		spin_lock_irqsave(&desc->lock, flags);
		for (action = desc->action; action; action = action->next) {
			if (action->handler == compat_action_regs_handler) {
				struct compat_action_regs *rec = action->dev_id;

				if (rec->dev_id == dev_id) {
					cookie = rec;
					break;
				}
			} else if (action->dev_id == dev_id) {
				break;
			}
		}
		spin_unlock_irqrestore(&desc->lock, flags);
	}
	free_irq(irq, cookie);
}

/*
 * Each line's 2.6.18 flow handler, called by the trampoline libgenirq
 * holds in desc->handle_irq. Stored before the trampoline is installed
 * and read with acquire, so a line never runs the trampoline without its
 * handler; a new handler replaces the old at once, as a flow handler
 * does (generic_handle_irq() reads desc->handle_irq without the lock).
 */
static genirq_compat_flow_regs_t compat_flow_regs[NR_IRQS];

static void compat_flow_regs_handler(unsigned int irq, struct irq_desc *desc)
{
	genirq_compat_flow_regs_t handle =
		__atomic_load_n(&compat_flow_regs[irq], __ATOMIC_ACQUIRE);

	handle(irq, desc, NULL);
}

void genirq_compat_set_irq_handler_regs(unsigned int irq,
					genirq_compat_flow_regs_t handle,
					int is_chained)
{
	if (!handle || irq >= NR_IRQS) {
		/* The baseline, or __set_irq_handler()'s own refusal. */
		__set_irq_handler(irq, NULL, is_chained);
		return;
	}
	__atomic_store_n(&compat_flow_regs[irq], handle, __ATOMIC_RELEASE);
	__set_irq_handler(irq, compat_flow_regs_handler, is_chained);
}

void genirq_compat_set_irq_chip_and_handler_regs(
	unsigned int irq, struct irq_chip *chip,
	genirq_compat_flow_regs_t handle)
{
	set_irq_chip(irq, chip);
	genirq_compat_set_irq_handler_regs(irq, handle, 0);
}
