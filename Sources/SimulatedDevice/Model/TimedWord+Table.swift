import CoreMediaTwin
import Foundation

extension TimedWord {
  /// An error in a word-timing table, naming the file and line.
  public struct TableError: Error, Hashable, CustomStringConvertible {
    /// The table's file name or other label.
    public var source: String
    /// The 1-based line.
    public var line: Int
    /// What is wrong and how to fix it.
    public var message: String
    /// `file:line: message`.
    public var description: String { "\(source):\(line): \(message)" }
  }

  /// Parses a word-timing table as `fixtures/generate` writes it (`NAME.words.tsv`): a header line,
  /// then `start_sample end_sample start_s end_s word` separated by tabs, samples at `sampleRate`.
  ///
  /// - Parameters:
  ///   - text: The table's contents.
  ///   - source: The file name, for error messages.
  ///   - sampleRate: The rate of the sample columns (16 000 in the bundled fixtures).
  /// - Returns: The words in order.
  /// - Throws: ``TableError`` naming the line for a missing header, a short row, a number that does
  ///   not parse, a word that ends before it starts, or words out of order.
  public static func parseTable(_ text: String, source: String, sampleRate: Int32 = 16_000) throws -> [TimedWord] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let header = "start_sample\tend_sample\tstart_s\tend_s\tword"
    guard let first = lines.first, first.trimmingCharacters(in: .whitespaces) == header else {
      throw TableError(
        source: source, line: 1,
        message:
          "expected the header '\(header.replacingOccurrences(of: "\t", with: "<tab>"))'; regenerate the table with fixtures/generate"
      )
    }
    var words: [TimedWord] = []
    for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      let number = offset + 1
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count == 5 else {
        throw TableError(
          source: source, line: number, message: "expected 5 tab-separated columns, found \(columns.count)")
      }
      guard let start = Int64(columns[0]), let end = Int64(columns[1]) else {
        throw TableError(
          source: source, line: number,
          message: "start_sample and end_sample must be whole numbers, found '\(columns[0])' and '\(columns[1])'")
      }
      guard end > start else {
        throw TableError(source: source, line: number, message: "the word ends (\(end)) before it starts (\(start))")
      }
      if let previous = words.last, CMTime(value: start, timescale: sampleRate) < previous.end {
        throw TableError(
          source: source, line: number,
          message: "the word starts before the previous word ends; rows must be in time order")
      }
      let word = String(columns[4]).trimmingCharacters(in: .whitespaces)
      guard !word.isEmpty else { throw TableError(source: source, line: number, message: "the word column is empty") }
      words.append(
        TimedWord(
          word, start: CMTime(value: start, timescale: sampleRate), end: CMTime(value: end, timescale: sampleRate)))
    }
    return words
  }
}
