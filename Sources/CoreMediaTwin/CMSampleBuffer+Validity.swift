import Foundation

/// The sample buffer was invalidated (`CMSampleBufferInvalidate`); its accessors refuse it.
public var kCMSampleBufferError_Invalidated: OSStatus { -12744 }

extension CMSampleBuffer {
  /// Whether the sample buffer is still valid: true until ``invalidate()`` (Apple's Swift overlay).
  public var isValid: Bool { validity.withLock { $0 } }

  /// Invalidates the sample buffer; its data accessors then fail with
  /// ``kCMSampleBufferError_Invalidated``.
  /// - Throws: An `NSError` in `NSOSStatusErrorDomain` with ``kCMSampleBufferError_Invalidated``
  ///   when it was invalidated before (**twin decision**: Apple documents only that an invalid
  ///   buffer's accessors fail).
  public func invalidate() throws {
    let status = CMSampleBufferInvalidate(self)
    guard status == noErr else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
  }
}

/// Whether `sbuf` is still valid: false once `CMSampleBufferInvalidate` was called.
/// - Parameter sbuf: The sample buffer.
/// - Returns: Whether it is valid.
public func CMSampleBufferIsValid(_ sbuf: CMSampleBuffer) -> Bool { sbuf.isValid }

/// Invalidates a sample buffer: its data accessors then return ``kCMSampleBufferError_Invalidated``.
/// - Parameter sbuf: The sample buffer.
/// - Returns: `noErr`, or ``kCMSampleBufferError_Invalidated`` when it was invalidated before.
public func CMSampleBufferInvalidate(_ sbuf: CMSampleBuffer) -> OSStatus {
  sbuf.validity.withLock { valid in
    guard valid else { return kCMSampleBufferError_Invalidated }
    valid = false
    return OSStatus(noErr)
  }
}
