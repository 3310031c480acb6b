/* A small libuv-style test runner: every test is listed once in
 * test_list.h with a timeout; the runner forks each test so that a crash or
 * a hang is a failed test, not a failed run. Assertions print both
 * operands. */
#ifndef PROACT_TEST_RUNNER_H
#define PROACT_TEST_RUNNER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_IMPL(name) void test_##name(void)

#define ASSERT_FAIL_(fmt, ...)                                                \
  do {                                                                        \
    fprintf(stderr, "%s:%d: assertion failed: " fmt "\n", __FILE__,          \
            __LINE__, __VA_ARGS__);                                           \
    fflush(stderr);                                                           \
    abort();                                                                  \
  } while (0)

#define ASSERT_OP_(a, op, b, type, fmt)                                       \
  do {                                                                        \
    type a_ = (a), b_ = (b);                                                  \
    if (!(a_ op b_))                                                          \
      ASSERT_FAIL_("%s %s %s (" fmt " vs " fmt ")", #a, #op, #b, a_, b_);     \
  } while (0)

#define ASSERT_EQ(a, b) ASSERT_OP_(a, ==, b, long long, "%lld")
#define ASSERT_NE(a, b) ASSERT_OP_(a, !=, b, long long, "%lld")
#define ASSERT_LE(a, b) ASSERT_OP_(a, <=, b, long long, "%lld")
#define ASSERT_LT(a, b) ASSERT_OP_(a, <, b, long long, "%lld")
#define ASSERT_TRUE(a) ASSERT_OP_(!!(a), ==, 1, int, "%d")
#define ASSERT_STR_EQ(a, b)                                                   \
  do {                                                                        \
    const char *a_ = (a), *b_ = (b);                                          \
    if (strcmp(a_, b_) != 0)                                                  \
      ASSERT_FAIL_("%s == %s (\"%s\" vs \"%s\")", #a, #b, a_, b_);            \
  } while (0)

#endif
