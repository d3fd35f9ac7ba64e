#ifndef GESTURELAB_FUZZ_SHIM_H
#define GESTURELAB_FUZZ_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver entry point (compiler-rt, linked by `-sanitize=fuzzer`). Declared
/// here so Swift calls it with the C calling convention. Only referenced in FUZZING builds.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

/// The sanitizer allocator's live bytes (compiler-rt, linked by `-sanitize=address`):
/// what the byte-budget check measures under the fuzzer, where glibc's counters see
/// nothing (AddressSanitizer replaces malloc). Only referenced in FUZZING builds.
size_t __sanitizer_get_current_allocated_bytes(void);

/// Heap bytes in use by glibc's malloc (`mallinfo2`: chunks in use plus blocks mapped
/// on their own), or -1 where it is not available: what the byte-budget check measures
/// in ordinary builds.
long gesturelab_fuzz_heap_in_use(void);

#endif
