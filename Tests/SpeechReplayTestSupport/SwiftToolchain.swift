import Foundation

/// The toolchain's `swift` driver, for tests that ask SwiftPM about the package itself.
package enum SwiftToolchain {
  /// `swift` beside `SWIFT_EXEC` (which names the compiler) when set, else the first `swift` on
  /// the `PATH`; nil when neither exists.
  package static let swift: URL? = locate(environment: ProcessInfo.processInfo.environment)

  /// The driver the given environment leads to.
  package static func locate(environment: [String: String]) -> URL? {
    var candidates: [URL] = []
    if let exec = environment["SWIFT_EXEC"], !exec.isEmpty {
      candidates.append(URL(fileURLWithPath: exec).deletingLastPathComponent().appendingPathComponent("swift"))
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
      candidates.append(URL(fileURLWithPath: String(folder)).appendingPathComponent("swift"))
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
