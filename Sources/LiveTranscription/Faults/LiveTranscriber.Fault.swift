extension LiveTranscriber {
  /// One known trap of a live-transcription stack, switched on in the reference stack so the bug
  /// zoo (Tests/BugZooTests) can prove the scenario suite catches it.
  ///
  /// Package access only: an app never sees these. With no fault switched on (the default) the
  /// stack behaves exactly as documented; each fault is one small branch at the place where the
  /// trap lives, marked `// Bug zoo:` in the source. Documentation/BugZoo.md lists the scenario and
  /// the message that catch each one.
  package enum Fault: String, Sendable, Hashable, CaseIterable {
    /// A volatile result is appended to the volatile text instead of replacing it (`volatile += text`),
    /// so each guess repeats the words of the one before: the stutter trap.
    case appendsVolatileResults
    /// The tap sends the microphone's buffers to the analyzer as they come, in the hardware format;
    /// Apple's analyzer then produces no text and no error.
    case skipsConversion
    /// `stop()` ends the input and cancels the analyzer without finalizing, so the volatile words
    /// showing at the stop are never committed.
    case stopsWithoutFinalizing
    /// Each final result replaces the committed text instead of being appended to it, so the words
    /// the user had read as final disappear at the next final.
    case replacesCommittedText
    /// A final result is appended to the committed text but the volatile guess for the same range
    /// stays on screen, so the user sees the words twice.
    case neverClearsVolatileText
    /// The analyzer input is an unbounded `AsyncStream` (the seed's `makeStream()`): with a model
    /// slower than real time the queue and the memory grow without limit.
    case unboundedInput
    /// A failed model download is ignored and the start goes on as if the model were installed,
    /// so a first offline run fails with a message that says nothing about the network.
    case noOfflineHandling
    /// The microphone control stays offered when no transcriber can run (unsupported locale or no
    /// `SpeechTranscriber`), so the user can tap a control that cannot work.
    case offersMicrophoneWhenUnavailable
    /// The converter's output buffer holds `input frames × ratio` rounded down, with no margin, so
    /// the frames a resampler holds back never fit and the converter falls further behind.
    case converterOutputCapacityTooSmall
    /// The converter is never drained with `.endOfStream` at the stop (Apple's sample code releases
    /// it), so the newest audio its filter still holds — 15 ms with libsoxr, 3 ms with
    /// libsamplerate — never reaches the analyzer and a word that ends just before the stop is lost.
    case neverDrainsConverter
    /// 27 path: the stop never calls `AnalyzerInputConverter.flush()`, so the audio the converter
    /// held back (the resampler's look-ahead) never reaches the analyzer: the 27 form of
    /// ``neverDrainsConverter``.
    case noFlushAtStop
    /// 27 path: the `AnalyzerInputConverter` is made for modules other than the analyzer's (a
    /// transcriber of another locale, made before the locale was resolved), whose assets are not
    /// installed: `converter(compatibleWith:)` finds no format and the session cannot start.
    case makesConverterForWrongModules
    /// A route change reinstalls the tap with the new hardware format but keeps the converter made
    /// for the old one.
    case keepsConverterAcrossRouteChange
    /// Finals are concatenated as they come (`committed += result.text`, Apple's sample code): with a
    /// model whose results carry no leading space the sentences run together ("lights.Set").
    case concatenatesFinalsWithoutSeparator
    /// A space is always put between finals (`committed += " " + result.text`): with a model whose
    /// results already begin with a space the user sees two.
    case addsSeparatorBlindly
    /// The tap closure is written inside the main-actor method that installs it, so it is
    /// main-actor isolated; the audio render thread calls it and Swift 6's isolation check ends
    /// the app (Swift 6 language mode, Apple's Objective-C `installTap`).
    case tapBlockIsolatedToMainActor
    /// When the microphone already runs at the analyzer's sample rate, its buffers go to the
    /// analyzer unconverted: the sample rate matches, the sample format (Float32 against Int16) does not.
    case skipsConverterWhenRatesMatch
    /// `stop()` gives finalizing one second and then cancels the analyzer (a watchdog against a hung
    /// model), so with a slow or stalled model the volatile words showing at the stop are lost.
    case stopGivesUpFinalizingAfterASecond
    /// While listening, a final clears the volatile text only when it ends a sentence (`.`, `?`, `!`),
    /// so with finals in spoken style the guess for the committed words stays on screen.
    case clearsVolatileOnlySentenceFinals
    /// `start()` ignores a second tap only while listening, not while preparing: a tap during a model
    /// download starts a second preparation whose wait replaces the first one's, which never returns.
    case startsTwiceWhilePreparing
    /// `stop()` during a model download returns to idle but leaves the start call waiting for the
    /// download; a start before the download ends replaces that wait, so the first start never returns.
    case stopIgnoresInFlightDownload
    /// When a session ends, the committed text is tidied for display: its first letter capitalized.
    /// Finals already in sentence style are unchanged; finals in spoken style are rewritten after the
    /// user read them.
    case capitalizesCommittedTextAtStop
    /// One output buffer is made once and reused for every conversion; each queued input points at
    /// it, so when the analyzer falls behind it reads a buffer after the next conversion overwrote it.
    case reusesOutputBuffer
    /// The converted samples are scaled by hand with the wrong factor (×100, as if Float samples
    /// were written into Int16 full scale): the analyzer hears clipped noise.
    case wrongSampleScale
    /// Every converted buffer is sent twice (a retry after an error that was not one).
    case sendsBuffersTwice
    /// Every tenth converted buffer is dropped (a `try?` that swallows a failure now and then).
    case dropsEveryTenthBuffer
    /// Stereo is converted to mono without downmix, so only the first channel reaches the analyzer.
    case takesFirstChannelOfStereo
    /// A "muted" flag read from the wrong place: every other converted buffer is sent as silence.
    case sendsSilenceWhileMuted
    /// The end of an interruption is ignored (no restart even with `shouldResume`): the engine stays
    /// stopped while the screen still says listening.
    case ignoresInterruptionEnd
    /// Any interruption that begins ends the recording (finalized, back to idle), even a
    /// notification's short one that the system ends with `.shouldResume` (pilgrim-ios#47, 2026).
    case endsRecordingOnInterruption
    /// The locale is looked up by exact identifier in `supportedLocales` instead of with
    /// `supportedLocale(equivalentTo:)`: a user locale with a region override (`en-US-u-rg-eszzzz`)
    /// or only an equivalent locale installed is "not supported" (FrigadeHQ/yap#5, 2026).
    case comparesLocalesExactly
    /// A locale SpeechTranscriber does not support falls back to English (`supportedLocale(equivalentTo:)
    /// ?? en-US`) instead of being reported unsupported: speech in another language is transcribed as
    /// English words, silently (bitwize-ai/Logue#34, Muesli-HQ/muesli#420, 2026).
    case fallsBackToEnglish
    /// A route change restarts only the engine: the tap removed for the old format is never
    /// reinstalled, so the screen says listening while no audio reaches the analyzer.
    case restartsOnlyEngineAfterRouteChange
    /// When a final arrives, the grey guess showing is committed instead of the final's text.
    case commitsVolatileOnFinal
    /// Each final is appended to the committed text twice (two observers of the same result).
    case commitsFinalTwice
    /// The results task is cancelled as soon as finalizing at the stop returns, instead of being
    /// read to the end of the stream. Latent: it passes wherever the final reaches the app before
    /// `finalize…()` returns (the simulation's default order), and loses the last words where the
    /// final is still queued in the results stream (`device.resultDelivery: afterFinalizeReturns`).
    case cancelsResultsAfterFinalize
    /// Each result is handed to an unstructured task of its own (`Task.detached { await
    /// apply(result) }`), so nothing orders the results' handling after the loop that read them or
    /// before the stop that waits for that loop. Latent: under the simulation's default first-in
    /// first-out order each task runs before the next step; a seeded schedule (`schedule: { seed: N }`,
    /// `run --schedules`, `explore`) runs a final's task after the stop ended the session, so the
    /// last words appear after the screen said idle, or not at all.
    case appliesResultsInUnstructuredTasks
    /// The stop stops the engine and removes the tap but never deactivates the audio session: the
    /// screen is idle while the session stays active, so other apps' audio never resumes.
    case leavesAudioSessionActive
    /// The stop deactivates the audio session without `.notifyOthersOnDeactivation`: an app whose
    /// audio the recording interrupted is never told it may resume.
    case deactivatesWithoutNotifyingOthers
    /// The tap keeps every microphone buffer it is handed (a recording kept for an export that
    /// never lets go): the memory grows by what the microphone delivers, 11 MB a minute at 48 kHz.
    case keepsEveryBuffer
    /// When the results stream fails (an analyzer that stopped mid-session), the failure is shown but
    /// the analyzer is neither cancelled nor let go: it is kept (`lastAnalyzer = analyzer`, replaced
    /// only at the next failure), so it keeps its analyzer slot and, on a device that runs one
    /// analyzer at a time, the next start fails with "Maximum number of simultaneous requests
    /// reached" (AudioBooth/AudioBooth#370, 2026).
    case keepsStoppedAnalyzer
    /// A returned `downloadAndInstall()` is taken to mean the model is installed, but the system may
    /// have queued the request and left the asset downloading (fastrepl/anarlog#7006, 2026): the
    /// start goes on, finds no analyzer format and fails while the download is still under way.
    case takesDownloadReturnAsInstalled
    /// A conversion that returns `.error` is ignored: the buffer is dropped and the session goes on
    /// while the screen says listening, so the audio of that buffer never reaches the analyzer.
    case ignoresConverterError
    /// The microphone UI says recording (`listening`) as soon as the user taps, while the model still
    /// downloads and the analyzer and engine are not started: what the user says meanwhile is never
    /// captured (crmitchelmore/justspeaktoit#976, 2026: first words lost while the model loads).
    case showsListeningBeforeModelReady
    /// `start()` begins a level meter (an unnamed task that wakes every 100 ms on the injected clock)
    /// that `stop()` never cancels: the stack keeps waking up while the screen says idle.
    case leavesRepeatingTimer
    /// `stop()` stops the engine but never removes its tap (`removeTap(onBus:)`): the tap stays
    /// installed on the input node while the screen says idle.
    case leavesTapInstalled
    /// The tap block holds the transcriber strongly (as a block that reads one of its properties
    /// does): the engine holds the tap, the transcriber holds the engine, so a dismissed screen's
    /// transcriber is never freed — its microphone keeps running and its interruption observer keeps
    /// answering notifications meant for the next screen.
    case tapBlockCapturesTranscriber
    /// An audio-session activation the system refused (`'!pri'`: a phone call holds the hardware) is
    /// taken for a microphone that will never work: the control is withdrawn and later starts do
    /// nothing, so the user cannot record after the call.
    case givesUpAfterActivationFailure
    /// The handler of `AVAudioEngineConfigurationChange` restarts only when the input format changed
    /// ("same format, nothing to do"); after a configuration change with the same format the engine,
    /// which stopped itself, stays stopped while the screen says listening.
    case restartsOnlyWhenFormatChanges
    /// After `mediaServicesWereResetNotification` the stack starts the engine it made before the
    /// reset again (as after a configuration change) instead of making a new one; that engine is
    /// invalid and fails to start, so the recording fails.
    case keepsEngineAfterMediaServicesReset
    /// 27 path: the stack observes only the deprecated `interruptionNotification` (began and ended),
    /// not `didBecomeInactiveNotification`: a system deactivation that is not an interruption (no
    /// `InterruptionContext`) posts only the 27 notification, so the screen says listening while the
    /// engine has stopped.
    case handlesOnlyDeprecatedInterruptions
    /// A failed analysis is answered by starting again at once, with no backoff and no limit: a model
    /// that keeps failing is restarted as fast as it fails.
    case restartsImmediatelyOnError
  }

  /// Whether `fault` is switched on for this transcriber.
  func has(_ fault: Fault) -> Bool { configuration.faults.contains(fault) }
}
