// <proact.h> is the user API: without the plugin it declares no lowering
// contract and compiles warning-free; with the plugin the contract is read.
// RUN: %seq-cc -Wall -Wextra -Werror -fsyntax-only -DNO_PLUGIN %s
// RUN: %proact-cc -Wall -Wextra -Werror -fsyntax-only %s
#include <proact.h>

#ifdef NO_PLUGIN
#ifdef PROACT_LOWERING_ABI
#error "the generated-code contract reached a program built without the plugin"
#endif
#else
#ifndef PROACT_LOWERING_ABI
#error "the plugin did not read the generated-code contract"
#endif
#endif

int main(void) { return proact_num_devices() < 0; }
