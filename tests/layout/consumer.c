// SPDX-License-Identifier: GPL-2.0
/*
 * Every public header of bench/ and analysis/ (public.h, written by
 * CMakeLists.txt), included from outside them with only their public
 * include folders on the path.
 */
#include "public.h"

int main(void)
{
	return 0;
}
