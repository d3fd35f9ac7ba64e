// Declarations only (see include/FuzzShim.h); SwiftPM needs one source file per C target.
#include "FuzzShim.h"
