import ChatRendering

/// The SHA-256 fingerprint of a server's certificate, pinned with `--tls-fingerprint` (the
/// networks file's `tls-fingerprint`), as irssi's `tls_pinned_cert` and WeeChat's
/// `tls_fingerprint` pin one: the connection is accepted when the leaf certificate's SHA-256
/// matches, whatever its issuer, and refused otherwise.
///
/// Written as 64 hexadecimal digits, in either case, plain or in pairs separated by colons
/// (`AB:CD:…`, as `openssl x509 -fingerprint -sha256` prints it).
public struct TLSFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// Why a text is not a fingerprint.
  public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A character that is neither a hexadecimal digit nor a colon between pairs.
    case invalidCharacter(Character)
    /// Colons somewhere other than between every pair of digits.
    case misplacedColon
    /// Not 64 digits.
    case wrongLength(digits: Int)

    public var description: String {
      switch self {
      case .invalidCharacter(let character):
        "'\(Sanitizer.sanitize(String(character)))' is not a hexadecimal digit; " + Self.form
      case .misplacedColon: "colons go between every pair of digits; " + Self.form
      case .wrongLength(let digits): "it has \(digits) digits; " + Self.form
      }
    }

    private static let form =
      "expected a SHA-256 fingerprint: 64 hexadecimal digits, plain or as AB:CD:… pairs"
  }

  /// The 32 bytes of the digest.
  public let bytes: [UInt8]

  /// Reads `text` (see the type's note on its forms).
  public init(parsing text: String) throws(ParseError) {
    let characters = Array(text)
    let hasColons = characters.contains(":")
    var digits: [UInt8] = []
    for (index, character) in characters.enumerated() {
      if character == ":" {
        // Plain digits, or exactly one colon after every pair.
        guard hasColons, index % 3 == 2 else { throw .misplacedColon }
        continue
      }
      guard let value = character.hexDigitValue, character.isASCII else {
        throw .invalidCharacter(character)
      }
      if hasColons, index % 3 == 2 { throw .misplacedColon }
      digits.append(UInt8(value))
    }
    if hasColons, characters.last == ":" { throw .misplacedColon }
    guard digits.count == 64 else { throw .wrongLength(digits: digits.count) }
    bytes = stride(from: 0, to: 64, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }

  /// Lowercase hexadecimal without separators: how a recording's header writes it, and the
  /// form the transport compares.
  public var hex: String {
    bytes.map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }

  /// `AB:CD:…`, as `openssl x509 -fingerprint -sha256` prints it.
  public var description: String {
    bytes.map { byte in
      let text = String(byte, radix: 16, uppercase: true)
      return byte < 16 ? "0" + text : text
    }.joined(separator: ":")
  }
}
