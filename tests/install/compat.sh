#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the build into a scratch prefix and build against genirq-compat
# with nothing but pkg-config, as a kernel engineer bringing a 2.6.18-era
# interrupt controller driver would. Exit 77 (skipped) without pkg-config.
# Usage: compat.sh BUILD_DIR CC driver DIR
#          compile DIR/*.c with -I DIR/include,
#          -I drivers/common (check.h)
#          and the flags of
#          `pkg-config --cflags --libs --static genirq-compat`, run it
#        compat.sh BUILD_DIR CC nr_irqs SOURCE
#          SOURCE must fail to compile, with a message naming both
#          NR_IRQS values and -DIRQLAB_NR_IRQS=7, when it defines
#          NR_IRQS as 7 before or after the headers
set -eu
build=$1 cc=$2 mode=$3 arg=$4
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
pc="$tmp/prefix/lib/pkgconfig"
test -f "$pc/genirq-compat.pc" || { echo "genirq-compat.pc was not installed into $pc"; exit 1; }
flags=$(PKG_CONFIG_PATH="$pc" pkg-config --define-prefix --cflags --libs --static genirq-compat)
echo "pkg-config: $flags"
case $mode in
driver)
	srcs="$arg/*.c"
	# shellcheck disable=SC2086 # word lists (and globs) by design
	"$cc" -std=gnu11 -Wall -Werror -I"$arg/include" \
		-I"$(dirname "$arg")/common" -o "$tmp/driver" $srcs $flags
	"$tmp/driver"
	;;
nr_irqs)
	nr=$(sed -n 's/^#define GENIRQ_NR_IRQS \([0-9]*\)$/\1/p' \
		"$tmp/prefix/include/genirq/config.h")
	test -n "$nr" || { echo "no GENIRQ_NR_IRQS in the installed config.h"; exit 1; }
	for where in BEFORE AFTER; do
		# shellcheck disable=SC2086
		if "$cc" -std=gnu11 -c -o "$tmp/x.o" -DNR_IRQS_$where "$arg" \
			$flags 2>"$tmp/err"; then
			echo "NR_IRQS 7 defined $where the headers compiled"
			exit 1
		fi
		cat "$tmp/err"
		grep -q "NR_IRQS is 7 here, but libgenirq was built with NR_IRQS $nr; configure it with -DIRQLAB_NR_IRQS=7" \
			"$tmp/err" || { echo "no message naming 7, $nr and -DIRQLAB_NR_IRQS=7 ($where)"; exit 1; }
	done
	# shellcheck disable=SC2086
	"$cc" -std=gnu11 -Wall -Werror -c -o "$tmp/x.o" "$arg" $flags
	;;
*)
	echo "compat.sh: unknown mode $mode"
	exit 2
	;;
esac
