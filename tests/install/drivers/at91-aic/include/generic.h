/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The board's call into aic.c. The bound is spelled out: GCC's
 * -Warray-parameter rejects an unsized array parameter here.
 */
void __init at91_aic_init(unsigned int priority[NR_AIC_IRQS]);
