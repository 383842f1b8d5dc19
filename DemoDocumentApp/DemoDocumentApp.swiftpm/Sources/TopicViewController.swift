import DemoDocumentKit
import SafariServices
import UIKit
import URLResponderChain

/// The topic screen: the `URLHandler` that knows what to do with links (the same
/// `TopicLinkPolicy` as the headless demo), and the `ErrorHandler` that shows the problems
/// links below it report.
final class TopicViewController: UIViewController, URLHandler, AlertPresentingErrorHandler {
  private let topic: Topic
  private let safari = SafariURLPresenter(universalLinksFirst: false)
  private lazy var remoteAllowlist: RemoteAllowlist = {
    var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
    configuration.whenUnavailable = .failClosed(baseline: BundledDocuments.baseline())
    configuration.cacheDirectory = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
      .appendingPathComponent("allowlist")
    // The endpoint is a constant https URL with a host, which `RemoteAllowlist` always accepts;
    // an endpoint read from settings would handle `RemoteAllowlistConfigurationError` instead.
    return try! RemoteAllowlist(configuration: configuration)
  }()
  private lazy var policy = TopicLinkPolicy(allowlist: remoteAllowlist, environment: safari)

  init(topic: Topic) {
    self.topic = topic
    super.init(nibName: nil, bundle: nil)
    title = topic.title
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    // Previews and prewarming follow the links a tap would open in-app: the same allowlist.
    let grid = DocumentGridViewController(
      documents: topic.documents, inApp: InAppLinkRule(allowlist: .remote(remoteAllowlist)))
    addChild(grid)
    grid.view.frame = view.bounds
    grid.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(grid.view)
    grid.didMove(toParent: self)
  }

  func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await policy.decide(url, from: self)
  }
}
