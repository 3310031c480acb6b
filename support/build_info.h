/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What this libproact is: its version, the lowering ABI its generated code
 * must have, the commit it was built from and how it was configured, for
 * proact-info, PROACT_INFO=1, the log's first line and the statistics. */
#ifndef PROACT_SUPPORT_BUILD_INFO_H
#define PROACT_SUPPORT_BUILD_INFO_H

/* "0.3.0". */
const char *proact__build_version(void);

/* The git commit (12 hex digits, "-dirty" when tracked files differed
 * from it), or "unknown" for sources outside a git checkout. */
const char *proact__build_commit(void);

/* "LLVM 22.1.8, offload host, CUDA architecture none, NVTX no, MPI module
 * yes (...)": the build's configuration. */
const char *proact__build_config(void);

/* The version, lowering ABI, commit and configuration on one line. */
const char *proact__build_identity(void);

#endif
