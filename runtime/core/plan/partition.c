/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* BLOCK partition. 128-bit products: trip * nparts may not fit 64 bits. */
#include "partition.h"

void proact__partition_block(long long trip, int nparts, int part,
                             long long *lo_p, long long *hi_p) {
  *lo_p = (long long)((__int128)trip * part / nparts);
  *hi_p = (long long)((__int128)trip * (part + 1) / nparts);
}
