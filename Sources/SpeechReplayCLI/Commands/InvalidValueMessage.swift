import Foundation

/// ArgumentParser's message for a number it could not read, said with what to give instead.
///
/// For an option of a number type ArgumentParser says only `The value '-1' is invalid for '--seed
/// <seed>'`: neither what is wrong with it nor what to write. Only that exact message is rewritten;
/// one that says more (an enumeration's "Please provide one of …") is kept.
enum InvalidValueMessage {
  /// `message` explained, or `message` itself when it is not ArgumentParser's bare one.
  static func explained(_ message: String) -> String {
    let pattern = #/^The value '(?<value>.*)' is invalid for '(?<option>[^' ]+)[^']*'\.?$/#
    guard let match = message.wholeMatch(of: pattern) else { return message }
    let value = String(match.output.value)
    let option = String(match.output.option)
    let name = option.hasPrefix("<") ? "the argument \(option)" : option
    guard let number = Double(value.trimmingCharacters(in: .whitespaces)), !number.isNaN else {
      return "\(name) takes a number, not '\(value)'"
    }
    if number < 0 { return "\(name) \(value) is negative; give a value of 0 or more" }
    if number.rounded() != number || !number.isFinite {
      return "\(name) takes a whole number, not \(value)"
    }
    return "\(name) \(value) is too large; give a smaller whole number"
  }
}
