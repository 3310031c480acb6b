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

int proact__span_of_site(const proact__access_t *site, long long first,
                         long long step, long long klo, long long khi,
                         proact__span_t *span_p) {
  __int128 i_first, i_last, x, y;

  if (site->empty || klo >= khi)
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
                  "loop 'i = %lld; i %s %lld; i += %lld' never ends: the step "
                  "is %s",
                  first, cmp_spelling[cmp], bound, step,
                  step == 0 ? "0" : "of the wrong sign");
  if (n == -2)
    proact__fatal(file, line, 0, "loop 'i = %lld; i %s %lld; i += %lld' has "
                  "more than %lld iterations",
                  first, cmp_spelling[cmp], bound, step, LLONG_MAX);
  return n;
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
    site->dim_stride[site->ndims] = (long long)stride;
    site->dim_count[site->ndims++] = n;
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
