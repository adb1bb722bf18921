#!/usr/bin/env bash
# Builds one libFuzzer target from Fuzz/ and runs it for a while.
#
#   Scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags…]
#
# TARGET is `tokenizer` (Fuzz/TokenizerFuzzer.swift: the scanner and JSONValue) or `decoder`
# (Fuzz/DecoderFuzzer.swift: FlexJSONDecoder and FlexJSONEncoder). The targets are not SwiftPM
# targets: the library sources are compiled here with -sanitize=fuzzer,address, module by module
# (FlexCore, then FlexDecoder, which re-exports it and shares its `package` declarations), into
# .build-fuzz/. The seed corpus is the JSONTestSuite parsing cases, the benchmark documents and
# Fuzz/Seeds/ (documents shaped like the decoder fuzzer's model, after the 8 option bytes that
# start every DecoderFuzzer input; the other seeds get two sets of option bytes here, the
# defaults and lenient ones); Fuzz/TARGET.dict lists tokens;
# what the fuzzer learns is kept in fuzz-out/TARGET/corpus, crashes in fuzz-out/TARGET/ (both
# ignored by git). Reproduce a crash with `.build-fuzz/TARGET/fuzzer fuzz-out/TARGET/crash-…`.
#
# The library is built with FLEX_INTERNAL_CHECKS (Package.swift): its lookups are checked against
# a plain scan, and its tape reads against the tape's bounds. FUZZ_INTERNAL_CHECKS=0 builds it
# without them (into .build-fuzz/TARGET-unchecked), to measure what they cost.
#
# Exits non-zero when the fuzzer finds a crash, a hang (-timeout) or a sanitizer report.
#
# The decoder's semantics (values and issues under every error policy) are checked against a
# reference decoder by a long seeded run instead: `Scripts/oracle.sh 200000`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 2 ]]; then
  echo "usage: $0 tokenizer|decoder SECONDS [libFuzzer flags…]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2

case "$target" in
  tokenizer | TokenizerFuzzer) target=tokenizer source=Fuzz/TokenizerFuzzer.swift modules=(FlexCore) ;;
  decoder | DecoderFuzzer) target=decoder source=Fuzz/DecoderFuzzer.swift modules=(FlexCore FlexDecoder) ;;
  *)
    echo "unknown target '$target' (expected tokenizer or decoder)" >&2
    exit 2
    ;;
esac

build=.build-fuzz/$target
# FUZZ_OPTIMIZATION=-Onone builds in about a quarter of the time and runs several times slower:
# for CI's short runs, where the build is most of the time (into .build-fuzz/TARGET-Onone).
optimization=${FUZZ_OPTIMIZATION:--O}
flags=(-sanitize=fuzzer,address -parse-as-library "$optimization" -package-name FlexDecoder -use-ld=lld)
if [[ $optimization != -O ]]; then
  # (Line tables only: with full debug info, an unoptimized build also wraps the module into an
  # object of the same name.)
  build=$build$optimization
  flags+=(-gline-tables-only)
else
  flags+=(-g)
fi
if [[ ${FUZZ_INTERNAL_CHECKS:-1} == 0 ]]; then
  build=$build-unchecked
else
  flags+=(-D FLEX_INTERNAL_CHECKS)
fi
binary=$build/fuzzer

# Rebuild when the target or any library source is newer than the binary.
if [[ ! -x $binary ]] || [[ -n $(find "$source" "Fuzz/$target.dict" Sources/FlexCore Sources/FlexDecoder Scripts/fuzz.sh -newer "$binary" -print -quit) ]]; then
  echo "building $binary" >&2
  rm -rf "$build"
  mkdir -p "$build"
  objects=()
  for module in "${modules[@]}"; do
    # shellcheck disable=SC2046 # file names have no spaces
    swiftc "${flags[@]}" -wmo -module-name "$module" -I "$build" \
      -emit-module -emit-module-path "$build/$module.swiftmodule" \
      -c -o "$build/$module.o" $(find "Sources/$module" -name '*.swift' | sort)
    objects+=("$build/$module.o")
  done
  swiftc "${flags[@]}" -module-name "${target}_fuzzer" -I "$build" "$source" "${objects[@]}" -o "$binary"
fi

# Seeds go into a temporary directory, which libFuzzer only reads; new inputs go to the corpus.
out=fuzz-out/$target
mkdir -p "$out/corpus"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
documents=(Tests/FlexCoreTests/Resources/JSONTestSuite/test_parsing/*.json Benchmarks/Data/*.json)
if [[ $target == decoder ]]; then
  # DecoderFuzzer reads its options from the first 8 bytes (Fuzz/DecoderFuzzer.swift, `Header`):
  # all zero is the defaults (no coercions); the other set is lenient (`.flexible` dates, snake
  # case, every coercion, unknown keys reported, the other ways in compared).
  for document in "${documents[@]}"; do
    name=$(basename "$document")
    { printf '\0\0\0\0\0\0\0\0'; cat "$document"; } > "$seeds/default-$name"
    { printf '\x04\x01\xff\x3f\x20\x02\x00\x2d'; cat "$document"; } > "$seeds/lenient-$name"
  done
else
  cp "${documents[@]}" "$seeds/"
fi
cp Fuzz/Seeds/* "$seeds/"

# Swift's own crash backtracer would run inside AddressSanitizer's report and trip it: leave the
# report to the sanitizer. Leaks of the toolchain's Foundation are suppressed (Fuzz/leaks.supp).
LSAN_OPTIONS=suppressions=Fuzz/leaks.supp SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -dict="Fuzz/$target.dict" -artifact_prefix="$out/" "$@" "$out/corpus" "$seeds"
