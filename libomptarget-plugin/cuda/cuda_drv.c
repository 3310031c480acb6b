/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What the files of the cuda backend share: the driver's functions (loaded
 * by dev_cuda.c's probe) and each device's primary context. Kept apart
 * from dev_cuda.c so that the poll agent (agent_cuda.c) and the backend,
 * whose ops name the agent, use it without depending on each other. */
#include "cuda_drv.h"
#include "param.h"

proact__cuda_drv_t proact__cu;
CUcontext proact__cuda_ctx[PROACT__DEV_MAX];
int proact__cuda_phys[PROACT__DEV_MAX];

const char *proact__cu_reason(CUresult res) {
  const char *str = NULL;
  if (proact__cu.cuGetErrorString == NULL ||
      proact__cu.cuGetErrorString(res, &str) != 0 || str == NULL)
    return "unknown cuda error";
  return str;
}
