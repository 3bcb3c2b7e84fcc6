/// A small writer of HTML and inline SVG that escapes every piece of text it is given.
///
/// Why no template library: the pages are mostly generated SVG geometry (thousands of computed
/// coordinates), inline CSS and one inline script, and must be byte-identical for the same run. Of
/// the packages allowed here, Plot models HTML elements but not SVG and adds a dependency for what
/// is a few dozen lines; swift-mustache renders text templates and would still leave escaping of
/// attribute values and the SVG to us. A writer whose only way to add text is ``text(_:)`` or an
/// attribute value (both escaped) keeps scenario names, transcripts and file names from ever
/// becoming markup: a transcript holding `<script>` is shown as text.
///
/// ```swift
/// var html = HTMLWriter()
/// html.open("p", ["class": "note"])
/// html.text("a < b")
/// html.close("p")
/// // html.output == "<p class=\"note\">a &lt; b</p>"
/// ```
package struct HTMLWriter {
  /// What has been written.
  package private(set) var output = ""

  /// Creates an empty writer.
  package init() {}

  /// Opens an element; attributes are written in the order given, values escaped.
  ///
  /// - Parameters:
  ///   - name: The element's name (a constant of the renderer, never taken from input).
  ///   - attributes: Name and value pairs; a `nil` value leaves the attribute out.
  package mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
    output += "<" + name
    writeAttributes(attributes)
    output += ">"
  }

  /// Writes an element without content (`<rect …/>`, `<input …>` in HTML is written `<input …/>`).
  ///
  /// - Parameters:
  ///   - name: The element's name.
  ///   - attributes: Name and value pairs; a `nil` value leaves the attribute out.
  package mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
    output += "<" + name
    writeAttributes(attributes)
    output += "/>"
  }

  /// Closes an element.
  ///
  /// - Parameter name: The element's name.
  package mutating func close(_ name: String) {
    output += "</" + name + ">"
  }

  /// Writes an element holding only text.
  ///
  /// - Parameters:
  ///   - name: The element's name.
  ///   - attributes: Its attributes.
  ///   - text: Its text, escaped.
  package mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:], text: String) {
    open(name, attributes)
    self.text(text)
    close(name)
  }

  /// Writes the filter bar the row filter script works with (`#filter`, `#status-filter`,
  /// `#shown`), hidden until the script shows it.
  /// - Parameters:
  ///   - placeholder: The search field's placeholder.
  ///   - statuses: The status choices; the first option (empty value) is `anyStatus`.
  ///   - anyStatus: The label of the option that shows every row.
  ///   - shown: How many rows are shown before any filtering.
  package mutating func filterBar(placeholder: String, statuses: [String], anyStatus: String, shown: Int) {
    open("div", ["class": "filter", "id": "filters", "style": "display:none"])
    empty("input", ["id": "filter", "type": "search", "placeholder": placeholder])
    text(" ")
    open("select", ["id": "status-filter"])
    element("option", ["value": ""], text: anyStatus)
    for status in statuses { element("option", ["value": status], text: status) }
    close("select")
    text(" shown: ")
    element("span", ["id": "shown"], text: String(shown))
    close("div")
  }

  /// Writes a table's head row: `<thead><tr><th>…</th>…</tr></thead>`.
  /// - Parameter headings: The column titles, escaped.
  package mutating func tableHead(_ headings: [String]) {
    open("thead")
    open("tr")
    for heading in headings { element("th", text: heading) }
    close("tr")
    close("thead")
  }

  /// Writes escaped text.
  ///
  /// - Parameter text: Any text; `&`, `<`, `>`, quotes are escaped and control characters other
  ///   than tab and line feed become U+FFFD, so the page stays well-formed.
  package mutating func text(_ text: String) {
    output += Self.escaped(text)
  }

  /// Writes markup the renderer itself produced: a constant (CSS, the script) or output of another
  /// `HTMLWriter`. Never call it with text taken from a scenario, trace or file name.
  ///
  /// - Parameter markup: Trusted markup.
  /// Starts a report page: the doctype, `<head>` with its title and the shared style sheet
  /// (plus `extraCSS`), and the opening `<body>` tag with `bodyAttributes`.
  /// - Parameters:
  ///   - title: The page's title (escaped).
  ///   - extraCSS: Rules only this page needs.
  ///   - bodyAttributes: Attributes of `<body>` (the script sets `data-ready` when it has run).
  package mutating func beginDocument(
    title: String, extraCSS: String = "", bodyAttributes: KeyValuePairs<String, String?>
  ) {
    raw("<!DOCTYPE html>\n")
    open("html", ["lang": "en"])
    open("head")
    empty("meta", ["charset": "utf-8"])
    element("title", text: title)
    open("style")
    raw(HTMLAssets.css + extraCSS)
    close("style")
    close("head")
    raw("\n")
    open("body", bodyAttributes)
  }

  package mutating func raw(_ markup: String) {
    output += markup
  }

  /// Adds the output of another writer.
  ///
  /// - Parameter other: A writer whose text was escaped as it was written.
  package mutating func append(_ other: HTMLWriter) {
    output += other.output
  }

  private mutating func writeAttributes(_ attributes: KeyValuePairs<String, String?>) {
    for (name, value) in attributes {
      guard let value else { continue }
      output += " " + name + "=\"" + Self.escaped(value) + "\""
    }
  }

  /// `text` with the characters HTML gives meaning escaped (for text and attribute values alike).
  ///
  /// - Parameter text: Any text.
  /// - Returns: Text safe inside an element or a double- or single-quoted attribute value.
  package static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// A coordinate or length with at most one decimal (`12`, `12.5`), the same text on every machine.
  ///
  /// - Parameter value: A finite value; non-finite values are written as `0`.
  /// - Returns: Its text.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // Past what `Int` holds in tenths (a damaged history's value): whole units, never a trap.
    guard abs(value) < 1e15 else { return String(format: "%.0f", value) }
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = abs(tenths)
    return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// Seconds with three decimals (`1.250`), for labels and tooltips.
  ///
  /// - Parameter seconds: A duration in seconds.
  /// - Returns: Its text.
  static func seconds(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "?" }
    guard abs(seconds) < 1e12 else { return String(format: "%.0f", seconds) }
    let milliseconds = Int((seconds * 1000).rounded())
    let sign = milliseconds < 0 ? "-" : ""
    let magnitude = abs(milliseconds)
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
