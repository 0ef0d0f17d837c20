#include "CConcurrencyHook.h"

extern void *swift_task_enqueueGlobal_hook;

void **tudy_global_enqueue_hook(void) { return &swift_task_enqueueGlobal_hook; }
