#include "protractor_kernel.h"
#include <math.h>

// Abramowitz & Stegun 4.4.46: acos(t) = sqrt(1 - t) * (a0 + a1 t + ... + a7 t^7), 0 <= t <= 1.
static const float A[8] = {1.5707963050f, -0.2145988016f, 0.0889789874f, -0.0501743046f,
                           0.0308918810f, -0.0170881256f, 0.0066700901f, -0.0012624911f};
static const float PI_F = 3.14159265358979f;

static inline float key_of(float x, float y) {
    float q = x * x + y * y;
    return x > 0 ? q : (x < 0 ? -q : 0.0f);
}

float gesturelab_arc_cosine(float s) {
    float t = fabsf(s);
    float p = A[7];
    for (int k = 6; k >= 0; k--) p = p * t + A[k];
    float d = sqrtf(1 - t) * p;
    return s < 0 ? PI_F - d : d;
}

static inline float distance_of(float key) {
    float s = key >= 0 ? sqrtf(key) : -sqrtf(-key);
    if (s > 1) s = 1;
    if (s < -1) s = -1;
    return gesturelab_arc_cosine(s);
}

static int row_generic(const float *a, const float *b, float *out, int start, int count, float *best, int best_index) {
    for (int i = start; i < count; i++) {
        float key = key_of(a[i], b[i]);
        out[i] = distance_of(key);
        if (key > *best) { *best = key; best_index = i; }
    }
    return best_index;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include <pthread.h>

__attribute__((target("avx2,fma")))
static int row_avx2(const float *a, const float *b, float *out, int count) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1), minus_one = _mm256_set1_ps(-1);
    const __m256 pi = _mm256_set1_ps(PI_F), sign = _mm256_set1_ps(-0.0f);
    __m256 lane_best = _mm256_set1_ps(-INFINITY);
    __m256i lane_index = _mm256_setzero_si256();
    __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i eight = _mm256_set1_epi32(8);
    int i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 x = _mm256_loadu_ps(a + i), y = _mm256_loadu_ps(b + i);
        // ±(a² + b²) without FMA, so that the key rounds as the one-at-a-time path's.
        __m256 q = _mm256_add_ps(_mm256_mul_ps(x, x), _mm256_mul_ps(y, y));
        __m256 negative = _mm256_cmp_ps(x, zero, _CMP_LT_OQ);
        __m256 positive = _mm256_cmp_ps(x, zero, _CMP_GT_OQ);
        __m256 key = _mm256_blendv_ps(_mm256_and_ps(q, positive), _mm256_xor_ps(q, sign), negative);
        __m256 r = _mm256_sqrt_ps(q);
        __m256 s = _mm256_blendv_ps(_mm256_and_ps(r, positive), _mm256_xor_ps(r, sign), negative);
        s = _mm256_min_ps(_mm256_max_ps(s, minus_one), one);
        __m256 t = _mm256_andnot_ps(sign, s);
        __m256 p = _mm256_set1_ps(A[7]);
        for (int k = 6; k >= 0; k--) p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(A[k]));
        __m256 d = _mm256_mul_ps(_mm256_sqrt_ps(_mm256_sub_ps(one, t)), p);
        d = _mm256_blendv_ps(d, _mm256_sub_ps(pi, d), _mm256_cmp_ps(s, zero, _CMP_LT_OQ));
        _mm256_storeu_ps(out + i, d);
        __m256 better = _mm256_cmp_ps(key, lane_best, _CMP_GT_OQ);
        lane_best = _mm256_blendv_ps(lane_best, key, better);
        lane_index = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(lane_index), _mm256_castsi256_ps(index), better));
        index = _mm256_add_epi32(index, eight);
    }
    float best = -INFINITY;
    int best_index = 0;
    if (i > 0) {
        float lb[8]; int li[8];
        _mm256_storeu_ps(lb, lane_best);
        _mm256_storeu_si256((__m256i *)li, lane_index);
        for (int l = 0; l < 8; l++) {
            if (lb[l] > best || (lb[l] == best && li[l] < best_index)) { best = lb[l]; best_index = li[l]; }
        }
    }
    return row_generic(a, b, out, i, count, &best, best_index);
}

// Whether the CPU has AVX2 and FMA, worked out once per process: pthread_once makes the
// first caller compute it and every other caller wait for that value, so concurrent first
// calls never read or write it unsynchronized.
static pthread_once_t cpu_checked = PTHREAD_ONCE_INIT;
static int cpu_has_avx2_fma = 0;

static void check_cpu(void) {
    __builtin_cpu_init();
    cpu_has_avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

static int has_avx2_fma(void) {
    pthread_once(&cpu_checked, check_cpu);
    return cpu_has_avx2_fma;
}
#endif

int gesturelab_protractor_row(const float *a, const float *b, float *out, int count) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (has_avx2_fma()) return row_avx2(a, b, out, count);
#endif
    float best = -INFINITY;
    return row_generic(a, b, out, 0, count, &best, 0);
}
