import URLResponderChainCore

/// Domains under which anyone can register names, so a wildcard directly over one
/// (`*.com`, `*.co.uk`, `*.github.io`) would allow strangers' sites.
///
/// Every single-label suffix counts (any `*.tld`). The multi-label ones below are the
/// common entries of the Public Suffix List; a pattern over a suffix not listed here is
/// accepted, so keep wildcards over your own registrable domains.
enum PublicSuffixes {
  static let multiLabel: Set<String> = [
    "co.uk", "org.uk", "ac.uk", "gov.uk", "ltd.uk", "plc.uk", "me.uk", "net.uk", "sch.uk", "nhs.uk",
    "com.au", "net.au", "org.au", "edu.au", "gov.au", "id.au",
    "co.nz", "org.nz", "net.nz", "govt.nz", "ac.nz",
    "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp", "gr.jp",
    "com.br", "net.br", "org.br", "gov.br",
    "com.cn", "net.cn", "org.cn", "gov.cn", "edu.cn",
    "co.in", "net.in", "org.in", "gov.in", "ac.in",
    "co.za", "org.za", "gov.za", "co.kr", "or.kr", "go.kr",
    "com.mx", "com.ar", "com.tr", "com.tw", "com.hk", "com.sg", "com.my", "co.id", "co.il", "co.th",
    "github.io", "gitlab.io", "githubusercontent.com", "herokuapp.com", "appspot.com", "blogspot.com",
    "netlify.app", "vercel.app", "pages.dev", "workers.dev", "web.app", "firebaseapp.com",
    "cloudfront.net", "azurewebsites.net", "s3.amazonaws.com", "elasticbeanstalk.com",
    "glitch.me", "fly.dev", "onrender.com", "ngrok.io", "ngrok-free.app", "repl.co", "surge.sh",
    "wordpress.com", "tumblr.com", "substack.com", "myshopify.com", "translate.goog",
  ]

  /// ``multiLabel`` by bytes, so that a rule's host is looked up without making a string.
  private static let multiLabelTable: DomainTable = {
    var table = DomainTable(capacity: multiLabel.count)
    for suffix in multiLabel { _ = Array(suffix.utf8).withUnsafeBufferPointer { table.insert($0) } }
    return table
  }()

  /// Whether `domain` (a normalized host: lowercase letters, digits and hyphens, labels
  /// joined by dots) is a public suffix.
  static func contains(_ domain: String) -> Bool {
    // A normalized host is ASCII, so a '.' byte is a '.' character; searching characters
    // would cost grapheme breaking on every rule compiled.
    withUTF8(of: domain) { contains($0) }
  }

  /// ``contains(_:)`` on the bytes of a normalized host.
  static func contains(_ domain: UnsafeBufferPointer<UInt8>) -> Bool {
    !domain.contains(UInt8(ascii: ".")) || multiLabelTable.index(of: domain) != nil
  }
}
