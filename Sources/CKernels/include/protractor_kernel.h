#ifndef GESTURELAB_PROTRACTOR_KERNEL_H
#define GESTURELAB_PROTRACTOR_KERNEL_H

/// One candidate's rotation-invariant Protractor distances to `count` templates from the
/// products `a` and `b` (Li, CHI 2010: similarity ±√(a² + b²), distance its arc cosine,
/// here by Abramowitz & Stegun 4.4.46), written to `out`. Returns the index of the nearest
/// template: the largest ±(a² + b²), the first of equals. On x86-64 CPUs with AVX2 and
/// FMA (checked once per process, race-free) eight templates at a time; elsewhere one at a time.
int gesturelab_protractor_row(const float *a, const float *b, float *out, int count);

/// acos(x) for x in -1…1 by the same polynomial (Abramowitz & Stegun 4.4.46), one value.
float gesturelab_arc_cosine(float x);

#endif
