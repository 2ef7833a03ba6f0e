// SPDX-License-Identifier: GPL-2.0
/*
 * genirq_set_arch(): the core behaves as i386's or ARM's 2.6.18 did. On
 * i386 (no CONFIG_HARDIRQS_SW_RESEND) an edge that came while its line
 * was disabled is marked IRQ_REPLAY and dropped on enable when the chip
 * cannot retrigger it; on ARM every line is IRQ_DELAYED_DISABLE:
 * disable_irq() and the last free_irq() leave it unmasked, the flow masks
 * the next interrupt and marks it IRQ_PENDING, and enable_irq() resends
 * it in software. The chip operations of each are pinned with the fake
 * chip's log.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"
#include "irq_count.h"

#define IRQ 5

static int dev;

/* An ARM controller of 2.6.18: mask/unmask only, the core's defaults. */
static struct irq_chip *arm_chip(void)
{
	return fake_chip_make(1u << FAKE_STARTUP | 1u << FAKE_SHUTDOWN |
			      1u << FAKE_ENABLE | 1u << FAKE_DISABLE |
			      1u << FAKE_RETRIGGER);
}

static void test_names_and_reset(void **state)
{
	(void)state;
	assert_int_equal(genirq_get_arch(), GENIRQ_ARCH_GENERIC);
	assert_string_equal(genirq_arch_name(GENIRQ_ARCH_GENERIC), "generic");
	assert_string_equal(genirq_arch_name(GENIRQ_ARCH_I386), "i386");
	assert_string_equal(genirq_arch_name(GENIRQ_ARCH_ARM), "arm");
	assert_null(genirq_arch_name(GENIRQ_ARCH_NR));
	assert_int_equal(genirq_set_arch(GENIRQ_ARCH_NR), -EINVAL);
	assert_int_equal(IRQ_DELAYED_DISABLE, 0x10000000);

	assert_int_equal(genirq_set_arch(GENIRQ_ARCH_ARM), 0);
	assert_int_equal(genirq_get_arch(), GENIRQ_ARCH_ARM);
	genirq_reset();
	assert_int_equal(genirq_get_arch(), GENIRQ_ARCH_GENERIC);
	assert_false(irq_desc[IRQ].status & IRQ_DELAYED_DISABLE);
}

/* ARM's init_IRQ(): every line, until the machine says it is valid. */
static void test_arm_init_irq_flags(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, arm_chip(), handle_edge_irq);
	genirq_set_arch(GENIRQ_ARCH_ARM);
	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		assert_int_equal(irq_desc[irq].status &
					 (IRQ_NOREQUEST | IRQ_DELAYED_DISABLE |
					  IRQ_NOPROBE),
				 IRQ_NOREQUEST | IRQ_DELAYED_DISABLE |
					 IRQ_NOPROBE);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 -EINVAL);
	set_irq_flags(IRQ, GENIRQ_ARM_IRQF_VALID);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	assert_true(irq_desc[IRQ].status & IRQ_DELAYED_DISABLE);

	/* Back to i386: the flag goes, what the machine set stays. */
	genirq_set_arch(GENIRQ_ARCH_I386);
	assert_false(irq_desc[IRQ].status & IRQ_DELAYED_DISABLE);
	free_irq(IRQ, &dev);
}

/*
 * i386 with the i8259's own ->disable (it masks at once) and __do_IRQ():
 * the edge that comes while disabled is acked and left PENDING; enable
 * marks it REPLAY and, with no ->retrigger and no software resend,
 * nothing ever runs the handler for it.
 */
static void test_i386_do_irq_drops_disabled_edge(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_RETRIGGER));
	genirq_set_arch(GENIRQ_ARCH_I386);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	assert_null(irq_desc[IRQ].handle_irq); /* __do_IRQ() */
	fake_log_clear();

	disable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE));
	do_IRQ(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE, FAKE_ACK, FAKE_END));
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_int_equal(test_handled, 0);

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE, FAKE_ACK, FAKE_END, FAKE_ENABLE));
	assert_int_equal(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_REPLAY),
			 IRQ_REPLAY);
	/* Where the generic and ARM cores would replay it: nothing. */
	irq_resend_flush();
	do_IRQ(IRQ + 1);
	assert_int_equal(test_handled, 0);
	/* __do_IRQ() counted the disabled arrival; no replay came since. */
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE, FAKE_ACK, FAKE_END, FAKE_ENABLE));

	/* The next edge is taken, and clears REPLAY as it would have. */
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 1);
	assert_false(irq_desc[IRQ].status & IRQ_REPLAY);
	free_irq(IRQ, &dev);
}

/* i386's IO-APIC edge: lazy (empty ->disable), resent by the hardware. */
static void test_i386_hardware_retrigger_still_resends(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	genirq_set_arch(GENIRQ_ARCH_I386);
	fake_cfg.retrigger_ret = 1;
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	disable_irq(IRQ);
	do_IRQ(IRQ);
	fake_log_clear();
	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_RETRIGGER));
	free_irq(IRQ, &dev);
}

/*
 * ARM: disable_irq() does not mask; the next edge is masked by the flow
 * and marked PENDING; enable_irq() unmasks and queues the software
 * resend, whose replay runs the handler.
 */
static void test_arm_delayed_disable_edge(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, arm_chip(), handle_edge_irq);
	genirq_set_arch(GENIRQ_ARCH_ARM);
	set_irq_flags(IRQ, GENIRQ_ARM_IRQF_VALID);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	fake_log_clear();

	disable_irq(IRQ);
	assert_int_equal(fake_log_len(), 0);
	assert_false(fake_masked[IRQ]);

	do_IRQ(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_int_equal(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_MASKED),
			 IRQ_PENDING | IRQ_MASKED);
	assert_int_equal(test_handled, 0);

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	assert_int_equal(test_handled, 0);

	irq_resend_flush();
	assert_int_equal(test_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK, FAKE_ACK));
	assert_false(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_REPLAY));
	free_irq(IRQ, &dev);
}

/* The last free_irq() of a delayed disable line leaves it unmasked. */
static void test_arm_free_irq_leaves_unmasked(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, arm_chip(), handle_level_irq);
	genirq_set_arch(GENIRQ_ARCH_ARM);
	set_irq_flags(IRQ, GENIRQ_ARM_IRQF_VALID);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	fake_log_clear();
	free_irq(IRQ, &dev);
	assert_int_equal(fake_log_len(), 0);
	assert_false(fake_masked[IRQ]);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);

	/* Its next interrupt finds no action: the level flow masks it. */
	do_IRQ(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_true(fake_masked[IRQ]);
}

/* fasteoi has no mask of its own: a delayed disable line gets one. */
static void test_arm_delayed_disable_fasteoi_masks(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, arm_chip(), handle_fasteoi_irq);
	genirq_set_arch(GENIRQ_ARCH_ARM);
	set_irq_flags(IRQ, GENIRQ_ARM_IRQF_VALID);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	fake_log_clear();
	disable_irq(IRQ);
	do_IRQ(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI));
	enable_irq(IRQ);
	irq_resend_flush();
	assert_int_equal(test_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI, FAKE_UNMASK, FAKE_EOI));
	free_irq(IRQ, &dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_names_and_reset, test_fake_setup),
		cmocka_unit_test_setup(test_arm_init_irq_flags,
				       test_fake_setup),
		cmocka_unit_test_setup(test_i386_do_irq_drops_disabled_edge,
				       test_fake_setup),
		cmocka_unit_test_setup(
			test_i386_hardware_retrigger_still_resends,
			test_fake_setup),
		cmocka_unit_test_setup(test_arm_delayed_disable_edge,
				       test_fake_setup),
		cmocka_unit_test_setup(test_arm_free_irq_leaves_unmasked,
				       test_fake_setup),
		cmocka_unit_test_setup(test_arm_delayed_disable_fasteoi_masks,
				       test_fake_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
