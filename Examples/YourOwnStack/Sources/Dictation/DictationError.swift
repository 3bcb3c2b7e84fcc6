import Foundation

/// A problem of the dictation feature, with a message for the screen.
struct DictationError: LocalizedError {
  let message: String
  init(_ message: String) { self.message = message }
  var errorDescription: String? { message }
}
