/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The report of proact_print_info() (include/proact.h): version, devices,
 * peer access, parameters. */
#ifndef PROACT_CORE_INFO_H
#define PROACT_CORE_INFO_H

#include <stdio.h>

/* Writes the report for the participating devices ids[0 .. n). It reads
 * no device list of its own, so that the list's construction (devices.c,
 * PROACT_INFO=1) can call it before the list is published. */
void proact__info_report(FILE *out, const int *ids, int n);

#endif
