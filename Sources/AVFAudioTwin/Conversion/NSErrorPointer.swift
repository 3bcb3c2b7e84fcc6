import Foundation

#if !canImport(ObjectiveC)
  /// Foundation's error out-parameter (`NSError **`), which swift-corelibs-foundation does not
  /// declare; Apple's is an `AutoreleasingUnsafeMutablePointer`, which needs the Objective-C runtime.
  /// Callers write the same code on both: `var error: NSError?` then pass `&error`.
  public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif
