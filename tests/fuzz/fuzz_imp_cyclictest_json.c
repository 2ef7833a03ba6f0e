// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target imp_cyclictest_json: irqlab import's reader of cyclictest --json
 * (analysis/import/), as fuzz_import.h says.
 */
#include <errno.h>
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_imp_run(IMP_CYCLICTEST_JSON, data, size);
	return 0;
}
