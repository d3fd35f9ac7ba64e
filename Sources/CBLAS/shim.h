#ifndef GESTURELAB_CBLAS_SHIM_H
#define GESTURELAB_CBLAS_SHIM_H
#include <cblas.h>
#endif
