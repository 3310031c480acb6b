// A 'declare target' global that is not constant, read in a loop body or
// in a function the body calls: OpenMP keeps one copy of it per device. A
// spread construct stays OpenMP's (one device, one copy); a PROACT loop
// warns, as each of its devices reads its own copy, and stops where it
// writes one, directly or through a function, as no construct gathers
// the devices' copies. Constants, globals without 'declare target' and
// the loop's own arrays do not count.
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

#include <proact.h>

#pragma omp declare target
double scale = 1.0;
double lut[16];
const double fixed[2] = {1.0, 2.0};
static double eos(double r) { return lut[(int)r & 15] * r; }
static double twice(double r) { return eos(r) * 2.0; }
static double cst(double r) { return fixed[(int)r & 1] * r; }
static void put(int i, double v) { lut[i & 15] = v; }
static void bump(void) { ++scale; }
static double peek_then_put(int i) { double v = lut[i & 15]; put(i, v); return v; }
#pragma omp end declare target

void spread(int n, double *y, const double *rho) {
  // CHECK: [[@LINE+2]]:45: remark: the body uses 'scale', an OpenMP 'declare target' variable, which OpenMP keeps one copy of per device
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; i++) y[i] = y[i] * scale;
  // CHECK: [[@LINE+2]]:38: remark: the body uses 'lut' (through twice()), an OpenMP 'declare target' variable
#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: rho[0:n])
  for (int i = 0; i < n; i++) y[i] = twice(rho[i]);
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices as PROACT loop
#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: rho[0:n])
  for (int i = 0; i < n; i++) y[i] = cst(rho[i]);
}

void proact_loops(int n, double *y, const double *rho) {
  // CHECK: [[@LINE+2]]:38: warning: the body reads 'lut' (through eos()), an OpenMP 'declare target' variable: each device of the loop reads its own copy{{.*}} [proact:device-global]
#pragma proact region(y[0:n], rho[0:n])
  for (int i = 0; i < n; i++) y[i] = eos(rho[i]);
#pragma proact region(y[0:n], rho[0:n])
  for (int i = 0; i < n; i++) y[i] = cst(rho[i]) * 2.0;
  // CHECK: [[@LINE+2]]:31: error: the body writes 'lut' (through put()), an OpenMP 'declare target' variable: each device of the loop would write its own copy, and no construct gathers them
#pragma proact region(y[0:n], rho[0:n])
  for (int i = 0; i < n; i++) put(i, rho[i] + y[i]);
  // CHECK: [[@LINE+2]]:31: error: the body writes 'lut', an OpenMP
#pragma proact region(y[0:n], rho[0:n])
  for (int i = 0; i < n; i++) lut[i & 15] += y[i] * scale;
  // CHECK: [[@LINE+2]]:48: error: the body writes 'scale' (through bump())
#pragma proact region(y[0:n], rho[0:n])
  for (int i = 0; i < n; i++) { y[i] = rho[i]; bump(); }
  // A read in the function called, then a write in one it calls.
  // CHECK: [[@LINE+2]]:38: error: the body writes 'lut' (through peek_then_put())
#pragma proact region(y[0:n], rho[0:n])
  for (int i = 0; i < n; i++) y[i] = peek_then_put(i);
}
