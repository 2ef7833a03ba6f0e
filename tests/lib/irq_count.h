/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The counting action and the fixture most core tests start from: a
 * fresh fake chip (fake_chip.h) and a handler that counts its runs.
 */
#ifndef TESTS_IRQ_COUNT_H
#define TESTS_IRQ_COUNT_H

#include <genirq/irq.h>

/* How many times an action of this file ran since test_fake_setup(). */
extern int test_handled;

/**
 * test_count_handler - an action that counts its runs in test_handled
 * @irq: the line (unused)
 * @dev_id: the cookie (unused)
 *
 * Return: IRQ_HANDLED.
 */
irqreturn_t test_count_handler(int irq, void *dev_id);

/**
 * test_flow_count_handler - test_count_handler() run the way a flow
 * handler must run an action: with IRQ_INPROGRESS set on @irq and its
 * descriptor lock dropped (cmocka asserts both)
 * @irq: the line
 * @dev_id: the cookie (unused)
 *
 * Return: IRQ_HANDLED.
 */
irqreturn_t test_flow_count_handler(int irq, void *dev_id);

/**
 * test_fake_setup - cmocka setup: the fake chip reset, test_handled 0
 * @state: cmocka's (unused)
 *
 * Return: 0.
 */
int test_fake_setup(void **state);

#endif
