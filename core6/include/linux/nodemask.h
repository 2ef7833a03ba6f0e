/* SPDX-License-Identifier: GPL-2.0 */
/* One NUMA node: genirq6 takes a node argument and ignores it. */
#ifndef _GENIRQ6_LINUX_NODEMASK_H
#define _GENIRQ6_LINUX_NODEMASK_H

#define NUMA_NO_NODE (-1)
#define first_online_node 0

#endif /* _GENIRQ6_LINUX_NODEMASK_H */
