import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Speech
#else
  import SpeechTwin
#endif

@Suite struct AnalysisContextTests {
  @Test func keepsContextualStringsAndUserDataByTag() {
    let context = AnalysisContext()
    #expect(context.contextualStrings.isEmpty)
    context.contextualStrings[.general] = ["Delilah", "Magenta"]
    context.contextualStrings[AnalysisContext.ContextualStringsTag("names")] = ["Shantini"]
    context.userData[AnalysisContext.UserDataTag("speaker")] = "narrator"
    #expect(context.contextualStrings[.general] == ["Delilah", "Magenta"])
    #expect(context.contextualStrings.count == 2)
    #expect(context.userData[AnalysisContext.UserDataTag(rawValue: "speaker")] as? String == "narrator")
  }
}
