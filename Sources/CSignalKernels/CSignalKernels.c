#include "CSignalKernels.h"

// A product is rounded before it is added, as in Swift (which never contracts): without this a
// compiler for a CPU with fused multiply-add (every Apple silicon Mac) may fuse them.
#pragma STDC FP_CONTRACT OFF

// Eight lags at once, one per lane; every lane adds in the scalar order, so it is the scalar sum.
typedef float lanes8 __attribute__((ext_vector_type(8)));
// The same lanes read from any float's address.
typedef float lanes8_unaligned __attribute__((ext_vector_type(8), aligned(4)));

float speech_replay_sum_of_squares(float start, const float *values, long count) {
  float sum = start;
  for (long k = 0; k < count; k++) sum += values[k] * values[k];
  return sum;
}

void speech_replay_smooth(const float *values, long count, float *out) {
  for (long i = 1; i < count - 1; i++)
    out[i - 1] = 0.25f * values[i - 1] + 0.5f * values[i] + 0.25f * values[i + 1];
}

void speech_replay_decimate(const float *values, long count, long factor, float *out) {
  for (long i = 0; i < count / factor; i++) {
    float sum = 0;
    for (long j = 0; j < factor; j++) sum += values[i * factor + j];
    out[i] = sum;
  }
}

void speech_replay_correlations(
  const float *a, const float *r, long count, long lags, float *dots, float *powers) {
  long lag = 0;
  for (; lag + 8 <= lags; lag += 8) {
    lanes8 dot = 0;
    lanes8 power = 0;
    for (long k = 0; k < count; k++) {
      lanes8 value = *(const lanes8_unaligned *)(r + lag + k);
      dot += (lanes8)a[k] * value;
      power += value * value;
    }
    for (int lane = 0; lane < 8; lane++) {
      dots[lag + lane] = dot[lane];
      powers[lag + lane] = power[lane];
    }
  }
  // Two to seven lags left (the ±2 lags of every block's check are five): the same lanes over a
  // copy padded with zeros, so the lanes past the last lag read inside it; they are dropped.
  long left = lags - lag;
  if (left >= 2 && count <= 16384) {
    float padded[count + 7];
    for (long k = 0; k < count + left - 1; k++) padded[k] = r[lag + k];
    for (long k = count + left - 1; k < count + 7; k++) padded[k] = 0;
    lanes8 dot = 0;
    lanes8 power = 0;
    for (long k = 0; k < count; k++) {
      lanes8 value = *(const lanes8_unaligned *)(padded + k);
      dot += (lanes8)a[k] * value;
      power += value * value;
    }
    for (long lane = 0; lane < left; lane++) {
      dots[lag + lane] = dot[lane];
      powers[lag + lane] = power[lane];
    }
    return;
  }
  for (; lag < lags; lag++) {
    float dot = 0;
    float power = 0;
    for (long k = 0; k < count; k++) {
      float value = r[lag + k];
      dot += a[k] * value;
      power += value * value;
    }
    dots[lag] = dot;
    powers[lag] = power;
  }
}

bool speech_replay_is_zero(const float *values, long count) {
  // Compared a block at a time (a loop the compiler vectorises, where a comparison per sample with
  // an early exit is not), tested once per block. -0 equals 0; a NaN equals nothing.
  for (long start = 0; start < count; start += 256) {
    long end = start + 256 < count ? start + 256 : count;
    int any = 0;
    for (long k = start; k < end; k++) any |= values[k] != 0.0f;
    if (any) return false;
  }
  return true;
}
