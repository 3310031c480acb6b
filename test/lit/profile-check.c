// Profile values are checked against the ranges of the clauses they stand
// for (chunk 0 or 256 to 1G, threads 0 or a multiple of 32 from 32 to
// 8192): each one outside is an error at its line of the profile, and the
// compilation fails. An entry of this translation unit's file at a line
// without a loop, or a second entry for one loop, is a warning at its line,
// reported once (the device pass stays quiet); other files' entries are
// none of this file's concern.
// RUN: not %proact-cc -fplugin-arg-proact-profile=%S/Inputs/range.profile -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=RANGE %s
// RUN: %proact-cc -fplugin-arg-proact-Rproact -fplugin-arg-proact-profile=%S/Inputs/moved.profile -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=MOVED --implicit-check-not=warning: %s
// RANGE: range.profile:2:41: error: PROACT profile entry for profile-check.c:19: chunk 5 is outside the chunk(...) clause's range: 0 (none chosen) or 256 to 1073741824 bytes
// RANGE: range.profile:3:55: error: PROACT profile entry for profile-check.c:23: threads 7 is outside the threads(...) clause's range: 0 (none chosen) or a multiple of 32 from 32 to 8192
// RANGE: range.profile:4:{{[0-9]+}}: error: PROACT profile entry for profile-check.c:27: threads 2147483647 is outside
// RANGE: range.profile:5:6: error: PROACT profile entry 'profile-check.c:0': the line after ':' must be a number from 1
// RANGE: range.profile:6:{{[0-9]+}}: error: PROACT profile entry for profile-check.c:23: chunk 2147483648 is outside
// RANGE: range.profile:6:{{[0-9]+}}: error: PROACT profile entry for profile-check.c:23: threads 33 is outside
#include <proact.h>

void f(long n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i];

#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    b[i] = a[n - 1 - i];

#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    a[i] = 2 * b[i];
}
// MOVED: moved.profile:6:1: warning: PROACT profile has a second entry for profile-check.c:19; the first one is used
// MOVED: profile-check.c:19:9: remark: from profile '{{.*}}moved.profile': mech(inline) chunk(4096)
// MOVED: moved.profile:4:1: warning: PROACT profile entry for profile-check.c:20 matches no '#pragma proact' loop of this translation unit (no loop at that line); not used
// MOVED: moved.profile:5:1: warning: PROACT profile entry for profile-check.c:99 matches no '#pragma proact' loop
// An empty path (an unset variable in a build script) is an error.
// Twenty warnings of a kind one by one, the rest counted in one.
// RUN: %proact-cc -fplugin-arg-proact-profile=%S/Inputs/many.profile -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=MANY %s
// MANY-COUNT-20: warning: PROACT profile has a second entry for profile-check.c:201; the first one is used
// MANY: warning: PROACT profile has 3 more second entries; the first ones are used [proact:profile-duplicate]
// MANY-COUNT-20: matches no '#pragma proact' loop of this translation unit (no loop at that line)
// MANY: warning: PROACT profile has 5 more entries that match no '#pragma proact' loop of this translation unit; not used [proact:profile-unmatched]

// RUN: not %proact-cc -fplugin-arg-proact-profile= -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=EMPTY %s
// EMPTY: error: invalid value '' of PROACT plugin argument 'profile': expected the path of a profile file
// A comment after an entry; a path written with %20 for its blanks.
// RUN: %proact-cc -fplugin-arg-proact-Rproact -fplugin-arg-proact-profile=%S/Inputs/escaped.profile -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=ESCAPED --implicit-check-not=warning: --implicit-check-not=error: %s
// ESCAPED: profile-check.c:23:9: remark: from profile '{{.*}}escaped.profile': mech(dma) chunk(8192)
