/* SPDX-License-Identifier: GPL-2.0 */
/* Nothing of it is used by the controller driver. */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H
#endif
