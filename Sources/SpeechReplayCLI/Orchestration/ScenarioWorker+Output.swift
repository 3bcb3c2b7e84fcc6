import SpeechReplay

// `stdout` is a C global the compiler cannot prove concurrency-safe; it is touched once, before the
// worker starts any concurrent work, so the C library is imported without concurrency checking.
#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

extension ScenarioWorker {
  /// Makes standard output line-buffered; call it first in a worker.
  ///
  /// Standard output into a file is fully buffered by default, so a worker that traps would lose
  /// everything it printed before the trap — the very output the parent reports for a crash.
  package static func prepareOutput() {
    setvbuf(stdout, nil, _IOLBF, 0)
  }
}
