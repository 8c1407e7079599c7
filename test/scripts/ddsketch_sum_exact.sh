#!/usr/bin/env bash
# ddsketch's exact sum against Python's fractions (issue 38): values at the sum's
# limb boundaries, sign changes, the ends of the double range; row orders, splits
# and a parallel plan (ddsketch_sum_exact.py says how). About 5 s.
set -euo pipefail
cd "$(dirname "$0")"
# Debian's interpreter (a python3 earlier on PATH may be another).
exec /usr/bin/python3 ddsketch_sum_exact.py
