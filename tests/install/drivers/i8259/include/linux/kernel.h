/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H
#include <stdio.h>
#define KERN_DEBUG ""
#define printk(...) fprintf(stderr, __VA_ARGS__)
#endif
