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
      guard !samples.isEmpty, !isZero(samples) else { return 0 }
      var sum: Float = 0
      for sample in samples { sum += sample * sample }
      return sum / Float(samples.count)
    }

    /// Whether every sample is exactly zero (+0 or -0; a NaN is not). The bits without the sign
    /// are OR-ed a block at a time — a loop the compiler vectorises, where a comparison per sample
    /// with an early exit is not — and tested once per block, so sound is found in the first.
    static func isZero(_ samples: UnsafeBufferPointer<Float>) -> Bool {
      guard let base = samples.baseAddress else { return true }
      let count = samples.count
      return base.withMemoryRebound(to: UInt32.self, capacity: count) { bits in
        var start = 0
        while start < count {
          let end = min(count, start + 256)
          var any: UInt32 = 0
          for index in start..<end { any |= bits[index] << 1 }
          if any != 0 { return false }
          start = end
        }
        return true
      }
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
      reference.withSamples(range) { _, piece in for sample in piece { sum += sample * sample } }
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
      base.initialize(repeating: 0, count: out.count)
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
    @inline(__always)
    static func smooth(_ values: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>) {
      guard values.count > 2 else { return }
      // Through buffer pointers, so the loop is vectorised (each sample's sum in the same order).
      for index in 1..<values.count - 1 {
        out[index - 1] = 0.25 * values[index - 1] + 0.5 * values[index] + 0.25 * values[index + 1]
      }
    }

    /// Calls `body` with each lag in `0..<lags` (in order), the sum of `a[k] · r[lag + k]` and the
    /// sum of `r[lag + k]²` over `k` in `0..<count`; `r` holds at least `lags - 1 + count` samples.
    ///
    /// Eight lags are summed at once, one per SIMD lane: each lane adds its products in the order
    /// of `k`, exactly as one lag's scalar loop does (a product, then a sum, never fused), so every
    /// sum is bit for bit the scalar one — only the serial chain of additions is no longer the
    /// bottleneck. The lags left over are summed one at a time.
    @inline(__always)
    static func correlations(
      _ a: UnsafeBufferPointer<Float>, _ r: UnsafeBufferPointer<Float>, count: Int, lags: Int,
      _ body: (_ lag: Int, _ dot: Float, _ power: Float) -> Void
    ) {
      guard lags > 0, count > 0, let a = a.baseAddress, let r = r.baseAddress else {
        for lag in 0..<max(0, lags) { body(lag, 0, 0) }
        return
      }
      var lag = 0
      while lag + 8 <= lags {
        var dot = SIMD8<Float>(repeating: 0)
        var power = SIMD8<Float>(repeating: 0)
        for k in 0..<count {
          let value = UnsafeRawPointer(r + lag + k).loadUnaligned(as: SIMD8<Float>.self)
          dot += SIMD8(repeating: a[k]) * value
          power += value * value
        }
        for lane in 0..<8 { body(lag + lane, dot[lane], power[lane]) }
        lag += 8
      }
      // Two to seven lags left (the ±2 lags of every block's check are five): the same lanes over a
      // copy padded with zeros, so the lanes past the last lag read inside it; they are dropped.
      if lags - lag >= 2 {
        let left = lags - lag
        withUnsafeTemporaryAllocation(of: Float.self, capacity: count + 7) { padded in
          let padded = padded.baseAddress!
          padded.initialize(from: r + lag, count: count + left - 1)
          (padded + count + left - 1).initialize(repeating: 0, count: 8 - left)
          var dot = SIMD8<Float>(repeating: 0)
          var power = SIMD8<Float>(repeating: 0)
          for k in 0..<count {
            let value = UnsafeRawPointer(padded + k).loadUnaligned(as: SIMD8<Float>.self)
            dot += SIMD8(repeating: a[k]) * value
            power += value * value
          }
          for lane in 0..<left { body(lag + lane, dot[lane], power[lane]) }
        }
        return
      }
      while lag < lags {
        var dot: Float = 0
        var power: Float = 0
        for k in 0..<count {
          let value = r[lag + k]
          dot += a[k] * value
          power += value * value
        }
        body(lag, dot, power)
        lag += 1
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
      guard let bestIndex = scores.indices.max(by: { scores[$0] < scores[$1] }),
        energies[bestIndex] >= AudioConservation.silence
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
      func decimate(_ values: UnsafeBufferPointer<Float>) -> [Float] {
        (0..<values.count / factor).map { index in (0..<factor).reduce(Float(0)) { $0 + values[index * factor + $1] } }
      }
      let a = decimate(received)
      let r = span.withUnsafeBufferPointer(decimate)
      var aEnergy: Float = 0
      for value in a { aEnergy += value * value }
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
