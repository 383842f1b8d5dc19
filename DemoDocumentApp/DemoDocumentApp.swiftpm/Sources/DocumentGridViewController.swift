import DemoDocumentKit
import UIKit
import URLResponderChain
import URLResponderChainLinkViews

/// The topic's documents, one under the other in a scroll view. Prewarms the in-app browser
/// for the links of the documents on screen that a tap would show in-app.
final class DocumentGridViewController: UIViewController, UIScrollViewDelegate {
  private let documents: [Document]
  private let prewarmer = SafariLinkPrewarmer(maximumHosts: 3)
  private var documentViews: [(view: UIView, links: [URL])] = []
  private weak var scroll: UIScrollView?

  init(documents: [Document]) {
    self.documents = documents
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  override func viewDidLoad() {
    super.viewDidLoad()
    let scroll = UIScrollView(frame: view.bounds)
    scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    scroll.delegate = self
    self.scroll = scroll
    view.addSubview(scroll)
    let stack = UIStackView()
    stack.axis = .vertical
    stack.spacing = 24
    stack.translatesAutoresizingMaskIntoConstraints = false
    scroll.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 16),
      stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -16),
      stack.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -16),
    ])
    for document in documents {
      let controller = DocumentViewController(document: document)
      addChild(controller)
      stack.addArrangedSubview(controller.view)
      controller.didMove(toParent: self)
      documentViews.append((controller.view, document.linkURLs))
    }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    prewarmVisibleLinks()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    prewarmer.invalidate()
  }

  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { prewarmVisibleLinks() }

  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    if !decelerate { prewarmVisibleLinks() }
  }

  /// The links of the documents on screen; the prewarmer asks again only when their servers change.
  private func prewarmVisibleLinks() {
    guard let scroll else { return }
    let visible = CGRect(origin: scroll.contentOffset, size: scroll.bounds.size)
    let onScreen = documentViews.filter { scroll.convert($0.view.bounds, from: $0.view).intersects(visible) }
    // A tap starts in a document's view, whose document screen upgrades http first; every
    // document leads up the same way, so the links are run dry from the first one's view.
    prewarmer.update(visibleLinks: onScreen.flatMap(\.links), from: onScreen.first?.view ?? view)
  }
}
