#ifndef SPEECH_REPLAY_CSIGNALKERNELS_H
#define SPEECH_REPLAY_CSIGNALKERNELS_H
#include <stdbool.h>

// The audio check's inner loops (SimulatedDevice's AudioConservation.Signal), in C so that they
// stay fast in an unoptimized build: an app's own executable is usually a debug build, where
// Swift's SIMD types cost a generic call per lane operation. Every sum is taken in the order the
// Swift code documents, a product rounded before it is added (never fused), so each result is bit
// for bit what a scalar loop gives: the model's hearing, and so every trace, depends on them.

/// Whether every value is exactly zero (+0 or -0; a NaN is not).
bool speech_replay_is_zero(const float *values, long count);

/// Sum of `values[k]²` for `k` in `0..<count`, in order, added to `start`.
float speech_replay_sum_of_squares(float start, const float *values, long count);

/// `out[i - 1] = 0.25·values[i - 1] + 0.5·values[i] + 0.25·values[i + 1]` for `i` in `1..<count - 1`,
/// each sum from the left (`out` holds `count - 2` samples, memory apart from `values`).
void speech_replay_smooth(const float *values, long count, float *out);

/// `out[i]` = the sum of `values[i·factor + j]` for `j` in `0..<factor`, from 0 and in order, for
/// `i` in `0..<count / factor`.
void speech_replay_decimate(const float *values, long count, long factor, float *out);

/// For each lag in `0..<lags`: `dots[lag]` = the sum of `a[k]·r[lag + k]` and `powers[lag]` = the
/// sum of `r[lag + k]²` over `k` in `0..<count`, each in the order of `k`. `r` holds at least
/// `lags - 1 + count` samples.
void speech_replay_correlations(
  const float *a, const float *r, long count, long lags, float *dots, float *powers);

#endif
