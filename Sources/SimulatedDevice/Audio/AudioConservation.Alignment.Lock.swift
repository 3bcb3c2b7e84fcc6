extension AudioConservation.Alignment {
  /// Where one analyzer's audio sits on the reference, as far as the alignment knows: the offset
  /// (reference index minus analyzer index) and how sure it is.
  ///
  /// `searching → tentative → confirmed` as blocks match; `searching → placed` at the end of a run
  /// that never heard sound. A tentative lock may move without a loss or a repeat (it was a
  /// guess); a confirmed one moves only by a jump (audio skipped or repeated).
  enum Lock: Equatable {
    /// No match yet: blocks are compared at the bookkeeping guess, and what cannot be placed by
    /// content is held (``Held``).
    case searching
    /// Locked at `offset` by an intact match only (a converter's first output ramps in, and speech
    /// a pitch period away can match better): a clear match confirms or moves it, and so do
    /// ``AudioConservation/Tuning/confirmingBlocks`` agreeing blocks or the run's end.
    case tentative(offset: Int)
    /// Sure: a clear match, a later block matched clearly there, or enough blocks agreed.
    case confirmed(offset: Int)
    /// Never locked: the end of the run placed the session's silence at `offset`.
    case placed(offset: Int)

    /// The offset of a lock (tentative or confirmed); nil while searching and once placed.
    var offset: Int? {
      switch self {
      case .tentative(let offset), .confirmed(let offset): offset
      case .searching, .placed: nil
      }
    }

    /// Whether the lock is sure.
    var isConfirmed: Bool {
      if case .confirmed = self { return true }
      return false
    }
  }

  /// What was received before the lock was confirmed and cannot be judged until it is (analyzer
  /// index ranges): placed where the confirmed lock (or the end of the run) says, then emptied.
  struct Held {
    /// Silent blocks: marked received once the lock says where they belong (silence cannot be
    /// placed by content), or where the end of the run places them.
    var silence: [Range<Int>] = []
    /// Quiet blocks (below -40 dBFS on both sides): too quiet to place, counted as received where
    /// the lock says they belong, like silence.
    var quiet: [Range<Int>] = []
    /// Garbled blocks: the seam of a session's start when few.
    var garbled: [Range<Int>] = []
    /// Blocks accepted under a tentative lock: placed where the lock is once it is confirmed, moved
    /// with it if a clear match puts it elsewhere.
    var accepted: [Range<Int>] = []

    /// Holds a silent block, merged with the silence it continues.
    mutating func holdSilence(_ range: Range<Int>) {
      if let last = silence.last, last.upperBound == range.lowerBound {
        silence[silence.count - 1] = last.lowerBound..<range.upperBound
      } else {
        silence.append(range)
      }
    }
  }
}
