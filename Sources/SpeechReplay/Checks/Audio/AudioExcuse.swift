import Foundation
import SimulatedDevice

/// One reason the audio check does not hold some of the microphone's audio against the stack, with
/// the spans it excuses (reference samples at ``AudioConservation/rate``). A run reports each reason
/// that excused anything as the figure `audio.excused.<reason>` (seconds), so a pass explains
/// itself in `explain`, the JSON report and the HTML report.
package struct AudioExcuse: Sendable, Hashable {
  /// Why audio is excused, in the order the verdict applies them.
  package enum Reason: String, Sendable, Hashable, CaseIterable {
    /// Tap audio delivered after an analyzer failed, before the next one received anything.
    case afterFailure
    /// What a session that failed or was dismissed still held when it ended.
    case orphaned
    /// The newest audio, still on its way when the run ended while the app listened or still stopped.
    case inFlight
    /// Lost at the end of a listening stretch that ended in a failure or a dismissal.
    case failedStretchEnd
    /// Lost spans and garbled runs too short to be more than a comparison's edge.
    case comparisonEdge
    /// Lost because the analyzer rejected the input's format.
    case rejectedInput
    /// Lost, repeated or garbled where the stack reported dropping buffers.
    case reportedDrops
    /// Lost within what the scenario declares (`expect.audio.maximumLost`).
    case declaredLoss
    /// Repeated or garbled at the seams of a declared loss's drops.
    case dropSeams
    /// Short repeats and garbled runs beside a lost span: the loss's own seam, not a second cause.
    case lossSeams

    /// Why this is not held against the stack, in a sentence (thresholds from ``AudioConservation/Tuning``).
    package var why: String {
      let tuning = AudioConservation.tuning
      func milliseconds(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }
      return switch self {
      case .afterFailure:
        "delivered after an analyzer failed and before the next one received anything: it had nowhere to go"
      case .orphaned:
        "what a session that failed, or whose screen was dismissed, still held (its queue, its converter): no one was left to hear it"
      case .inFlight:
        "the run ended while the app listened, or still finalized a stop: the newest audio was still on its way (queued, or in the converter)"
      case .failedStretchEnd:
        "the end of a listening stretch that ended in a failure the app showed, or a dismissal: there was no stop to drain at"
      case .comparisonEdge:
        "lost spans under \(milliseconds(tuning.shortestLoss)) and garbled runs under \(milliseconds(tuning.shortestGarbled)): the edges of a comparison, not audio a model would miss"
      case .rejectedInput:
        "input the analyzer rejected for its format: the analyzer-input-format invariant reports it"
      case .reportedDrops:
        "the stack reported dropping buffers (InputQueueReporting): up to \(tuning.reportedDropFactor)× their audio is declared lost, and the seams of its drops are not judged"
      case .declaredLoss:
        "within the loss the scenario declares (expect.audio.maximumLost)"
      case .dropSeams:
        "repeats under \(milliseconds(tuning.seamRepeat)) and garbled runs up to \(milliseconds(tuning.seamGarbled)) with a declared loss: the alignment settling at a drop's seam"
      case .lossSeams:
        "repeats and garbled runs up to \(milliseconds(tuning.lossSeamReach)) long and within that of a lost span: the loss's own seam (the resampler's filter straddles the cut), reported as the loss"
      }
    }

    /// The figure's name: `audio.excused.<reason>`.
    package var figureName: String { AudioExcuse.figurePrefix + rawValue }
  }

  /// The prefix of the excuses' figure names.
  package static let figurePrefix = "audio.excused."

  /// Why the figure `name` excused audio, when it is an excuse's figure (for reports that show figures).
  package static func why(figureNamed name: String) -> String? {
    guard name.hasPrefix(figurePrefix) else { return nil }
    return Reason(rawValue: String(name.dropFirst(figurePrefix.count)))?.why
  }

  /// Why.
  package var reason: Reason
  /// The spans excused.
  package var spans: AudioSpanSet

  /// Seconds excused.
  package var seconds: Double { Double(spans.count) / AudioConservation.rate }

  /// The figure reporting it.
  var figure: Figure { Figure(reason.figureName, seconds, unit: .seconds) }

  /// The lines `explain` prints for a run's audio: its figures, then each excuse with its seconds
  /// and why; empty for a run without the audio check's figures.
  package static func explanation(of figures: Figures) -> String {
    guard let tap = figures["audio.tapSeconds"] else { return "" }
    func seconds(_ name: String) -> String { String(format: "%.3f s", figures[name] ?? 0) }
    var text =
      "audio: \(String(format: "%.3f s", tap)) expected, \(seconds("audio.receivedSeconds")) received, "
      + "\(seconds("audio.lostSeconds")) lost, \(seconds("audio.repeatedSeconds")) repeated, "
      + "\(seconds("audio.garbledSeconds")) garbled\n"
    for reason in Reason.allCases {
      guard let value = figures[reason.figureName], value > 0 else { continue }
      text += "audio excused: \(String(format: "%.3f s", value)) \(reason.rawValue) — \(reason.why)\n"
    }
    return text
  }

  /// Up to `seconds` of `spans`, taken from the front (a span cut where the seconds run out).
  static func take(_ seconds: Double, from spans: inout [Range<Int>]) -> AudioSpanSet {
    var samples = Int((max(0, seconds) * AudioConservation.rate).rounded())
    var taken = AudioSpanSet()
    while samples > 0, let first = spans.first {
      let count = min(samples, first.count)
      taken.insert(first.lowerBound..<first.lowerBound + count)
      samples -= count
      if count == first.count { spans.removeFirst() } else { spans[0] = first.lowerBound + count..<first.upperBound }
    }
    return taken
  }
}
