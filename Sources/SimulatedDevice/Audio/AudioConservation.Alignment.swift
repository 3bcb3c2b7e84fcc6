import Simulation

extension AudioConservation {
  /// One analyzer's received audio, aligned block by block against the reference.
  struct Alignment {
    let name: String
    /// Received samples not compared yet.
    private var pending: [Float] = []
    /// The analyzer index of `pending[0]`.
    private var pendingStart: Int
    /// Where the audio sits on the reference, and how sure that is.
    private(set) var lock = Lock.searching
    /// What was received before the lock was confirmed, placed once it is.
    private var held = Held()
    /// The bookkeeping offset used before the lock.
    private let guess: Int
    /// Other offsets the first input may start at (later tap buffers the app may have started its
    /// queue with), in delivery order: searched by content before the lock.
    private let alternatives: [Int]
    /// Where a session that never hears sound may be placed, in order of preference (buffers
    /// delivered since it started first): the first where the microphone was silent too, since
    /// silence cannot be placed by content.
    private let silencePlacements: [Int]
    /// The problem being extended block by block (garbled runs).
    private var open: AudioProblem?
    /// Blocks compared since the last successful search (searches are spaced out in garbled runs).
    private var failedSearches = 0
    /// False for an analyzer fed from elsewhere than the microphone (a file): nothing to compare.
    let hearsMicrophone: Bool

    init(
      name: String, start: Int, guess: Int, alternatives: [Int] = [], silencePlacements: [Int] = [],
      hearsMicrophone: Bool
    ) {
      self.name = name
      self.pendingStart = start
      self.guess = guess
      self.alternatives = alternatives
      self.silencePlacements = silencePlacements
      self.hearsMicrophone = hearsMicrophone
    }

    private var tuning: Tuning { AudioConservation.tuning }

    /// Reference index minus analyzer index, once locked onto the audio by content.
    var offset: Int? { lock.offset }

    /// Reference index minus analyzer index as finally judged: the lock, else where the end of the
    /// run placed the session's silence, else the guess.
    var placedOffset: Int {
      switch lock {
      case .tentative(let offset), .confirmed(let offset), .placed(let offset): offset
      case .searching: guess
      }
    }

    /// The reference index up to which this analyzer has received audio (compared or not).
    var receivedThrough: Int { pendingStart + pending.count + (offset ?? guess) }

    /// The reference index up to which this analyzer's audio has been compared.
    var evaluatedThrough: Int? { pendingStart + (offset ?? guess) }

    /// The analyzer index the next buffer continues at.
    var nextIndex: Int { pendingStart + pending.count }

    /// Adds received samples that continue the pending ones.
    mutating func append(_ samples: UnsafeBufferPointer<Float>) {
      pending.append(contentsOf: samples)
    }

    /// Moves on to a buffer that does not continue the last (the app gave a start time with a gap):
    /// the pending samples must have been compared first. The offset stays: what was skipped on the
    /// analyzer's timeline was skipped on the microphone's too, and is lost if it was delivered.
    mutating func jump(to index: Int) {
      precondition(pending.isEmpty, "compare the pending samples before a jump")
      pendingStart = index
    }

    /// Compares every pending block whose reference is there (every block when `force`).
    mutating func process(
      reference: ReferenceTrack, deliveries: RecordLog<TapDelivery>, force: Bool, into state: inout State
    ) {
      guard hearsMicrophone else {
        pendingStart += pending.count
        pending.removeAll(keepingCapacity: true)
        return
      }
      let block = AudioConservation.block
      let lookAhead = Int(tuning.lookAheadSeconds * AudioConservation.rate)
      var consumed = 0
      defer {
        if consumed > 0 {
          pending.removeFirst(consumed)
          pendingStart += consumed
        }
      }
      pending.withUnsafeBufferPointer { all in
        while pending.count - consumed >= (force ? 1 : block) {
          let count = min(block, pending.count - consumed)
          let index = pendingStart + consumed
          let base = offset ?? guess
          // Wait for the reference (and a margin to search forward) unless the run is over.
          if !force && index + base + count + block > reference.head && index + base < reference.head + lookAhead {
            break
          }
          let samples = UnsafeBufferPointer(rebasing: all[consumed..<consumed + count])
          compare(samples, at: index, reference: reference, deliveries: deliveries, into: &state)
          consumed += count
        }
      }
    }

    /// Compares one block received at analyzer `index`.
    private mutating func compare(
      _ received: UnsafeBufferPointer<Float>, at index: Int, reference: ReferenceTrack,
      deliveries: RecordLog<TapDelivery>,
      into state: inout State
    ) {
      let count = received.count
      let receivedEnergy = Signal.energy(received)
      let current = offset ?? guess
      let expectedEnergy = Signal.energy(reference, current + index..<current + index + count)
      if receivedEnergy < tuning.silence {
        // Silence received before the lock cannot be placed: it is judged once the lock (or the
        // end of the run) says where it belongs.
        guard lock.isConfirmed else { return held.holdSilence(index..<index + count) }
        // Silence where the microphone was silent: nothing to align on, and nothing wrong.
        if expectedEnergy < tuning.silence { return accept(index, count, offset: current, clear: false, into: &state) }
      }
      let lags = -tuning.continuingLags...tuning.continuingLags
      let stay = offset == nil ? nil : Signal.bestMatch(received, reference, around: current + index, lags: lags)
      // Under a tentative lock, only a clear match confirms it at once; an intact one is kept
      // unless the search finds a clear match elsewhere.
      if let stay, isIntact(stay, receivedEnergy), lock.isConfirmed || stay.correlation >= tuning.jumpCorrelation {
        state.noteSignalToNoise(stay.signalToNoise)
        return accept(index, count, offset: current + stay.lag, clear: true, into: &state)
      }
      if relocate(
        received, at: index, receivedEnergy: receivedEnergy, stay: stay, reference: reference, deliveries: deliveries,
        into: &state)
      {
        return
      }
      // Nothing clear elsewhere: a tentative lock the block still agrees with stays.
      if let stay, isIntact(stay, receivedEnergy) {
        state.noteSignalToNoise(stay.signalToNoise)
        return accept(index, count, offset: current + stay.lag, clear: false, into: &state)
      }
      failedSearches += 1
      // Quiet audio (below -40 dBFS on both sides) cannot be placed or judged with confidence: it
      // counts as received, and the next block with sound decides.
      if receivedEnergy < tuning.quiet && expectedEnergy < tuning.quiet {
        // Before the lock the guess may be a converter's lag off: wait for the lock to place it, or
        // the span between the guess and the lock would count as lost.
        guard lock.isConfirmed else { return held.quiet.append(index..<index + count) }
        state.received.insert(current + index..<current + index + count)
        state.intact.insert(current + index..<current + index + count)
        return
      }
      garbled(
        received, at: index, offset: current, receivedEnergy: receivedEnergy, expectedEnergy: expectedEnergy,
        reference: reference, into: &state)
    }

    /// Searches for the block elsewhere and, when it is found where the lock may go, moves the lock
    /// there (a jump records the audio skipped or repeated) and accepts it; false when it stays.
    private mutating func relocate(
      _ received: UnsafeBufferPointer<Float>, at index: Int, receivedEnergy: Float, stay: Signal.Match?,
      reference: ReferenceTrack, deliveries: RecordLog<TapDelivery>, into state: inout State
    ) -> Bool {
      let current = offset ?? guess
      // Audio skipped or repeated leaves other audio at the current offset; audio that still
      // resembles it there (quiet noise rendered a little differently) is no reason to jump, even
      // where a stretch elsewhere resembles it more (found by explore: noise 0.6 s earlier matched at 0.98).
      let mayJump = (stay?.correlation ?? 0) < tuning.stayCorrelation
      // A silent block cannot be located by content: it is silence where the microphone heard sound.
      // In a garbled run the search is spaced out (every fifth block); the first ten blocks after
      // intact audio are always searched (the first may straddle a skipped or repeated buffer).
      guard receivedEnergy >= tuning.silence,
        failedSearches < tuning.searchedBlocks || failedSearches % tuning.searchSpacing == 0,
        let found = search(received, at: index, reference: reference, deliveries: deliveries),
        isIntact(found.match, receivedEnergy),
        // A jump, and a first lock away from the guess or a candidate, need a clear match; drift
        // does not. A first lock at the guess or a candidate needs only an intact match: quiet, noisy
        // audio that two resamplers render a little differently (correlation 0.92) is where
        // bookkeeping says, not another stretch.
        abs(found.offset - current) <= tuning.drift
          || !lock.isConfirmed && isNearCandidate(found.offset)
          || mayJump && found.match.correlation >= tuning.jumpCorrelation && receivedEnergy >= tuning.quiet
      else { return false }
      failedSearches = 0
      state.noteSignalToNoise(found.match.signalToNoise)
      // A tentative lock moves without a skip or repeat: it was a guess.
      if case .confirmed(let old) = lock, abs(found.offset - old) > tuning.drift {
        recordJump(from: old, to: found.offset, at: index, into: &state)
      }
      if !lock.isConfirmed { absorbSeam(before: index, comparedAt: current, into: &state) }
      // A first lock that neither bookkeeping (the guess, a candidate buffer) nor an earlier block
      // put there stays tentative even when clear: voiced speech a few pitch periods away matches
      // clearly too, while a new session's first block matches worse where it belongs (the
      // reference's filter runs across the gap the microphone did not capture; the new converter
      // starts from silence). The next block confirms it, or a candidate's clear match moves it
      // (found by `speech-replay explore`: a session started after a converter error locked 31 ms
      // early at 0.992, while its first buffer matched 0.85 and every later block 1.0).
      let isBacked = lock.isConfirmed || abs(found.offset - current) <= tuning.drift || isNearCandidate(found.offset)
      accept(
        index, received.count, offset: found.offset,
        clear: isBacked && found.match.correlation >= tuning.jumpCorrelation, into: &state)
      return true
    }

    /// Records the jump of a confirmed lock from offset `old` to `new` at analyzer `index`: forward
    /// is audio the analyzer's stream skipped, back is audio it repeated.
    private mutating func recordJump(from old: Int, to new: Int, at index: Int, into state: inout State) {
      // The garbled blocks just before a jump are its seam (half before, half after, too quiet to
      // place): not a problem.
      if let seam = open, seam.span.count <= tuning.seamBlocks * AudioConservation.block,
        seam.span.upperBound == old + index
      {
        open = nil
      }
      closeProblem(into: &state.problems)
      let analyzerTime = Double(index) / AudioConservation.rate
      if new > old {
        state.problems.append(
          AudioProblem(.skipped, analyzer: name, span: old + index..<new + index, analyzerTime: analyzerTime))
      } else {
        state.problems.append(
          AudioProblem(.repeated, analyzer: name, span: new + index..<old + index, analyzerTime: analyzerTime))
      }
    }

    /// The few garbled blocks before the first lock (three at most, with only silence between them
    /// and the lock) were compared at the guess, not where the lock puts them: a block that
    /// straddles a queue's first buffer, a new converter's first output ramping in (its filter
    /// starts from silence where the reference's runs on). They are heard where the lock says, not
    /// problems, and no longer count as received at the guess.
    private mutating func absorbSeam(before index: Int, comparedAt current: Int, into state: inout State) {
      let garbled = held.garbled
      guard let first = garbled.first, let last = garbled.last,
        garbled.reduce(0, { $0 + $1.count }) <= tuning.seamBlocks * AudioConservation.block,
        onlySilenceHeld(from: first.lowerBound, to: index, besides: garbled)
      else { return }
      let seam = current + first.lowerBound..<current + last.upperBound
      if let problem = open, seam.contains(problem.span.lowerBound) { open = nil }
      state.problems.removeAll { $0.analyzer == name && seam.contains($0.span.lowerBound) }
      state.received = state.received.subtracting(
        AudioSpanSet(garbled.map { current + $0.lowerBound..<current + $0.upperBound }))
      held.accepted.append(contentsOf: garbled)
      held.garbled = []
    }

    /// Whether the blocks received from analyzer index `start` up to `end` are all held silent or
    /// quiet blocks, or `others` (none when `start == end`): a converter's first output can ramp in
    /// (too quiet to match) before a pause the session starts in.
    private func onlySilenceHeld(from start: Int, to end: Int, besides others: [Range<Int>]) -> Bool {
      var reached = start
      for range in (held.silence + held.quiet + others).sorted(by: { $0.lowerBound < $1.lowerBound })
      where range.upperBound > reached {
        guard range.lowerBound <= reached else { break }
        reached = range.upperBound
      }
      return reached >= end && start <= end
    }

    /// Whether `offset` is within drift of a candidate buffer the first input may start at.
    private func isNearCandidate(_ offset: Int) -> Bool {
      alternatives.prefix(tuning.searchedAlternatives).contains { abs(offset - $0) <= tuning.drift }
    }

    private func isIntact(_ match: Signal.Match, _ receivedEnergy: Float) -> Bool {
      match.correlation >= tuning.matchCorrelation
        && abs(Signal.decibels(receivedEnergy, match.expectedEnergy)) <= tuning.levelTolerance
    }

    /// Before a confirmed lock: near the guess and at each candidate buffer (see ``lockSearch``);
    /// then ±50 ms around the current offset (the lock at a session's start, a converter's other
    /// lag); then offsets whole tap buffers away (skipped, doubled or overwritten buffers).
    private func search(
      _ received: UnsafeBufferPointer<Float>, at index: Int, reference: ReferenceTrack,
      deliveries: RecordLog<TapDelivery>
    ) -> (offset: Int, match: Signal.Match)? {
      let current = offset ?? guess
      if !lock.isConfirmed,
        let found = lockSearch(received, at: index, reference: reference, deliveries: deliveries)
      {
        return found
      }
      var best: (offset: Int, match: Signal.Match)?
      // Before the lock the guess is bookkeeping (the newest tap buffer less this one): a queue that
      // lags puts it a fraction of a second late, so the first search reaches half a second.
      if let wide = Signal.bestMatchWide(
        received, reference, around: current + index,
        reach: offset == nil ? tuning.wideReachBeforeLock : tuning.wideReach)
      {
        best = (current + wide.lag, wide)
        if wide.correlation >= tuning.matchCorrelation { return best }
      }
      return shiftSearch(received, at: index, best: best, reference: reference, deliveries: deliveries)
    }

    /// The search before a confirmed lock. The guess is right to within a tap buffer or two (an
    /// earlier session's last buffer, a converter's lag): the clear match nearest to it wins,
    /// compared at every lag in windows that widen from the guess. Voiced speech repeats itself
    /// every pitch period, so a stretch a few periods away can match as well as the true one; and
    /// the wide search's coarse first pass can prefer such a stretch.
    /// The app may also have started its queue with a later buffer (what an ended session's stack
    /// held went with it): each candidate buffer is tried in turn, where it starts (the twins'
    /// converters are delay-compensated). A clear match wins at once; else the best intact match
    /// at a candidate, which bookkeeping makes as plausible as the guess.
    private func lockSearch(
      _ received: UnsafeBufferPointer<Float>, at index: Int, reference: ReferenceTrack,
      deliveries: RecordLog<TapDelivery>
    ) -> (offset: Int, match: Signal.Match)? {
      let current = offset ?? guess
      let width = tuning.drift
      let nearest = nearestClearMatch(received, at: index, reference: reference, deliveries: deliveries)
      // A candidate buffer's start that matches far better than the stretch nearest the guess is
      // where the queue started: the guess may be an ended session's unheard tail, a pitch period
      // or two from the new session's first buffer (found by explore: the nearest clear match
      // was a pitch period off at 0.984, the first buffer since the start matched at 0.99999).
      let energy = Signal.energy(received)
      var intact: (offset: Int, match: Signal.Match)?
      var clearest: (offset: Int, match: Signal.Match)?
      for candidate in [current] + alternatives.prefix(tuning.searchedAlternatives) {
        guard let near = Signal.bestMatch(received, reference, around: candidate + index, lags: -width...width)
        else { continue }
        if near.correlation >= tuning.jumpCorrelation {
          // Without a clear match near the guess, the first clear candidate wins, as before.
          if nearest == nil { return (candidate + near.lag, near) }
          if near.correlation > clearest?.match.correlation ?? 0 { clearest = (candidate + near.lag, near) }
        }
        if isIntact(near, energy), near.correlation > intact?.match.correlation ?? 0 {
          intact = (candidate + near.lag, near)
        }
      }
      if let nearest {
        if let clearest, 1 - clearest.match.correlation < (1 - nearest.match.correlation) / tuning.candidateAdvantage {
          return clearest
        }
        return nearest
      }
      return intact
    }

    /// The clear match nearest the guess, in windows of ±drift that widen from it to two of the
    /// recent tap buffers (at most ``Tuning/lockReach``).
    private func nearestClearMatch(
      _ received: UnsafeBufferPointer<Float>, at index: Int, reference: ReferenceTrack,
      deliveries: RecordLog<TapDelivery>
    ) -> (offset: Int, match: Signal.Match)? {
      let current = offset ?? guess
      let tapSpan = deliveries.suffix(tuning.lockReachBuffers).map(\.span.count).max() ?? 0
      let reach = min(tuning.lockReach, 2 * tapSpan + tuning.drift)
      let width = tuning.drift
      var center = 0
      while center <= reach {
        for side in center == 0 ? [0] : [center, -center] {
          if let near = Signal.bestMatch(received, reference, around: current + index + side, lags: -width...width),
            near.correlation >= tuning.jumpCorrelation
          {
            return (current + side + near.lag, near)
          }
        }
        center += 2 * width + 1
      }
      return nil
    }

    /// Whole tap buffers away (skipped, sent twice, read after being overwritten): multiples of the
    /// recent tap buffers' sizes, and the distances to their boundaries, within two seconds.
    /// Forward as far as the tap has delivered (a queue may drop seconds), back two seconds (before
    /// the lock, thirty: the guess may be seconds late with a queue that keeps the newest buffers).
    /// The best of `best` and the shifts' matches.
    private func shiftSearch(
      _ received: UnsafeBufferPointer<Float>, at index: Int, best: (offset: Int, match: Signal.Match)?,
      reference: ReferenceTrack, deliveries: RecordLog<TapDelivery>
    ) -> (offset: Int, match: Signal.Match)? {
      let current = offset ?? guess
      var best = best
      let position = current + index
      let rate = AudioConservation.rate
      let back =
        offset == nil
        ? min(Int(tuning.shiftBackBeforeLock * rate), max(0, position - reference.oldest))
        : Int(tuning.shiftBack * rate)
      let ahead = max(back, reference.head - position)
      let recent = deliveries.suffix(tuning.recentTapBuffers)
      var shifts = Set<Int>()
      for delivery in recent where abs(delivery.span.lowerBound - position) <= back {
        let step = delivery.span.lowerBound - position
        if step != 0 { shifts.formUnion([step, -step]) }
      }
      for size in Set(recent.map(\.span.count)) where size > 0 {
        for multiple in 1...max(1, min(tuning.shiftMultiples, ahead / size)) { shifts.insert(multiple * size) }
        for multiple in 1...max(1, back / size) { shifts.insert(-multiple * size) }
      }
      // An app's converted buffers are whole tap buffers give or take what its converter holds
      // back, so each candidate is searched ±200 samples (coarse, then refined).
      let ordered = shifts.sorted { abs($0) < abs($1) || abs($0) == abs($1) && $0 < $1 }
      for shift in ordered.prefix(tuning.shifts) {
        guard let match = Signal.bestMatchWide(received, reference, around: position + shift, reach: tuning.shiftReach)
        else { continue }
        if best == nil || match.correlation > best!.match.correlation { best = (current + shift + match.lag, match) }
        if match.correlation >= tuning.shiftGoodEnough { break }
      }
      return best
    }

    /// Marks the block as received intact at `offset`: the lock (tentative when it is the first).
    private mutating func accept(_ index: Int, _ count: Int, offset: Int, clear: Bool, into state: inout State) {
      closeProblem(into: &state.problems)
      guard lock.isConfirmed else {
        lock = .tentative(offset: offset)
        held.accepted.append(index..<index + count)
        if clear || held.accepted.count >= tuning.confirmingBlocks { confirmLock(into: &state) }
        return
      }
      lock = .confirmed(offset: offset)
      state.intact.insert(offset + index..<offset + index + count)
      state.received.insert(offset + index..<offset + index + count)
    }

    /// Makes a tentative lock sure: what was held before it is placed where it says.
    private mutating func confirmLock(into state: inout State) {
      guard case .tentative(let offset) = lock else { return }
      lock = .confirmed(offset: offset)
      held.garbled = []
      placeHeldSilence(at: offset, into: &state)
      for range in held.accepted {
        state.intact.insert(offset + range.lowerBound..<offset + range.upperBound)
        state.received.insert(offset + range.lowerBound..<offset + range.upperBound)
      }
      held.accepted = []
    }

    /// Records a block that matches the microphone nowhere, by how it differs at `offset`.
    private mutating func garbled(
      _ received: UnsafeBufferPointer<Float>, at index: Int, offset: Int, receivedEnergy: Float, expectedEnergy: Float,
      reference: ReferenceTrack,
      into state: inout State
    ) {
      let count = received.count
      if !lock.isConfirmed { held.garbled.append(index..<index + count) }
      let level = Double(Signal.decibels(receivedEnergy, expectedEnergy))
      let clipped = Signal.clippedFraction(received) > tuning.clippedFraction
      let kind: AudioProblem.Kind
      if expectedEnergy >= tuning.silence && receivedEnergy < tuning.silence || level < tuning.silencedLevel {
        kind = .silenced
      } else if expectedEnergy < tuning.silence {
        // Sound where the microphone heard silence (its level says nothing).
        kind = clipped ? .tooLoud : .foreign
      } else if clipped || level > Double(tuning.levelTolerance) {
        kind = .tooLoud
      } else if level < -Double(tuning.levelTolerance) {
        kind = .tooQuiet
      } else {
        kind = .foreign
      }
      let lags = -tuning.continuingLags...tuning.continuingLags
      let match = Signal.bestMatch(received, reference, around: offset + index, lags: lags)
      let snr = match.map(\.signalToNoise) ?? tuning.unmatchedSignalToNoise
      recordGarbled(
        kind, at: index, span: offset + index..<offset + index + count, level: level, snr: snr, into: &state)
    }

    /// Records a garbled block, extending the open problem when it continues it.
    private mutating func recordGarbled(
      _ kind: AudioProblem.Kind, at index: Int, span: Range<Int>, level: Double, snr: Double, into state: inout State
    ) {
      if Signal.energy(reference: state.reference, span) >= tuning.silence { state.noteSignalToNoise(snr) }
      state.received.insert(span)
      if var problem = open, problem.kind == kind, problem.span.upperBound == span.lowerBound {
        problem.span = problem.span.lowerBound..<span.upperBound
        problem.signalToNoise = min(problem.signalToNoise ?? snr, snr)
        if abs(level) > abs(problem.levelDifference ?? 0) { problem.levelDifference = level }
        open = problem
        return
      }
      closeProblem(into: &state.problems)
      open = AudioProblem(
        kind, analyzer: name, span: span, analyzerTime: Double(index) / AudioConservation.rate, levelDifference: level,
        signalToNoise: snr)
    }

    /// Judges the silent and quiet blocks held before the lock at `offset`: quiet ones and silence
    /// where the microphone was silent are intact, silence where it heard sound is silenced.
    private mutating func placeHeldSilence(at offset: Int, into state: inout State) {
      for range in held.quiet {
        state.received.insert(offset + range.lowerBound..<offset + range.upperBound)
        state.intact.insert(offset + range.lowerBound..<offset + range.upperBound)
      }
      held.quiet = []
      let ranges = held.silence
      held.silence = []
      // Runs of silence are kept merged; they are judged block by block.
      for range in ranges {
        var start = range.lowerBound
        while start < range.upperBound {
          let end = min(range.upperBound, start + AudioConservation.block)
          let span = offset + start..<offset + end
          if Signal.energy(reference: state.reference, span) < tuning.silence {
            state.intact.insert(span)
            state.received.insert(span)
          } else {
            recordGarbled(
              .silenced, at: start, span: span, level: tuning.heldSilenceLevel, snr: tuning.unmatchedSignalToNoise,
              into: &state)
          }
          start = end
        }
      }
      closeProblem(into: &state.problems)
    }

    /// At the end of a run: silence never placed by a lock is placed at the first candidate where the
    /// microphone was silent too (else at the guess). A session that never heard sound cannot be
    /// placed by content, and the app may have started its queue with any buffer since the last
    /// session's (an earlier queue discarded with its session); the guess may also be off by a
    /// converter's lag, so its edges are widened by 40 ms (it is silence either way). A tentative
    /// lock is confirmed where it is.
    mutating func finish(into state: inout State) {
      closeProblem(into: &state.problems)
      guard case .searching = lock else { return confirmLock(into: &state) }
      var place = guess
      if let first = held.silence.first?.lowerBound, let last = held.silence.last?.upperBound {
        if let silent = silencePlacements.first(where: { isSilent(at: $0, reference: state.reference) }) {
          place = silent
        }
        let slack = Int(tuning.silencePlacementSlack * AudioConservation.rate)
        state.received.insert(place + first - slack..<place + first)
        state.received.insert(place + last..<place + last + slack)
      }
      lock = .placed(offset: place)
      placeHeldSilence(at: place, into: &state)
    }

    /// Whether the microphone was quiet (below -40 dBFS) wherever the silence held before the lock
    /// would fall at `offset`, but for the first block: the reference's filter rings from the
    /// sound before a pause into the pause's first block (the seam of a new session).
    private func isSilent(at offset: Int, reference: ReferenceTrack) -> Bool {
      let first = held.silence.first?.lowerBound ?? 0
      return held.silence.allSatisfy { range in
        var start = range.lowerBound == first ? range.lowerBound + AudioConservation.block : range.lowerBound
        while start < range.upperBound {
          let end = min(range.upperBound, start + AudioConservation.block)
          if Signal.energy(reference, offset + start..<offset + end) >= tuning.quiet { return false }
          start = end
        }
        return true
      }
    }

    /// Ends the garbled run being extended, if any.
    mutating func closeProblem(into problems: inout [AudioProblem]) {
      if let open { problems.append(open) }
      open = nil
    }
  }
}
