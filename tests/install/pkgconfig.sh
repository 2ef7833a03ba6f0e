#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the build into a scratch prefix and build an out-of-tree chip
# driver against it with nothing but pkg-config. Exit 77 (skipped) when
# pkg-config itself is missing.
# Usage: pkgconfig.sh BUILD_DIR CC SOURCE
set -eu
build=$1 cc=$2 src=$3
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
pc="$tmp/prefix/lib/pkgconfig"
test -f "$pc/genirq.pc" || { echo "genirq.pc was not installed into $pc"; exit 1; }
test -f "$tmp/prefix/lib/libgenirq.a" || { echo "libgenirq.a was not installed"; exit 1; }
flags=$(PKG_CONFIG_PATH="$pc" pkg-config --define-prefix --cflags --libs --static genirq)
echo "pkg-config: $flags"
# shellcheck disable=SC2086 # the flags are a word list by design
"$cc" -std=gnu11 -Wall -Wextra -Werror -o "$tmp/driver" "$src" $flags
"$tmp/driver"
