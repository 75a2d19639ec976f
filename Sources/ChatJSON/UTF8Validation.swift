/// The offset of the first byte that does not belong to well-formed UTF-8 (no overlong forms,
/// no surrogates, nothing past U+10FFFF), or nil when all of `bytes` is UTF-8.
func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
  var index = 0
  while index < bytes.count {
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      continue
    }
    let (length, secondRange): (Int, ClosedRange<UInt8>) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80...0xBF)
      case 0xE0: (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
      case 0xED: (3, 0x80...0x9F)
      case 0xF0: (4, 0x90...0xBF)
      case 0xF1...0xF3: (4, 0x80...0xBF)
      case 0xF4: (4, 0x80...0x8F)
      default: (0, 0...0)
      }
    guard length > 0 else { return index }
    for offset in 1..<length {
      let position = index + offset
      guard position < bytes.count else { return index }
      let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
      guard range.contains(bytes[position]) else { return index }
    }
    index += length
  }
  return nil
}
