#!/usr/bin/env bash
# kll against datasketches-cpp 5.2.0 itself (issue 26): test/scripts/kll_oracle.cpp,
# built here against the vendored header-only sources
# (../shared/vendor/datasketches-cpp-*.tar.xz; a "skip - " line when absent) and
# the core's kll.cpp, no server: our sketch after the same updates is byte for byte
# the image datasketches-cpp writes (its coin set to ours), images of doubles and
# floats import and export to themselves, quantiles and ranks of an import are
# datasketches-cpp's, merges have its shape, and ranks stay within the rank error.
set -euo pipefail
cd "$(dirname "$0")/../.."

tarball=
for dir in "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/../shared/vendor" /work/shared/vendor; do
	for f in "$dir"/datasketches-cpp-*.tar.xz; do [ -f "$f" ] && tarball=$f && break 2; done
done
if [ -z "$tarball" ]; then
	echo "skip - ../shared/vendor/datasketches-cpp-*.tar.xz is absent: no datasketches-cpp to check against"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$tarball" -C "$work"
src=$(echo "$work"/datasketches-cpp-*)
g++ -std=c++17 -O2 -ffp-contract=off -I"$src/kll/include" -I"$src/common/include" -Isrc -Isrc/core \
	-o "$work/oracle" test/scripts/kll_oracle.cpp src/core/kll.cpp src/core/header.cpp src/core/core.cpp
"$work/oracle"
