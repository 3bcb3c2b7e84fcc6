import SpeechShim

// The post throws these but never shows their declaration; this is the smallest one that fits.
enum TranscriberError: Error {
  case noUsableFormat
  case localeUnsupported
}
