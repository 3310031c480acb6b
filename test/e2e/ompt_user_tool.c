/* An OMPT tool of the user's own, loaded through OMP_TOOL_LIBRARIES (a
 * profiler's way): PROACT's tool must step aside for it. */
#include <omp-tools.h>
#include <stdio.h>

static int tool_init(ompt_function_lookup_t lookup, int initial_device,
                     ompt_data_t *data) {
  (void)lookup;
  (void)initial_device;
  (void)data;
  printf("user tool started\n");
  fflush(stdout);
  return 0; /* nothing to follow: the tool turns itself off */
}

static void tool_fini(ompt_data_t *data) { (void)data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                          const char *runtime_version) {
  static ompt_start_tool_result_t result = {tool_init, tool_fini, {0}};
  (void)omp_version;
  (void)runtime_version;
  return &result;
}
