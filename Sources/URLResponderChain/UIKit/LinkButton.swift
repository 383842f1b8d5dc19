#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit
  public import URLResponderChainCore

  /// A button that sends its URL up the responder chain when tapped: the link object of a
  /// document, with no delegate to wire.
  ///
  /// ```swift
  /// let link = LinkButton(url: URL(string: "https://example.com/guide")!, title: "Read the guide")
  /// stackView.addArrangedSubview(link)
  /// ```
  @MainActor
  open class LinkButton: UIButton {
    /// The URL sent when tapped.
    public var url: URL?
    /// Called with each propagation's result.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    #if os(iOS) || os(visionOS)
      /// What a long press shows (``LinkPreviewPolicy``): an in-app Safari preview only for a
      /// link a tap would open in-app, and Open, Copy Link and Share. Open and committing the
      /// preview send the link up the chain. `nil`: no menu.
      public var previews: LinkPreviewPolicy? = LinkPreviewPolicy()
      private lazy var menuDelegate = LinkMenuInteractionDelegate(
        link: { [weak self] in self?.url }, previews: { [weak self] in self?.previews },
        onResult: { [weak self] in self?.onResult })
    #endif

    /// Creates a button for `url` with a title.
    public convenience init(url: URL, title: String) {
      self.init(frame: .zero)
      self.url = url
      setTitle(title, for: .normal)
      accessibilityTraits.insert(.link)
    }

    override public init(frame: CGRect) {
      super.init(frame: frame)
      addAction(UIAction { [weak self] _ in self?.sendURL() }, for: .primaryActionTriggered)
      #if os(iOS) || os(visionOS)
        addInteraction(UIContextMenuInteraction(delegate: menuDelegate))
      #endif
    }

    /// Not supported: create link buttons in code.
    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private func sendURL() {
      guard let url else { return }
      propagateURL(url) { [weak self] result in self?.onResult?(result) }
    }
  }
#endif
