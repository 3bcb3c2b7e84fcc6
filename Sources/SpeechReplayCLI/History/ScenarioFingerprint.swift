import Foundation
import Simulation
import SpeechReplay

/// What a scenario result ran on: content hashes of the scenario file and of the audio it plays,
/// so `compare` can tell an edited scenario (or re-recorded audio) from a change in the stack, and
/// a renamed file from a new one.
///
/// The hash is FNV-1a 64 over the file's bytes (``StableHash``, as the trace hash): a fingerprint
/// for telling versions of a file apart, not a cryptographic digest.
package struct ScenarioFingerprint: Sendable, Hashable {
  /// The scenario file's hash; `nil` when it could not be read.
  package var file: String?
  /// The hash of its `audio:` file; `nil` without audio or when it could not be read.
  package var audio: String?

  /// Creates a fingerprint.
  ///
  /// - Parameters:
  ///   - file: The scenario file's hash.
  ///   - audio: Its audio's hash.
  package init(file: String?, audio: String?) {
    self.file = file
    self.audio = audio
  }

  /// Fingerprints scenario files as they are on disk now, hashing each audio file once.
  package struct Reader {
    private var audioHashes: [String: String?] = [:]

    /// Creates a reader.
    package init() {}

    /// The fingerprint of the scenario file at `path` (as the run named it).
    ///
    /// - Parameter path: The scenario file.
    /// - Returns: Its hash and its audio's; `nil` parts where a file cannot be read (a scenario
    ///   that does not load has no audio hash).
    package mutating func fingerprint(of path: String) -> ScenarioFingerprint {
      let file = Self.hash(path)
      // The run's own parse (LoadedScenarios): a file whose loading ran past --timeout is not loaded again.
      guard file != nil, let scenario = try? LoadedScenarios.load(fileAt: path),
        let audio = scenario.device.microphone.audioFile
      else { return ScenarioFingerprint(file: file, audio: nil) }
      if audioHashes[audio] == nil { audioHashes[audio] = Self.hash(audio) }
      return ScenarioFingerprint(file: file, audio: audioHashes[audio] ?? nil)
    }

    /// The FNV-1a 64 hash of a file's bytes as 16 hex digits, or `nil` when it cannot be read.
    static func hash(_ path: String) -> String? {
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      var hash = StableHash()
      data.withUnsafeBytes { bytes in for byte in bytes { hash.combine(byte: byte) } }
      return hash.hexDigest
    }
  }
}
