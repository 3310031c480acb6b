#!/usr/bin/env bash
# abi_version.sh SOURCE_DIR: the tree's lowering contract, ABI and version
# agree with cmake/LoweringABI.txt and CHANGELOG.md (scripts/lowering-abi.py);
# and in a copy of the files the check reads, a comment or layout change
# passes, a changed declaration fails naming the fix, the same change with
# the ABI, the version, the record and the changelog raised passes, and
# the ABI raised without the version fails.
set -uo pipefail
src=$1
check=$src/scripts/lowering-abi.py
fail() { echo "abi_version.sh: $*" >&2; exit 1; }
python3 "$check" --check "$src" || fail "this tree"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fresh() {
  rm -rf "$work/t"
  mkdir -p "$work/t/include/proact" "$work/t/cmake"
  cp -r "$src/include/proact/detail" "$work/t/include/proact/"
  cp "$src/CMakeLists.txt" "$src/CHANGELOG.md" "$work/t/"
  cp "$src/cmake/LoweringABI.txt" "$work/t/cmake/"
}
codegen=$work/t/include/proact/detail/codegen.h

fresh
printf '\n/* a comment */\n\n' >> "$codegen"
sed -i 's/^typedef struct proact__array {$/typedef   struct proact__array\n{/' "$codegen"
python3 "$check" --check "$work/t" >/dev/null || fail "a comment and a line break counted as a change"

fresh
sed -i 's/^  long long len;    \/\* number of elements \*\/$/  long long len, stride;/' "$codegen"
grep -q 'long long len, stride;' "$codegen" || fail "test set-up: codegen.h's proact__array changed"
out=$(python3 "$check" --check "$work/t" 2>&1) && fail "a changed descriptor passed"
grep -q "changed .*but PROACT_LOWERING_ABI is still" <<<"$out" || fail "no reason: $out"
echo "ok: a changed descriptor without a raise fails: ${out:0:160}..."

abi=$(sed -n 's/^#define PROACT_LOWERING_ABI \([0-9]*\)$/\1/p' "$codegen")
next=$((abi + 1))
sed -i "s/^#define PROACT_LOWERING_ABI $abi\$/#define PROACT_LOWERING_ABI $next/" "$codegen"
out=$(python3 "$check" --check "$work/t" 2>&1) && fail "the ABI raised alone passed"
grep -q "PROACT_LOWERING_ABI is $next, but the last line" <<<"$out" || fail "ABI alone: $out"
minor=$(sed -n 's/^project(proact VERSION [0-9]*\.\([0-9]*\)\..*/\1/p' "$work/t/CMakeLists.txt")
major=$(sed -n 's/^project(proact VERSION \([0-9]*\)\..*/\1/p' "$work/t/CMakeLists.txt")
line=$(python3 "$check" --print "$work/t")
echo "$line" >> "$work/t/cmake/LoweringABI.txt"
out=$(python3 "$check" --check "$work/t" 2>&1) && fail "a new ABI under the old version passed"
grep -q "does not follow" <<<"$out" || fail "old version: $out"
sed -i "s/^project(proact VERSION $major\.$minor\.[0-9]*/project(proact VERSION $major.$((minor + 1)).0/" "$work/t/CMakeLists.txt"
sed -i '$d' "$work/t/cmake/LoweringABI.txt"
python3 "$check" --print "$work/t" >> "$work/t/cmake/LoweringABI.txt"
out=$(python3 "$check" --check "$work/t" 2>&1) && fail "a new version without a changelog section passed"
grep -q "CHANGELOG.md has no section" <<<"$out" || fail "changelog: $out"
printf '\n## %s.%s.0 (lowering ABI %s)\n' "$major" "$((minor + 1))" "$next" >> "$work/t/CHANGELOG.md"
python3 "$check" --check "$work/t" || fail "the change with everything raised failed"
echo "ok: the change passes with the ABI, the version, the record and the changelog raised"
