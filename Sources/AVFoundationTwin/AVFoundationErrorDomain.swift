/// The domain of AVFoundation's errors (`AVError`).
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"
