// decompose(block | cyclic | block_cyclic, B | auto): how the iterations
// are split over the devices. B is any expression (checked at run time);
// without the clause the runtime chooses (auto).
// RUN: %proact-cc -E %s -o - | %FileCheck %s
// RUN: not %proact-cc -fsyntax-only %s -DBAD 2>&1 | %FileCheck --check-prefix=BAD %s
#include <proact.h>

void f(int n, int b, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 0;
// CHECK: __proact_desc.decomp = 0; __proact_desc.decomp_block =0;
#pragma proact region(a[0:n]) decompose(block)
  for (int i = 0; i < n; i++)
    a[i] = 1;
// CHECK: __proact_desc.decomp = 1; __proact_desc.decomp_block =0;
#pragma proact region(a[0:n]) decompose(cyclic)
  for (int i = 0; i < n; i++)
    a[i] = 2;
// CHECK: __proact_desc.decomp = 2; __proact_desc.decomp_block =1;
#pragma proact region(a[0:n]) decompose(block_cyclic, 4 * b)
  for (int i = 0; i < n; i++)
    a[i] = 3;
// CHECK: __proact_desc.decomp = 2; __proact_desc.decomp_block =(long long)( 4 * b);
#pragma proact region(a[0:n]) decompose(auto)
  for (int i = 0; i < n; i++)
    a[i] = 4;
// CHECK: __proact_desc.decomp = 0; __proact_desc.decomp_block =0;
#ifdef BAD
// BAD: clause-decompose.c:[[@LINE+1]]:{{[0-9]+}}: error: invalid decompose(...) clause: block_cyclic needs the block size: decompose(block_cyclic, B)
#pragma proact region(a[0:n]) decompose(block_cyclic)
  for (int i = 0; i < n; i++)
    a[i] = 5;
// BAD: clause-decompose.c:[[@LINE+1]]:{{[0-9]+}}: error: invalid decompose(...) clause: expected block, cyclic, block_cyclic, B or auto
#pragma proact region(a[0:n]) decompose(diagonal)
  for (int i = 0; i < n; i++)
    a[i] = 6;
#endif
}
