/* SPDX-License-Identifier: GPL-2.0 */
/* Module metadata of a kernel source file: nothing in user space. */
#ifndef _GENIRQ6_LINUX_MODULE_H
#define _GENIRQ6_LINUX_MODULE_H

struct module;
#define THIS_MODULE ((struct module *)0)
#define MODULE_LICENSE(x) \
	extern int __genirq6_module_license __attribute__((unused))
#define MODULE_DESCRIPTION(x) \
	extern int __genirq6_module_description __attribute__((unused))
#define EXPORT_SYMBOL(x)
#define EXPORT_SYMBOL_GPL(x)

#endif /* _GENIRQ6_LINUX_MODULE_H */
