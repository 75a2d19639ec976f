import ChatProfile
import Testing

/// `--tls-fingerprint`'s text: 64 hexadecimal digits, either case, plain or in colon pairs.
@Suite struct TLSFingerprintTests {
  static let hex = "0f1e2d3c4b5a69788796a5b4c3d2e1f00123456789abcdeffedcba9876543210"
  static let pairs =
    "0F:1E:2D:3C:4B:5A:69:78:87:96:A5:B4:C3:D2:E1:F0:01:23:45:67:89:AB:CD:EF:FE:DC:BA:98:76:54:32:10"

  @Test(arguments: [hex, hex.uppercased(), pairs, pairs.lowercased()])
  func everyFormReadsAsTheSameDigest(text: String) throws {
    let pin = try TLSFingerprint(parsing: text)
    #expect(pin.bytes.count == 32)
    #expect(pin.bytes.first == 0x0F && pin.bytes.last == 0x10)
    #expect(pin.hex == Self.hex)
    #expect(pin.description == Self.pairs)
  }

  static let malformed: [(String, TLSFingerprint.ParseError)] = [
    (String(hex.dropLast(2)), .wrongLength(digits: 62)),
    (hex + "00", .wrongLength(digits: 66)),
    ("", .wrongLength(digits: 0)),
    (String(hex.dropLast()) + "g", .invalidCharacter("g")),
    ("sha256 Fingerprint=" + pairs, .invalidCharacter("s")),
    (String(pairs.prefix(5)) + ":" + pairs.dropFirst(5), .misplacedColon),
    (pairs + ":", .misplacedColon),
    (":" + pairs, .misplacedColon),
    ("0F1E:" + String(hex.dropFirst(4)), .misplacedColon),
    (String(hex.dropLast()) + "\u{1B}", .invalidCharacter("\u{1B}")),
  ]

  @Test(arguments: malformed)
  func aMalformedFingerprintSaysWhatIsWrong(text: String, error: TLSFingerprint.ParseError) {
    #expect(throws: error) { try TLSFingerprint(parsing: text) }
    #expect(error.description.hasSuffix("64 hexadecimal digits, plain or as AB:CD:… pairs"))
    #expect(!error.description.contains("\u{1B}"))
  }
}
