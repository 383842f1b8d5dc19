import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// Punycode (RFC 3492) and the strict label form, against an independent codec.
@Suite struct PunycodeTests {
  /// Unicode labels and their Punycode, as Python's own `punycode` codec encodes them.
  static let pairs: [(String, String)] = [
    ("b\u{fc}cher", "bcher-kva"),
    ("\u{4f8b}\u{3048}", "r8jz45g"),
    ("m\u{fc}nchen", "mnchen-3ya"),
    ("\u{43f}\u{440}\u{438}\u{43c}\u{435}\u{440}", "e1afmkfd"),
    ("\u{3b5}\u{3bb}\u{3bb}\u{3b7}\u{3bd}\u{3b9}\u{3ba}\u{3ac}", "hxargifdar"),
    ("\u{65e5}\u{672c}\u{8a9e}", "wgv71a119e"),
    ("\u{d55c}\u{ad6d}\u{c5b4}", "3e0bk47br7k"),
    ("fa\u{df}", "fa-hia"),
    ("\u{3b1}\u{3b2}\u{3b3}-\u{3b4}", "--ylbdeg"),
    ("a-\u{fc}-b", "a--b-1ra"),
    ("\u{1c5}", "kja"),
    ("1\u{1f63b}b\u{1f614}\u{1f63c}", "1b-eq82aoeh"),
    ("\u{442}\u{447}\u{438}\u{44b}ba\u{443}", "ba-vlc3biu3a"),
    ("\u{4e01}\u{4e37}b", "b-1n6asg"),
    ("\u{436}\u{445}\u{435}b-", "b--mlcd9e"),
    ("\u{3056}", "58j"),
    ("\u{439}1\u{445}a\u{44a}", "1a-ylc3c0a"),
    ("\u{3058}\u{3057}\u{3043}ca\u{3076}\u{308b}-", "ca--n63b1df8s7f"),
    ("\u{112}\u{11e}-", "--mia0b"),
    ("\u{3084}\u{307c}\u{3070}a\u{304c}\u{3082}\u{3053}\u{3086}\u{3069}", "a-i8tva2g5a1e1bly"),
    ("bcb", "bcb-"),
    ("1a", "1a-"),
    ("\u{438}\u{43d}\u{44d}\u{449}\u{44a}\u{447}\u{434}\u{449}\u{435}\u{434}", "d1aackz4dncg2a"),
    ("\u{154}11\u{15c}\u{131}\u{12a}\u{105}", "11-qla1m8a1p5b"),
    ("1-b\u{125}\u{16c}c\u{13b}", "1-bc-xxa7k3n"),
    ("c", "c-"),
    ("ccc\u{1f601}\u{1f620}", "ccc-xh33bpe"),
    ("\u{3081}\u{306e}\u{3093}\u{3075}\u{3057}", "68j2bva0c5e"),
    ("1\u{4e2a}\u{4e5c}-\u{4e14}-", "1---138dydon"),
    ("1\u{44d}\u{443}\u{44b}\u{447}b\u{43e}\u{435}\u{445}\u{446}", "1b-olc9axphd9as"),
    ("b\u{102}\u{10e}\u{16c}\u{157}\u{17c}\u{114}\u{13f}", "b-qha0bya9s8e0f7e"),
    ("\u{127}a\u{16c}\u{e9}\u{12d}\u{16b}", "a-bga8p0a42ad"),
    ("cb\u{1f62f}\u{1f614}\u{1f63d}b", "cbb-2j33b3dnd"),
    ("\u{1f600}\u{1f629}", "e28hsc"),
    ("\u{1f629}\u{1f630}\u{1f61c}\u{1f63d}-\u{1f614}\u{1f621}c\u{1f635}\u{1f627}", "-c-dq82a4a1a1bi0d8b7d"),
    ("\u{4e06}\u{4e71}\u{4e0a}-\u{4e46}", "--co6ama5vqh"),
    ("b\u{44b}\u{439}\u{443}1\u{443}a\u{434}", "b1a-pddw4db4d"),
    ("\u{306c}\u{3084}\u{306d}\u{308c}\u{3041}", "k8j8dd5gub"),
    ("\u{304e}1\u{3077}-\u{3091}\u{3072}\u{305a}-a", "1--a-k73cwc8hnb5r"),
    ("\u{3078}", "49j"),
    ("\u{1f63c}b\u{1f63f}1\u{1f606}", "b1-6o82adgqa"),
    ("\u{f5}a\u{14d}-", "a--bka76a"),
    ("\u{4e1f}", "0hq"),
    ("\u{44e}\u{44c}\u{439}-\u{443}\u{449}\u{443}\u{441}\u{43c}c", "-c-ylcnyla1cxat"),
    ("\u{146}b\u{f7}\u{179}\u{13a}cb\u{106}\u{161}\u{16e}", "bcb-wna1fypxc6kjeqe"),
    ("\u{1f608}\u{1f620}c\u{1f611}c\u{1f631}\u{1f602}\u{1f60a}\u{1f604}\u{1f60f}", "cc-uo82aiaqp0bl7k9g"),
    ("\u{1f631}-aa\u{1f631}\u{1f613}-\u{1f61c}a-", "-aa-a--yz74edcvjd"),
    ("-\u{437}\u{44d}", "--ntb0e"),
    ("-\u{1f62d}\u{1f637}c\u{1f61b}-", "-c--vk33bscuc"),
    ("\u{10f}\u{ea}", "bda7e"),
    ("\u{4e59}\u{4e78}\u{4e6d}\u{4e76}\u{4e27}\u{4e12}\u{4e62}-", "--0o6aoctkub9c3co"),
    ("\u{438}c\u{431}\u{431}\u{448}\u{44e}\u{430}\u{43f}b", "cb-7kcda3b1czdsc"),
    ("\u{11d}b\u{e6}\u{f4}\u{13d}\u{10f}", "b-4fa6b7fwc7j"),
    ("\u{4e77}\u{4e3d}\u{4e35}1\u{4e45}\u{4e0f}", "1-vo6aqe5a5b4t"),
    ("\u{4e08}\u{4e59}a\u{4e7d}\u{4e78}\u{4e3e}\u{4e7f}", "a-go6atg2dyg3aq"),
    ("\u{4e68}", "3jq"),
    ("\u{4e09}b\u{4e67}\u{4e3b}\u{4e50}", "b-io6a5f6c7e"),
    ("\u{109}\u{116}", "6da0a"),
    ("\u{1f62d}", "o38h"),
    ("\u{4e60}\u{4e21}c\u{4e39}\u{4e23}\u{4e16}c", "cc-rw2cqbl5krl"),
    ("\u{4e14}\u{4e15}1\u{4e46}\u{4e3f}\u{4e33}", "1-4o6ad5jncyb"),
    ("a\u{3069}\u{3088}\u{3065}\u{3051}\u{3079}", "a-s8ttcp6f1d"),
    ("-", "--"),
    ("-\u{306a}", "--79t"),
    ("\u{123}\u{132}\u{f0}\u{16e}\u{ff}", "hda4a2goc3q"),
    ("-1\u{167}", "-1-4ta"),
    ("\u{4e54}\u{4e29}\u{4e29}", "biqa1k"),
    ("\u{10b}\u{104}\u{14f}a\u{152}", "a-thau7yqa"),
    ("\u{435}\u{448}\u{435}\u{43f}\u{433}\u{44b}\u{431}\u{430}", "80abfha4d1c1a"),
    ("\u{13a}\u{117}\u{113}\u{164}\u{11d}\u{11f}a\u{146}\u{104}-", "a--mla2dta1bo6s6d6m"),
    ("\u{4e65}", "0jq"),
    ("bc\u{158}1\u{112}", "bc1-1qa26a"),
    ("\u{4e2f}", "hiq"),
    ("\u{4e06}", "bhq"),
    ("\u{1f63c}\u{1f633}\u{1f607}\u{1f635}\u{1f602}", "g28hja5kj6a"),
    ("\u{1f609}\u{1f62d}\u{1f634}\u{1f601}", "f28hpa2i2a"),
    ("\u{304c}\u{3067}1\u{305b}", "1-h8t0b5b"),
    ("\u{4e1e}\u{4e6c}\u{4e00}\u{4e60}\u{4e35}1\u{4e52}\u{4e5f}\u{4e19}", "1-zn6a2cra0johnde0i"),
    ("\u{438}ab\u{43d}b", "abb-2dd1a"),
    ("\u{16b}-\u{15b}\u{11e}\u{127}\u{134}\u{e7}\u{12b}\u{17a}\u{14f}", "--6fa8nkbv6c0lmdwgng"),
    ("\u{444}caba\u{44b}", "caba-z6d0c"),
    ("b1-a\u{4e28}\u{4e55}\u{4e1a}", "b1-a-ed5fzc4p"),
    ("b1a\u{1f608}\u{1f629}\u{1f63a}a\u{1f63b}", "b1aa-2b83cxflej"),
    ("\u{4e5f}", "ujq"),
    ("\u{44e}", "31a"),
    ("\u{3066}\u{307e}", "m9j5b"),
    ("-\u{3080}\u{304c}\u{3066}", "--i8tsdwe"),
    ("a\u{4e0c}\u{4e3c}\u{4e12}\u{4e18}\u{4e6e}", "a-po6asay2pql"),
    ("b\u{43b}\u{432}\u{448}\u{449}\u{438}\u{44e}\u{440}\u{436}", "b-dtbmhn6a6ci0c"),
    ("\u{440}\u{438}\u{44a}\u{440}\u{435}\u{448}\u{44b}\u{44c}", "e1afxb5bjki"),
  ]

  @Test func encodingAndDecodingAgreeWithAnIndependentCodec() {
    for (unicode, ascii) in Self.pairs {
      let scalars = Array(unicode.unicodeScalars)
      #expect(Punycode.encode(scalars).map { String(decoding: $0, as: UTF8.self) } == ascii, "\(unicode)")
      #expect(Punycode.decode(Array(ascii.utf8)) == scalars, "\(ascii)")
    }
  }

  /// Labels are decoded in place, after their `xn--`: the hyphens of the prefix must never
  /// be taken for the delimiter. On random labels of the bytes that matter (letters, digits,
  /// hyphens, a byte above ASCII), decoding in place reads exactly what decoding a copy does.
  @Test func decodingAfterThePrefixReadsAsDecodingACopy() {
    var generator = SeededGenerator(seed: 0x0050_C0DE)
    let alphabet = Array("abkvz019-".utf8) + [0xC3]
    var mismatches: [String] = []
    for _ in 0..<50_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let label = Array("xn--".utf8) + (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      if Punycode.decode(label, from: 4) != Punycode.decode(Array(label[4...])) {
        mismatches.append(String(decoding: label, as: UTF8.self))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(arguments: [
    ("bücher", "xn--bcher-kva"), ("BÜCHER", "xn--bcher-kva"), ("例え", "xn--r8jz45g"), ("münchen", "xn--mnchen-3ya"),
    ("пример", "xn--e1afmkfd"), ("à", "xn--0ca"), ("д", "xn--d1a"), ("ü", "xn--tda"),
  ])
  func aUnicodeLabelBecomesItsOneASCIIForm(unicode: String, ace: String) {
    #expect(Punycode.aceLabel(forUnicode: Substring(unicode)) == ace)
    #expect(Punycode.isValidACELabel(Array(ace.utf8)))
  }

  @Test(arguments: [
    "xn--", "xn--a", "xn--abc-", "xn--99999999999999", "xn--zzzzzzzzzzzzzzzzzzzzzzz", "xn--bcher-kva-",
    "xn--bcher-kvb",  // decodes, but not to a label in normal form (or not back to itself)
    "xn--exmple-cua0",
    "xn--a-wbb",  // a label starting with a combining mark (U+0301)
    "xn--g0a",  // an uppercase letter (Cyrillic U+0414) that case folding changes
    "xn--sba",  // U+00B5 micro sign, changed by NFKC case folding
    "xn--x-6q0i",  // a full-width letter (U+FF45)
    "xn--n3h",  // a symbol (U+2603), not a letter
    "xn---tda",  // decodes to ü when read leniently, but is not ü's one ASCII form (xn--tda)
    "ab--cd", "xn-bcher-kva",
  ])
  func labelsOutsideTheStrictFormAreRefused(label: String) {
    #expect(!Punycode.isValidACELabel(Array(label.utf8)), "\(label)")
  }

  @Test(arguments: ["ｅｘａｍｐｌｅ", "a b", "ex\u{2024}ample", "☃", "\u{301}a", "a\u{200D}b", "ǅ", "-é", "é-", "ab--é"])
  func unicodeLabelsOutsideTheStrictFormHaveNoASCIIForm(label: String) {
    #expect(Punycode.aceLabel(forUnicode: Substring(label)) == nil, "\(label)")
  }
}
