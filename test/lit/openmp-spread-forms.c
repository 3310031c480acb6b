// Spread mode (-fplugin-arg-proact-openmp=spread): which OpenMP offload
// constructs spread over the devices and which stay OpenMP's, each with
// the openmp-spread remark saying which and why. Remarks are off unless
// asked for; without the argument nothing is reported at all.
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -Rpass=inline %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -Reverything %s 2>&1 | %FileCheck %s --check-prefix=ALL
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=off -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: {{remark|warning|error}}
// ALL: remark: '#pragma omp target data' spreads over the devices as PROACT data region [proact:openmp-spread]

double g[100];

void forms(long n, double *a, double *b, int dev, double s) {
  int i = 0, j = 0;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target data' spreads over the devices as PROACT data region [proact:openmp-spread]
#pragma omp target data map(to: a[0:n]) map(tofrom: b[0:n]) map(alloc: g)
  {
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(128) schedule(static, 1) firstprivate(n) default(shared)
    for (long k = 1; k < n - 1; k++)
      b[k] = a[k - 1] + a[k + 1];
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target parallel for simd' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target parallel for simd simdlen(4)
    for (long k = 0; k < n; k++)
      b[k] = 2 * b[k];
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for simd' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams distribute parallel for simd collapse(2) private(j) reduction(+: s)
    for (i = 0; i < 10; i++)
      for (j = 0; j < 10; j++)
        s += g[i * 10 + j];
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target update' spreads over the devices as PROACT update [proact:openmp-spread]
#pragma omp target update from(b[0:n]) to(a[0:1])
  }
  // An array object the construct does not map is mapped tofrom, as OpenMP
  // maps it.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams distribute parallel for
  for (int k = 0; k < 100; k++)
    g[k] = k;
  // A host construct is OpenMP's, with no remark.
#pragma omp parallel for
  for (long k = 0; k < n; k++)
    a[k] = k;
}

void stays(long n, double *a, double *b, int dev, struct { double *p; } *t) {
  double x = 0, y = 0, s = 0;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: 'nowait' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) nowait
  for (long k = 0; k < n; k++)
    a[k] += 1;
#pragma omp taskwait
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: 'depend' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) depend(out: a[0])
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target parallel for' stays on one device, as OpenMP says: 'device(...)' names one device; remove it to spread over all [proact:openmp-spread]
#pragma omp target parallel for map(tofrom: a[0:n]) device(dev)
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // A loop's if(...) spreads it when true and runs it on the host when
  // false; a data region's keeps it on one device.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target parallel for' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target parallel for map(tofrom: a[0:n]) if(n > 100)
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target parallel for' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target parallel for map(tofrom: a[0:n]) if(target: n > 100) if(parallel: n > 1000)
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target data' stays on one device, as OpenMP says: 'if(...)' may run it on the host instead; remove it to spread [proact:openmp-spread]
#pragma omp target data map(tofrom: a[0:n]) if(n > 100)
  {
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: clause 'lastprivate' is not supported in spread mode [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) lastprivate(x)
  for (long k = 0; k < n; k++)
    x = a[k];
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: map(always , to: ...) has a map-type modifier; only to, from, tofrom and alloc spread [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(always, to: a[0:n])
  for (long k = 0; k < n; k++)
    b[k] = a[k];
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: 'map(...)' lists a structure member ('t -> p [ 0 : n ]') [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: t->p[0:n])
  for (long k = 0; k < n; k++)
    t->p[k] = 0;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: 'a' is a pointer mapped without a section (OpenMP maps the pointer alone); write a[0:n] [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (long k = 0; k < n; k++)
    y += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target data' stays on one device, as OpenMP says: it maps the scalar 'x' (spread loops pass scalars by value) [proact:openmp-spread]
#pragma omp target data map(tofrom: a[0:n], x)
  {
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: it stands inside an OpenMP construct that stays on one device [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (long k = 0; k < n; k++)
      a[k] = x;
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: it stands inside an OpenMP construct that stays on one device [proact:openmp-spread]
#pragma omp target teams distribute parallel for
    for (long k = 0; k < n; k++)
      b[k] = a[k];
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target update' stays on one device, as OpenMP says: it stands inside an OpenMP construct that stays on one device [proact:openmp-spread]
#pragma omp target update from(a[0:n])
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams loop' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams loop map(tofrom: a[0:n]) bind(teams)
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target parallel loop' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target parallel loop map(tofrom: a[0:n])
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute' stays on one device, as OpenMP says: spread mode spreads 'target data', 'target enter data', 'target exit data', 'target update', 'target teams distribute parallel for [simd]', 'target parallel for [simd]', 'target teams loop' and 'target parallel loop', and 'target' or 'target teams' with such a loop construct on the next line [proact:openmp-spread]
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // Unstructured mappings that stay OpenMP's.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'nowait' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) nowait
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'device(...)' names one device; remove it to spread over all [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) device(dev)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'if(...)' may run it on the host instead; remove it to spread [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) if(n > 10)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: 'depend' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target exit data map(from: a[0:n]) depend(out: a[0])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: map(always , to: ...) has a map-type modifier; only to and alloc spread [proact:openmp-spread]
#pragma omp target enter data map(always, to: a[0:n])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: map(always , from: ...) has a map-type modifier; only from, release and delete spread [proact:openmp-spread]
#pragma omp target exit data map(always, from: a[0:n])
  // Scalars are left to the OpenMP construct, which runs after PROACT's
  // call; an exit of scalars alone stays.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' spreads over the devices as PROACT mappings held until 'target exit data' [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n], dev)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: it maps no array section [proact:openmp-spread]
#pragma omp target exit data map(from: dev)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: 'map(...)' lists a structure member ('t -> p [ 0 : n ]') [proact:openmp-spread]
#pragma omp target exit data map(from: t->p[0:n])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: 'b' is a pointer mapped without a section (OpenMP maps the pointer alone); write b[0:n] [proact:openmp-spread]
#pragma omp target exit data map(delete: b)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' stays on one device, as OpenMP says: it spreads only with a loop construct right after it, or alone in its block [proact:openmp-spread]
#pragma omp target map(tofrom: x)
  x = 1;
  // 'target [teams]' and a loop construct on the next line: one combined
  // construct, with the clauses of both.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams map(tofrom: a[0:n], s) num_teams(4)
#pragma omp distribute parallel for reduction(+: s) dist_schedule(static)
  for (long k = 0; k < n; k++)
    s += a[k];
  // The reduction on both lines, as codes write it: one reduction.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams map(tofrom: a[0:n], s) reduction(+: s)
#pragma omp distribute parallel for reduction(+: s)
  for (long k = 0; k < n; k++)
    s += a[k];
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams map(tofrom: a[0:n])
#pragma omp loop
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target map(to: a[0:n]) map(tofrom: b[0:n])
#pragma omp teams distribute parallel for simd simdlen(4)
  for (long k = 0; k < n; k++)
    b[k] = a[k];
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target map(tofrom: b[0:n])
#pragma omp parallel for private(y)
  for (long k = 0; k < n; k++) {
    y = b[k] * 2;
    b[k] = y;
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target teams map(tofrom: a[0:n])
  {
#pragma omp distribute parallel for
    for (long k = 0; k < n; k++)
      a[k] += 1;
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' stays on one device, as OpenMP says: its block holds more than its loop construct; put the other statements in target constructs of their own [proact:openmp-spread]
#pragma omp target map(tofrom: a[0:n], x)
  {
#pragma omp parallel for
    for (long k = 0; k < n; k++)
      a[k] += 1;
    x = a[0];
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' stays on one device, as OpenMP says: it spreads only with a loop construct right after it, or alone in its block [proact:openmp-spread]
#pragma omp target map(tofrom: a[0:n], x)
  {
    x = a[0];
#pragma omp parallel for
    for (long k = 0; k < n; k++)
      a[k] += x;
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' stays on one device, as OpenMP says: the construct after it, 'distribute', is not 'distribute parallel for [simd]' or 'loop' [proact:openmp-spread]
#pragma omp target teams map(tofrom: a[0:n])
#pragma omp distribute
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' stays on one device, as OpenMP says: the construct after it, 'teams distribute', is not 'teams distribute parallel for [simd]', 'parallel for [simd]', 'teams loop' or 'parallel loop' [proact:openmp-spread]
#pragma omp target map(tofrom: a[0:n])
#pragma omp teams distribute
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' stays on one device, as OpenMP says: its 'parallel for': clause 'lastprivate' is not supported in spread mode [proact:openmp-spread]
#pragma omp target map(tofrom: a[0:n])
#pragma omp parallel for lastprivate(x)
  for (long k = 0; k < n; k++)
    x = a[k];
  // The target region's copy of s is firstprivate: OpenMP leaves the
  // host's s as it was.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' stays on one device, as OpenMP says: 's', which its 'distribute parallel for' reduces, is not mapped back (OpenMP leaves the host's value as it was); add map(tofrom: s) to spread [proact:openmp-spread]
#pragma omp target teams map(to: a[0:n])
#pragma omp distribute parallel for reduction(+: s)
  for (long k = 0; k < n; k++)
    s += a[k];
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' spreads over the devices as PROACT loop [proact:openmp-spread]
#pragma omp target map(to: a[0:n]) map(from: s)
#pragma omp parallel for reduction(+: s)
  for (long k = 0; k < n; k++)
    s += a[k];
  // A task's (or a critical region's) statement stays OpenMP's.
#pragma omp task shared(a)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target parallel for' stays on one device, as OpenMP says: it stands inside an OpenMP construct that stays on one device [proact:openmp-spread]
#pragma omp target parallel for map(from: a[0:n])
  for (long k = 0; k < n; k++)
    a[k] = k;
#pragma omp critical
  {
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target' stays on one device, as OpenMP says: it stands inside an OpenMP construct that stays on one device [proact:openmp-spread]
#pragma omp target map(tofrom: a[0:n])
#pragma omp parallel for
    for (long k = 0; k < n; k++)
      a[k] += 1;
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams' stays on one device, as OpenMP says: 'device(...)' names one device; remove it to spread over all [proact:openmp-spread]
#pragma omp target teams map(tofrom: a[0:n]) device(dev)
#pragma omp distribute parallel for
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // A data region whose statement is not a block stays OpenMP's, and so
  // does everything in it.
  // CHECK: [[@LINE+3]]:1: remark: '#pragma omp target data' spreads only in front of a compound statement '{ ... }'; put the statement after it in braces to spread it and the constructs inside [proact:openmp-spread]
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target data' stays on one device, as OpenMP says: PROACT's analysis does not accept it (the remarks above say why) [proact:openmp-spread]
#pragma omp target data map(tofrom: a[0:n])
#pragma omp target teams distribute parallel for
  for (long k = 0; k < n; k++)
    a[k] += 1;
  // What PROACT's analysis rejects stays OpenMP: its reasons are remarks.
  // CHECK: [[@LINE+3]]:20: remark: loop is not in canonical form: {{.*}} [proact:openmp-spread]
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: PROACT's analysis does not accept it (the remarks above say why) [proact:openmp-spread]
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (long k = 0; k != n; k++)
    a[k] = 0;
  // CHECK: [[@LINE+4]]:5: remark: 'x' is declared before the loop and assigned in its body{{.*}} [proact:openmp-spread]
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says: PROACT's analysis does not accept it
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(tofrom: x)
  for (long k = 0; k < n; k++)
    x = a[k];
}

// A 'target update' of part of each row stays OpenMP's: widening it to
// whole rows would move elements the program did not name.
static double rows[30][20];
void part_rows(void) {
#pragma omp target data map(tofrom: rows)
  // CHECK: [[@LINE-1]]:1: remark: '#pragma omp target data' spreads over the devices as PROACT data region [proact:openmp-spread]
  {
  // CHECK: [[@LINE+3]]:39: remark: the section rows[7:1][5:1] does not take dimension 2 of 'rows' whole (it starts at 5, not 0): spread mode follows sections of whole rows only (rows[7:1][0:20], or rows[7:1]), so this construct stays OpenMP's; a wider section would also move the other elements of those rows [proact:openmp-spread]
  // CHECK: [[@LINE+2]]:1: remark: '#pragma omp target update' stays on one device, as OpenMP says: PROACT's analysis does not accept it (the remarks above say why) [proact:openmp-spread]
  // CHECK: [[@LINE+1]]:1: remark: this OpenMP target construct stays on one device inside a spread 'target data' region
#pragma omp target update to(rows[7:1][5:1])
  }
}
