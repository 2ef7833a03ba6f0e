// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target imp_osnoise: irqlab import's reader of rtla osnoise hist
 * (analysis/import/), as fuzz_import.h says.
 */
#include <errno.h>
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_imp_run(IMP_OSNOISE, data, size);
	return 0;
}
