import Foundation
import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Speech
#else
  import SpeechTwin
#endif

@Suite struct SFSpeechErrorTests {
  @Test func bridgesToNSErrorInTheSpeechDomain() {
    let error: any Error = SFSpeechError(.noModel)
    let bridged = error as NSError
    #expect(bridged.domain == "SFSpeechErrorDomain")
    #expect(bridged.code == SFSpeechError.Code.noModel.rawValue)
  }

  @Test func objectiveCCasesKeepApplesRawValues() {
    #expect(SFSpeechError.Code.internalServiceError.rawValue == 1)
    #expect(SFSpeechError.Code.audioReadFailed.rawValue == 2)
    #expect(SFSpeechError.Code.undefinedTemplateClassName.rawValue == 7)
    #expect(SFSpeechError.Code.malformedSupplementalModel.rawValue == 8)
    #expect(SFSpeechError.Code.timeout.rawValue == 12)
    #expect(SFSpeechError.Code.missingParameter.rawValue == 13)
  }

  @Test func catchesByCode() {
    func failing() throws { throw SFSpeechError(.audioDisordered) }
    var caught: SFSpeechError.Code?
    do { try failing() } catch let error as SFSpeechError { caught = error.code } catch {}
    #expect(caught == .audioDisordered)
  }
}

#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  /// Twin decisions (Documentation/Twins.md), not Apple facts: not compiled against Apple's framework.
  @Suite struct SFSpeechErrorTwinDecisionTests {
    @Test func swiftOnlyCodesAreDistinctAndAvoidObjectiveCValues() {
      let swiftOnly: [SFSpeechError.Code] = [
        .audioDisordered, .unexpectedAudioFormat, .noModel, .assetLocaleNotAllocated, .tooManyAssetLocalesAllocated,
        .incompatibleAudioFormats, .moduleOutputFailed, .cannotAllocateUnsupportedLocale, .insufficientResources,
        .cannotConfigureAudioSystem,
      ]
      let objectiveC: Set<Int> = [1, 2, 7, 8, 12, 13]
      #expect(Set(swiftOnly.map(\.rawValue)).count == swiftOnly.count)
      #expect(Set(swiftOnly.map(\.rawValue)).isDisjoint(with: objectiveC))
    }

    @Test func fieldMessagesAreReproduced() {
      #expect(SFSpeechError(.unexpectedAudioFormat).localizedDescription == "Audio format is not supported")
      #expect(
        SFSpeechError(.insufficientResources).localizedDescription == "Maximum number of simultaneous requests reached")
      #expect(
        "\(SFSpeechError(.assetLocaleNotAllocated))"
          == "SFSpeechErrorDomain Code=10 \"Cannot use modules with unallocated locales\"")
      #expect(SFSpeechError.Code.audioDisordered.description == "audioDisordered")
    }
  }
#endif
