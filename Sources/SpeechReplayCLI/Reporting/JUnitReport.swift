import Foundation
import SpeechReplay

/// `--junit FILE`: the results as JUnit XML in the form Jenkins, GitLab, GitHub and Azure read
/// (the Jenkins `junit-10.xsd` schema; a copy is checked in the tests).
///
/// One `<testsuite>` per scenario folder, one `<testcase>` per scenario (`classname` is the folder
/// with dots, `name` the scenario's name, `time` its wall seconds). In a run of several subjects, one
/// suite per subject and folder, named `SUBJECT/FOLDER`, with `classname` `SUBJECT.FOLDER`. A
/// skipped scenario has `<skipped message=…>` with the reason. A failed scenario has a
/// `<failure>` with every `file:line:column: message` line; a crashed or timed-out one an `<error>`
/// (`type="crashed"` / `type="timedOut"`) and its output in `<system-out>`. That schema allows properties on suites only, so each scenario's
/// seed, trace hash and figures are suite properties named `SCENARIO NAME.seed`,
/// `SCENARIO NAME.traceHash` and `SCENARIO NAME.figure.FIGURE`.
package struct JUnitReport: Sendable {
  /// The results, in suite order.
  package var results: [ScenarioResult]
  /// The name of the whole run (`<testsuites name=…>`).
  package var name: String
  /// Run-wide properties added to every suite (for example the shard), in order.
  package var runProperties: [(String, String)]

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - results: The results, in suite order.
  ///   - name: The run's name.
  ///   - runProperties: Properties added to every suite, such as `("shard", "1/3")`.
  package init(results: [ScenarioResult], name: String = "speech-replay", runProperties: [(String, String)] = []) {
    self.results = results
    self.name = name
    self.runProperties = runProperties
  }

  /// The XML document.
  ///
  /// - Returns: A UTF-8 XML document with declaration.
  package func xml() -> String {
    var groups: [(folder: String, results: [ScenarioResult])] = []
    for result in results {
      // Several subjects: each subject's results stay in suites of their own.
      let folder = (result.subject.map { "\($0)/" } ?? "") + Self.folder(of: result.file)
      if let index = groups.firstIndex(where: { $0.folder == folder }) {
        groups[index].results.append(result)
      } else {
        groups.append((folder, [result]))
      }
    }
    let summary = RunSummary(results: results)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"\(Self.escape(name))\" tests=\"\(summary.total)\" failures=\"\(summary.failed)\""
    xml += " errors=\"\(summary.crashed + summary.timedOut)\" time=\"\(Self.seconds(summary.wallSeconds))\">\n"
    for group in groups { xml += suite(folder: group.folder, results: group.results) }
    xml += "</testsuites>\n"
    return xml
  }

  private func suite(folder: String, results: [ScenarioResult]) -> String {
    let summary = RunSummary(results: results)
    var xml = "  <testsuite name=\"\(Self.escape(folder))\" tests=\"\(summary.total)\" failures=\"\(summary.failed)\""
    xml +=
      " errors=\"\(summary.crashed + summary.timedOut)\" skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(summary.wallSeconds))\">\n"
    var properties = runProperties
    for result in results {
      properties.append(("\(result.name).seed", String(result.seed)))
      if !result.traceHash.isEmpty { properties.append(("\(result.name).traceHash", result.traceHash)) }
      for figure in result.figures {
        properties.append(("\(result.name).figure.\(figure.name)", String(figure.value)))
      }
    }
    if !properties.isEmpty {
      xml += "    <properties>\n"
      for (name, value) in properties {
        xml += "      <property name=\"\(Self.escape(name))\" value=\"\(Self.escape(value))\"/>\n"
      }
      xml += "    </properties>\n"
    }
    let classname = folder.replacingOccurrences(of: "/", with: ".")
    for result in results { xml += testcase(result, classname: classname) }
    xml += "  </testsuite>\n"
    return xml
  }

  private func testcase(_ result: ScenarioResult, classname: String) -> String {
    var xml = "    <testcase classname=\"\(Self.escape(classname))\" name=\"\(Self.escape(result.name))\""
    xml += " time=\"\(Self.seconds(result.wallSeconds))\""
    let lines = result.failures.map(\.description)
    let message = lines.first ?? "\(result.status.rawValue) without a message"
    let body = ([result.file] + lines).joined(separator: "\n")
    // Element order follows the schema: skipped, error, failure, system-out.
    switch result.status {
    case .passed:
      guard !result.output.isEmpty else { return xml + "/>\n" }
      xml += ">\n"
    case .skipped:
      xml += ">\n      <skipped message=\"\(Self.escape(message))\"/>\n"
    case .failed:
      xml += ">\n      <failure message=\"\(Self.escape(message))\" type=\"failed\">\(Self.escape(body))</failure>\n"
    case .crashed, .timedOut:
      xml +=
        ">\n      <error message=\"\(Self.escape(message))\" type=\"\(result.status.rawValue)\">\(Self.escape(body))</error>\n"
    }
    if !result.output.isEmpty { xml += "      <system-out>\(Self.escape(result.output))</system-out>\n" }
    return xml + "    </testcase>\n"
  }

  /// The folder of a scenario file, as the suite name (`.` for files in the working directory).
  static func folder(of file: String) -> String {
    let folder = (file as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  static func seconds(_ value: Double) -> String {
    String(format: "%.3f", value.isFinite ? max(0, value) : 0)
  }

  /// Escapes text for an XML attribute or element.
  ///
  /// Characters XML 1.0 cannot hold at all (control characters such as a terminal's ESC) are
  /// written as visible `\u{1B}` text; line breaks in attributes become character references so
  /// parsers keep them.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\n": escaped += "&#10;"
      case "\r": escaped += "&#13;"
      case "\t": escaped += "&#9;"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
        || scalar.value == 0xFFFF:
        escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
