/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* One run of the program being tuned: under a configuration (mechanism,
 * chunk bytes, transfer threads, given to the runtime as PROACT_MECH,
 * PROACT_CHUNK, PROACT_THREADS), and the per-loop times read back from the
 * statistics file it writes at exit (PROACT_STATS_FILE, CSV). */
#ifndef PROACT_TUNE_RUN_H
#define PROACT_TUNE_RUN_H

#include <stddef.h>

#define TUNE_MAX_LOOPS 64

typedef struct tune_config {
  const char *mech;  /* a PROACT_MECH name */
  long long chunk;   /* bytes; 0 where the mechanism has no chunks */
  int threads;       /* transfer threads; 0 where it has no agent threads */
} tune_config_t;

typedef struct tune_loop_time {
  char key[128];     /* base name:line, as the statistics table shows it */
  char file[512];    /* the source path the program was compiled from */
  int line;          /* the pragma's line */
  char mech[16];     /* the mechanism that loop ran with */
  double seconds;    /* its executions' total time (loop_seconds) */
  double warm;       /* the same without its first executions
                        (warm_loop_seconds) */
  long long execs;
  unsigned long long id; /* the loop's id (loop_id); 0: none */
} tune_loop_time_t;

typedef struct tune_result {
  int ok;            /* exited with status 0 and wrote statistics */
  double wall;       /* seconds the run took */
  char why[256];     /* why the statistics could not be read, "" if read */
  int nloops;
  tune_loop_time_t loops[TUNE_MAX_LOOPS];
  char *out;         /* the program's stdout (malloc'd) */
  char *err;         /* its stderr (malloc'd) */
  int status;        /* exit status, or 128 + signal */
  int timed_out;     /* killed after the time limit */
} tune_result_t;

/* Runs argv (argv[0] searched in PATH) under cfg and fills r; r->out and
 * r->err are the program's output (free with tune_result_free). A run
 * longer than limit_s seconds (0: no limit) is killed with its process
 * group. stats_path (ending in .csv) is where the program writes its
 * statistics; it is read and removed. */
void tune_run(char *const *argv, const tune_config_t *cfg, double limit_s,
              const char *stats_path, tune_result_t *r);

/* Parses a PROACT_STATS_FILE in CSV (support/stats.c) into r's loops,
 * finding the columns by name; -1 with the cause in r->why. */
int tune_read_stats_csv(const char *path, tune_result_t *r);
void tune_result_free(tune_result_t *r);

/* The sum of the loops' times: the objective the tuner minimizes (a
 * transfer one loop saves shows up in the next loop's time). Their warm
 * times (without each loop's first executions, which build readiness
 * states once) where every loop has one, else their whole times. */
double tune_result_total(const tune_result_t *r);

#endif
