// SPDX-License-Identifier: GPL-2.0
/*
 * Key designs: a list of the registry's design names (designs.c), each
 * at most twice (the second copy an A/A control).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "config.h"
#include "designs/designs.h"

/**
 * bench_config_parse_designs - key designs of @sc from its value @v
 * @sc: the scenario
 * @v: the value: design names, blank- or comma-separated
 * @msg: the sentence why not, "key designs: ..."
 * @len: its size
 *
 * Return: 0 or -EINVAL.
 */
int bench_config_parse_designs(struct bench_scenario *sc, const char *v,
			       char *msg, size_t len)
{
	char buf[1024], names[128], *save, *tok;
	unsigned int n = 0;

	if (strlen(v) >= sizeof(buf)) {
		snprintf(msg, len, "key designs: \"%s\" is not %s", v,
			 bench_config_keys[BENCH_KEY_DESIGNS].expect);
		return -EINVAL;
	}
	strcpy(buf, v);
	names[0] = '\0';
	for (unsigned int i = 0; i < bench_nr_designs; i++) {
		size_t at = strlen(names);

		snprintf(names + at, sizeof(names) - at, "%s%s", at ? ", " : "",
			 bench_designs[i].name);
	}
	for (tok = strtok_r(buf, " \t,", &save); tok;
	     tok = strtok_r(NULL, " \t,", &save)) {
		int d = bench_design_parse(tok);
		unsigned int seen = 0;

		if (d < 0) {
			snprintf(msg, len,
				 "key designs: unknown design \"%s\": valid "
				 "designs are %s",
				 tok, names);
			return -EINVAL;
		}
		for (unsigned int i = 0; i < n; i++)
			seen += sc->designs[i] == (enum bench_design)d;
		if (seen == 2) {
			snprintf(msg, len,
				 "key designs: design %s is listed three times "
				 "(twice is an A/A control, more measures "
				 "nothing new)",
				 tok);
			return -EINVAL;
		}
		if (n == BENCH_MAX_DESIGNS) {
			snprintf(msg, len, "key designs: more than %d designs",
				 BENCH_MAX_DESIGNS);
			return -EINVAL;
		}
		sc->designs[n++] = d;
	}
	if (!n) {
		snprintf(msg, len,
			 "key designs: \"%s\" lists no design: valid designs "
			 "are %s",
			 v, names);
		return -EINVAL;
	}
	sc->nr_designs = n;
	return 0;
}
