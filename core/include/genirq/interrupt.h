/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt handlers and their registration, as include/linux/interrupt.h
 * and include/linux/irqreturn.h of Linux 2.6.18 declare them, without
 * struct pt_regs. The SA_* names are the ones 2.6.18 drivers used.
 */
#ifndef GENIRQ_INTERRUPT_H
#define GENIRQ_INTERRUPT_H

#include <genirq/cpumask.h>

typedef int irqreturn_t;

#define IRQ_NONE (0)
#define IRQ_HANDLED (1)
#define IRQ_RETVAL(x) ((x) != 0)

typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

/*
 * Action flags. The trigger bits equal the IRQ_TYPE_* sense bits, so
 * setup_irq() can hand them to chip->set_type() unchanged.
 */
#define SA_TRIGGER_LOW 0x00000008
#define SA_TRIGGER_HIGH 0x00000004
#define SA_TRIGGER_FALLING 0x00000002
#define SA_TRIGGER_RISING 0x00000001
#define SA_TRIGGER_MASK                                         \
	(SA_TRIGGER_HIGH | SA_TRIGGER_LOW | SA_TRIGGER_RISING | \
	 SA_TRIGGER_FALLING)
#define SA_INTERRUPT 0x00000020 /* run the handler with interrupts off */
#define SA_SAMPLE_RANDOM 0x00000040 /* accepted; no entropy pool here */
#define SA_SHIRQ 0x00000080 /* the line may be shared */
#define SA_PERCPU_IRQ 0x00000400 /* a per-CPU line */
/* Set by the core on actions request_irq() allocated; not for callers. */
#define __SA_ALLOCATED 0x80000000

/**
 * struct irqaction - per interrupt action descriptor
 * @handler:	interrupt handler function
 * @flags:	SA_* flags
 * @mask:	unused, kept from the kernel structure
 * @name:	name of the device, shown by show_interrupts()
 * @dev_id:	cookie to identify the device
 * @next:	pointer to the next irqaction for shared interrupts
 * @irq:	interrupt number, set by setup_irq()
 */
struct irqaction {
	irq_handler_t handler;
	unsigned long flags;
	cpumask_t mask;
	const char *name;
	void *dev_id;
	struct irqaction *next;
	int irq;
};

int setup_irq(unsigned int irq, struct irqaction *new);
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long irqflags,
		const char *devname, void *dev_id);
void free_irq(unsigned int irq, void *dev_id);
int can_request_irq(unsigned int irq, unsigned long irqflags);

void disable_irq_nosync(unsigned int irq);
void disable_irq(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);
int set_irq_wake(unsigned int irq, unsigned int on);

static inline int enable_irq_wake(unsigned int irq)
{
	return set_irq_wake(irq, 1);
}

static inline int disable_irq_wake(unsigned int irq)
{
	return set_irq_wake(irq, 0);
}

int irq_set_affinity(unsigned int irq, const cpumask_t *mask);

unsigned long probe_irq_on(void);
int probe_irq_off(unsigned long val);
unsigned int probe_irq_mask(unsigned long val);

#endif /* GENIRQ_INTERRUPT_H */
