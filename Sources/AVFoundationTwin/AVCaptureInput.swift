public import Foundation

/// A source of a capture session's media — the twin of `AVCaptureInput`.
open class AVCaptureInput: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  override init() {}
}
