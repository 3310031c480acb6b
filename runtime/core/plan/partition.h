/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Splitting a loop's iterations over devices. */
#ifndef PROACT_CORE_PARTITION_H
#define PROACT_CORE_PARTITION_H

/* BLOCK split: part p of nparts covers iterations k in
 * [trip*p/nparts, trip*(p+1)/nparts), computed without overflow for any
 * trip >= 0. Parts may be empty (trip < nparts); they are still listed. */
void proact__partition_block(long long trip, int nparts, int part,
                             long long *lo_p, long long *hi_p);

#endif
