// SPDX-License-Identifier: GPL-2.0
/* The recording fake chip of tests/core6 (fake6_chip.h). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fake6_chip.h"

#define LOG_SIZE 4096
#define NR_CHIPS 16

static struct fake6_call log_buf[LOG_SIZE];
static unsigned int log_len;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static struct irq_chip chips[NR_CHIPS];
static unsigned int nr_chips;
int fake6_retrigger_ret;
irqreturn_t fake6_primary_ret = IRQ_HANDLED;

static const char *const names[F6_NR_OPS] = {
	[F6_STARTUP] = "startup",
	[F6_SHUTDOWN] = "shutdown",
	[F6_ENABLE] = "enable",
	[F6_DISABLE] = "disable",
	[F6_ACK] = "ack",
	[F6_MASK] = "mask",
	[F6_MASK_ACK] = "mask_ack",
	[F6_UNMASK] = "unmask",
	[F6_EOI] = "eoi",
	[F6_SET_AFFINITY] = "set_affinity",
	[F6_RETRIGGER] = "retrigger",
	[F6_SET_TYPE] = "set_type",
	[F6_HANDLER] = "handler",
	[F6_THREAD] = "thread",
	[F6_PARENT_EOI] = "parent_eoi",
	[F6_PARENT_MASK] = "parent_mask",
	[F6_PARENT_UNMASK] = "parent_unmask",
};

void fake6_log(enum fake6_op op, unsigned int irq)
{
	pthread_mutex_lock(&log_lock);
	if (log_len < LOG_SIZE)
		log_buf[log_len++] =
			(struct fake6_call){ op, irq, smp_processor_id() };
	pthread_mutex_unlock(&log_lock);
}

const struct fake6_call *fake6_calls(void)
{
	return log_buf;
}

unsigned int fake6_log_len(void)
{
	return __atomic_load_n(&log_len, __ATOMIC_ACQUIRE);
}

void fake6_log_clear(void)
{
	pthread_mutex_lock(&log_lock);
	log_len = 0;
	pthread_mutex_unlock(&log_lock);
}

unsigned int fake6_count(enum fake6_op op)
{
	unsigned int n = 0;

	pthread_mutex_lock(&log_lock);
	for (unsigned int i = 0; i < log_len; i++)
		n += log_buf[i].op == op;
	pthread_mutex_unlock(&log_lock);
	return n;
}

bool fake6_log_is(const enum fake6_op *ops, unsigned int n)
{
	bool same;

	pthread_mutex_lock(&log_lock);
	same = log_len == n;
	for (unsigned int i = 0; same && i < n; i++)
		same = log_buf[i].op == ops[i];
	pthread_mutex_unlock(&log_lock);
	return same;
}

const char *fake6_log_str(void)
{
	static char buf[4096];
	size_t off = 0;

	buf[0] = 0;
	pthread_mutex_lock(&log_lock);
	for (unsigned int i = 0; i < log_len && off < sizeof(buf) - 64; i++)
		off += (size_t)snprintf(buf + off, sizeof(buf) - off,
					"%s%s(%u@%u)", i ? " " : "",
					names[log_buf[i].op], log_buf[i].irq,
					log_buf[i].cpu);
	pthread_mutex_unlock(&log_lock);
	return buf;
}

static unsigned int op_startup(struct irq_data *d)
{
	fake6_log(F6_STARTUP, d->irq);
	return 0;
}

#define FAKE6_VOID_OP(fn, op)              \
	static void fn(struct irq_data *d) \
	{                                  \
		fake6_log((op), d->irq);   \
	}
FAKE6_VOID_OP(op_shutdown, F6_SHUTDOWN)
FAKE6_VOID_OP(op_enable, F6_ENABLE)
FAKE6_VOID_OP(op_disable, F6_DISABLE)
FAKE6_VOID_OP(op_ack, F6_ACK)
FAKE6_VOID_OP(op_mask, F6_MASK)
FAKE6_VOID_OP(op_mask_ack, F6_MASK_ACK)
FAKE6_VOID_OP(op_unmask, F6_UNMASK)
FAKE6_VOID_OP(op_eoi, F6_EOI)
FAKE6_VOID_OP(op_parent_eoi, F6_PARENT_EOI)
FAKE6_VOID_OP(op_parent_mask, F6_PARENT_MASK)
FAKE6_VOID_OP(op_parent_unmask, F6_PARENT_UNMASK)

static int op_set_affinity(struct irq_data *d, const struct cpumask *dest,
			   bool force)
{
	(void)force;
	fake6_log(F6_SET_AFFINITY, d->irq);
	irq_data_update_effective_affinity(d, cpumask_of(cpumask_first(dest)));
	return IRQ_SET_MASK_OK;
}

static int op_retrigger(struct irq_data *d)
{
	fake6_log(F6_RETRIGGER, d->irq);
	return fake6_retrigger_ret;
}

static int op_set_type(struct irq_data *d, unsigned int type)
{
	(void)type;
	fake6_log(F6_SET_TYPE, d->irq);
	return IRQ_SET_MASK_OK;
}

struct irq_chip *fake6_chip_make(unsigned long flags, unsigned int omit)
{
	struct irq_chip *c = &chips[nr_chips++ % NR_CHIPS];

	*c = (struct irq_chip){
		.name = "fake6",
		.irq_startup = op_startup,
		.irq_shutdown = op_shutdown,
		.irq_enable = op_enable,
		.irq_disable = op_disable,
		.irq_ack = op_ack,
		.irq_mask = op_mask,
		.irq_mask_ack = op_mask_ack,
		.irq_unmask = op_unmask,
		.irq_eoi = op_eoi,
		.irq_set_affinity = op_set_affinity,
		.irq_retrigger = op_retrigger,
		.irq_set_type = op_set_type,
		.flags = flags,
	};
#define OMIT(op, field)         \
	if (omit & F6_OMIT(op)) \
		c->field = NULL;
	OMIT(F6_STARTUP, irq_startup)
	OMIT(F6_SHUTDOWN, irq_shutdown)
	OMIT(F6_ENABLE, irq_enable)
	OMIT(F6_DISABLE, irq_disable)
	OMIT(F6_ACK, irq_ack)
	OMIT(F6_MASK, irq_mask)
	OMIT(F6_MASK_ACK, irq_mask_ack)
	OMIT(F6_UNMASK, irq_unmask)
	OMIT(F6_EOI, irq_eoi)
	OMIT(F6_SET_AFFINITY, irq_set_affinity)
	OMIT(F6_RETRIGGER, irq_retrigger)
	OMIT(F6_SET_TYPE, irq_set_type)
#undef OMIT
	return c;
}

struct irq_chip *fake6_parent_chip(void)
{
	static struct irq_chip parent = {
		.name = "fake6-parent",
		.irq_eoi = op_parent_eoi,
		.irq_mask = op_parent_mask,
		.irq_unmask = op_parent_unmask,
	};

	return &parent;
}

void fake6_init(void)
{
	genirq6_reset();
	fake6_log_clear();
	fake6_retrigger_ret = 0;
	fake6_primary_ret = IRQ_HANDLED;
	irq_cpu_attach(0);
}

unsigned int fake6_line(struct irq_chip *chip, irq_flow_handler_t flow)
{
	int irq = irq_alloc_desc(NUMA_NO_NODE);

	if (irq <= 0) {
		fprintf(stderr, "fake6_line: irq_alloc_desc: %d\n", irq);
		abort();
	}
	irq_set_chip_and_handler((unsigned int)irq, chip, flow);
	return (unsigned int)irq;
}

irqreturn_t fake6_handler(int irq, void *dev_id)
{
	(void)dev_id;
	fake6_log(F6_HANDLER, (unsigned int)irq);
	return fake6_primary_ret;
}

irqreturn_t fake6_thread(int irq, void *dev_id)
{
	(void)dev_id;
	fake6_log(F6_THREAD, (unsigned int)irq);
	return IRQ_HANDLED;
}

void fake6_fire(unsigned int irq)
{
	genirq6_vector_bind(irq, irq_to_desc(irq));
	genirq6_vector_entry(irq);
}

struct fake6_cpu {
	pthread_t thread;
	unsigned int cpu, irq;
	int done;
};

static void *cpu_main(void *arg)
{
	struct fake6_cpu *c = arg;

	irq_cpu_attach(c->cpu);
	genirq6_vector_entry(c->irq);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

struct fake6_cpu *fake6_fire_on(unsigned int cpu, unsigned int irq)
{
	struct fake6_cpu *c = calloc(1, sizeof(*c));

	if (!c)
		abort();
	c->cpu = cpu;
	c->irq = irq;
	genirq6_vector_bind(irq, irq_to_desc(irq));
	if (pthread_create(&c->thread, NULL, cpu_main, c))
		abort();
	return c;
}

bool fake6_cpu_done(struct fake6_cpu *c, unsigned int ms)
{
	for (unsigned int i = 0; i < ms; i++) {
		if (__atomic_load_n(&c->done, __ATOMIC_ACQUIRE))
			return true;
		usleep(1000);
	}
	return __atomic_load_n(&c->done, __ATOMIC_ACQUIRE);
}

void fake6_cpu_join(struct fake6_cpu *c)
{
	pthread_join(c->thread, NULL);
	free(c);
}
