/* One run of the program being tuned: under a configuration (mechanism,
 * chunk bytes, transfer threads, given to the runtime as PROACT_MECH,
 * PROACT_CHUNK, PROACT_THREADS, with PROACT_STATS=1), and the per-loop
 * times read back from the statistics it prints at exit. */
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
  char key[128];     /* file:line, as the statistics print it */
  char mech[16];     /* the mechanism that loop ran with */
  double seconds;    /* its executions' total time (loop s) */
  double warm;       /* the same without its first executions (warm s) */
  long long execs;
  unsigned long long id; /* the loop's id (loop id column); 0: none */
} tune_loop_time_t;

typedef struct tune_result {
  int ok;            /* exited with status 0 and printed statistics */
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
 * group. */
void tune_run(char *const *argv, const tune_config_t *cfg, double limit_s,
              tune_result_t *r);
void tune_result_free(tune_result_t *r);

/* The sum of the loops' times: the objective the tuner minimizes (a
 * transfer one loop saves shows up in the next loop's time). Their warm
 * times (without each loop's first executions, which build readiness
 * states once) where every loop has one, else their whole times. */
double tune_result_total(const tune_result_t *r);

#endif
