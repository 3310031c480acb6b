/* The positive control of the GPU sanitizer runs (scripts/gpu-mechs.sh):
 * an OpenMP target region that stores past the end of a 16-element device
 * buffer. compute-sanitizer memcheck must report it; if it does not, a
 * clean report on the PROACT programs means nothing. GPU builds only: on a
 * host-offload device the store would corrupt this process's memory. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  float *buf = (float *)omp_target_alloc(16 * sizeof(float), dev);
  long far = 1L << 24; /* 64 MB past the buffer */
  if (buf == NULL) {
    fprintf(stderr, "sanitizer_control: no device memory\n");
    return 2;
  }
#pragma omp target teams num_teams(1) thread_limit(32) device(dev) is_device_ptr(buf)
  {
    buf[far] = 1.0f;
  }
  omp_target_free(buf, dev);
  printf("sanitizer_control: ran\n");
  return 0;
}
