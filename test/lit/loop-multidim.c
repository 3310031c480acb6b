// C's own multi-dimensional arrays are lowered as flat arrays of their
// scalar element (docs/design/lowering.md, "Multi-dimensional arrays"):
// a flat pointer and strides from sizeof at the top of the lowering, each
// access a[e1][e2] rewritten to __proact_flat_a[(e1) * __proact_s1_a +
// (e2)], each section to flat elements, and the name the runtime prints is
// the user's.
// RUN: %proact-cc -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck %s
#include <proact.h>

typedef float real;
struct pt { double x, y; };

// A VLA parameter, a[lo:len][0:m] and a[lo:len] (whole rows).
void vla(long n, long m, double u[n][m], double v[n][m]) {
#pragma proact region(u[0:n][0:m], v[1:n-2])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < m - 1; j++)
      v[i][j] = u[i - 1][j] + u[i][j + 1];
}
// CHECK-LABEL: void vla(
// CHECK: typeof (&(u)[0][0]) __proact_flat_u = &(u)[0][0];
// CHECK: const long long __proact_s1_u = (long long)(sizeof ((u)[0]) / sizeof ((u)[0][0]));
// CHECK: typeof (&(v)[0][0]) __proact_flat_v = &(v)[0][0];
// CHECK: const long long __proact_len0 = (long long)((n) * __proact_s1_u);
// CHECK: __proact_arrays[0].name = "u";
// CHECK: __proact_arrays[0].base = (void *)(__proact_flat_u);
// CHECK: __proact_arrays[0].elem_size = sizeof ((__proact_flat_u)[0]);
// CHECK: const long long __proact_lo1 = (long long)((1) * __proact_s1_v);
// CHECK: const long long __proact_len1 = (long long)((n - 2) * __proact_s1_v);
// CHECK: __proact_arrays[1].name = "v";
// The access analysis sees a flat array with a symbolic coefficient.
// CHECK: const typeof ((long)0 + (m - 1)) __proact_sb0 = (typeof ((long)0 + (m - 1)))(m - 1);
// CHECK: const long long __proact_sf0 = (long long)(long)(1), __proact_sl0 = {{[^;]*}}(long long)(__proact_sb0));
// CHECK: __proact_writes[0].coef = (long long)(((1) * ((__proact_s1_v) + 0LL)));
// CHECK: proact__span_add(&__proact_writes[0], (long long)((1)), __proact_sf0, __proact_sl0, (long long)(1), 0);
// CHECK: typeof (&(__proact_flat_u)[0]) __proact_pb0 = (typeof (&(__proact_flat_u)[0]))proact__loop_part_base(__proact_loop, __proact_p, 0);
// CHECK: is_device_ptr(__proact_pb0,__proact_pb1)
// CHECK: typeof (__proact_pb0) __proact_flat_u = __proact_pb0;
// CHECK: __proact_flat_v[(i) * __proact_s1_v + (j)] = __proact_flat_u[(i - 1) * __proact_s1_u + (j)] + __proact_flat_u[(i) * __proact_s1_u + (j + 1)];

// reads(...) names whole rows: iteration i reads rows i - 1 to i + 1.
void rows(long n, long m, double u[n][m], double v[n][m]) {
#pragma proact region(u[0:n], v[0:n]) reads(u[i - 1:3])
  for (long i = 1; i < n - 1; i++)
    for (long j = 0; j < m; j++)
      v[i][j] = u[i - 1][(j * 7) % m] + u[i + 1][j];
}
// CHECK-LABEL: void rows(
// CHECK: __proact_reads[0].coef = (long long)(((1) * ((__proact_s1_u) + 0LL)));
// CHECK-NEXT: __proact_reads[0].off_min = (long long)((((0 - (1))) * ((__proact_s1_u) + 0LL)));
// CHECK-NEXT: __proact_reads[0].off_max = __proact_reads[0].off_min + (long long)((3) * __proact_s1_u) - 1;

// Constant extents, a 3-D local array named whole, a typedef'd element, an
// array of structs and a pointer to rows (const elements).
real g[8][6];
void fixed(int n, const double (*p)[6]) {
  struct pt w[8][6][2];
#pragma proact region(g, p[0:8][0:6], w)
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 6; j++) {
      g[i][j] = (real)p[i][j];
      w[i][j][1].x = p[i][j];
    }
}
// CHECK-LABEL: void fixed(
// CHECK: typeof (&(g)[0][0]) __proact_flat_g = &(g)[0][0];
// CHECK: typeof (&(p)[0][0]) __proact_flat_p = &(p)[0][0];
// CHECK: typeof (&(w)[0][0][0]) __proact_flat_w = &(w)[0][0][0];
// CHECK: const long long __proact_s1_w = (long long)(sizeof ((w)[0]) / sizeof ((w)[0][0][0]));
// CHECK: const long long __proact_s2_w = (long long)(sizeof ((w)[0][0]) / sizeof ((w)[0][0][0]));
// CHECK: const long long __proact_len0 = (long long)(sizeof (g) / sizeof ((g)[0][0]));
// CHECK: const long long __proact_len2 = (long long)(sizeof (w) / sizeof ((w)[0][0][0]));
// A store to a member of an element stores the element.
// CHECK: __proact_writes[1].array = 2;
// CHECK: __proact_desc.nwrites = 2;
// CHECK: __proact_flat_g[(i) * __proact_s1_g + (j)] = (real)__proact_flat_p[(i) * __proact_s1_p + (j)];
// CHECK: __proact_flat_w[(i) * __proact_s1_w + (j) * __proact_s2_w + (1)].x = __proact_flat_p[(i) * __proact_s1_p + (j)];

// A subscript of a multi-dimensional array inside another's; the data and
// update directives take the same sections.
void nested(long n, long m, int k[n][2], double a[n][m]) {
#pragma proact data copy(a[0:n][0:m]) copyin(k[0:n])
  {
#pragma proact region(k[0:n], a[0:n])
    for (long i = 0; i < n; i++)
      a[i][0] = a[i][k[i][1]];
#pragma proact update host(a[n-1:1])
  }
}
// CHECK-LABEL: void nested(
// CHECK: __proact_maps[0].array.name = "a";
// CHECK: __proact_maps[0].array.base = (void *)(__proact_flat_a);
// A load through an index that is not affine is checked by the kernels,
// against the flat section.
// CHECK: __proact_flat_a[(i) * __proact_s1_a + (0)] = (*(typeof (&(__proact_flat_a)[0]))proact__read_at((const void *)(__proact_flat_a), sizeof ((__proact_flat_a)[0]), (long long)((i) * __proact_s1_a + (__proact_flat_k[(i) * __proact_s1_k + (1)])), __proact_plo1,
// CHECK: proact__update_item_t __proact_update[1];
// CHECK: const long long __proact_lo0 = (long long)((n - 1) * __proact_s1_a);
