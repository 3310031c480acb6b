// <proact.h> reads the generated-code contract from proact/detail/ beside
// it; an installation that lost that directory is one clear error.
// RUN: rm -rf %t && mkdir -p %t/inc/proact
// RUN: cp %S/../../include/proact.h %t/inc/ && cp %S/../../include/proact/status.h %t/inc/proact/
// RUN: not %plugin-cc -fsyntax-only -I%t/inc %s 2>&1 | %FileCheck %s
// CHECK: error: PROACT's generated-code contract is missing: {{.*}}/proact/detail/codegen.h; reinstall PROACT (proact/detail/ must lie beside proact.h)
// CHECK-NOT: error:
#include <proact.h>

void f(int n, double *a) {
  for (int i = 0; i < n; i++) a[i] = 0;
}
