/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The few NCCL types, constants and functions the NCCL transport uses,
 * declared here (values from NCCL's nccl.h) so that building PROACT needs
 * no NCCL: libnccl.so.2 is opened with dlopen at run time. */
#ifndef PROACT_NCCL_API_H
#define PROACT_NCCL_API_H

#include <stddef.h>

typedef struct ncclComm *ncclComm_t;
typedef struct {
  char internal[128];
} ncclUniqueId;

typedef enum {
  ncclSuccess = 0,
  ncclUnhandledCudaError = 1,
  ncclSystemError = 2,
  ncclInternalError = 3,
  ncclInvalidArgument = 4,
  ncclInvalidUsage = 5,
  ncclRemoteError = 6,
  ncclInProgress = 7
} ncclResult_t;

enum { ncclInt8 = 0 }; /* ncclDataType_t: bytes */

/* The leading fields of ncclConfig_t as NCCL 2.14 defined it: a later
 * NCCL reads `size` bytes and takes its defaults for the fields of later
 * versions. blocking = 0 makes every call return at once
 * (ncclInProgress) so that each wait can have a deadline. */
typedef struct proact__nccl_config {
  size_t size;
  unsigned magic;   /* 0xcafebeef */
  unsigned version; /* NCCL_VERSION(2, 14, 0) */
  int blocking;
} proact__nccl_config_t;
#define PROACT__NCCL_MAGIC 0xcafebeefu
#define PROACT__NCCL_CONFIG_VERSION 21400u

/* X(name, parameters); every one returns ncclResult_t. Streams are
 * cudaStream_t, the driver's CUstream. */
#define PROACT_NCCL_FUNCS(X)                                                  \
  X(ncclGetVersion, (int *version))                                           \
  X(ncclGetUniqueId, (ncclUniqueId * id))                                     \
  X(ncclCommInitRankConfig, (ncclComm_t * comm, int nranks, ncclUniqueId id,  \
                             int rank, proact__nccl_config_t *config))        \
  X(ncclCommGetAsyncError, (ncclComm_t comm, ncclResult_t * error))           \
  X(ncclCommAbort, (ncclComm_t comm))                                         \
  X(ncclGroupStart, (void))                                                   \
  X(ncclGroupEnd, (void))                                                     \
  X(ncclSend, (const void *buf, size_t count, int type, int peer,             \
               ncclComm_t comm, void *stream))                                \
  X(ncclRecv, (void *buf, size_t count, int type, int peer, ncclComm_t comm,  \
               void *stream))

/* Exported by test/mpi's stand-in library, which moves host memory over
 * MPI: its text describes it. Real NCCL has no such symbol. */
#define PROACT__NCCL_STAND_IN_SYMBOL "proact_nccl_stand_in"

#endif
