// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target imp_cyclictest_hist: irqlab import's reader of cyclictest -h text
 * (analysis/import/), as fuzz_import.h says.
 */
#include <errno.h>
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_imp_run(IMP_CYCLICTEST_HIST, data, size);
	return 0;
}
