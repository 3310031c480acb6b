/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The event recorder behind PROACT_TRACE (a Chrome trace-event JSON file
 * written at exit, docs/user/tracing.md) and the NVTX ranges of the
 * "PROACT" domain that nsys shows. Every layer records into it, so it lives
 * in support. Off, each recording site costs one predictable branch on
 * proact__trace_flags: no clock read, no lock, no call.
 *
 * Events are spans (t0..t1) or instants (t1 == 0) of one of the kinds
 * below; the kind chooses the track they are drawn on: the recording
 * thread's (loop phases, agent jobs, chunks seen ready), a device's
 * kernels, or the copies from one device (or the host) to another. */
#ifndef PROACT_BASE_TRACE_H
#define PROACT_BASE_TRACE_H

#include <stdint.h>

/* Bits of proact__trace_flags, fixed before main. */
enum {
  PROACT__TRACE_RECORD = 1, /* PROACT_TRACE names a file */
  PROACT__TRACE_NVTX = 2    /* an NVTX tool (nsys) is injected */
};
extern int proact__trace_flags;

/* Whether anything records; the only cost of a recording site when off. */
#define PROACT__TRACING() __builtin_expect(proact__trace_flags != 0, 0)

typedef enum proact__trace_kind {
  PROACT__TEV_LOOP,   /* one execution of a loop, begin to end */
  PROACT__TEV_PHASE,  /* a step of the host thread: pull, setup, kernels,
                         drain, a wait for copies, a region's entry or
                         exit */
  PROACT__TEV_KERNEL, /* a part's kernel on its device, as its host thread
                         timed it (launch to completion), or (on_dev) its
                         teams' first start to their last end */
  PROACT__TEV_COPY,   /* a copy between host and device or two devices */
  PROACT__TEV_READY,  /* instant: a chunk became ready (on_dev) or an
                         agent saw it ready */
  PROACT__TEV_JOB     /* an agent thread runs one execution's job */
} proact__trace_kind_t;

/* One event. Fields a kind does not use stay zero. */
typedef struct proact__trace_ev {
  proact__trace_kind_t kind;
  const char *name;       /* static: the phase, copy purpose or role */
  const char *file;       /* the pragma of the loop or region (static) */
  int line;
  unsigned long long id;  /* the loop's id (codegen.h), 0: none */
  const char *mech;       /* the loop's mechanism */
  const char *timing;     /* what t0..t1 of a copy mean */
  uint64_t t0, t1;        /* CLOCK_MONOTONIC ns; t1 == 0: an instant */
  long long bytes;        /* a copy's */
  long long chunk;        /* a ready chunk's index */
  int dev;                /* kernel and ready: the device */
  int part;               /* kernel: the part; loop: the number of parts */
  int src, dst;           /* copy: the devices, -1 for the host */
  int on_dev;             /* ready: stamped by the device itself (drawn on
                             its kernel track), not seen by an agent;
                             kernel: timed by the device (its own track) */
  /* Callers leave these zero: the recorder keeps them in its own
   * compact record and sets them when it writes the file. */
  int tid;                /* the recording thread */
  const char *thread;     /* its name when it is an agent, else NULL */
  int done;               /* the slot is complete (release) */
} proact__trace_ev_t;

/* The start of a span on the calling thread: the time, and an NVTX range
 * pushed (named name, with file:line when file is not NULL). Call only
 * under PROACT__TRACING(); close it with proact__trace_end. */
uint64_t proact__trace_begin(const char *name, const char *file, int line);

/* Ends the span ev->t0 (from proact__trace_begin) now unless ev->t1 is set,
 * records it and pops the NVTX range. */
void proact__trace_end(proact__trace_ev_t *ev);

/* Ends the span of proact__trace_begin without recording it: pops its
 * NVTX range only (what the span showed is recorded elsewhere). */
void proact__trace_pop(void);

/* Records a complete span or an instant, with no NVTX range (an instant is
 * an NVTX mark). */
void proact__trace_add(const proact__trace_ev_t *ev);

/* Names the calling thread in the trace and for NVTX (agent threads). */
void proact__trace_thread_name(const char *name);

/* What the trace adds to device dev's name ("OpenMP device 0, logical 2 of
 * 2"), set by the device layer at start-up; copied. */
void proact__trace_device_note(int dev, const char *note);

/* What the calling thread's copies are for ("pull", "push", "region
 * entry"...): set around them, shown as the copies' names. Returns the
 * label it replaces, to be put back. */
const char *proact__trace_label(const char *label);

/* The calling thread's label for its copies now (NULL: none). */
const char *proact__trace_copy_label(void);

/* A step of the host thread traced as a phase whose copies carry a label
 * (pull, setup, drain, a region's entry or exit); t0 is 0 when not traced,
 * so that the end costs one branch. */
typedef struct proact__trace_phase {
  uint64_t t0;
  const char *name;
  const char *file;
  int line;
  const char *prev_label; /* the copies' label to put back */
} proact__trace_phase_t;

static inline void proact__trace_phase_begin(proact__trace_phase_t *ph,
                                             const char *name,
                                             const char *label,
                                             const char *file, int line) {
  ph->t0 = 0;
  if (PROACT__TRACING()) {
    ph->name = name;
    ph->file = file;
    ph->line = line;
    ph->t0 = proact__trace_begin(name, file, line);
    ph->prev_label = proact__trace_label(label);
  }
}

static inline void proact__trace_phase_end(const proact__trace_phase_t *ph) {
  if (ph->t0 != 0) {
    proact__trace_ev_t ev = {.kind = PROACT__TEV_PHASE, .name = ph->name,
                             .file = ph->file, .line = ph->line,
                             .t0 = ph->t0};
    proact__trace_label(ph->prev_label);
    proact__trace_end(&ev);
  }
}

#endif
