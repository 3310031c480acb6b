/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Runs the program under one configuration and reads the statistics file
 * it writes at exit (PROACT_STATS_FILE, support/stats.c), its columns
 * found by name. Output goes to temporary files, not pipes, so a program
 * that prints a lot cannot block on a full pipe. */
#define _GNU_SOURCE
#include "tune_run.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char *slurp(FILE *f) {
  long n;
  char *s;
  fflush(f);
  if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET) != 0)
    return strdup("");
  s = malloc((size_t)n + 1);
  if (s == NULL)
    return NULL;
  s[fread(s, 1, (size_t)n, f)] = '\0';
  return s;
}

/* The next CSV field of line at *p (RFC 4180 quoting) into out; *p moves
 * past its comma. 0 at the end of the line. */
static int csv_field(const char **p, char *out, size_t size) {
  const char *s = *p;
  size_t n = 0;
  if (s == NULL)
    return 0;
  if (*s == '"') {
    for (s++; *s != '\0'; s++) {
      if (*s == '"' && s[1] == '"')
        s++;
      else if (*s == '"') {
        s++;
        break;
      }
      if (n + 1 < size)
        out[n++] = *s;
    }
  } else {
    for (; *s != '\0' && *s != ',' && *s != '\n' && *s != '\r'; s++)
      if (n + 1 < size)
        out[n++] = *s;
  }
  out[n] = '\0';
  *p = *s == ',' ? s + 1 : NULL;
  return 1;
}

enum { COL_FILE, COL_LOOP, COL_LINE, COL_MECH, COL_EXECS, COL_SECONDS,
       COL_WARM, COL_ID, NCOLS };
static const char *const col_names[NCOLS] = {
    "file", "loop", "line", "mech", "executions", "loop_seconds",
    "warm_loop_seconds", "loop_id"};

int tune_read_stats_csv(const char *path, tune_result_t *r) {
  FILE *f = fopen(path, "r");
  char line[4096], field[1024];
  int col[NCOLS], ncol = 0;

  r->nloops = 0;
  if (f == NULL) {
    snprintf(r->why, sizeof(r->why), "no statistics file %s: %s", path,
             strerror(errno));
    return -1;
  }
  for (int k = 0; k < NCOLS; k++)
    col[k] = -1;
  if (fgets(line, sizeof(line), f) != NULL)
    for (const char *p = line; csv_field(&p, field, sizeof(field)); ncol++)
      for (int k = 0; k < NCOLS; k++)
        if (strcmp(field, col_names[k]) == 0)
          col[k] = ncol;
  for (int k = 0; k < NCOLS; k++)
    if (col[k] < 0) {
      snprintf(r->why, sizeof(r->why), "statistics file %s has no column "
               "'%s'", path, col_names[k]);
      fclose(f);
      return -1;
    }
  while (fgets(line, sizeof(line), f) != NULL &&
         r->nloops < TUNE_MAX_LOOPS) {
    tune_loop_time_t *l = &r->loops[r->nloops];
    int c = 0, seen = 0;
    memset(l, 0, sizeof(*l));
    for (const char *p = line; csv_field(&p, field, sizeof(field)); c++) {
      for (int k = 0; k < NCOLS; k++) {
        if (col[k] != c)
          continue;
        seen++;
        switch (k) {
        case COL_FILE: snprintf(l->file, sizeof(l->file), "%s", field); break;
        case COL_LOOP: snprintf(l->key, sizeof(l->key), "%s", field); break;
        case COL_LINE: l->line = atoi(field); break;
        case COL_MECH: snprintf(l->mech, sizeof(l->mech), "%s", field); break;
        case COL_EXECS: l->execs = atoll(field); break;
        case COL_SECONDS: l->seconds = strtod(field, NULL); break;
        case COL_WARM: l->warm = strtod(field, NULL); break;
        case COL_ID: l->id = strtoull(field, NULL, 16); break;
        }
      }
    }
    if (seen == NCOLS)
      r->nloops++;
  }
  fclose(f);
  return 0;
}

void tune_run(char *const *argv, const tune_config_t *cfg, double limit_s,
              const char *stats_path, tune_result_t *r) {
  FILE *out = tmpfile(), *err = tmpfile();
  pid_t pid;
  int st = 0;

  struct timespec start, stop;

  memset(r, 0, sizeof(*r));
  unlink(stats_path); /* a file left by an earlier run is not this one's */
  clock_gettime(CLOCK_MONOTONIC, &start);
  if (out == NULL || err == NULL) {
    perror("proact-tune: tmpfile");
    exit(2);
  }
  fflush(NULL);
  pid = fork();
  if (pid < 0) {
    perror("proact-tune: fork");
    exit(2);
  }
  if (pid == 0) {
    char chunk[32], threads[32];
    snprintf(chunk, sizeof(chunk), "%lld", cfg->chunk);
    snprintf(threads, sizeof(threads), "%d", cfg->threads);
    /* Only the configuration decides; the caller's own settings of these
     * would blur it. */
    setenv("PROACT_MECH", cfg->mech, 1);
    if (cfg->chunk > 0)
      setenv("PROACT_CHUNK", chunk, 1);
    else
      unsetenv("PROACT_CHUNK");
    if (cfg->threads > 0)
      setenv("PROACT_THREADS", threads, 1);
    else
      unsetenv("PROACT_THREADS");
    setenv("PROACT_STATS_FILE", stats_path, 1);
    setpgid(0, 0); /* its own group: a time-out kills its children too */
    dup2(fileno(out), 1);
    dup2(fileno(err), 2);
    execvp(argv[0], argv);
    fprintf(stderr, "proact-tune: cannot run %s\n", argv[0]);
    _exit(127);
  }
  {
    struct timespec t0, now, nap = {0, 5 * 1000 * 1000};
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
      pid_t w = waitpid(pid, &st, limit_s > 0 ? WNOHANG : 0);
      if (w == pid || (w < 0 && errno != EINTR))
        break;
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (w == 0 && (double)(now.tv_sec - t0.tv_sec) +
                            1e-9 * (double)(now.tv_nsec - t0.tv_nsec) >
                        limit_s) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        r->timed_out = 1;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
          ;
        break;
      }
      if (w == 0)
        nanosleep(&nap, NULL);
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &stop);
  r->wall = (double)(stop.tv_sec - start.tv_sec) +
            1e-9 * (double)(stop.tv_nsec - start.tv_nsec);
  r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r->out = slurp(out);
  r->err = slurp(err);
  fclose(out);
  fclose(err);
  if (!r->timed_out)
    tune_read_stats_csv(stats_path, r);
  {
    /* and the temporary file of a run killed while writing it */
    char tmp[4200];
    snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", stats_path, (long)pid);
    unlink(tmp);
    unlink(stats_path);
  }
  r->ok = r->status == 0 && r->nloops > 0 && !r->timed_out;
}

void tune_result_free(tune_result_t *r) {
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}

/* The steady state when every loop has one (it ran more than the warmup's
 * executions), else every execution. */
double tune_result_total(const tune_result_t *r) {
  double s = 0, warm = 0;
  int all_warm = r->nloops > 0;
  for (int i = 0; i < r->nloops; i++) {
    s += r->loops[i].seconds;
    warm += r->loops[i].warm;
    all_warm &= r->loops[i].warm > 0;
  }
  return all_warm ? warm : s;
}
