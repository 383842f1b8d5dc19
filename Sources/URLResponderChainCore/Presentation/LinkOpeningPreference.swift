/// Where the person using the app wants web links to open: the app's in-app browser, or
/// their default browser.
///
/// Apps offer it as a setting ("Open links in: In-App / Default Browser") and persist it as
/// they like; the raw value suits `@AppStorage` and any settings store. A presenter
/// (``LinkPresenter``, and the Safari presenters built on it) honours it for every link it is
/// given:
///
/// | link | ``inApp`` | ``defaultBrowser`` |
/// | --- | --- | --- |
/// | `http`/`https` | the in-app browser (its app first, when the presenter tries universal links first) | its app if a universal link opens one, else the default browser |
/// | any other scheme | the system | the system |
///
/// It is part of the app's ``LinkPolicy``, which decides every link's ``LinkDestination``.
public enum LinkOpeningPreference: String, Sendable, CaseIterable {
  /// Web links open in the app's in-app browser.
  case inApp
  /// Every web link opens in the default browser; universal links still open their app.
  case defaultBrowser
}
