// SPDX-License-Identifier: GPL-2.0
/*
 * Each model's architecture and chip_model_set_arch(): the models say
 * whose kernel drove them; on ARM their lines become requestable (the
 * machine's set_irq_flags()) and stay IRQ_DELAYED_DISABLE, so that a
 * VIC line's disable_irq() makes no register access; the GIC has no
 * ->retrigger on ARM, as 2.6.18's arch/arm/common/gic.c had none, and
 * gets its pending-set retrigger back elsewhere.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <genirq/interrupt.h>
#include <chips/gic.h>
#include <chips/gpio.h>
#include <chips/i8259.h>
#include <chips/ioapic.h>
#include <chips/soft.h>
#include <chips/vic.h>

#define GIC_BASE 0
#define SPI (GIC_BASE + GIC_SPI_BASE + 3)

static int dev;

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	irq_cpu_attach(0);
	return 0;
}

static void test_models_belong_to_an_arch(void **state)
{
	struct chip_model *m;

	(void)state;
	m = i8259_create(0, 0);
	assert_non_null(m);
	assert_int_equal(chip_model_arch(m), GENIRQ_ARCH_I386);
	chip_model_destroy(m);
	m = ioapic_create(0, 1);
	assert_non_null(m);
	assert_int_equal(chip_model_arch(m), GENIRQ_ARCH_I386);
	chip_model_destroy(m);
	m = gic_create(GIC_BASE, 32, 1);
	assert_non_null(m);
	assert_int_equal(chip_model_arch(m), GENIRQ_ARCH_ARM);
	chip_model_destroy(m);
	m = vic_create(0, 0);
	assert_non_null(m);
	assert_int_equal(chip_model_arch(m), GENIRQ_ARCH_ARM);
	chip_model_destroy(m);
	m = soft_create(0, 8, 0, -1);
	assert_non_null(m);
	assert_int_equal(chip_model_arch(m), GENIRQ_ARCH_GENERIC);
	chip_model_destroy(m);
}

static void test_gic_retrigger_follows_arch(void **state)
{
	struct chip_model *m;

	(void)state;
	m = gic_create(GIC_BASE, 32, 1);
	assert_non_null(m);
	assert_non_null(irq_desc[SPI].chip->retrigger);

	genirq_set_arch(GENIRQ_ARCH_ARM);
	chip_model_set_arch(m, GENIRQ_ARCH_ARM);
	assert_null(irq_desc[SPI].chip->retrigger);
	assert_true(irq_desc[SPI].status & IRQ_DELAYED_DISABLE);
	assert_false(irq_desc[SPI].status & (IRQ_NOREQUEST | IRQ_NOPROBE));
	/* A line no model set up stays as init_IRQ() left it. */
	assert_true(irq_desc[GIC_BASE + 100].status & IRQ_NOREQUEST);
	/* ... and so does the legacy chip of the __do_IRQ() design. */
	chip_model_set_design(m, CHIP_DESIGN_DO_IRQ);
	assert_null(irq_desc[SPI].chip->retrigger);

	genirq_set_arch(GENIRQ_ARCH_I386);
	chip_model_set_arch(m, GENIRQ_ARCH_I386);
	assert_non_null(irq_desc[SPI].chip->retrigger);
	assert_false(irq_desc[SPI].status & IRQ_DELAYED_DISABLE);
	chip_model_destroy(m);
}

static void test_vic_disable_is_delayed_on_arm(void **state)
{
	struct chip_model *m;
	unsigned long before;

	(void)state;
	m = vic_create(0, 0);
	assert_non_null(m);
	genirq_set_arch(GENIRQ_ARCH_ARM);
	chip_model_set_arch(m, GENIRQ_ARCH_ARM);
	assert_int_equal(request_irq(5, handler, 0, "vic-test", &dev), 0);
	before = chip_accesses(m, CHIP_ACC_MASK) +
		 chip_accesses(m, CHIP_ACC_DISABLE);
	disable_irq(5);
	assert_int_equal(chip_accesses(m, CHIP_ACC_MASK) +
				 chip_accesses(m, CHIP_ACC_DISABLE),
			 before);
	enable_irq(5);
	free_irq(5, &dev);
	/* The last free_irq() does not mask either. */
	assert_int_equal(chip_accesses(m, CHIP_ACC_MASK) +
				 chip_accesses(m, CHIP_ACC_DISABLE) +
				 chip_accesses(m, CHIP_ACC_SHUTDOWN),
			 before);

	/* On i386 the same line masks at disable_irq(). */
	genirq_set_arch(GENIRQ_ARCH_I386);
	chip_model_set_arch(m, GENIRQ_ARCH_I386);
	assert_int_equal(request_irq(5, handler, 0, "vic-test", &dev), 0);
	disable_irq(5);
	assert_true(chip_accesses(m, CHIP_ACC_MASK) +
			    chip_accesses(m, CHIP_ACC_DISABLE) >
		    before);
	enable_irq(5);
	free_irq(5, &dev);
	chip_model_destroy(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_models_belong_to_an_arch, setup),
		cmocka_unit_test_setup(test_gic_retrigger_follows_arch, setup),
		cmocka_unit_test_setup(test_vic_disable_is_delayed_on_arm,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
