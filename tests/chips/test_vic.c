// SPDX-License-Identifier: GPL-2.0
/*
 * The VIC model in register terms: INTENABLE/INTENCLEAR as mask and
 * unmask, RAWINTR and IRQSTATUS, a level request that stays asserted
 * being presented again, SOFTINT, a vector whose request went away before
 * the CPU took it, N interrupts through handle_level_irq and through
 * __do_IRQ with the accesses counted by hand, and delivery to a spinning
 * CPU thread from two device threads while a third thread disables and
 * enables one of the lines.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <chips/vic.h>

#define BASE 64
#define PIN 5
#define IRQ (BASE + PIN)

static unsigned int hits;
static unsigned int release_after; /* the device lets go on this call */
static struct chip_line line;

/* A level device: its handler clears it on the release_after-th call. */
static irqreturn_t level_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (++hits >= release_after)
		chip_line_deassert(&line);
	return IRQ_HANDLED;
}

static irqreturn_t softint_handler(int irq, void *dev_id)
{
	struct chip_model *m = dev_id;

	hits++;
	vic_poke(m, VIC_SOFTINTCLEAR, 1u << (irq - BASE));
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	struct chip_model *m;

	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	m = vic_create(BASE, 0);
	assert_non_null(m);
	line = (struct chip_line){ m, PIN };
	hits = 0;
	release_after = 1;
	*state = m;
	return 0;
}

static int teardown(void **state)
{
	chip_model_destroy(*state);
	return 0;
}

static void test_mask_unmask_in_register_terms(void **state)
{
	struct chip_model *m = *state;

	assert_int_equal(vic_peek(m, VIC_INTENABLE), 0);
	assert_int_equal(request_irq(IRQ, level_handler, 0, "dev", NULL), 0);
	/* startup -> enable -> unmask: one INTENABLE write. */
	assert_int_equal(vic_peek(m, VIC_INTENABLE), 1u << PIN);
	assert_int_equal(m->stats.writes[CHIP_ACC_UNMASK], 1);
	assert_true(irq_desc[IRQ].status & IRQ_LEVEL);
	chip_stats_reset(m);

	disable_irq(IRQ); /* INTENCLEAR */
	assert_int_equal(vic_peek(m, VIC_INTENABLE), 0);
	assert_int_equal(m->stats.writes[CHIP_ACC_MASK], 1);

	/* The request sits in RAWINTR; IRQSTATUS and nIRQ stay quiet. */
	chip_line_assert(&line);
	assert_int_equal(vic_peek(m, VIC_RAWINTR), 1u << PIN);
	assert_int_equal(vic_peek(m, VIC_IRQSTATUS), 0);
	assert_int_equal(hits, 0);
	assert_int_equal(m->stats.delivered, 0);

	/* Unmasking presents it at once; the handler clears the device. */
	enable_irq(IRQ);
	assert_int_equal(hits, 1);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(vic_peek(m, VIC_RAWINTR), 0);
	assert_int_equal(vic_peek(m, VIC_INTENABLE), 1u << PIN);
	/* A level line is never resent in software: one run, not two. */
	irq_resend_flush();
	assert_int_equal(hits, 1);

	free_irq(IRQ, NULL);
	assert_int_equal(vic_peek(m, VIC_INTENABLE), 0);
}

static void test_level_redelivers_while_asserted(void **state)
{
	struct chip_model *m = *state;

	release_after = 3;
	assert_int_equal(request_irq(IRQ, level_handler, 0, "dev", NULL), 0);
	chip_stats_reset(m);
	chip_line_assert(&line);
	/* Each run unmasks a still-asserted input, which raises it again. */
	assert_int_equal(hits, 3);
	assert_int_equal(m->stats.delivered, 3);
	assert_int_equal(vic_peek(m, VIC_IRQSTATUS), 0);
	/* Per run: IRQSTATUS read, mask, ack (=mask), unmask. */
	assert_int_equal(m->stats.reads[CHIP_ACC_DEMUX], 3);
	assert_int_equal(m->stats.writes[CHIP_ACC_MASK], 3);
	assert_int_equal(m->stats.writes[CHIP_ACC_ACK], 3);
	assert_int_equal(m->stats.writes[CHIP_ACC_UNMASK], 3);
	assert_int_equal(kstat_irqs(IRQ), 3);
	free_irq(IRQ, NULL);
}

/*
 * N level interrupts, the device cleared by its handler each time.
 * handle_level_irq: entry read of IRQSTATUS (DEMUX), ->mask and ->ack
 * (2.6.18's vic chip has no mask_ack: two INTENCLEAR writes), ->unmask
 * (INTENABLE): 1 read + 3 writes. __do_IRQ: the read, ->ack (INTENCLEAR),
 * ->end (INTENABLE): 1 read + 2 writes.
 */
static void test_n_interrupts_flow_and_do_irq(void **state)
{
	struct chip_model *m = *state;
	const unsigned int n = 500;

	assert_int_equal(request_irq(IRQ, level_handler, 0, "dev", NULL), 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(m, design);
		assert_true((irq_desc[IRQ].handle_irq == NULL) ==
			    (design == CHIP_DESIGN_DO_IRQ));
		chip_stats_reset(m);
		hits = 0;
		for (unsigned int i = 0; i < n; i++) {
			release_after = hits + 1;
			chip_line_assert(&line);
		}
		assert_int_equal(hits, n);
		assert_int_equal(m->stats.delivered, n);
		assert_int_equal(m->stats.spurious, 0);
		assert_int_equal(m->stats.reads[CHIP_ACC_DEMUX], n);
		if (design == CHIP_DESIGN_FLOW) {
			assert_int_equal(m->stats.writes[CHIP_ACC_MASK], n);
			assert_int_equal(m->stats.writes[CHIP_ACC_ACK], n);
			assert_int_equal(m->stats.writes[CHIP_ACC_UNMASK], n);
			assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 4 * n);
		} else {
			assert_int_equal(m->stats.writes[CHIP_ACC_ACK], n);
			assert_int_equal(m->stats.writes[CHIP_ACC_END], n);
			assert_int_equal(chip_accesses(m, CHIP_ACC_NR), 3 * n);
		}
	}
	free_irq(IRQ, NULL);
}

/*
 * A handler that disables its own line and leaves the device asserted:
 * the flow's final unmask (handle_level_irq) or ->end (__do_IRQ) must
 * leave the input masked, or the request would storm; enable_irq()
 * unmasks, which presents the request again.
 */
static irqreturn_t disabling_handler(int irq, void *dev_id)
{
	(void)dev_id;
	if (++hits == 1)
		disable_irq_nosync((unsigned int)irq);
	else
		chip_line_deassert(&line);
	return IRQ_HANDLED;
}

static void test_disabled_in_handler_stays_masked(void **state)
{
	struct chip_model *m = *state;

	assert_int_equal(request_irq(IRQ, disabling_handler, 0, "dev", NULL),
			 0);
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(m, design);
		hits = 0;
		chip_line_assert(&line);
		assert_int_equal(hits, 1);
		assert_int_equal(vic_peek(m, VIC_INTENABLE), 0);
		assert_int_equal(vic_peek(m, VIC_RAWINTR), 1u << PIN);
		enable_irq(IRQ);
		assert_int_equal(hits, 2);
		assert_int_equal(vic_peek(m, VIC_INTENABLE), 1u << PIN);
		assert_int_equal(vic_peek(m, VIC_RAWINTR), 0);
	}
	free_irq(IRQ, NULL);
}

static void test_softint_raises_and_clears(void **state)
{
	struct chip_model *m = *state;

	assert_int_equal(request_irq(BASE + 9, softint_handler, 0, "sw", m), 0);
	chip_stats_reset(m);
	assert_int_equal(vic_poke(m, VIC_SOFTINT, 1u << 9), 0);
	assert_int_equal(hits, 1);
	assert_int_equal(vic_peek(m, VIC_SOFTINT), 0);
	assert_int_equal(vic_peek(m, VIC_RAWINTR), 0);
	/* A software request to a disabled input waits in RAWINTR. */
	assert_int_equal(vic_poke(m, VIC_SOFTINT, 1u << 10), 0);
	assert_int_equal(vic_peek(m, VIC_RAWINTR), 1u << 10);
	assert_int_equal(vic_peek(m, VIC_IRQSTATUS), 0);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(vic_poke(m, VIC_RAWINTR, 1), -EINVAL);
	vic_poke(m, VIC_SOFTINTCLEAR, 1u << 10);
	free_irq(BASE + 9, m);
}

/*
 * A vector posted while the CPU had interrupts off, whose request was
 * masked before the CPU took it: the entry reads IRQSTATUS, finds the bit
 * clear and dispatches nothing.
 */
static void test_vector_with_request_gone_is_spurious(void **state)
{
	struct chip_model *m = *state;

	assert_int_equal(request_irq(IRQ, level_handler, 0, "dev", NULL), 0);
	chip_stats_reset(m);
	local_irq_disable();
	chip_line_assert(&line);
	disable_irq_nosync(IRQ);
	local_irq_enable();
	assert_int_equal(hits, 0);
	assert_int_equal(m->stats.delivered, 1);
	assert_int_equal(m->stats.spurious, 1);
	assert_int_equal(m->stats.reads[CHIP_ACC_DEMUX], 1);
	assert_int_equal(kstat_irqs(IRQ), 0);
	enable_irq(IRQ);
	assert_int_equal(hits, 1);
	free_irq(IRQ, NULL);
}

static void test_set_type_and_bad_arguments(void **state)
{
	struct chip_model *m = *state;

	assert_int_equal(set_irq_type(IRQ, IRQ_TYPE_EDGE_RISING), -EINVAL);
	assert_int_equal(set_irq_type(IRQ, IRQ_TYPE_LEVEL_LOW), -EINVAL);
	assert_int_equal(set_irq_type(IRQ, IRQ_TYPE_LEVEL_HIGH), 0);
	assert_null(vic_create(NR_IRQS - 31, 0));
	assert_int_equal(errno, EINVAL);
	assert_null(vic_create(0, NR_CPUS));
	assert_int_equal(vic_cascade_connect(m, 32, NULL, NULL), -EINVAL);
}

/* ---- a spinning CPU 1, device threads, a thread that disables ---- */

#define MT_N 2000

struct mt_dev {
	struct chip_line line;
	unsigned long hits;
	int status; /* the device's own "I interrupted" bit */
};

static struct mt_dev mt_devs[2];
static int mt_done;

/*
 * A level device: its handler reads the device's status, lets go of the
 * line, then counts. A handler that found nothing says IRQ_NONE, as a
 * driver must: 2.6.18's enable_irq() replays a level line that took an
 * interrupt while disabled (check_irq_resend() keeps IRQ_LEVEL lines
 * only under irq_set_level_noresend()), and the hardware has presented
 * the same assertion again by then, so the replay finds it served.
 */
static irqreturn_t mt_handler(int irq, void *dev_id)
{
	struct mt_dev *d = dev_id;

	(void)irq;
	if (!__atomic_exchange_n(&d->status, 0, __ATOMIC_ACQ_REL))
		return IRQ_NONE;
	chip_line_deassert(&d->line);
	__atomic_fetch_add(&d->hits, 1, __ATOMIC_RELEASE);
	return IRQ_HANDLED;
}

static void *mt_cpu(void *arg)
{
	(void)arg;
	irq_cpu_run(1, IRQ_CPU_SPIN);
	return NULL;
}

static void *mt_device(void *arg)
{
	struct mt_dev *d = arg;

	for (unsigned long i = 0; i < MT_N; i++) {
		__atomic_store_n(&d->status, 1, __ATOMIC_RELEASE);
		chip_line_assert(&d->line);
		while (__atomic_load_n(&d->hits, __ATOMIC_ACQUIRE) < i + 1)
			sched_yield();
	}
	return NULL;
}

static void *mt_toggler(void *arg)
{
	unsigned int irq = (unsigned int)(uintptr_t)arg;

	irq_cpu_attach(2);
	local_irq_enable();
	while (!__atomic_load_n(&mt_done, __ATOMIC_ACQUIRE)) {
		disable_irq(irq);
		enable_irq(irq);
		sched_yield();
	}
	return NULL;
}

/*
 * Every assertion is handled exactly once on CPU 1, whichever design,
 * while the other line is disabled and enabled under it: a level that
 * arrives masked waits in RAWINTR and the unmask presents it.
 */
static void test_multi_cpu_delivery(void **state)
{
	struct chip_model *m;
	pthread_t cpu, dev[2], tog;

	chip_model_destroy(*state);
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	m = vic_create(BASE, 1);
	assert_non_null(m);
	*state = m;
	for (unsigned int i = 0; i < 2; i++) {
		mt_devs[i] = (struct mt_dev){ { m, PIN + i }, 0, 0 };
		assert_int_equal(request_irq(IRQ + i, mt_handler, 0, "mt",
					     &mt_devs[i]),
				 0);
	}
	for (int design = CHIP_DESIGN_FLOW; design <= CHIP_DESIGN_DO_IRQ;
	     design++) {
		chip_model_set_design(m, design);
		chip_stats_reset(m);
		for (unsigned int i = 0; i < 2; i++)
			__atomic_store_n(&mt_devs[i].hits, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&mt_done, 0, __ATOMIC_RELAXED);
		assert_int_equal(pthread_create(&cpu, NULL, mt_cpu, NULL), 0);
		assert_int_equal(pthread_create(&tog, NULL, mt_toggler,
						(void *)(uintptr_t)(IRQ + 1)),
				 0);
		for (unsigned int i = 0; i < 2; i++)
			assert_int_equal(pthread_create(&dev[i], NULL,
							mt_device, &mt_devs[i]),
					 0);
		for (unsigned int i = 0; i < 2; i++)
			pthread_join(dev[i], NULL);
		__atomic_store_n(&mt_done, 1, __ATOMIC_RELEASE);
		pthread_join(tog, NULL);
		irq_cpu_stop(1);
		pthread_join(cpu, NULL);

		for (unsigned int i = 0; i < 2; i++)
			assert_int_equal(__atomic_load_n(&mt_devs[i].hits,
							 __ATOMIC_RELAXED),
					 MT_N);
		assert_int_equal(kstat_irqs(IRQ), (design + 1) * MT_N);
		assert_int_equal(vic_peek(m, VIC_RAWINTR), 0);
		assert_int_equal(vic_peek(m, VIC_INTENABLE), 3u << PIN);
		/* Every handled interrupt was an acknowledge cycle that hit. */
		assert_true(m->stats.reads[CHIP_ACC_DEMUX] >= 2 * MT_N);
	}
	for (unsigned int i = 0; i < 2; i++)
		free_irq(IRQ + i, &mt_devs[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_mask_unmask_in_register_terms, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_level_redelivers_while_asserted, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_n_interrupts_flow_and_do_irq, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_disabled_in_handler_stays_masked, setup, teardown),
		cmocka_unit_test_setup_teardown(test_softint_raises_and_clears,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_vector_with_request_gone_is_spurious, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_set_type_and_bad_arguments,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_multi_cpu_delivery, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
