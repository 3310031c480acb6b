// A store is guarded (it may not run at every iteration) only when a
// statement governs it, a ?:, && or || comes before it in its own
// statement, or a jump comes before it; conditions of earlier, complete
// statements do not count. Inline forwarding and the runtime's checks of
// independent iterations depend on it.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void stores(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 1; i < n - 1; i++) {
    double d = u[i] > 0 ? u[i] : -u[i];
    v[i] = d || u[i - 1] ? d : 0.0;
  }
// CHECK-LABEL: __proact_desc.line = 10;
// CHECK: __proact_writes[0].guarded = 0;
// CHECK: proact__loop_end

#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++)
    if (u[i] > 0)
      v[i] = u[i];
// CHECK-LABEL: __proact_desc.line = 19;
// CHECK: __proact_writes[0].guarded = 1;
// CHECK: proact__loop_end

#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++) {
    if (u[i] > 0)
      u[i] = 0;
    else
      v[i] = 1;
    v[i] = 2;
  }
// CHECK-LABEL: __proact_desc.line = 27;
// CHECK: __proact_writes[0].guarded = 1;
// CHECK: __proact_writes[1].guarded = 1;
// CHECK: __proact_writes[2].guarded = 0;
// CHECK: proact__loop_end

#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++) {
    for (long k = 0; k < 4; k++)
      if (u[i] > k)
        break;
    v[i] = 1;
    u[i] > 0 && (v[i] = 3);
  }
// CHECK-LABEL: __proact_desc.line = 41;
// CHECK: __proact_writes[0].guarded = 1;
// CHECK: __proact_writes[1].guarded = 1;
// CHECK: proact__loop_end

#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++)
    for (long k = 0; k < 4; k++)
      v[i * 4 + k] = u[i];
// CHECK-LABEL: __proact_desc.line = 54;
// CHECK: __proact_writes[0].guarded = 0;
// CHECK: proact__loop_end
}
