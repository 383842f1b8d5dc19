#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit
  public import URLResponderChainCore
  import URLResponderChain

  /// A button that sends its URL up the responder chain when tapped: the link object of a
  /// document, with no delegate to wire.
  ///
  /// ```swift
  /// let link = LinkButton(url: URL(string: "https://example.com/guide")!, title: "Read the guide")
  /// stackView.addArrangedSubview(link)
  /// ```
  ///
  /// In a storyboard or nib, set the button's class to `LinkButton` (module
  /// `URLResponderChainLinkViews`) and its URL as a user-defined runtime attribute: key path
  /// `urlString`, type String. A button with no URL, or with text that is no URL, does
  /// nothing when tapped and says why in the log.
  @MainActor
  open class LinkButton: UIButton {
    /// The URL sent when tapped; when `nil`, ``urlString`` is read.
    public var url: URL?
    /// The URL as text, as Interface Builder sets it (a user-defined runtime attribute);
    /// used when ``url`` is `nil`.
    @IBInspectable public var urlString: String?
    /// Called with each propagation's result.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    #if os(iOS) || os(visionOS)
      /// A long press shows the link's menu: an in-app Safari preview only for a link a tap
      /// would show in-app (a dry run of the tap from this button), and Open, Copy Link and
      /// Share (`LinkPolicy` has the table). Open and committing the preview send the link up
      /// the chain.
      private lazy var menuDelegate = LinkMenuInteractionDelegate(
        link: { [weak self] _ in
          guard let self else { return nil }
          return try? LinkTapTarget.resolve(url: url, written: urlString).get()
        },
        origin: { [weak self] view in self.map { LinkOrigin(view: view, onResult: $0.onResult) } })
    #endif

    /// Creates a button for `url` with a title.
    public convenience init(url: URL, title: String) {
      self.init(frame: .zero)
      self.url = url
      setTitle(title, for: .normal)
    }

    override public init(frame: CGRect) {
      super.init(frame: frame)
      configure()
    }

    /// Creates a button from a storyboard or nib; its URL comes from the `urlString`
    /// runtime attribute, or is set later.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      configure()
    }

    private func configure() {
      accessibilityTraits.insert(.link)
      addAction(UIAction { [weak self] _ in self?.sendURL() }, for: .primaryActionTriggered)
      #if os(iOS) || os(visionOS)
        addInteraction(UIContextMenuInteraction(delegate: menuDelegate))
      #endif
    }

    private func sendURL() {
      guard let url = LinkTapTarget.urlForTap(url: url, written: urlString) else { return }
      propagateURL(url) { [weak self] result in self?.onResult?(result) }
    }
  }
#endif
