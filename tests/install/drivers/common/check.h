/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one check every board.c of tests/install/drivers makes: a failed
 * condition prints where and what, and main() returns 1. compat.sh puts
 * this folder on the include path of every driver it builds.
 */
#ifndef TESTS_INSTALL_CHECK_H
#define TESTS_INSTALL_CHECK_H

#include <stdio.h>

#define CHECK(c)                                                               \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #c);                                 \
			return 1;                                              \
		}                                                              \
	} while (0)

#endif /* TESTS_INSTALL_CHECK_H */
