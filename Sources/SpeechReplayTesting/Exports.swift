// An app's test target imports SpeechReplayTesting alone and gets the harness's vocabulary too.
@_exported public import SpeechReplay
