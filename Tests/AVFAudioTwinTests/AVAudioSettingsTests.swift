import Foundation
import Testing

// The settings keys, Core Audio constants and the Core Audio form of a format. These state Apple's
// behaviour: built with SPEECH_REPLAY_TEST_AGAINST_APPLE=1 on a Mac they run against AVFAudio.
#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudio
#else
  import AVFAudioTwin
#endif

@Suite struct AVAudioSettingsTests {
  static func fourCC(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

  @Test func settingsKeysAreTheirOwnNames() {
    #expect(AVFormatIDKey == "AVFormatIDKey")
    #expect(AVSampleRateKey == "AVSampleRateKey")
    #expect(AVNumberOfChannelsKey == "AVNumberOfChannelsKey")
    #expect(AVLinearPCMBitDepthKey == "AVLinearPCMBitDepthKey")
    #expect(AVLinearPCMIsFloatKey == "AVLinearPCMIsFloatKey")
    #expect(AVLinearPCMIsBigEndianKey == "AVLinearPCMIsBigEndianKey")
    #expect(AVLinearPCMIsNonInterleaved == "AVLinearPCMIsNonInterleaved")
  }

  @Test func formatIDsAndFlagsHaveCoreAudiosValues() {
    #expect(kAudioFormatLinearPCM == Self.fourCC("lpcm"))
    #expect(kAudioFormatMPEG4AAC == Self.fourCC("aac "))
    #expect(kAudioFormatAppleLossless == Self.fourCC("alac"))
    #expect(kAudioFormatFlagIsFloat == 1)
    #expect(kAudioFormatFlagIsBigEndian == 2)
    #expect(kAudioFormatFlagIsSignedInteger == 4)
    #expect(kAudioFormatFlagIsPacked == 8)
    #expect(kAudioFormatFlagIsNonInterleaved == 32)
    #expect(kAudioFormatFlagsNativeFloatPacked == 9)
    #expect(kAudioChannelLayoutTag_Mono == (100 << 16) | 1)
    #expect(kAudioChannelLayoutTag_Stereo == (101 << 16) | 2)
    #expect(kAudioChannelLabel_Mono == 42)
    let status: OSStatus = 0
    #expect(status == noErr)
  }

  @Test func settingsRoundTripThroughTheSettingsInitialiser() throws {
    let analyzer = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    let settings = analyzer.settings
    #expect((settings[AVFormatIDKey] as? NSNumber)?.uint32Value == kAudioFormatLinearPCM)
    #expect((settings[AVSampleRateKey] as? NSNumber)?.doubleValue == 16_000)
    #expect((settings[AVNumberOfChannelsKey] as? NSNumber)?.intValue == 1)
    #expect((settings[AVLinearPCMBitDepthKey] as? NSNumber)?.intValue == 16)
    #expect((settings[AVLinearPCMIsFloatKey] as? NSNumber)?.boolValue == false)
    let back = try #require(AVAudioFormat(settings: settings))
    #expect(back == analyzer)
  }

  @Test func anAppsSettingsDictionaryMakesTheFormatItDescribes() throws {
    let settings: [String: Any] = [
      AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0, AVNumberOfChannelsKey: 2,
      AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true, AVLinearPCMIsNonInterleaved: true,
      AVLinearPCMIsBigEndianKey: false,
    ]
    let format = try #require(AVAudioFormat(settings: settings))
    #expect(format.commonFormat == .pcmFormatFloat32)
    #expect(format.sampleRate == 48_000)
    #expect(format.channelCount == 2)
    #expect(!format.isInterleaved)
  }

  @Test func theStreamDescriptionOfTheStandardFormatIsPackedDeinterleavedFloat() throws {
    let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
    let asbd = format.streamDescription.pointee
    #expect(asbd.mSampleRate == 48_000)
    #expect(asbd.mFormatID == kAudioFormatLinearPCM)
    #expect(asbd.mFormatFlags == kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved)
    #expect(asbd.mBytesPerFrame == 4)
    #expect(asbd.mBytesPerPacket == 4)
    #expect(asbd.mFramesPerPacket == 1)
    #expect(asbd.mChannelsPerFrame == 1)
    #expect(asbd.mBitsPerChannel == 32)
  }

  @Test func aStreamDescriptionOfInterleavedInt16MakesTheAnalyzerFormat() throws {
    var asbd = AudioStreamBasicDescription(
      mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
      mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
      mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16,
      mReserved: 0)
    let format = try #require(AVAudioFormat(streamDescription: &asbd))
    #expect(format.commonFormat == .pcmFormatInt16)
    #expect(format.channelCount == 2)
    #expect(format.isInterleaved)
    #expect(format.streamDescription.pointee == asbd)
  }

  @Test func sessionErrorCodesAreApplesFourCharacterCodes() {
    #expect(AVAudioSession.ErrorCode.insufficientPriority.rawValue == Int(Self.fourCC("!pri")))
    #expect(AVAudioSession.ErrorCode.cannotStartRecording.rawValue == Int(Self.fourCC("!rec")))
    #expect(AVAudioSession.ErrorCode.isBusy.rawValue == Int(Self.fourCC("!act")))
    #expect(AVAudioSession.ErrorCode.incompatibleCategory.rawValue == Int(Self.fourCC("!cat")))
    #expect(AVAudioSession.ErrorCode.resourceNotAvailable.rawValue == Int(Self.fourCC("!res")))
    #expect(AVAudioSession.ErrorCode.mediaServicesFailed.rawValue == Int(Self.fourCC("msrv")))
    #expect(AVAudioSession.ErrorCode.sessionNotActive.rawValue == Int(Self.fourCC("inac")))
    #expect(AVAudioSession.ErrorCode.badParam.rawValue == -50)
  }

  @Test func bluetoothHFPIsTheBitAllowBluetoothAlwaysWas() {
    #expect(AVAudioSession.CategoryOptions.allowBluetoothHFP.rawValue == 0x4)
    #expect(AVAudioSession.CategoryOptions.allowBluetoothHFP == AVAudioSession.CategoryOptions.allowBluetooth)
  }

  @Test func portTypesHaveApplesStrings() {
    #expect(AVAudioSession.Port.builtInMic.rawValue == "MicrophoneBuiltIn")
    #expect(AVAudioSession.Port.headsetMic.rawValue == "MicrophoneWired")
    #expect(AVAudioSession.Port.bluetoothHFP.rawValue == "BluetoothHFP")
    #expect(AVAudioSession.Port.bluetoothA2DP.rawValue == "BluetoothA2DPOutput")
    #expect(AVAudioSession.Port.builtInSpeaker.rawValue == "Speaker")
    #expect(AVAudioSession.Port.usbAudio.rawValue == "USBAudio")
  }

  /// Each type's `Sendable`-ness as the 26 SDK declares it (Documentation/Twins.md, "Sendable"). The
  /// overloads are resolved at compile time: the constrained one wins only for a `Sendable` type, so
  /// a type that gains or loses the conformance fails here.
  @Test func theTwinsSendabilityMatchesThe26SDK() {
    func isSendable<T>(_: T.Type) -> Bool { false }
    func isSendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(isSendable(AVAudioFormat.self), "NS_SWIFT_SENDABLE in the 26 SDK")
    #expect(isSendable(AVAudioFile.self), "NS_SWIFT_SENDABLE in the 26 SDK")
    #expect(isSendable(AVAudioConverter.self), "NS_SWIFT_SENDABLE in the 26 SDK")
    #if !SPEECH_REPLAY_APPLE_FRAMEWORKS
      // A twin decision, not Apple's declaration: apps' Sendable protocols extend the engine.
      #expect(isSendable(AVAudioEngine.self))
    #endif
    #expect(!isSendable(AVAudioPCMBuffer.self), "not annotated: apps get Swift 6 errors for capturing one")
    #expect(!isSendable(AVAudioNode.self), "not annotated")
    #expect(!isSendable(AVAudioInputNode.self), "not annotated")
    // The converter's input block is @Sendable (the typedef is NS_SWIFT_SENDABLE).
    #expect(isSendable(AVAudioConverterInputBlock.self))
    #expect(!isSendable(AVAudioNodeTapBlock.self))
  }
}
