#!/bin/sh
# Builds FlexDecoder's DocC documentation with the toolchain's own `docc`, without the
# swift-docc-plugin (so it works offline and adds no package dependency).
#
#   Scripts/build-docs.sh [output-path]     default: .build/docs/FlexDecoder.doccarchive
#   docc preview Sources/FlexDecoder/FlexDecoder.docc \
#     --additional-symbol-graph-dir .build/docs/symbol-graphs/FlexDecoder   # to browse locally
#
# Steps: compile the FlexDecoder target with symbol-graph output (in a scratch directory of its
# own, so the regular debug build is not invalidated), keep FlexDecoder's graphs (they already
# hold the FlexCore symbols it re-exports, which `swift package dump-symbol-graph` leaves out),
# and convert the catalog. Warnings are errors, so a broken ``symbol`` link fails the script.
# The compiler writes the graphs only when it compiles the module, so they are kept between
# runs; if they are missing, the scratch build is redone from nothing.
set -eu

cd "$(dirname "$0")/.."
output="${1:-.build/docs/FlexDecoder.doccarchive}"
scratch=.build/docs
graphs="$scratch/symbol-graphs"
docc="${DOCC:-$(command -v docc || xcrun --find docc)}"

build_with_graphs() {
  mkdir -p "$graphs/all"
  swift build --scratch-path "$scratch" --target FlexDecoder \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all"
}

build_with_graphs
if [ ! -f "$graphs/all/FlexDecoder.symbols.json" ]; then
  rm -rf "$scratch"
  build_with_graphs
fi
rm -rf "$graphs/FlexDecoder"
mkdir -p "$graphs/FlexDecoder"
cp "$graphs"/all/FlexDecoder*.symbols.json "$graphs/FlexDecoder/"

"$docc" convert Sources/FlexDecoder/FlexDecoder.docc \
  --additional-symbol-graph-dir "$graphs/FlexDecoder" \
  --output-path "$output" \
  --warnings-as-errors
echo "Documentation: $output"
