// SPDX-License-Identifier: GPL-2.0
/*
 * The recording fake chip for core tests: see fake_chip.h. Its operations
 * are IRQLAB_CHIP_OPS's rows (irqlab/chip_ops.h): a row without its
 * fake_<op> here does not compile.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "fake_chip.h"

struct fake_chip_config fake_cfg;
unsigned long fake_count[FAKE_NR_OPS][NR_IRQS];
bool fake_masked[NR_IRQS];
bool fake_asserted[NR_IRQS];

static struct fake_call log_buf[FAKE_LOG_SIZE];
static unsigned int log_len;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char messages[16384];
static size_t messages_len;
static struct irq_chip chips[8];
static unsigned int nr_chips;

static const char *const op_names[FAKE_NR_OPS] = { IRQLAB_CHIP_OPS(
	IRQLAB_CHIP_OP_NAME) };

const char *fake_op_name(enum fake_op op)
{
	return op < FAKE_NR_OPS ? op_names[op] : "?";
}

static void record(enum fake_op op, unsigned int irq, unsigned long arg)
{
	__atomic_fetch_add(&fake_count[op][irq], 1, __ATOMIC_RELAXED);
	pthread_mutex_lock(&log_lock);
	if (log_len < FAKE_LOG_SIZE)
		log_buf[log_len++] = (struct fake_call){ op, irq, arg };
	pthread_mutex_unlock(&log_lock);
}

static void set_masked(unsigned int irq, bool masked)
{
	__atomic_store_n(&fake_masked[irq], masked, __ATOMIC_RELAXED);
	if (!masked && __atomic_load_n(&fake_asserted[irq], __ATOMIC_RELAXED))
		irq_cpu_raise(0, irq);
}

static unsigned int fake_startup(unsigned int irq)
{
	record(FAKE_STARTUP, irq, 0);
	set_masked(irq, false);
	return fake_cfg.startup_ret;
}

static void fake_shutdown(unsigned int irq)
{
	record(FAKE_SHUTDOWN, irq, 0);
	set_masked(irq, true);
}

static void fake_enable(unsigned int irq)
{
	record(FAKE_ENABLE, irq, 0);
	set_masked(irq, false);
}

static void fake_disable(unsigned int irq)
{
	record(FAKE_DISABLE, irq, 0);
	set_masked(irq, true);
}

static void fake_ack(unsigned int irq)
{
	record(FAKE_ACK, irq, 0);
	if (fake_cfg.move_in_ack)
		move_native_irq((int)irq);
}

static void fake_mask(unsigned int irq)
{
	record(FAKE_MASK, irq, 0);
	set_masked(irq, true);
}

static void fake_mask_ack(unsigned int irq)
{
	record(FAKE_MASK_ACK, irq, 0);
	set_masked(irq, true);
}

static void fake_unmask(unsigned int irq)
{
	record(FAKE_UNMASK, irq, 0);
	set_masked(irq, false);
}

static void fake_eoi(unsigned int irq)
{
	record(FAKE_EOI, irq, 0);
}

static void fake_end(unsigned int irq)
{
	record(FAKE_END, irq, 0);
}

static void fake_set_affinity(unsigned int irq, cpumask_t dest)
{
	record(FAKE_SET_AFFINITY, irq, dest.bits[0]);
}

static int fake_retrigger(unsigned int irq)
{
	record(FAKE_RETRIGGER, irq, 0);
	return fake_cfg.retrigger_ret;
}

static int fake_set_type(unsigned int irq, unsigned int type)
{
	record(FAKE_SET_TYPE, irq, type);
	return fake_cfg.set_type_ret;
}

static int fake_set_wake(unsigned int irq, unsigned int on)
{
	record(FAKE_SET_WAKE, irq, on);
	return fake_cfg.set_wake_ret;
}

/* Each row's fake_<op>, and where struct irq_chip keeps the op. */
#define FAKE_OP_INIT(op, OP) .op = fake_##op,
static const struct irq_chip fake_template = { .name = "FAKE",
					       IRQLAB_CHIP_OPS(FAKE_OP_INIT) };
#define FAKE_OP_FIELD(op, OP) [FAKE_##OP] = offsetof(struct irq_chip, op),
static const size_t op_field[FAKE_NR_OPS] = { IRQLAB_CHIP_OPS(FAKE_OP_FIELD) };

struct irq_chip *fake_chip_make(unsigned int omit)
{
	struct irq_chip *chip;

	if (nr_chips == sizeof(chips) / sizeof(chips[0]))
		nr_chips = 0; /* tests make few; reuse the oldest */
	chip = &chips[nr_chips++];
	*chip = fake_template;
	for (unsigned int op = 0; op < FAKE_NR_OPS; op++)
		if (omit & (1u << op))
			memset((char *)chip + op_field[op], 0,
			       sizeof(void (*)(void))); /* NULL */
	return chip;
}

static void capture(int level, const char *msg, void *ctx)
{
	size_t n = strlen(msg);

	(void)level;
	(void)ctx;
	pthread_mutex_lock(&log_lock);
	if (messages_len + n < sizeof(messages)) {
		memcpy(messages + messages_len, msg, n + 1);
		messages_len += n;
	}
	pthread_mutex_unlock(&log_lock);
}

void fake_chip_init(void)
{
	genirq_reset();
	irq_cpu_attach(0);
	memset(&fake_cfg, 0, sizeof(fake_cfg));
	memset(fake_count, 0, sizeof(fake_count));
	memset(fake_masked, 0, sizeof(fake_masked));
	memset(fake_asserted, 0, sizeof(fake_asserted));
	fake_log_clear();
	messages_len = 0;
	messages[0] = '\0';
	genirq_set_printk(capture, NULL);
}

const struct fake_call *fake_log(void)
{
	return log_buf;
}

unsigned int fake_log_len(void)
{
	return log_len;
}

void fake_log_clear(void)
{
	pthread_mutex_lock(&log_lock);
	log_len = 0;
	pthread_mutex_unlock(&log_lock);
}

bool fake_log_is(const enum fake_op *ops, unsigned int n)
{
	if (n != log_len)
		return false;
	for (unsigned int i = 0; i < n; i++)
		if (log_buf[i].op != ops[i])
			return false;
	return true;
}

const char *fake_log_str(void)
{
	static char buf[4096];
	size_t off = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < log_len && off < sizeof(buf) - 32; i++)
		off += (size_t)snprintf(buf + off, sizeof(buf) - off,
					"%s%s(%u)", i ? " " : "",
					fake_op_name(log_buf[i].op),
					log_buf[i].irq);
	return buf;
}

const char *fake_messages(void)
{
	return messages;
}

bool fake_messages_contain(const char *needle)
{
	return strstr(messages, needle) != NULL;
}

int fake_remote_handled;
static int remote_done;

irqreturn_t fake_remote_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	__atomic_fetch_add(&fake_remote_handled, 1, __ATOMIC_RELAXED);
	return IRQ_HANDLED;
}

static void *remote_cpu(void *arg)
{
	irq_cpu_attach(1);
	do_IRQ((unsigned int)(unsigned long)arg);
	__atomic_store_n(&remote_done, 1, __ATOMIC_RELEASE);
	return NULL;
}

bool fake_delivered_while_locked(unsigned int irq, unsigned int wait_ms)
{
	const struct timespec ms = { 0, 1000000 };
	pthread_t thread;
	bool done = false;
	int ret;

	__atomic_store_n(&remote_done, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&fake_remote_handled, 0, __ATOMIC_RELAXED);
	spin_lock(&irq_desc[irq].lock);
	ret = pthread_create(&thread, NULL, remote_cpu,
			     (void *)(unsigned long)irq);
	for (unsigned int i = 0; !ret && i < wait_ms && !done; i++) {
		done = __atomic_load_n(&remote_done, __ATOMIC_ACQUIRE);
		if (!done)
			nanosleep(&ms, NULL);
	}
	spin_unlock(&irq_desc[irq].lock);
	if (!ret)
		pthread_join(thread, NULL);
	return !ret && done;
}
