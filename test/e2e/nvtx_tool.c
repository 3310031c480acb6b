/* A minimal NVTX tool, injected as Nsight Systems injects itself
 * (NVTX_INJECTION64_PATH): it takes over the calls PROACT makes and, at
 * exit, writes what it saw to $NVTX_TEST_TOOL_OUT, one line each:
 *   domain NAME
 *   thread NAME
 *   push DOMAIN MESSAGE      (a range opened; messages with spaces kept)
 *   pop DOMAIN DEPTH         (the depth of the thread's stack before it)
 *   mark DOMAIN MESSAGE
 * so that nvtx.py can check the ranges nest and name PROACT's phases. */
#define _POSIX_C_SOURCE 200809L
#define NVTX_NO_IMPL
#include <nvtx3/nvToolsExt.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *out;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int depth;

/* Domains are their names, kept for the process's life. */
static nvtxDomainHandle_t tool_domain_create(const char *name) {
  char *copy = strdup(name != NULL ? name : "");
  pthread_mutex_lock(&out_lock);
  fprintf(out, "domain %s\n", copy);
  pthread_mutex_unlock(&out_lock);
  return (nvtxDomainHandle_t)copy;
}

static const char *domain_name(nvtxDomainHandle_t d) {
  return d != NULL ? (const char *)d : "(default)";
}

static const char *message(const nvtxEventAttributes_t *a) {
  return a != NULL && a->messageType == NVTX_MESSAGE_TYPE_ASCII &&
                 a->message.ascii != NULL
             ? a->message.ascii
             : "(none)";
}

static int tool_push(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  pthread_mutex_lock(&out_lock);
  fprintf(out, "push %s %s\n", domain_name(d), message(a));
  pthread_mutex_unlock(&out_lock);
  return depth++;
}

static int tool_pop(nvtxDomainHandle_t d) {
  pthread_mutex_lock(&out_lock);
  fprintf(out, "pop %s %d\n", domain_name(d), depth);
  pthread_mutex_unlock(&out_lock);
  return depth > 0 ? --depth : -1;
}

static void tool_mark(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  pthread_mutex_lock(&out_lock);
  fprintf(out, "mark %s %s\n", domain_name(d), message(a));
  pthread_mutex_unlock(&out_lock);
}

static void tool_name_thread(uint32_t tid, const char *name) {
  (void)tid;
  pthread_mutex_lock(&out_lock);
  fprintf(out, "thread %s\n", name != NULL ? name : "");
  pthread_mutex_unlock(&out_lock);
}

static void tool_exit(void) {
  pthread_mutex_lock(&out_lock);
  fflush(out);
  pthread_mutex_unlock(&out_lock);
}

static int set_entry(const NvtxExportTableCallbacks *cb,
                     NvtxCallbackModule module, unsigned id,
                     NvtxFunctionPointer fn) {
  NvtxFunctionTable table = NULL;
  unsigned size = 0;
  if (!cb->GetModuleFunctionTable(module, &table, &size) || id >= size ||
      table == NULL || table[id] == NULL)
    return 0;
  *table[id] = fn;
  return 1;
}

__attribute__((visibility("default"))) int
InitializeInjectionNvtx2(NvtxGetExportTableFunc_t get) {
  const NvtxExportTableCallbacks *cb =
      (const NvtxExportTableCallbacks *)get(NVTX_ETID_CALLBACKS);
  const char *path = getenv("NVTX_TEST_TOOL_OUT");
  if (cb == NULL || path == NULL || (out = fopen(path, "w")) == NULL)
    return 0;
  atexit(tool_exit);
  return set_entry(cb, NVTX_CB_MODULE_CORE2, NVTX_CBID_CORE2_DomainCreateA,
                   (NvtxFunctionPointer)tool_domain_create) &&
         set_entry(cb, NVTX_CB_MODULE_CORE2,
                   NVTX_CBID_CORE2_DomainRangePushEx,
                   (NvtxFunctionPointer)tool_push) &&
         set_entry(cb, NVTX_CB_MODULE_CORE2, NVTX_CBID_CORE2_DomainRangePop,
                   (NvtxFunctionPointer)tool_pop) &&
         set_entry(cb, NVTX_CB_MODULE_CORE2, NVTX_CBID_CORE2_DomainMarkEx,
                   (NvtxFunctionPointer)tool_mark) &&
         set_entry(cb, NVTX_CB_MODULE_CORE, NVTX_CBID_CORE_NameOsThreadA,
                   (NvtxFunctionPointer)tool_name_thread);
}
