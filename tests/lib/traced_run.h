/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The traced run that tests/export reads (test_perfetto, test_lami): two
 * scenarios, one of them with an irq thread, made with `irqlab run
 * --trace` into a temporary folder. Check traced_run_skip() (traced.h)
 * first.
 */
#ifndef TESTS_TRACED_RUN_H
#define TESTS_TRACED_RUN_H

/**
 * export_traced_run - make the export tests' traced run
 * @irqlab: the irqlab command
 * @tmp: the test's scratch folder
 *
 * Writes @tmp/export.ini and runs it into @tmp/run, its output in
 * @tmp/run.log.
 *
 * Return: 0, -1 if the configuration cannot be written, or the shell's
 * status.
 */
int export_traced_run(const char *irqlab, const char *tmp);

#endif /* TESTS_TRACED_RUN_H */
