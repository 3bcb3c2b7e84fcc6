import AudioPCM

/// What `audio info` shows for one file, measured by reading the whole file in chunks.
struct AudioFileSummary {
  let text: String
  let warnings: [AudioFileWarning]

  init(path: String) throws {
    let file = try AudioFile(forReading: path)
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 16_384)
    var levels = AudioLevels()
    while try file.read(into: buffer) > 0 { levels.add(buffer) }
    let format = file.fileFormat
    text = """
      \(path)
        container: \(file.container)
        encoding:  \(file.encoding)
        rate:      \(Int(format.sampleRate)) Hz
        channels:  \(format.channelCount)
        frames:    \(file.frameCount)
        duration:  \(Self.fixed(file.duration, 3)) s
        peak:      \(Self.decibels(levels.peakDecibels))
        rms:       \(Self.decibels(levels.rmsDecibels))
      """
    warnings = file.warnings
  }

  private static func decibels(_ value: Double) -> String {
    value.isFinite ? "\(fixed(value, 1)) dBFS" : "-inf dBFS (silent)"
  }

  private static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    let decimals = text.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    return text
  }
}
