import CSignalKernels
import Foundation

extension AudioConservation {
  /// The arithmetic of the comparison: block energies, normalised correlation at a range of lags.
  enum Signal {
    /// How well a received block matches the reference at its best lag.
    struct Match {
      /// Samples from the position asked about (reference index minus the analyzer's).
      var lag: Int
      /// Normalised correlation at the best lag, refined between samples.
      var correlation: Float
      /// Mean square of the reference at the best lag.
      var expectedEnergy: Float
      /// 10·log10(ρ² / (1 − ρ²)): the ratio of the matching part to the rest, in dB (at most 60).
      var signalToNoise: Double {
        let rho = Double(min(max(correlation, 0), 0.999_999))
        return min(60, 10 * log10(max(rho * rho, 1e-12) / (1 - rho * rho)))
      }
    }

    /// Mean square of the samples.
    static func energy(_ samples: UnsafeBufferPointer<Float>) -> Float {
      // Silence (most of a quiet session) is answered by a vectorised test, not the sum: the
      // sum of the squares of zeros is exactly 0 in any order.
      guard let base = samples.baseAddress, !samples.isEmpty, !isZero(samples) else { return 0 }
      return speech_replay_sum_of_squares(0, base, samples.count) / Float(samples.count)
    }

    /// Whether every sample is exactly zero (+0 or -0; a NaN is not), tested a block at a time in C.
    static func isZero(_ samples: UnsafeBufferPointer<Float>) -> Bool {
      guard let base = samples.baseAddress else { return true }
      return speech_replay_is_zero(base, samples.count)
    }

    /// Mean square of the reference over `range`.
    static func energy(reference: ReferenceTrack, _ range: Range<Int>) -> Float { energy(reference, range) }

    /// Mean square of the reference over `range`.
    static func energy(_ reference: ReferenceTrack, _ range: Range<Int>) -> Float {
      var isSilent = true
      reference.withSamples(range) { _, piece in if isSilent, !isZero(piece) { isSilent = false } }
      // Only zeros (or nothing kept): the sum below would be exactly 0.
      if isSilent { return 0 }
      var sum: Float = 0
      reference.withSamples(range) { _, piece in
        if let base = piece.baseAddress { sum = speech_replay_sum_of_squares(sum, base, piece.count) }
      }
      return range.isEmpty ? 0 : sum / Float(range.count)
    }

    /// `a` over `b` in dB (energies).
    static func decibels(_ a: Float, _ b: Float) -> Float {
      10 * log10(max(a, 1e-12) / max(b, 1e-12))
    }

    /// The fraction of samples at full scale.
    static func clippedFraction(_ samples: UnsafeBufferPointer<Float>) -> Float {
      guard !samples.isEmpty else { return 0 }
      var clipped = 0
      for sample in samples where abs(sample) >= 0.999 { clipped += 1 }
      return Float(clipped) / Float(samples.count)
    }

    /// The reference from `start` for `count` samples, zero where it is not kept.
    static func window(_ reference: ReferenceTrack, start: Int, count: Int) -> [Float] {
      [Float](unsafeUninitializedCapacity: count) { out, initialized in
        window(reference, start: start, into: out)
        initialized = count
      }
    }

    /// Fills `out` with the reference from `start`, zero where it is not kept.
    static func window(_ reference: ReferenceTrack, start: Int, into out: UnsafeMutableBufferPointer<Float>) {
      guard let base = out.baseAddress, !out.isEmpty else { return }
      // Zero bits are 0.0; memset, as the generic `initialize(repeating:)` is a call per sample unoptimized.
      memset(base, 0, out.count * MemoryLayout<Float>.stride)
      reference.withSamples(start..<start + out.count) { first, piece in
        guard let source = piece.baseAddress, !piece.isEmpty else { return }
        (base + (first - start)).update(from: source, count: piece.count)
      }
    }

    /// The best normalised correlation of `received` with the reference at `position + lag`, for
    /// each lag in `lags`; nil when the reference there is silent or gone.
    ///
    /// Both sides are smoothed twice ([1 2 1]) first: speech lives below 4 kHz, and a resampler that
    /// starts half a sample away from the reference's (a session starting on a tap buffer whose
    /// length is no whole number of output samples) differs mostly above it.
    ///
    /// Every intermediate (the reference's window, both sides smoothed, the scores) lives in one
    /// scratch allocation: eight arrays per compared block were 40 % of a 60 s scenario's mallocs.
    static func bestMatch(
      _ received: UnsafeBufferPointer<Float>, _ reference: ReferenceTrack, around position: Int, lags: ClosedRange<Int>
    ) -> Match? {
      let count = received.count
      // Too short to say anything (the last samples of a stream).
      guard count >= 8 else { return nil }
      let spanCount = count + lags.count - 1
      let found = withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * spanCount + 2 * count + 2 * lags.count) {
        scratch -> Match? in
        let base = scratch.baseAddress!
        let windowed = UnsafeMutableBufferPointer(start: base, count: spanCount)
        let spanOnce = UnsafeMutableBufferPointer(start: base + spanCount, count: spanCount - 2)
        let receivedOnce = UnsafeMutableBufferPointer(start: base + 2 * spanCount - 2, count: count - 2)
        let scores = UnsafeMutableBufferPointer(start: base + 2 * spanCount + count - 4, count: lags.count)
        let energies = UnsafeMutableBufferPointer(
          start: base + 2 * spanCount + count - 4 + lags.count, count: lags.count)
        window(reference, start: position + lags.lowerBound, into: windowed)
        // Each pass reads one region and writes another; a later pass reuses a region whose
        // contents were already read (the twice-smoothed window over the window itself).
        smooth(UnsafeBufferPointer(windowed), into: spanOnce)
        let span = UnsafeMutableBufferPointer(start: base, count: spanCount - 4)
        smooth(UnsafeBufferPointer(spanOnce), into: span)
        smooth(received, into: receivedOnce)
        let smoothedReceived = UnsafeMutableBufferPointer(start: base + spanCount, count: count - 4)
        smooth(UnsafeBufferPointer(receivedOnce), into: smoothedReceived)
        return match(
          UnsafeBufferPointer(smoothedReceived), UnsafeBufferPointer(span), lags: lags, scores: scores,
          energies: energies)
      }
      // The level compared is the unsmoothed reference's (the received block's is unsmoothed too).
      return found.map { found in
        var match = found
        match.expectedEnergy = energy(reference, position + found.lag..<position + found.lag + count)
        return match
      }
    }

    /// `[1 2 1] / 4` over `values`, the first and last left out (one sample each).
    static func smoothed(_ values: [Float]) -> [Float] {
      guard values.count > 2 else { return values }
      return values.withUnsafeBufferPointer { values in
        [Float](unsafeUninitializedCapacity: values.count - 2) { out, initialized in
          smooth(values, into: out)
          initialized = values.count - 2
        }
      }
    }

    /// `[1 2 1] / 4` over `values` into `out` (`values.count - 2` samples, memory apart from `values`).
    static func smooth(_ values: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>) {
      guard values.count > 2, let source = values.baseAddress, let target = out.baseAddress else { return }
      speech_replay_smooth(source, values.count, target)
    }

    /// Calls `body` with each lag in `0..<lags` (in order), the sum of `a[k] · r[lag + k]` and the
    /// sum of `r[lag + k]²` over `k` in `0..<count`; `r` holds at least `lags - 1 + count` samples.
    ///
    /// The sums are C's (`speech_replay_correlations`): eight lags at once, one per SIMD lane, each
    /// lane adding its products in the order of `k` (a product, then a sum, never fused), so every
    /// sum is bit for bit the scalar one. In C because an app's executable is usually a debug build,
    /// where Swift's SIMD types cost a generic call per lane operation: this loop was 57 % of an
    /// exploration through one.
    static func correlations(
      _ a: UnsafeBufferPointer<Float>, _ r: UnsafeBufferPointer<Float>, count: Int, lags: Int,
      _ body: (_ lag: Int, _ dot: Float, _ power: Float) -> Void
    ) {
      guard lags > 0, count > 0, let a = a.baseAddress, let r = r.baseAddress else {
        for lag in 0..<max(0, lags) { body(lag, 0, 0) }
        return
      }
      withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * lags) { sums in
        let dots = sums.baseAddress!
        let powers = dots + lags
        speech_replay_correlations(a, r, count, lags, dots, powers)
        for lag in 0..<lags { body(lag, dots[lag], powers[lag]) }
      }
    }

    private static func match(
      _ received: UnsafeBufferPointer<Float>, _ span: UnsafeBufferPointer<Float>, lags: ClosedRange<Int>,
      scores: UnsafeMutableBufferPointer<Float>, energies: UnsafeMutableBufferPointer<Float>
    ) -> Match? {
      let count = received.count
      let receivedEnergy = energy(received) * Float(count)
      guard receivedEnergy > 0 else { return nil }
      scores.initialize(repeating: -1)
      energies.initialize(repeating: 0)
      correlations(received, span, count: count, lags: lags.count) { lagIndex, dot, power in
        energies[lagIndex] = power / Float(count)
        scores[lagIndex] = power > 0 ? dot / (receivedEnergy * power).squareRoot() : -1
      }
      // The first of the best scores (as `max(by:)` would pick), without a closure per lag.
      var best = 0
      for index in 1..<scores.count where scores[best] < scores[index] { best = index }
      guard let bestIndex = scores.isEmpty ? nil : best,
        energies[bestIndex] >= AudioConservation.tuning.silence
      else { return nil }
      var peak = scores[bestIndex]
      // A peak between two samples (another resampler's fractional delay): the parabola's top.
      if bestIndex > 0 && bestIndex < scores.count - 1 {
        let (left, right) = (scores[bestIndex - 1], scores[bestIndex + 1])
        let curvature = left - 2 * peak + right
        if curvature < 0 { peak = min(1, peak - (right - left) * (right - left) / (8 * curvature)) }
      }
      return Match(lag: lags.lowerBound + bestIndex, correlation: peak, expectedEnergy: energies[bestIndex])
    }

    /// ``bestMatch(_:_:around:lags:)`` over ±`reach` samples, coarse (every fourth lag on signals
    /// averaged in fours) and then refined at full rate around the coarse best.
    static func bestMatchWide(
      _ received: UnsafeBufferPointer<Float>, _ reference: ReferenceTrack, around position: Int, reach: Int
    ) -> Match? {
      let factor = 4
      let count = received.count / factor
      guard count >= 8 else { return bestMatch(received, reference, around: position, lags: -reach...reach) }
      let span = window(reference, start: position - reach, count: received.count + 2 * reach)
      // Each output is its `factor` inputs summed from 0 in order.
      func decimate(_ values: UnsafeBufferPointer<Float>) -> [Float] {
        [Float](unsafeUninitializedCapacity: values.count / factor) { out, initialized in
          if let source = values.baseAddress, let target = out.baseAddress {
            speech_replay_decimate(source, values.count, factor, target)
          }
          initialized = values.count / factor
        }
      }
      let a = decimate(received)
      let r = span.withUnsafeBufferPointer(decimate)
      let aEnergy = a.withUnsafeBufferPointer { speech_replay_sum_of_squares(0, $0.baseAddress!, $0.count) }
      guard aEnergy > 0 else { return nil }
      var bestLag = 0
      var bestScore: Float = -2
      a.withUnsafeBufferPointer { a in
        r.withUnsafeBufferPointer { r in
          correlations(a, r, count: count, lags: r.count - count + 1) { lag, dot, power in
            guard power > 0 else { return }
            let score = dot / (aEnergy * power).squareRoot()
            if score > bestScore {
              bestScore = score
              bestLag = lag
            }
          }
        }
      }
      guard bestScore > -2 else { return nil }
      let coarse = bestLag * factor - reach
      return bestMatch(received, reference, around: position + coarse, lags: -factor...factor).map { match in
        var refined = match
        refined.lag += coarse
        return refined
      }
    }
  }
}
