#!/usr/bin/env bash
# Runs the oracle's differential test (Tests/FlexDecoderTests/Oracle/) for many iterations:
# FlexJSONDecoder against the reference decoder and JSONDecoder on mutated zoo documents.
#
#   Scripts/oracle.sh [ITERATIONS] [FIRST]
#
# ITERATIONS defaults to 200000 (about 40 minutes in a debug build on two cores); FIRST is the
# first iteration (a failure names its iteration: `Scripts/oracle.sh 1 <iteration>` reruns it).
set -euo pipefail
cd "$(dirname "$0")/.."
FLEX_ORACLE_ITERATIONS=${1:-200000} FLEX_ORACLE_FIRST=${2:-0} \
  swift test --filter OracleDifferentialTests
