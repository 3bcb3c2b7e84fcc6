extension AudioConservation {
  /// Every threshold of the audio check in one value, each documented here once: how a block is
  /// judged, when the alignment may move, how far it searches, how a session is locked and placed,
  /// and what the verdict (`AudioCheck`) lets pass. ``AudioConservation/tuning`` is the one in use;
  /// levels are mean squares of full-scale samples (1e-6 is -60 dBFS), spans are samples at
  /// ``AudioConservation/rate`` unless a name says seconds.
  ///
  /// Why these values: another converter (any engine or quality, an app's own resampler) differs
  /// from the reference by a fraction of a sample and a few thousandths of amplitude (the reference
  /// stack's blocks measure about 57 dB), while every fault of the bug zoo measures below 0 dB.
  package struct Tuning: Sendable, Hashable {
    // MARK: Judging a block

    /// Below this mean square (-60 dBFS) a block is silence: it matches silence with no comparison.
    package var silence: Float = 1e-6
    /// Below this mean square (-40 dBFS) on both sides a block is too quiet to place or judge (it
    /// counts as received); a jump needs a block with at least this much sound.
    package var quiet: Float = 1e-4
    /// Normalised correlation at which a block is the microphone's audio (a signal-to-noise ratio
    /// of about 6 dB after the best gain).
    package var matchCorrelation: Float = 0.9
    /// How far the level may differ from the microphone's and still be intact, in dB.
    package var levelTolerance: Float = 10
    /// Lags tried each side of the current offset when a block continues the last (samples).
    package var continuingLags = 2
    /// A garbled block this far below the microphone's level (dB) is silenced, whatever it holds.
    package var silencedLevel = -40.0
    /// A garbled block with more than this fraction of clipped samples is too loud.
    package var clippedFraction: Float = 0.01
    /// The signal-to-noise ratio (dB) of a garbled block that matches nowhere near its place.
    package var unmatchedSignalToNoise = -30.0
    /// The level difference (dB) of held silence that falls where the microphone heard sound.
    package var heldSilenceLevel = -60.0

    // MARK: Moving the offset

    /// A change of offset this small (4 ms) is drift — another converter's delay, a new session's
    /// converter — not audio skipped or repeated.
    package var drift = 64
    /// A jump to another offset (audio skipped or repeated) needs a clearer match than continuing.
    package var jumpCorrelation: Float = 0.98
    /// …and the audio at the current offset to be something else (below this correlation).
    package var stayCorrelation: Float = 0.85
    /// Garbled blocks this many at most, just before a jump (or before the first lock, with only
    /// silence between them and it), are its seam: half one place, half the other.
    package var seamBlocks = 3
    /// After intact audio every block is searched this many times; after that, in a garbled run…
    package var searchedBlocks = 10
    /// …only every this many blocks.
    package var searchSpacing = 5
    /// How far the wide search reaches around the offset (samples): before the first lock
    /// (bookkeeping may be half a second off), and after.
    package var wideReachBeforeLock = 8000
    package var wideReach = 800
    /// How far back tap-buffer shifts reach, in seconds: before the first lock (a queue that keeps
    /// the newest buffers may put the guess seconds late), and after.
    package var shiftBackBeforeLock = 30.0
    package var shiftBack = 2.0
    /// Recent tap buffers whose sizes and boundaries give the shifts searched.
    package var recentTapBuffers = 64
    /// At most this many multiples of a tap buffer's size forward, and this many shifts in all.
    package var shiftMultiples = 1_000
    package var shifts = 400
    /// Each shift is searched this far each side (samples): an app's buffers are tap buffers give
    /// or take what its converter holds back.
    package var shiftReach = 200
    /// A shift matching this well ends the search.
    package var shiftGoodEnough: Float = 0.98
    /// Seconds of reference a block waits for beyond its own (a margin to search forward).
    package var lookAheadSeconds = 1.0

    // MARK: Locking a new session

    /// Other candidate buffers a block before the lock is searched at (each costs a comparison at
    /// 129 lags; with taps of 2 ms a new session's first input comes dozens of buffers after it started).
    package var searchedAlternatives = 64
    /// How many blocks agreeing with an unclear lock confirm it (200 ms): quiet noise that two
    /// resamplers render differently never matches clearly anywhere.
    package var confirmingBlocks = 10
    /// The widening search before the lock reaches at most this far (samples), or two of the
    /// largest of the last few tap buffers…
    package var lockReach = 600
    /// …of this many.
    package var lockReachBuffers = 8
    /// A candidate buffer whose mismatch (1 − correlation) is this many times smaller than the
    /// nearest clear match's is where the queue started.
    package var candidateAdvantage: Float = 4
    /// At most this many tap buffers are candidates for a new session's first input…
    package var candidateBuffers = 256
    /// …delivered at most this many seconds before it (or since the session started, if earlier)…
    package var candidateSeconds = 2.0
    /// …and starting no earlier than this many seconds before what earlier sessions received.
    package var candidateOverlap = 0.005
    /// How far a session that heard only silence may be from where it is placed (a converter's lag,
    /// the seam of a new run), in seconds: its edges are widened by this much.
    package var silencePlacementSlack = 0.040
    /// Seconds of reference kept for alignment: an analyzer reading audio older than this cannot be
    /// compared (a queue that lags this far is itself reported by the input-bounded invariant).
    package var windowSeconds = 120.0

    // MARK: The verdict (AudioCheck)

    /// Lost spans shorter than this (seconds) are the edges of a comparison, not audio a model would miss.
    package var shortestLoss = 0.010
    /// With a declared loss: repeats shorter than this (seconds) are the alignment settling after a drop.
    package var seamRepeat = 0.050
    /// With a declared loss: garbled runs this short (seconds) are the seam of a drop.
    package var seamGarbled = 0.060
    /// The most a converter holds back (libsoxr's 37 ms at its default latency, with a margin): a
    /// loss this short (seconds) at the end of what the tap delivered is the converter's undrained tail.
    package var longestTail = 0.050
    /// Garbled audio shorter than this (seconds, two comparison blocks) is the edge of a comparison.
    package var shortestGarbled = 0.040
    /// A repeat or garbled run no longer than this (seconds) and within it of a lost span is that
    /// loss's seam: a tap buffer and a bit (the resampler's filter straddles the cut, and the
    /// alignment settles in a block or two after it). Real speech at drop seams otherwise read as
    /// "a wrong sample scale" or "the wrong channel".
    package var lossSeamReach = 0.150
    /// A stack's reported drops excuse this many times their audio (or their audio plus a block
    /// per drop, if more: the seam each drop may misplace).
    package var reportedDropFactor = 1.5
    /// An analyzer session that ended within this many seconds of a `dismiss` step ended with it.
    package var dismissalTolerance = 0.0005
    /// The margin a failure message suggests declaring over the audio lost (seconds).
    package var suggestedMargin = 0.05

    /// The tuning in use.
    package init() {}
  }

  /// The thresholds in use (see ``Tuning``).
  package static let tuning = Tuning()
}
