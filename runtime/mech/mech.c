/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Registers every mechanism with the core before main runs, so the core
 * finds them by id without depending on this layer. */
#include "mech.h"

__attribute__((constructor)) static void mech_register_all(void) {
  proact__mech_register(&proact__mech_memcpy_ops);
  proact__mech_register(&proact__mech_inline_ops);
  proact__mech_register(&proact__mech_poll_ops);
  proact__mech_register(&proact__mech_trigger_ops);
  proact__mech_register(&proact__mech_dma_ops);
}
