import SpeechReplay

/// A run's `index.html`: every scenario with its status, virtual and wall time and key figures,
/// failures first, each row linking to its scenario page.
///
/// The table is complete without JavaScript; the inline script adds sorting (click a header) and
/// filtering (text and status). Rows are ordered crashed, failed, passed, skipped, each in suite order.
struct RunIndexPage {
  /// One row: a result and the file name of its page (`nil`: no page, no link).
  struct Row: Sendable, Hashable {
    var result: ScenarioResult
    var page: String?
  }

  /// The page's heading.
  var title: String
  /// Lines under the heading (run id, commit, …), shown as given (escaped).
  var details: [String] = []
  /// The rows, in suite order.
  var rows: [Row]

  /// Figures shown as columns: heading and figure name.
  static let figureColumns: [(title: String, figure: String)] = [
    ("first result p50 (s)", "latency.firstVolatile.p50"),
    ("final p50 (s)", "latency.final.p50"),
  ]

  /// The page.
  ///
  /// - Returns: A complete HTML document.
  func html() -> String {
    let summary = RunSummary(results: rows.map(\.result))
    var page = HTMLWriter()
    page.beginDocument(title: "\(title) — \(summary.line)", bodyAttributes: ["data-ready": "0"])
    page.element("h1", text: title)
    for detail in details { page.element("p", ["class": "meta"], text: detail) }
    page.element("p", ["class": "meta", "id": "summary"], text: summary.line)
    page.filterBar(
      placeholder: "filter by name, file or failure", statuses: ["crashed", "failed", "passed", "skipped"],
      anyStatus: "every status", shown: rows.count)
    page.open("table", ["id": "scenarios"])
    page.tableHead(
      ["status", "scenario", "file", "virtual (s)", "wall (s)"] + Self.figureColumns.map(\.title) + [
        "leak growth / cycle", "failures",
      ])
    page.open("tbody")
    for row in Self.ordered(rows) { writeRow(&page, row) }
    page.close("tbody")
    page.close("table")
    page.open("script")
    page.raw(HTMLAssets.indexScript)
    page.close("script")
    page.close("body")
    page.close("html")
    page.raw("\n")
    return page.output
  }

  private func writeRow(_ page: inout HTMLWriter, _ row: Row) {
    let result = row.result
    page.open("tr", ["data-status": result.status.rawValue])
    page.open("td", ["data-sort": String(Self.rank(result.status))])
    page.element("span", ["class": "status status-\(result.status.rawValue)"], text: result.status.rawValue)
    page.close("td")
    page.open("td")
    if let link = row.page { page.element("a", ["href": link], text: result.name) } else { page.text(result.name) }
    page.close("td")
    page.element("td", text: result.file)
    page.element("td", ["class": "num"], text: HTMLWriter.seconds(result.virtualSeconds))
    page.element("td", ["class": "num wall"], text: HTMLWriter.seconds(result.wallSeconds))
    for column in Self.figureColumns {
      page.element("td", ["class": "num"], text: result.figures[column.figure].map(Self.figureText) ?? "")
    }
    let leaks = result.figures.names.filter { $0.hasPrefix("leak.") }.sorted().map {
      "\($0.dropFirst(5)) \(Self.figureText(result.figures[$0]!))"
    }
    page.element("td", text: leaks.joined(separator: ", "))
    page.element(
      "td", ["data-sort": String(result.failures.count)],
      text: result.failures.first.map { failure in
        (result.failures.count > 1 ? "(\(result.failures.count)) " : "")
          + TimelineLanes.truncated(failure.description, 300)
      } ?? "")
    page.close("tr")
  }

  /// Crashed, timed out, failed, passed, skipped; suite order within each.
  static func ordered(_ rows: [Row]) -> [Row] {
    rows.enumerated().sorted {
      (rank($0.element.result.status), $0.offset) < (rank($1.element.result.status), $1.offset)
    }.map(\.element)
  }

  /// The order of a status in the index: crashed, timed out, failed, passed, skipped.
  static func rank(_ status: ScenarioResult.Status) -> Int {
    switch status {
    case .crashed: 0
    case .timedOut: 1
    case .failed: 2
    case .passed: 3
    case .skipped: 4
    }
  }

  /// A figure's text: integers without decimals, others with up to four significant decimals.
  static func figureText(_ value: Double) -> String {
    guard value.isFinite else { return String(describing: value) }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    // Past what `Int` holds in ten-thousandths (a damaged history's value): whole units, never a trap.
    guard abs(value) < 1e14 else { return String(format: "%.0f", value) }
    let scaled = Int((value * 10_000).rounded())
    let sign = scaled < 0 ? "-" : ""
    var fraction = String(abs(scaled) % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(sign)\(abs(scaled) / 10_000)" + (fraction.isEmpty ? "" : "." + fraction)
  }
}
