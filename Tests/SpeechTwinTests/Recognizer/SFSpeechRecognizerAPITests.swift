import Foundation
import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Speech
#else
  import SpeechTwin
#endif

/// Apple's documented values and defaults of the pre-26 recognition API; these compile against
/// Apple's Speech with SPEECH_REPLAY_TEST_AGAINST_APPLE=1.
@Suite struct SFSpeechRecognizerAPITests {
  @Test func enumerationsKeepApplesRawValues() {
    #expect(SFSpeechRecognizerAuthorizationStatus.notDetermined.rawValue == 0)
    #expect(SFSpeechRecognizerAuthorizationStatus.denied.rawValue == 1)
    #expect(SFSpeechRecognizerAuthorizationStatus.restricted.rawValue == 2)
    #expect(SFSpeechRecognizerAuthorizationStatus.authorized.rawValue == 3)
    #expect(SFSpeechRecognitionTaskHint.unspecified.rawValue == 0)
    #expect(SFSpeechRecognitionTaskHint.dictation.rawValue == 1)
    #expect(SFSpeechRecognitionTaskHint.search.rawValue == 2)
    #expect(SFSpeechRecognitionTaskHint.confirmation.rawValue == 3)
    #expect(SFSpeechRecognitionTaskState.starting.rawValue == 0)
    #expect(SFSpeechRecognitionTaskState.running.rawValue == 1)
    #expect(SFSpeechRecognitionTaskState.finishing.rawValue == 2)
    #expect(SFSpeechRecognitionTaskState.canceling.rawValue == 3)
    #expect(SFSpeechRecognitionTaskState.completed.rawValue == 4)
  }

  @Test func requestDefaultsAreApples() {
    let request = SFSpeechAudioBufferRecognitionRequest()
    #expect(request.shouldReportPartialResults == true)
    #expect(request.requiresOnDeviceRecognition == false)
    #expect(request.addsPunctuation == false)
    #expect(request.taskHint == .unspecified)
    #expect(request.contextualStrings.isEmpty)
    #expect(request.customizedLanguageModel == nil)
  }

  @Test func urlRequestKeepsItsURL() {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("recording.wav")
    #expect(SFSpeechURLRecognitionRequest(url: url).url == url)
  }

  @Test func languageModelConfigurationKeepsItsFiles() {
    let model = FileManager.default.temporaryDirectory.appendingPathComponent("model.bin")
    let vocabulary = FileManager.default.temporaryDirectory.appendingPathComponent("vocabulary.bin")
    let configuration = SFSpeechLanguageModel.Configuration(languageModel: model, vocabulary: vocabulary)
    #expect(configuration.languageModel == model)
    #expect(configuration.vocabulary == vocabulary)
    #expect(SFSpeechLanguageModel.Configuration(languageModel: model).vocabulary == nil)
  }
}
