/// What the network said changed about someone, told where they are (IRCv3's
/// `account-notify`, `chghost` and `setname`): none of it is a quit and a join.
public enum MemberChange: Hashable, Sendable {
  /// They logged in to `account`, or out (nil).
  case account(String?)
  /// They now show as `user@host`.
  case host(user: String, host: String)
  /// They changed their real name.
  case realName(String)
}

extension Member {
  /// This member with `change` made.
  func changed(by change: MemberChange) -> Member {
    var member = self
    switch change {
    case .account(let account): member.account = account
    case .host(let user, let host): (member.user, member.host) = (user, host)
    case .realName(let realName): member.realName = realName
    }
    return member
  }
}
