#!/usr/bin/env bash
# commit_id.sh SOURCE_DIR: cmake/ProactCommit.cmake names the commit of a
# git checkout (12 digits, "-dirty" with changed tracked files), "unknown"
# for sources without git (a tarball) and for a tree copied inside another
# repository, and the packager's -DCOMMIT over either; an unchanged commit
# leaves the header untouched, so that nothing rebuilds.
set -uo pipefail
script=$1/cmake/ProactCommit.cmake
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "commit_id.sh: $*" >&2; exit 1; }
commit_of() { # commit_of DIR [COMMIT]: the header's commit for DIR
  rm -f "$work/h.h"
  cmake -DSOURCE_DIR="$1" -DOUT="$work/h.h" -DCOMMIT="${2:-}" -P "$script" ||
    fail "cmake -P failed for $1"
  sed -n 's/^#define PROACT_BUILD_COMMIT "\(.*\)"$/\1/p' "$work/h.h"
}
git_() { git -C "$work/repo" -c user.name=t -c user.email=t@t "$@" >/dev/null; }

mkdir -p "$work/tarball/src"
echo 'int x;' > "$work/tarball/src/a.c"
[ "$(commit_of "$work/tarball")" = unknown ] || fail "no git: not 'unknown'"
[ "$(commit_of "$work/tarball" 1a2b3c)" = 1a2b3c ] || fail "-DCOMMIT not taken"

mkdir -p "$work/repo/copy"
git_ init -q
echo 'int x;' > "$work/repo/a.c"
echo 'int y;' > "$work/repo/copy/b.c"
git_ add a.c copy/b.c
git_ commit -q -m one
id=$(git -C "$work/repo" rev-parse --short=12 HEAD)
got=$(commit_of "$work/repo")
[ "$got" = "$id" ] || fail "checkout: '$got', expected '$id'"
[ "$(commit_of "$work/repo/copy")" = unknown ] ||
  fail "a tree inside another repository took that repository's commit"
echo 'int z;' >> "$work/repo/a.c"
got=$(commit_of "$work/repo")
[ "$got" = "$id-dirty" ] || fail "changed file: '$got', expected '$id-dirty'"
echo 'untracked' > "$work/repo/new.txt"
git -C "$work/repo" checkout -q a.c
[ "$(commit_of "$work/repo")" = "$id" ] || fail "an untracked file made it dirty"

cmake -DSOURCE_DIR="$work/repo" -DOUT="$work/keep.h" -P "$script"
touch -d '2000-01-01' "$work/keep.h"
cmake -DSOURCE_DIR="$work/repo" -DOUT="$work/keep.h" -P "$script"
[ "$(stat -c %Y "$work/keep.h")" = "$(date -d 2000-01-01 +%s)" ] ||
  fail "an unchanged commit rewrote the header"
echo "ok: commit $id, $id-dirty, unknown without git or inside another repository, -DCOMMIT"
