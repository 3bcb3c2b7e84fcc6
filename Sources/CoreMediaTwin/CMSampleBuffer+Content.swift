extension CMSampleBuffer {
  /// What a ``CMReadySampleBuffer`` carries — the twin of Core Media's `CMSampleBuffer.Content`
  /// (iOS, macOS 26). The twin has one kind of content, ``CMReadOnlyDataBlockBuffer``; the protocol
  /// declares no requirements (**UNCONFIRMED**: Apple's requirements are not in the project's reference,
  /// and app code only names the protocol).
  @available(iOS 26, macOS 26, tvOS 26, visionOS 26, watchOS 26, *)
  public protocol Content {}
}
