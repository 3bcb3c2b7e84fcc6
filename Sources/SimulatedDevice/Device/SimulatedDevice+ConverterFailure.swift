import Simulation

extension SimulatedDevice {
  /// The injected converter failure, when its moment has come and it has not failed a conversion
  /// yet; taking it uses it up. Nil outside a simulation.
  public func takeConverterFailure() -> ConverterFailure? {
    guard let failure = configuration.converterFailure, let now = Simulation.current?.now, now >= failure.at else {
      return nil
    }
    let fires = converterFailureFired.withLock { fired in
      defer { fired = true }
      return !fired
    }
    guard fires else { return nil }
    diagnose(
      "AVAudioConverter",
      "a conversion failed (NSOSStatusErrorDomain \(failure.code)), as the scenario injected with converterFailsAt: the call returned .error with the error set and took no input, so the buffer the input block held was not converted; later calls convert again. A stack that ignores .error loses that audio while the screen says listening"
    )
    return failure
  }
}
