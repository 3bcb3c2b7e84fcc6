import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport

/// Runs `xmllint` (libxml2-utils, installed by ci/bootstrap) on a file.
enum XMLLint {
  struct Outcome {
    let status: Int32
    let output: String
  }

  /// The JUnit schema checked in beside these tests.
  static var junitSchema: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas/junit-10.xsd").path
  }

  /// Validates `file` against the JUnit schema.
  static func validateJUnit(_ file: String) throws -> Outcome {
    try run(["--noout", "--schema", junitSchema, file])
  }

  /// Evaluates an XPath expression on `file` and returns what xmllint printed, without the line
  /// break it adds after a string result.
  static func xpath(_ expression: String, in file: String) throws -> Outcome {
    let outcome = try run(["--xpath", expression, file])
    return Outcome(
      status: outcome.status,
      output: outcome.output.hasSuffix("\n") ? String(outcome.output.dropLast()) : outcome.output)
  }

  private static func run(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xmllint"] + arguments
    let folder = try TemporaryFolder(prefix: "xmllint").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    guard FileManager.default.createFile(atPath: outURL.path, contents: nil) else {
      throw CommandLineRunError(message: "cannot create \(outURL.path); check the temporary folder")
    }
    let out = try FileHandle(forWritingTo: outURL)
    process.standardOutput = out
    process.standardError = out
    try WorkerLaunch.serialized { try process.run() }
    process.waitUntilExit()
    try out.close()
    let output = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    if process.terminationStatus == 127 {
      throw CommandLineRunError(message: "xmllint is not installed; run ci/bootstrap (Debian package libxml2-utils)")
    }
    return Outcome(status: process.terminationStatus, output: output)
  }
}
