// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target imp_hardirqs: irqlab import's reader of bcc hardirqs -d
 * (analysis/import/), as fuzz_import.h says.
 */
#include <errno.h>
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_imp_run(IMP_HARDIRQS, data, size);
	return 0;
}
