/* SPDX-License-Identifier: GPL-2.0 */
/* test_form6's genirq6 side (form6_dev.c): needs neither core's headers. */
#ifndef TESTS_CHIPS_FORM6_DEV_H
#define TESTS_CHIPS_FORM6_DEV_H

/* request_irq() of genirq6 line @virq, whose handler returns @fn(@dev). */
int f6_request(unsigned int virq, int (*fn)(void *dev), void *dev);
void f6_free(unsigned int virq, void *dev);
/* disable_irq() and enable_irq(): lazy by default. */
void f6_disable(unsigned int virq);
void f6_enable(unsigned int virq);
/* The chip's own ->irq_mask and ->irq_unmask, bypassing the core. */
void f6_chip_mask(unsigned int virq);
void f6_chip_unmask(unsigned int virq);
/* The line's flow handler's name. */
const char *f6_flow(unsigned int virq);

#endif /* TESTS_CHIPS_FORM6_DEV_H */
