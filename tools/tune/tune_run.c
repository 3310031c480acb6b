/* Runs the program under one configuration and parses the "proact: stats:"
 * lines of its stderr (support/stats.c prints them at exit). Output
 * goes to temporary files, not pipes, so a program that prints a lot
 * cannot block on a full pipe. */
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

/* One statistics line: "proact: stats: KEY MECH EXECS PEER_MB COPIES
 * LOOP_S ..."; the header line (KEY "loop") is skipped. */
static void parse_stats(tune_result_t *r) {
  const char *tag = "proact: stats: ";
  for (const char *p = r->err; p != NULL && *p != '\0';) {
    const char *eol = strchr(p, '\n');
    if (strncmp(p, tag, strlen(tag)) == 0 && r->nloops < TUNE_MAX_LOOPS) {
      tune_loop_time_t *l = &r->loops[r->nloops];
      double peer_mb;
      long long copies;
      if (sscanf(p + strlen(tag), "%127s %15s %lld %lf %lld %lf", l->key,
                 l->mech, &l->execs, &peer_mb, &copies, &l->seconds) == 6) {
        /* the last column: the loop id, 16 hex digits; warm s before it */
        const char *end = eol != NULL ? eol : p + strlen(p), *last = end;
        const char *warm;
        while (last > p && last[-1] != ' ')
          last--;
        l->id = end - last == 16 ? strtoull(last, NULL, 16) : 0;
        for (warm = last; warm > p && warm[-1] == ' '; warm--)
          ;
        while (warm > p && warm[-1] != ' ')
          warm--;
        l->warm = strtod(warm, NULL);
        r->nloops++;
      }
    }
    p = eol != NULL ? eol + 1 : NULL;
  }
}

void tune_run(char *const *argv, const tune_config_t *cfg, double limit_s,
              tune_result_t *r) {
  FILE *out = tmpfile(), *err = tmpfile();
  pid_t pid;
  int st = 0;

  memset(r, 0, sizeof(*r));
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
    setenv("PROACT_STATS", "1", 1);
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
  r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r->out = slurp(out);
  r->err = slurp(err);
  fclose(out);
  fclose(err);
  parse_stats(r);
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
