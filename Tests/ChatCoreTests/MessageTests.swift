import ChatCore
import FoundationEssentials
import Testing

/// `Message` keeps its fields in one shared box: these check that it still behaves as the
/// plain struct of fields it was.
@Suite(.timeLimit(.minutes(10))) struct MessageTests {
  private let original = Message(
    id: id(1), sender: "Person B", text: "hello there, this is a line", time: at(5),
    conversation: ConversationName("#chat"), serverMessageID: "abc")

  @Test func settingAFieldOfACopyLeavesTheOriginalAsItWas() {
    var copy = original
    copy.id = id(2)
    copy.sender = "Person C"
    copy.text = "changed"
    copy.time = at(9)
    copy.isLocal = true
    copy.conversation = ConversationName("#other")
    copy.isAction = true
    copy.markup = .ircFormatting
    copy.isMention = true
    copy.serverMessageID = nil
    #expect(original.id == id(1))
    #expect(original.sender == "Person B")
    #expect(original.text == "hello there, this is a line")
    #expect(original.time == at(5))
    #expect(!original.isLocal && !original.isAction && !original.isMention)
    #expect(original.conversation == ConversationName("#chat"))
    #expect(original.markup == .plain)
    #expect(original.serverMessageID == "abc")
    #expect(copy.id == id(2) && copy.sender == "Person C" && copy.text == "changed")
    #expect(copy.time == at(9) && copy.isLocal && copy.isAction && copy.isMention)
    #expect(copy.conversation == ConversationName("#other") && copy.markup == .ircFormatting)
    #expect(copy.serverMessageID == nil)
  }

  @Test func messagesMadeApartWithTheSameFieldsAreEqualAndHashAlike() {
    let twin = Message(
      id: id(1), sender: "Person " + "B", text: "hello there, " + "this is a line", time: at(5),
      conversation: ConversationName("#chat"), serverMessageID: "abc")
    #expect(twin == original)
    #expect(twin.hashValue == original.hashValue)
    #expect(Set([twin, original]).count == 1)
  }

  @Test(arguments: 0..<13)
  func aMessageDifferingInAnyOneFieldIsNotEqual(field: Int) {
    var other = original
    switch field {
    case 0: other.id = id(2)
    case 1: other.sender = "Person C"
    case 2: other.text = "hello"
    case 3: other.time = at(6)
    case 4: other.isLocal = true
    case 5: other.conversation = ConversationName("#other")
    case 6: other.isAction = true
    case 7: other.markup = .ircFormatting
    case 8: other.isMention = true
    case 9: other.isHistory = true
    case 10: other.account = "bobby"
    case 11: other.isBot = true
    default: other.serverMessageID = nil
    }
    #expect(other != original)
  }

  @Test func encodesTheKeysOfItsFieldsAndDecodesBackEqual() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(original), as: UTF8.self)
    #expect(
      text
        == ##"{"conversation":"#chat","id":"01000000-0000-4000-8000-000000000000","##
        + #""isAction":false,"isBot":false,"isHistory":false,"isLocal":false,"isMention":false,"#
        + #""isNotice":false,"markup":"plain","#
        + #""sender":"Person B","serverMessageID":"abc","text":"hello there, this is a line","#
        + #""time":1735732800005}"#)
    #expect(try JSONDecoder().decode(Message.self, from: Data(text.utf8)) == original)
    var withoutID = original
    withoutID.serverMessageID = nil
    let shorter = String(decoding: try encoder.encode(withoutID), as: UTF8.self)
    #expect(!shorter.contains("serverMessageID"))
  }
}

extension MessageTests {
  @Test func printsItsFieldsAsAPlainStructWould() {
    let printed = String(describing: original)
    #expect(
      printed.hasPrefix("Message(id: 01000000-0000-4000-8000-000000000000, sender: \"Person B\""))
    #expect(
      printed.hasSuffix(
        "isMention: false, serverMessageID: Optional(\"abc\"), isNotice: false, isHistory: false,"
          + " account: nil, isBot: false, inReplyTo: nil)"))
  }
}
