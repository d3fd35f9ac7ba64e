// Declarations (see include/FuzzShim.h), and glibc's heap count for the byte-budget check.
#include "FuzzShim.h"
#if defined(__linux__)
#include <malloc.h>
#endif

long gesturelab_fuzz_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 m = mallinfo2();
    return (long)(m.uordblks + m.hblkhd);
#else
    return -1;
#endif
}
