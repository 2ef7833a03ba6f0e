/* SPDX-License-Identifier: GPL-2.0 */
/* Included by irq.c; nothing in it is used. */
