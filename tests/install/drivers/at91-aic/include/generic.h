/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The board's calls into kernel/irq.c (mach-at91rm9200/generic.h).
 * The bound is irq.c's: GCC's -Warray-parameter rejects 2.6.18's "[]".
 */
void __init at91_aic_init(unsigned int priority[NR_AIC_IRQS]);
