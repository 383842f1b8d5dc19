import SwiftUI
import URLResponderChain

/// The person's choice of browser, persisted where the topic screen reads it for each link.
struct LinkSettingsView: View {
  @AppStorage(LinkOpeningPreference.settingsKey) private var openLinksIn = LinkOpeningPreference.inApp

  var body: some View {
    Form {
      Picker("Open links in", selection: $openLinksIn) {
        Text("In-App Browser").tag(LinkOpeningPreference.inApp)
        Text("Default Browser").tag(LinkOpeningPreference.defaultBrowser)
      }
      Text(
        "Links the allowlist allows open in-app or in your default browser; links to apps, such as YouTube, open their app either way."
      )
      .font(.footnote)
      .foregroundStyle(.secondary)
    }
  }
}

extension LinkOpeningPreference {
  /// The `UserDefaults` key of the setting.
  static let settingsKey = "openLinksIn"

  /// The saved setting, in-app when none is saved.
  static var saved: LinkOpeningPreference {
    UserDefaults.standard.string(forKey: settingsKey).flatMap(LinkOpeningPreference.init(rawValue:)) ?? .inApp
  }
}
