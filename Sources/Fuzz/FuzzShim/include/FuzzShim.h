#ifndef GESTURELAB_FUZZ_SHIM_H
#define GESTURELAB_FUZZ_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver entry point (compiler-rt, linked by `-sanitize=fuzzer`). Declared
/// here so Swift calls it with the C calling convention. Only referenced in FUZZING builds.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
