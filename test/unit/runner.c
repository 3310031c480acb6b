/* Runs every test of test_list.h in its own child process. Usage:
 * proact_unit_tests [test name]. Prints "N passed, N failed" last.
 * Internally each test runs as `proact_unit_tests --run NAME`. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"
#include "test_list.h"

#define TEST_DECLARE_(name, timeout, fatal) TEST_IMPL(name);
TEST_LIST(TEST_DECLARE_)

typedef struct test_entry {
  const char *name;
  void (*fn)(void);
  int timeout_ms;
  const char *fatal; /* expected fatal error text, or NULL */
} test_entry_t;

static const test_entry_t tests[] = {
#define TEST_ENTRY_(name, timeout, fatal) {#name, test_##name, timeout, fatal},
    TEST_LIST(TEST_ENTRY_)};

static void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* Returns 1 on pass; why explains a failure. */
static int run_one(const char *self, const test_entry_t *t, char *why,
                   size_t why_len) {
  FILE *err = tmpfile();
  char out[8192];
  size_t n;
  int status = 0, waited = 0, timed_out = 0, pass;
  pid_t pid;

  if (err == NULL) {
    snprintf(why, why_len, "tmpfile: %s", strerror(errno));
    return 0;
  }
  fflush(NULL);
  pid = fork();
  if (pid == 0) {
    /* A fresh process per test (libuv style): a forked copy would inherit
     * the OpenMP runtime that libomptarget started at load time. */
    char *args[] = {(char *)self, "--run", (char *)t->name, NULL};
    dup2(fileno(err), STDERR_FILENO);
    execv("/proc/self/exe", args);
    _exit(127);
  }
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (waited >= t->timeout_ms) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      timed_out = 1;
      break;
    }
    sleep_ms(1);
    waited++;
  }
  rewind(err);
  n = fread(out, 1, sizeof(out) - 1, err);
  out[n] = '\0';
  fclose(err);

  if (timed_out) {
    snprintf(why, why_len, "timed out after %d ms", t->timeout_ms);
    pass = 0;
  } else if (WIFSIGNALED(status)) {
    snprintf(why, why_len, "killed by signal %d", WTERMSIG(status));
    pass = 0;
  } else if (t->fatal != NULL) {
    pass = WEXITSTATUS(status) == EXIT_FAILURE && strstr(out, t->fatal);
    if (!pass)
      snprintf(why, why_len, "expected exit %d with \"%s\", got exit %d",
               EXIT_FAILURE, t->fatal, WEXITSTATUS(status));
  } else {
    pass = WEXITSTATUS(status) == 0;
    if (!pass)
      snprintf(why, why_len, "exit status %d", WEXITSTATUS(status));
  }
  if (!pass && n > 0)
    fprintf(stderr, "%s", out);
  return pass;
}

int main(int argc, char **argv) {
  int passed = 0, failed = 0, i = 0;
  const int count = (int)(sizeof(tests) / sizeof(tests[0]));

  /* Child mode: run one test in this process. */
  if (argc == 3 && strcmp(argv[1], "--run") == 0) {
    for (int k = 0; k < count; k++) {
      if (strcmp(argv[2], tests[k].name) == 0) {
        /* Tests choose their own settings. Balancing is off unless a test
         * turns it on: a moved split would change what tests count. */
        unsetenv("PROACT_DEVICES");
        unsetenv("PROACT_STATS");
        unsetenv("PROACT_BALANCE_MIN_US");
        setenv("PROACT_BALANCE", "0", 1);
        tests[k].fn();
        return 0;
      }
    }
    fprintf(stderr, "no test named %s\n", argv[2]);
    return 127;
  }

  for (int k = 0; k < count; k++) {
    char why[512] = "";
    if (argc > 1 && strcmp(argv[1], tests[k].name) != 0)
      continue;
    i++;
    if (run_one(argv[0], &tests[k], why, sizeof(why))) {
      printf("ok %d - %s\n", i, tests[k].name);
      passed++;
    } else {
      printf("not ok %d - %s: %s\n", i, tests[k].name, why);
      failed++;
    }
    fflush(stdout);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
