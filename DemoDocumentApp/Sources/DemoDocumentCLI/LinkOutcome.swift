import DemoDocumentKit

/// Where a tapped link ended up, as the demo reports it.
struct LinkOutcome: Equatable {
  /// The kind, comparable with what the document expects; `nil` when nothing opened it.
  let kind: LinkExpectation?
  /// A readable account: "shown in the in-app Safari view", "blocked: …".
  let description: String

  static func inApp() -> LinkOutcome { .init(kind: .inApp, description: "in-app Safari view") }
  static func externalApp() -> LinkOutcome { .init(kind: .externalApp, description: "external app (universal link)") }
  static func systemBrowser() -> LinkOutcome { .init(kind: .system, description: "system browser") }
  static func system(scheme: String) -> LinkOutcome { .init(kind: .system, description: "system (\(scheme): app)") }
  static func blocked(_ reason: String) -> LinkOutcome { .init(kind: .blocked, description: "blocked: \(reason)") }
  static func inPage(_ reason: String) -> LinkOutcome {
    .init(kind: .inPage, description: "stays in the page: \(reason)")
  }
  static func notOpened(_ reason: String) -> LinkOutcome { .init(kind: nil, description: "not opened: \(reason)") }
}
