// Core Media's C macros as the Swift overlay on Apple platforms declares them: `CMTIME_IS_VALID(t)`
// and friends are functions there (a C function-like macro is not imported), so code written with
// the C names compiles unchanged. Each one reads the property of the same meaning.

/// True when `time` is valid (`CMTime.isValid`).
public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }

/// True when `time` is invalid.
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }

/// True for positive infinity (`CMTime.isPositiveInfinity`).
public func CMTIME_IS_POSITIVEINFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }

/// True for negative infinity (`CMTime.isNegativeInfinity`).
public func CMTIME_IS_NEGATIVEINFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }

/// True for the indefinite time (`CMTime.isIndefinite`).
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }

/// True for a valid time that is neither infinite nor indefinite (`CMTime.isNumeric`).
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }

/// True when the value was rounded on its way to its timescale (`CMTime.hasBeenRounded`).
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }

/// True when `range` is valid (`CMTimeRange.isValid`).
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }

/// True when `range` is invalid.
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }

/// True when the range's start or duration is indefinite (`CMTimeRange.isIndefinite`).
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }

/// True for a valid range of zero duration (`CMTimeRange.isEmpty`).
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }
