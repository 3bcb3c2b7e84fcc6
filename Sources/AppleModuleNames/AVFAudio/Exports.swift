// `import AVFAudio` on Linux (Linux only; see Package.swift): the AVFAudio twin under Apple's name,
// with Core Audio's types and Foundation, as Apple's AVFAudio re-exports them.
@_exported import AVFAudioTwin
@_exported import AVFAudioTwinTapAPI
@_exported import CoreAudioTypesTwin
@_exported import Foundation
