// SPDX-License-Identifier: GPL-2.0
/*
 * The counting action and fixture of core tests: see irq_count.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "fake_chip.h"
#include "irq_count.h"

int test_handled;

irqreturn_t test_count_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	test_handled++;
	return IRQ_HANDLED;
}

irqreturn_t test_flow_count_handler(int irq, void *dev_id)
{
	assert_true(irq_desc[irq].status & IRQ_INPROGRESS);
	assert_false(spin_is_locked(&irq_desc[irq].lock));
	return test_count_handler(irq, dev_id);
}

int test_fake_setup(void **state)
{
	(void)state;
	fake_chip_init();
	test_handled = 0;
	return 0;
}
