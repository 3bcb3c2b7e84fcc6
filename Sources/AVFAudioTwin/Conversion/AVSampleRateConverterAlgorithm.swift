// Apple declares these as global NSString constants (AVAudioSettings.h); their string values are
// not documented, so the twin chooses readable ones. Compare against the constants, never literals.

/// The standard sample-rate converter algorithm (the default).
public let AVSampleRateConverterAlgorithm_Normal: String = "AVSampleRateConverterAlgorithm_Normal"
/// The highest-quality algorithm, for mastering; slower.
public let AVSampleRateConverterAlgorithm_Mastering: String = "AVSampleRateConverterAlgorithm_Mastering"
/// A minimum-phase filter: less latency, non-linear phase.
public let AVSampleRateConverterAlgorithm_MinimumPhase: String = "AVSampleRateConverterAlgorithm_MinimumPhase"
