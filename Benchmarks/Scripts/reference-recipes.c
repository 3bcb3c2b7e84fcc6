// Issue 36: what a cheaper reference conversion for the audio check would save and what margin it
// would leave. Converts a 48 kHz mono WAV to 16 kHz with each of libsoxr's recipes (in 100 ms
// pieces, as the check converts tap buffers) and prints, for each, the CPU time (best of five), the
// signal-to-noise ratio of its output against the very-high-quality output over the whole file,
// and the worst 20 ms block (320 samples, the check's block; both sides smoothed as the check
// smooths them) above -40 dBFS, at the best of five
// lags — the quantity `audio.worstSignalToNoise` reports (without the check's refinement between
// samples; ρ at most 0.999999 as in the check, so 57 dB at most), for a correct stack whose
// converter runs at libsoxr's best recipe. Documentation/Performance.md has the figures.
//
//   cc -O2 Benchmarks/Scripts/reference-recipes.c -o .build/reference-recipes -lsoxr -lsndfile -lm
//   .build/reference-recipes speech.wav
#include <math.h>
#include <sndfile.h>
#include <soxr.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double snr_db(double sxy, double sxx, double syy) {
  double rho = sxy / sqrt(sxx * syy);
  if (rho > 0.999999) rho = 0.999999;
  if (rho < 0) rho = 0;
  return 10 * log10((rho * rho > 1e-12 ? rho * rho : 1e-12) / (1 - rho * rho));
}

// [1 2 1] / 4 twice, in place: the check's smoothing of both sides before it correlates.
static void smooth(float *x, size_t n) {
  for (int pass = 0; pass < 2; pass++) {
    float previous = 0;
    for (size_t i = 0; i + 1 < n; i++) {
      float current = x[i];
      x[i] = (previous + 2 * current + x[i + 1]) / 4;
      previous = current;
    }
  }
}

static size_t convert(unsigned long recipe, const float *in, size_t n, float *out, size_t capacity) {
  soxr_error_t error;
  soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
  soxr_quality_spec_t quality = soxr_quality_spec(recipe, 0);
  soxr_runtime_spec_t runtime = soxr_runtime_spec(1);
  soxr_t s = soxr_create(48000, 16000, 1, &error, &io, &quality, &runtime);
  size_t total = 0, done;
  for (size_t i = 0; i < n; i += 4800) {
    soxr_process(s, in + i, n - i < 4800 ? n - i : 4800, NULL, out + total, capacity - total, &done);
    total += done;
  }
  do {
    soxr_process(s, NULL, 0, NULL, out + total, capacity - total, &done);
    total += done;
  } while (done);
  soxr_delete(s);
  return total;
}

int main(int argc, char **argv) {
  if (argc != 2) return fprintf(stderr, "usage: reference-recipes FILE.wav (48 kHz mono)\n"), 1;
  SF_INFO info = {0};
  SNDFILE *file = sf_open(argv[1], SFM_READ, &info);
  if (!file || info.samplerate != 48000 || info.channels != 1) return fprintf(stderr, "need 48 kHz mono\n"), 1;
  size_t n = info.frames, capacity = n / 3 + 10000;
  float *in = malloc(n * sizeof(float)), *best = calloc(capacity, sizeof(float)), *out = calloc(capacity, sizeof(float));
  sf_readf_float(file, in, n);
  const unsigned long recipes[] = {SOXR_VHQ, SOXR_16_BITQ, SOXR_LQ, SOXR_QQ};
  const char *names[] = {"VHQ (28-bit)", "16_BITQ (the check's)", "LQ", "QQ (cubic)"};
  size_t frames = convert(SOXR_VHQ, in, n, best, capacity);
  float *raw = malloc(frames * sizeof(float));
  for (size_t i = 0; i < frames; i++) raw[i] = best[i];
  smooth(best, frames);
  for (int r = 0; r < 4; r++) {
    double fastest = 1e9;
    for (int round = 0; round < 5; round++) {
      double start = cpu_seconds();
      convert(recipes[r], in, n, out, capacity);
      if (cpu_seconds() - start < fastest) fastest = cpu_seconds() - start;
    }
    double sxy = 0, sxx = 0, syy = 0, worst = 99;
    for (size_t i = 1000; i + 1000 < frames; i++) sxy += raw[i] * out[i], sxx += raw[i] * raw[i], syy += out[i] * out[i];
    smooth(out, frames);
    for (size_t b = 1000; b + 1320 < frames; b += 320) {
      double energy = 0;
      for (int i = 0; i < 320; i++) energy += best[b + i] * best[b + i];
      if (energy / 320 < 1e-4) continue;
      double block = -99;
      for (int lag = -2; lag <= 2; lag++) {
        double bxy = 0, bxx = 0, byy = 0;
        for (int i = 0; i < 320; i++) {
          double x = best[b + i], y = out[b + i + lag];
          bxy += x * y, bxx += x * x, byy += y * y;
        }
        double value = snr_db(bxy, bxx, byy);
        if (value > block) block = value;
      }
      if (block < worst) worst = block;
    }
    printf("%-22s %6.2f ms  whole %5.1f dB  worst block %5.1f dB\n", names[r], fastest * 1e3,
           r ? snr_db(sxy, sxx, syy) : 99.0, r ? worst : 99.0);
  }
  return 0;
}
