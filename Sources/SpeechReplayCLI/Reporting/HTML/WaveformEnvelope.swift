import AudioPCM
import SpeechReplay

/// The audio lane's data: the minimum and maximum sample of what the microphone delivered in each
/// pixel column of the time axis.
///
/// The microphone's file is read once (channels averaged) and every tap buffer that carried it
/// (``TapePositions``: its virtual time and the span of the file it held) is laid over the columns
/// its capture covers, ending at the buffer's time. A ten-minute session is thus 1,600 columns, not
/// millions of samples. Silence between buffers (microphone stopped) leaves columns empty.
struct WaveformEnvelope: Sendable, Hashable {
  /// One column's extremes, in -1…1.
  struct Column: Sendable, Hashable {
    /// The smallest sample.
    var low: Float
    /// The largest sample.
    var high: Float
  }

  /// One entry per axis column; `nil` where no audio was delivered.
  var columns: [Column?]

  /// Builds the envelope.
  ///
  /// - Parameters:
  ///   - samples: The file's samples, channels averaged.
  ///   - sampleRate: The file's rate.
  ///   - deliveries: The tap buffers that carried the file.
  ///   - axis: The page's time axis.
  init(samples: [Float], sampleRate: Double, deliveries: [TapePositions.Delivery], axis: TimeAxis) {
    var columns = [Column?](repeating: nil, count: TimeAxis.columns)
    guard sampleRate > 0, !samples.isEmpty else {
      self.columns = columns
      return
    }
    for delivery in deliveries {
      let span = delivery.end - delivery.start
      guard span > 0 else { continue }
      let vEnd = delivery.time.seconds
      let vStart = vEnd - span
      for column in axis.column(vStart)...axis.column(vEnd) {
        let from = max(vStart, axis.time(ofColumn: column))
        let to = min(vEnd, axis.time(ofColumn: column + 1))
        guard to >= from else { continue }
        let first = Int(((delivery.start + (from - vStart)) * sampleRate).rounded(FloatingPointRoundingRule.down))
        let last = Int(((delivery.start + (to - vStart)) * sampleRate).rounded(FloatingPointRoundingRule.up))
        let lower = max(0, min(samples.count, first)), upper = max(lower, min(samples.count, max(last, first + 1)))
        guard lower < upper else { continue }
        var low = columns[column]?.low ?? .greatestFiniteMagnitude
        var high = columns[column]?.high ?? -.greatestFiniteMagnitude
        for index in lower..<upper {
          let sample = samples[index]
          if sample < low { low = sample }
          if sample > high { high = sample }
        }
        columns[column] = Column(low: low, high: high)
      }
    }
    self.columns = columns
  }

  /// The samples of an audio file, channels averaged; `nil` when it cannot be read.
  ///
  /// - Parameter path: The file.
  /// - Returns: The samples and the file's rate.
  static func read(_ path: String) -> (samples: [Float], sampleRate: Double)? {
    guard let file = try? AudioFile(forReading: path) else { return nil }
    defer { file.close() }
    let channels = file.processingFormat.channelCount
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 65_536)
    var samples: [Float] = []
    samples.reserveCapacity(file.frameCount)
    while let count = try? file.read(into: buffer), count > 0 {
      // The processing format is Float32 planar: read the planes directly (a ten-minute file is
      // millions of samples).
      guard let planes = buffer.floatChannelData else { break }
      let start = samples.count
      samples.append(contentsOf: UnsafeBufferPointer(start: planes[0], count: count))
      if channels > 1 {
        for channel in 1..<channels {
          let plane = planes[channel]
          for frame in 0..<count { samples[start + frame] += plane[frame] }
        }
        let scale = 1 / Float(channels)
        for frame in 0..<count { samples[start + frame] *= scale }
      }
    }
    return (samples, file.processingFormat.sampleRate)
  }
}
