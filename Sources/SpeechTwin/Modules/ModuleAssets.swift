/// What the asset inventory needs to know about a module: the locale whose asset it needs (nil for
/// modules that need none, such as the speech detector) and whether the device can run it at all.
package protocol ModuleAssets: AnyObject, Sendable {
  /// The BCP-47 identifier of the locale asset the module needs, or nil.
  var requiredAssetLocale: String? { get }
  /// False when the device cannot run the module whatever is installed.
  var isSupportedOnDevice: Bool { get }
}
