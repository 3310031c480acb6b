/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Trip counts and access spans, in 128-bit arithmetic. */
#include <limits.h>

#include "error_report.h"
#include "span.h"

long long proact__trip_count_checked(long long first, long long bound,
                                     long long step, int cmp) {
  __int128 f = first, b = bound, s = step, n;
  int runs;

  switch (cmp) {
  case PROACT__CMP_LT: runs = f < b; break;
  case PROACT__CMP_LE: runs = f <= b; break;
  case PROACT__CMP_GT: runs = f > b; break;
  case PROACT__CMP_GE: runs = f >= b; break;
  default: return -1;
  }
  if (!runs)
    return 0;
  /* A loop that runs must move towards the bound. */
  if ((cmp <= PROACT__CMP_LE && s <= 0) || (cmp >= PROACT__CMP_GT && s >= 0))
    return -1;
  switch (cmp) {
  case PROACT__CMP_LT: n = (b - f + s - 1) / s; break;
  case PROACT__CMP_LE: n = (b - f) / s + 1; break;
  case PROACT__CMP_GT: n = (f - b - s - 1) / -s; break;
  default: n = (f - b) / -s + 1; break;
  }
  return n > LLONG_MAX ? -2 : (long long)n;
}

static __int128 span_min(__int128 a, __int128 b) { return a < b ? a : b; }
static __int128 span_max(__int128 a, __int128 b) { return a < b ? b : a; }

int proact__site_narrow(const proact__access_t *site, long long first,
                        long long step, long long klo, long long khi,
                        proact__access_t *out) {
  __int128 i0, i1;
  *out = *site;
  if (site->empty || klo >= khi)
    return 0;
  i0 = (__int128)first + (__int128)klo * step;
  i1 = (__int128)first + (__int128)(khi - 1) * step;
  for (int d = 0; d < site->ndims && d < PROACT__ACCESS_DIMS; d++) {
    __int128 lo, hi, dl, dh, stride = site->dim_stride[d];
    if (!site->dep[d])
      continue;
    /* Affine bounds take their extremes at the range's ends. */
    lo = span_min((__int128)site->dep_lo[d][0] * i0 + site->dep_lo[d][1],
                  (__int128)site->dep_lo[d][0] * i1 + site->dep_lo[d][1]);
    hi = span_max((__int128)site->dep_hi[d][0] * i0 + site->dep_hi[d][1],
                  (__int128)site->dep_hi[d][0] * i1 + site->dep_hi[d][1]);
    lo = span_max(lo, site->dep_hull[d][0]);
    hi = span_min(hi, site->dep_hull[d][1]);
    if (lo > hi) /* the inner loop runs in none of these iterations */
      return 0;
    dl = lo - site->dep_hull[d][0];
    dh = site->dep_hull[d][1] - hi;
    out->dep[d] = 0; /* *out is these iterations' form: narrowed once */
    out->dim_count[d] = (long long)(hi - lo + 1);
    if (stride > 0) {
      out->off_min = (long long)(out->off_min + stride * dl);
      out->off_max = (long long)(out->off_max - stride * dh);
    } else {
      out->off_min = (long long)(out->off_min - stride * dh);
      out->off_max = (long long)(out->off_max + stride * dl);
    }
  }
  return 1;
}

int proact__span_of_site(const proact__access_t *site_in, long long first,
                         long long step, long long klo, long long khi,
                         proact__span_t *span_p) {
  __int128 i_first, i_last, x, y;
  proact__access_t narrowed;
  const proact__access_t *site = &narrowed;

  if (!proact__site_narrow(site_in, first, step, klo, khi, &narrowed))
    return 0;
  i_first = (__int128)first + (__int128)klo * step;
  i_last = (__int128)first + (__int128)(khi - 1) * step;
  x = (__int128)site->coef * i_first;
  y = (__int128)site->coef * i_last;
  span_p->lo = (x < y ? x : y) + site->off_min;
  span_p->hi = (x < y ? y : x) + site->off_max;
  if (site->bounded) {
    /* Both forms hold every accessed index: so does their intersection,
     * and an empty one means nothing is accessed. */
    x = (__int128)site->bcoef * i_first;
    y = (__int128)site->bcoef * i_last;
    if ((x < y ? x : y) + site->boff_min > span_p->lo)
      span_p->lo = (x < y ? x : y) + site->boff_min;
    if ((x < y ? y : x) + site->boff_max < span_p->hi)
      span_p->hi = (x < y ? y : x) + site->boff_max;
    if (span_p->lo > span_p->hi)
      return 0;
  }
  return 1;
}

const char *proact__span_format(__int128 value, char *buf) {
  char tmp[48];
  int n = 0, neg = value < 0;
  unsigned __int128 u =
      neg ? -(unsigned __int128)value : (unsigned __int128)value;

  do {
    tmp[n++] = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u != 0);
  int j = 0;
  if (neg)
    buf[j++] = '-';
  while (n > 0)
    buf[j++] = tmp[--n];
  buf[j] = '\0';
  return buf;
}

/* The ABI entry points (include/proact/detail/codegen.h). */
static const char *const cmp_spelling[] = {"<", "<=", ">", ">="};

long long proact__trip_count(long long first, long long bound,
                             long long step, int cmp, const char *file,
                             int line) {
  long long n;
  if (cmp < PROACT__CMP_LT || cmp > PROACT__CMP_GE)
    proact__fatal(file, line, 0, "invalid loop comparison %d", cmp);
  n = proact__trip_count_checked(first, bound, step, cmp);
  if (n == -1)
    proact__fatal(file, line, 0,
                  "loop from %lld while %s %lld in steps of %lld never ends: "
                  "the step is %s",
                  first, cmp_spelling[cmp], bound, step,
                  step == 0 ? "0" : "of the wrong sign");
  if (n == -2)
    proact__fatal(file, line, 0, "loop from %lld while %s %lld in steps of %lld "
                  "has more than %lld iterations",
                  first, cmp_spelling[cmp], bound, step, LLONG_MAX);
  return n;
}

void proact__loop_fits(long long first, long long bound, long long step,
                       int cmp, int bits, int is_signed, const char *file,
                       int line) {
  __int128 lo, hi, after;
  long long n;
  char text[48];
  if (bits < 1 || bits > 64)
    return;
  /* A 64-bit unsigned variable's values are counted as long long: one at
   * 2^63 or past it (a negative first here) cannot be, whatever count the
   * long long comparison gives. */
  if (bits == 64 && !is_signed && first < 0 && cmp >= PROACT__CMP_LT &&
      cmp <= PROACT__CMP_GE)
    proact__fatal(file, line, 0,
                  "loop from %llu while %s %llu in steps of %lld starts at or past "
                  "2^63, which PROACT's iteration counts (long long) cannot "
                  "hold: count with a signed variable from a value below it",
                  (unsigned long long)first, cmp_spelling[cmp],
                  (unsigned long long)bound, step);
  n = proact__trip_count_checked(first, bound, step, cmp);
  if (n <= 0) /* none, or reported by proact__trip_count */
    return;
  if (bits == 64 && !is_signed) {
    /* Counted as long long, whose greatest value also stands for a bound
     * past it (PROACT__LOOP_BOUND saturates). */
    lo = 0;
    hi = LLONG_MAX - 1;
  } else if (bits == 1) {
    lo = 0;
    hi = 1;
  } else if (is_signed) {
    lo = -((__int128)1 << (bits - 1));
    hi = ((__int128)1 << (bits - 1)) - 1;
  } else {
    lo = 0;
    hi = ((__int128)1 << bits) - 1;
  }
  after = (__int128)first + (__int128)n * step;
  if (after >= lo && after <= hi)
    return;
  if (bits == 64 && !is_signed && after > hi)
    proact__fatal(file, line, 0,
                  "loop from %lld while %s %lld in steps of %lld counts up to 2^63 "
                  "or past it, which PROACT's iteration counts (long long) "
                  "cannot hold",
                  first, cmp_spelling[cmp], bound, step);
  proact__fatal(file, line, 0,
                "loop from %lld while %s %lld in steps of %lld goes past its "
                "variable's range: after its last iteration the variable "
                "(%d-bit %s) would be %s, which it cannot hold, so in C it "
                "%s there instead of ending the loop; PROACT cannot split "
                "such a loop: give the variable a type that holds that value",
                first, cmp_spelling[cmp], bound, step, bits,
                bits == 1 ? "_Bool" : is_signed ? "signed" : "unsigned",
                proact__span_format(after, text),
                bits == 1 ? "becomes 1" : is_signed ? "overflows" : "wraps around");
}

static long long saturate(__int128 v) {
  return v > LLONG_MAX ? LLONG_MAX : v < LLONG_MIN ? LLONG_MIN : (long long)v;
}

void proact__span_add(proact__access_t *site, long long coef,
                      long long first, long long bound, long long step,
                      int cmp) {
  long long n = proact__trip_count_checked(first, bound, step, cmp);
  __int128 x, y;

  if (n == -1)
    proact__fatal(NULL, 0, 0,
                  "inner loop of the access at line %d:%d never ends: its "
                  "step is %lld",
                  site->line, site->col, step);
  if (n == 0) {
    site->empty = 1;
    return;
  }
  /* n == -2 (huge) still has a last value below: first + (n-1)*step is
   * bounded by the loop's own bound. Use the bound itself. */
  x = (__int128)coef * first;
  y = (__int128)coef *
      (n > 0 ? (__int128)first + (__int128)(n - 1) * step : (__int128)bound);
  /* Saturated offsets make the span fall outside any region: reported. */
  site->off_min = saturate((__int128)site->off_min + (x < y ? x : y));
  site->off_max = saturate((__int128)site->off_max + (x < y ? y : x));
  /* The term, for the exact sets of runs.h: a loop of one iteration or a
   * zero term adds nothing; one the runtime cannot hold leaves the hull. */
  if (site->ndims >= 0) {
    __int128 stride = (__int128)coef * step;
    if (n == 1 || stride == 0)
      return;
    if (n < 0 || site->ndims >= PROACT__ACCESS_DIMS || stride > LLONG_MAX ||
        stride < -LLONG_MAX || site->off_min == LLONG_MIN ||
        site->off_max == LLONG_MAX) {
      site->ndims = -1;
      return;
    }
    site->dep[site->ndims] = 0;
    site->dim_stride[site->ndims] = (long long)stride;
    site->dim_count[site->ndims++] = n;
  }
}

void proact__span_add_dep(proact__access_t *site, long long coef,
                          long long lo_a, long long lo_b, long long hi_a,
                          long long hi_b, long long ilo, long long ihi) {
  const __int128 lo =
      span_min((__int128)lo_a * ilo + lo_b, (__int128)lo_a * ihi + lo_b);
  const __int128 hi =
      span_max((__int128)hi_a * ilo + hi_b, (__int128)hi_a * ihi + hi_b);
  const int before = site->ndims;
  if (lo > hi || lo < -LLONG_MAX || hi > LLONG_MAX) {
    if (lo > hi)
      site->empty = 1;
    else
      site->ndims = -1, site->off_min = LLONG_MIN, site->off_max = LLONG_MAX;
    return;
  }
  proact__span_add(site, coef, (long long)lo, (long long)hi, 1,
                   PROACT__CMP_LE);
  if (before >= 0 && site->ndims == before + 1) {
    site->dep[before] = 1;
    site->dep_lo[before][0] = lo_a;
    site->dep_lo[before][1] = lo_b;
    site->dep_hi[before][0] = hi_a;
    site->dep_hi[before][1] = hi_b;
    site->dep_hull[before][0] = (long long)lo;
    site->dep_hull[before][1] = (long long)hi;
  }
}

int proact__span_bytes(const proact__array_t *array, const char *host_lo,
                       __int128 lo, __int128 hi, uint64_t *lo_p,
                       uint64_t *hi_p) {
  __int128 base =
      (__int128)(uintptr_t)array->base - (__int128)(uintptr_t)host_lo;
  if (lo < array->lo)
    lo = array->lo;
  if (hi > (__int128)array->lo + array->len - 1)
    hi = (__int128)array->lo + array->len - 1;
  if (lo > hi)
    return 0;
  *lo_p = (uint64_t)(base + lo * (__int128)array->elem_size);
  *hi_p = (uint64_t)(base + (hi + 1) * (__int128)array->elem_size);
  return 1;
}
