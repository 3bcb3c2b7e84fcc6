// `import Speech` on Linux (this target exists only when the package is built on Linux; see
// Package.swift and Documentation/TestingYourStack.md): the twins under Apple's module name, so an
// app's speech files — `Speech.SpeechTranscriber` qualifications included — compile unchanged.
//
// Apple's Speech module re-exports AVFoundation (its headers import it) and Foundation, so this
// re-exports everything SpeechShim does.
@_exported import SpeechShim
