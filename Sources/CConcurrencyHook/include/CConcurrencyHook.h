#ifndef TUDY_CONCURRENCY_HOOK_H
#define TUDY_CONCURRENCY_HOOK_H

/// Where the Swift runtime keeps the hook that, when set, is given every job meant for its
/// global executor. Found by the linker, not by dlsym: a program with the Swift libraries
/// linked in does not export the runtime's symbols.
void *_Nullable *_Nonnull tudy_global_enqueue_hook(void);

#endif
