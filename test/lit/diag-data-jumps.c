// Jumps across the boundary of a data region are errors at the jump, with a
// note at the region's directive: the region's exit (or entry) would not
// run. Jumps that stay inside the region are fine.
// RUN: not %proact-cc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=lowering --implicit-check-not=__proact
// RUN: not %proact-offload-cc -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=ERRORS
// ERRORS: 6 errors generated
#include <proact.h>

int leave(int n, double *a, int why) {
  for (int t = 0; t < 10; t++) {
#pragma proact data copy(a[0:n])
    {
#pragma proact region(a[0:n])
      for (int i = 0; i < n; i++)
        a[i] += 1;
      if (why == 1)
        return 1;
// CHECK: diag-data-jumps.c:[[#@LINE-1]]:9: error: cannot leave a proact data region with 'return' (its exit copies the arrays back to the host and frees their device copies); store the result in a variable and return after the region
// CHECK: diag-data-jumps.c:[[#@LINE-8]]:9: note: the proact data region begins here
      if (why == 2)
        break;
// CHECK: diag-data-jumps.c:[[#@LINE-1]]:9: error: cannot leave a proact data region with 'break' {{.*}}; set a flag and break after the region, or put the loop inside the region
// CHECK: diag-data-jumps.c:[[#@LINE-12]]:9: note: the proact data region begins here
      if (why == 3)
        continue;
// CHECK: diag-data-jumps.c:[[#@LINE-1]]:9: error: cannot leave a proact data region with 'continue' {{.*}}; set a flag and continue after the region, or put the loop inside the region
      if (why == 4)
        goto out;
// CHECK: diag-data-jumps.c:[[#@LINE-1]]:9: error: cannot leave a proact data region with 'goto' {{.*}}; set a flag and jump after the region
      // Fine: inside the region.
      if (why == 5)
        goto in;
      for (int k = 0; k < 3; k++) {
        if (k)
          break;
        continue;
      }
      switch (why) {
      case 6:
        break;
      }
      while (why--)
        if (why == 7)
          break;
    in:
      a[0] = 1;
    }
  }
  goto inside;
// CHECK: diag-data-jumps.c:[[#@LINE-1]]:3: error: cannot jump into a proact data region with 'goto' (its entry makes the arrays' device copies); jump to a label before the region's directive instead
// CHECK: diag-data-jumps.c:[[#@LINE+1]]:9: note: the proact data region begins here
#pragma proact data copy(a[0:n])
  {
  inside:
    a[0] = 2;
#pragma proact data copy(a[0:n])
    {
      // Reported once, for the innermost region.
      if (why)
        return 2;
// CHECK: diag-data-jumps.c:[[#@LINE-1]]:9: error: cannot leave a proact data region with 'return'
// CHECK: diag-data-jumps.c:[[#@LINE-6]]:9: note: the proact data region begins here
    }
  }
out:
  return 0;
}
// CHECK: 6 errors generated
