// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated devices' driver on genirq6 (driver6.h): the requests the
 * modern designs make, and the calls the harness makes on their line, in
 * the one file of bench/ that includes genirq6's headers. The handlers
 * are driver.c's, so both families' books are kept by the same code.
 */
#include <errno.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include "driver6.h"

static irqreturn_t dev6_irq(int irq, void *dev)
{
	(void)irq;
	return (irqreturn_t)bench_dev_irq(dev);
}

static irqreturn_t dev6_hard(int irq, void *dev)
{
	(void)irq;
	return (irqreturn_t)bench_dev_hard(dev);
}

static irqreturn_t dev6_work(int irq, void *dev)
{
	(void)irq;
	return (irqreturn_t)bench_dev_work(dev);
}

static irqreturn_t dev6_primary(int irq, void *dev)
{
	(void)irq;
	return (irqreturn_t)bench_dev_primary(dev);
}

static irqreturn_t dev6_oneshot(int irq, void *dev)
{
	(void)irq;
	return (irqreturn_t)bench_dev_oneshot(dev);
}

static int request_one(unsigned int irq, enum bench6_form f, void *dev,
		       unsigned long flags)
{
	switch (f) {
	case BENCH6_THREADED:
		return request_threaded_irq(irq, dev6_hard, dev6_work, flags,
					    "irqlab-dev", dev);
	case BENCH6_ONESHOT:
		return request_threaded_irq(irq, dev6_primary, dev6_oneshot,
					    flags | IRQF_ONESHOT, "irqlab-dev",
					    dev);
	default:
		return request_irq(irq, dev6_irq, flags, "irqlab-dev", dev);
	}
}

int bench6_request(unsigned int irq, enum bench6_form f, void *const *dev,
		   unsigned int nr)
{
	unsigned long flags = nr > 1 ? IRQF_SHARED : 0;

	/* threadirqs: read when each action is set up. */
	irq_set_force_threads(f == BENCH6_FORCED);
	for (unsigned int i = 0; i < nr; i++) {
		int ret = request_one(irq, f, dev[i], flags);

		if (ret) {
			while (i--)
				free_irq(irq, dev[i]);
			irq_set_force_threads(false);
			return ret;
		}
	}
	return 0;
}

void bench6_free(unsigned int irq, void *const *dev, unsigned int nr)
{
	for (unsigned int i = nr; i--;)
		free_irq(irq, dev[i]);
	irq_set_force_threads(false);
}

const char *bench6_flow_name(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	irq_flow_handler_t h = desc ? desc->handle_irq : NULL;

	if (h == handle_edge_irq)
		return "edge";
	if (h == handle_edge_irq_nofix)
		return "edge-nofix";
	if (h == handle_fasteoi_irq)
		return "fasteoi";
	if (h == handle_level_irq)
		return "level";
	if (h == handle_simple_irq)
		return "simple";
	return "other";
}

void bench6_set_lazy(unsigned int irq, bool lazy)
{
	if (lazy)
		irq_clear_status_flags(irq, IRQ_DISABLE_UNLAZY);
	else
		irq_set_status_flags(irq, IRQ_DISABLE_UNLAZY);
}

void bench6_synchronize(unsigned int irq)
{
	synchronize_irq(irq);
}

bool bench6_disabled(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc && irqd_irq_disabled(&desc->irq_data);
}

/*
 * irq_finalize_oneshot() unmasks what the flow masked: the level and
 * fasteoi flows mask a oneshot line unless its chip is ONESHOT_SAFE.
 */
bool bench6_oneshot_masks(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_chip *chip = desc ? irq_desc_get_chip(desc) : NULL;

	return chip && !(chip->flags & IRQCHIP_ONESHOT_SAFE);
}

void bench6_disable_nosync(unsigned int irq)
{
	disable_irq_nosync(irq);
}

void bench6_enable(unsigned int irq)
{
	enable_irq(irq);
}
