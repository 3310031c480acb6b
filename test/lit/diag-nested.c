// A '#pragma proact' met while the plugin reads another directive's loop:
// one located error for the user's mistake, never a crash, never an error
// inside generated code.
// RUN: not %proact-cc -fsyntax-only -DNESTED %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=NESTED
// RUN: not %proact-cc -fsyntax-only -DDATA_IN_LOOP %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=DATA
// RUN: not %proact-cc -fsyntax-only -DBRACE %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=BRACE
// RUN: not %proact-cc -fsyntax-only -DPAREN %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=PAREN
// RUN: not %proact-cc -fsyntax-only -DSQUARE %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=SQUARE
// RUN: not %proact-cc -fsyntax-only -DTWICE %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=TWICE
// RUN: not %proact-cc -fsyntax-only -DDATA_THEN_LOOP %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=DATALOOP
// RUN: %proact-cc -fsyntax-only -DAFTER_IF %s 2>&1 | %FileCheck %s --implicit-check-not=lowering --implicit-check-not=__proact --check-prefix=AFTERIF --allow-empty
// RUN: %proact-cc -E -DAFTER_IF %s | %FileCheck %s --check-prefix=AFTERIF-E
#include <proact.h>

void f(int n, double *a, double *b) {
#ifdef NESTED
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
#pragma proact region(b[0:n])
    for (int j = 0; j < n; j++)
      b[j] = 0;
  }
// NESTED: diag-nested.c:[[#@LINE-4]]:9: error: nested proact loops are not supported; annotate the outer loop only
// NESTED-NEXT: #pragma proact region(b[0:n])
// NESTED: diag-nested.c:[[#@LINE-8]]:9: note: inside the loop of this '#pragma proact'; if that loop should end before the nested directive, a '}' is missing
// NESTED: 1 error generated
#endif
#ifdef DATA_IN_LOOP
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
#pragma proact data copy(b[0:n])
    { b[i] = 0; }
  }
// DATA: diag-nested.c:[[#@LINE-3]]:9: error: '#pragma proact data' inside a '#pragma proact' loop body; put the data directive around the loop
// DATA: diag-nested.c:[[#@LINE-6]]:9: note: inside the loop of this '#pragma proact'
// DATA: 1 error generated
#endif
#ifdef PAREN
// A ')' missing in the loop header: the parser's error alone.
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++ {
    a[i] = 0;
  }
#pragma proact region(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 1;
// PAREN: diag-nested.c:[[#@LINE-6]]:30: error: expected ')'
// PAREN: 1 error generated
#endif
#ifdef SQUARE
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    a[i = 0;
  }
#pragma proact region(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 1;
// SQUARE: diag-nested.c:[[#@LINE-5]]:12: error: expected ']'
// SQUARE: 1 error generated
#endif
#ifdef TWICE
// A directive where the loop of the one before should be: reported there.
#pragma proact region(a[0:n])
#pragma proact region(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 1;
// TWICE: diag-nested.c:[[#@LINE-3]]:9: error: this '#pragma proact' directive comes between the one at line [[#@LINE-4]] and the 'for' loop that one needs; write one directive for each 'for' loop
// TWICE: 1 error generated
#endif
#ifdef DATA_THEN_LOOP
#pragma proact data copy(a[0:n])
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 1;
// DATALOOP: diag-nested.c:[[#@LINE-3]]:9: error: this '#pragma proact' directive comes between the one at line [[#@LINE-4]] and the block that one needs; write one directive for each block
// DATALOOP: 1 error generated
#endif
#ifdef AFTER_IF
// A directive right after a loop whose body is an 'if' without 'else' (the
// token after it is read to look for one) is the next directive.
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    if (i > 1)
      a[i] = 1;
#pragma proact region(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 1;
// AFTERIF-NOT: error
// AFTERIF-E: __proact_desc.line = [[#@LINE-8]];
// AFTERIF-E: __proact_desc.line = [[#@LINE-5]];
#endif
#ifndef BRACE
}
#else
// A '}' missing before the next directive, at the end of the file: the
// parser's error at the end of the file alone.
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = 0;
#pragma proact region(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 1;
}
// BRACE-NOT: nested proact
// BRACE: error: expected '}'
// BRACE-NOT: error
// BRACE: 1 error generated
#endif
