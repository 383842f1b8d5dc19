public import URLResponderChain
import URLResponderChainAllowlist
public import URLResponderChainRecovery
public import URLResponderChainRemoteAllowlist

extension LinkPolicy {
  /// Where a topic's links open, on iOS and in the headless demo alike: one declaration,
  /// which the chain's end asks for every link no handler takes.
  ///
  /// 1. YouTube links open in the YouTube app, else in the default browser, unless the list
  ///    denies them.
  /// 2. Other web links are judged by the remote allowlist: what it allows opens in the in-app
  ///    Safari view, what its deny rules match (on every spelling: `user@host`, escapes, case)
  ///    opens nowhere, and the rest, or a link the in-app browser may not show, goes to the
  ///    system browser.
  /// 3. Scripts and local files (`javascript:`, `data:`, `file:`…) open nowhere, and `mailto:`
  ///    and `tel:` links go to the system: the SDK's answer for schemes. A browser's scheme
  ///    that wraps a web link (`x-safari-https://…`) is judged by the list's deny rules too.
  ///
  /// - Parameters:
  ///   - allowlist: The app's remote list, made once.
  ///   - preference: Where the person wants web links to open.
  ///   - recovery: Shares retry prompts between links.
  @MainActor
  public static func topic(
    _ allowlist: RemoteAllowlist, preference: LinkOpeningPreference = .inApp, recovery: RecoveryCoordinator = .shared
  ) -> LinkPolicy {
    LinkPolicy(
      inApp: allowlist, rules: [.nativeAppOrDefaultBrowser("youtu.be", "youtube.com/watch", "*.youtube.com/watch")],
      preference: preference, recovery: recovery)
  }
}
