public import Simulation

extension TraceEvent.Kind {
  /// An `AVCaptureSession` started running.
  public static let captureSessionStart = TraceEvent.Kind("captureSession.start")
  /// An `AVCaptureSession` stopped running.
  public static let captureSessionStop = TraceEvent.Kind("captureSession.stop")
}
