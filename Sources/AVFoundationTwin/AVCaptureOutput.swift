public import Foundation

/// A destination of a capture session's media — the twin of `AVCaptureOutput`.
open class AVCaptureOutput: NSObject, @unchecked Sendable {
  // @unchecked: subclasses guard their state.
  override init() {}
}
