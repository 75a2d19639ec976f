import Foundation
import Testing

@testable import ChatIRC

@Suite(.timeLimit(.minutes(10))) struct IRCBase64Tests {
  /// RFC 4648, section 10.
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func encodesTheRFCVectors(input: String, encoded: String) {
    #expect(IRCBase64.encode(Array(input.utf8)) == encoded)
  }

  @Test func agreesWithFoundationOnEveryByteAndLength() {
    var generator = SeededGenerator(seed: 4648)
    for length in 0..<300 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(IRCBase64.encode(bytes) == Data(bytes).base64EncodedString())
    }
    let every = (0...255).map { UInt8($0) }
    #expect(IRCBase64.encode(every) == Data(every).base64EncodedString())
  }

  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func decodesTheRFCVectors(output: String, encoded: String) {
    #expect(IRCBase64.decode(encoded) == Array(output.utf8))
  }

  /// `Zh==` and `Zm9=` have bits set past the last byte: not what an encoder makes.
  @Test(arguments: [
    "Zg", "Zg=", "Z===", "Zm9v!", "Zg==Zg==", "Zm=v", "Zm9v\n", "é123", "Zh==", "Zm9=",
  ])
  func refusesWhatIsNotBase64(text: String) {
    #expect(IRCBase64.decode(text) == nil)
  }

  @Test func decodesWhatItEncodes() {
    var generator = SeededGenerator(seed: 4648)
    for length in 0..<300 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(IRCBase64.decode(IRCBase64.encode(bytes)) == bytes)
    }
  }
}
