import ChatIRC
import ChatProfile

extension Options {
  /// The network options that take a value (each may be given once).
  static let networkOptionsTakingValue: Set<String> = [
    "--server", "--join", "--network", "--tls-ca", "--tls-cert", "--tls-fingerprint", "--sasl-user",
    "--sasl-password-file", "--sasl-key", "--log-dir", "--pacing", "--history",
  ]

  /// Options that would put a password on the command line, where every local user can read
  /// it in the process list: refused before their value is looked at.
  private static let passwordOptions: Set<String> = [
    "--sasl-password", "--password", "--sasl-pass", "--pass",
  ]

  /// Options that only mean something with a real server.
  private static let serverOnlyOptions = [
    "--join", "--tls-ca", "--tls-cert", "--tls-insecure", "--tls-fingerprint", "--sasl-user",
    "--sasl-password-file", "--sasl-key",
    "--sasl-optional", "--keep-listening", "--pacing", "--history", "--bot", "--no-typing",
  ]

  /// Options of the simulated peer, which a real server has no use for.
  private static let simulationOnlyOptions = ["--virtual-time", "--peer", "--faults", "--burst"]

  /// Reads `option` if it is a network option, taking its value from `value`; false if it is
  /// not one.
  mutating func parseNetworkOption(
    _ option: String, value: () throws(UsageError) -> String
  ) throws(UsageError) -> Bool {
    if Self.passwordOptions.contains(option) { throw .passwordArgument(option: option) }
    func path() throws(UsageError) -> String {
      let text = try value()
      guard !text.isEmpty else {
        throw .invalidValue(option: option, value: text, expected: "a file name")
      }
      return text
    }
    switch option {
    case "--server":
      let text = try value()
      do {
        network.server = try ServerAddress(parsing: text)
      } catch {
        throw .invalid(option: option, reason: error.description)
      }
    case "--join":
      var channels: [String] = []
      for item in try value().split(separator: ",", omittingEmptySubsequences: false) {
        do {
          let channel = try IRCName.channel(String(item))
          if !channels.contains(channel) { channels.append(channel) }
        } catch {
          throw .invalid(option: option, reason: error.description)
        }
      }
      network.join = channels
    case "--network":
      let text = try value()
      guard !text.isEmpty else {
        throw .invalidValue(option: option, value: text, expected: "a network name")
      }
      network.network = text
    case "--tls-ca": network.tlsCA = try path()
    case "--tls-cert": network.tlsCertificate = try path()
    case "--tls-insecure": network.tlsInsecure = true
    case "--tls-fingerprint":
      let text = try value()
      do {
        network.tlsFingerprint = try TLSFingerprint(parsing: text)
      } catch {
        throw .invalid(option: option, reason: error.description)
      }
    case "--sasl-user":
      let text = try value()
      guard text.contains(where: { !$0.isWhitespace }),
        !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
      else {
        throw .invalidValue(option: option, value: text, expected: "an account name")
      }
      network.saslUser = text
    case "--sasl-password-file": network.saslPasswordFile = try path()
    case "--sasl-key": network.saslKey = try path()
    case "--sasl-optional": network.saslOptional = true
    case "--no-bell": network.noBell = true
    case "--keep-listening": network.keepListening = true
    case "--bot": network.isBot = true
    case "--no-typing": network.noTyping = true
    case "--pacing": network.pacing = try Self.pacing(try value(), option: option)
    case "--history": network.history = try Self.history(try value(), option: option)
    case "--log-dir": logDirectory = try path()
    default: return false
    }
    return true
  }

  /// `BURST/MILLISECONDS` (`5/1000`, the default): lines at once, then one per interval.
  static func pacing(_ text: String, option: String) throws(UsageError)
    -> IRCTokenBucket.Settings
  {
    guard let settings = IRCTokenBucket.Settings(parsing: text) else {
      throw .invalidValue(
        option: option, value: text,
        expected: "BURST/MS, a burst of 1-10000 lines and 0-60000 ms (e.g. 5/1000)")
    }
    return settings
  }

  /// A count of history messages: a whole number from 0 to `ConnectionProfile.maximumHistory`.
  static func history(_ text: String, option: String) throws(UsageError) -> Int {
    guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text),
      (0...ConnectionProfile.maximumHistory).contains(number)
    else {
      throw .invalidValue(
        option: option, value: text,
        expected: "a whole number from 0 to \(ConnectionProfile.maximumHistory)")
    }
    return number
  }

  /// Refuses network options that cannot work with the rest of the command line.
  func checkNetworkOptions(_ given: Set<String>) throws(UsageError) {
    let networkOptions = ["--server", "--network"] + Self.serverOnlyOptions
    if scenario != nil, let option = networkOptions.first(where: given.contains) {
      throw .incompatible(
        option: option, with: "--scenario", advice: "a scenario plays the simulated peer")
    }
    guard network.connects else {
      if let option = Self.serverOnlyOptions.first(where: given.contains) {
        throw .needs(option: option, other: "--server URL or --network NAME")
      }
      return
    }
    let connecting = network.server != nil ? "--server" : "--network"
    if let option = Self.simulationOnlyOptions.first(where: given.contains) {
      throw .incompatible(
        option: option, with: connecting,
        advice: option == "--virtual-time"
          ? "a real server runs on the real clock" : "it sets up the simulated peer")
    }
  }
}
