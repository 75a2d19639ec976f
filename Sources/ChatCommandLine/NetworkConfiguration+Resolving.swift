import Glibc

extension NetworkConfiguration {
  /// The configuration `arguments` ask for, or nil when they name no server. Reads the networks
  /// file (with `--network`), the password (environment or file) and checks the TLS files.
  init?(
    resolving arguments: NetworkArguments, environment: [String: String]
  ) throws(NetworkConfigurationError) {
    guard arguments.connects else { return nil }
    var entry: NetworksFile.Network?
    var filePath = ""
    if let name = arguments.network {
      guard let path = NetworksFile.defaultPath(environment: environment) else {
        throw .noConfigDirectory
      }
      let file: NetworksFile
      do {
        file = try NetworksFile.load(path: path, home: environment["HOME"])
      } catch {
        throw .networksFile(error)
      }
      (entry, filePath) = (try file.network(named: name), path)
    }
    // `connects` means one of the two is there.
    let server = arguments.server ?? entry!.server
    var nick = IRCName.nick(fromUserName: environment["USER"] ?? environment["LOGNAME"])
    if let given = arguments.nick {
      do {
        nick = try IRCName.nick(given)
      } catch {
        throw .usage(.invalid(option: "--name", reason: error.description))
      }
    } else if let fileNick = entry?.nick {
      nick = fileNick
    }
    var channels = server.channels
    for channel in arguments.join ?? entry?.channels ?? [] where !channels.contains(channel) {
      channels.append(channel)
    }
    self.init(server: server, nick: nick, channels: channels)
    networkName = entry?.name
    tls = try Self.tls(arguments, entry, file: filePath, server: server)
    saslOptional = arguments.saslOptional || entry?.saslOptional == true
    sasl = try Self.sasl(arguments, entry, environment: environment, tls: tls)
    bell = !arguments.noBell
    keepListening = arguments.keepListening
    if let pacing = arguments.pacing { self.pacing = pacing }
  }

  private static func tls(
    _ arguments: NetworkArguments, _ entry: NetworksFile.Network?, file: String,
    server: ServerAddress
  ) throws(NetworkConfigurationError) -> TLS {
    var settings = TLS(
      caFile: arguments.tlsCA ?? entry?.tlsCA,
      certificateFile: arguments.tlsCertificate ?? entry?.tlsCertificate,
      insecure: arguments.tlsInsecure || entry?.tlsInsecure == true)
    // A notice about them names them as the user gave them: a flag, or a networks file key.
    if arguments.tlsCA == nil, entry?.tlsCA != nil {
      settings.caSource = "tls-ca"
    }
    if arguments.tlsCertificate == nil, entry?.tlsCertificate != nil {
      settings.certificateSource = "tls-cert"
    }
    // With `irc://` the CA and the certificate wait for an STS upgrade (see `unusedTLSFiles`),
    // but skipping verification would undo what STS is for: an upgrade is always verified.
    if !server.usesTLS {
      let advice =
        "\(server) is plaintext, and a TLS upgrade by its STS policy is always verified:"
        + " trust its CA with --tls-ca FILE, or use an ircs:// URL"
      if arguments.tlsInsecure {
        throw .usage(
          .incompatible(option: "--tls-insecure", with: "an irc:// server", advice: advice))
      }
      if let entry, entry.tlsInsecure, let line = entry.lines[.tlsInsecure] {
        throw .networksFile(
          .malformed(
            path: file, line: line,
            problem: .invalidValue(
              key: NetworksFile.Key.tlsInsecure.rawValue,
              reason: "needs an ircs:// server (an STS upgrade is always verified)")))
      }
    }
    for (option, path) in [("--tls-ca", settings.caFile), ("--tls-cert", settings.certificateFile)]
    {
      guard let path else { continue }
      do {
        _ = try OpenedFile(path: path)
      } catch .system(let code) {
        throw .unreadableFile(option: option, path: path, reason: OpenedFile.reason(code))
      } catch {
        throw .unreadableFile(option: option, path: path, reason: "not a regular file")
      }
    }
    return settings
  }

  private static func sasl(
    _ arguments: NetworkArguments, _ entry: NetworksFile.Network?,
    environment: [String: String], tls: TLS
  ) throws(NetworkConfigurationError) -> SASLCredentials? {
    guard let user = arguments.saslUser ?? entry?.saslUser else {
      for (option, given) in [
        ("--sasl-password-file", arguments.saslPasswordFile != nil),
        ("--sasl-optional", arguments.saslOptional),
      ] where given {
        throw .usage(.needs(option: option, other: "--sasl-user NAME"))
      }
      return nil
    }
    do {
      if let path = arguments.saslPasswordFile {
        return try .fromFile(user: user, path: path)
      }
      if let value = environment[SASLCredentials.environmentVariable] {
        return try .fromEnvironment(user: user, value: value)
      }
      if let path = entry?.saslPasswordFile {
        return try .fromFile(user: user, path: path)
      }
    } catch {
      throw .credentials(error)
    }
    guard tls.certificateFile != nil else {
      throw .usage(
        .needs(
          option: "--sasl-user",
          other: "a password: set \(SASLCredentials.environmentVariable) or give"
            + " --sasl-password-file FILE (or a --tls-cert for SASL EXTERNAL)"))
    }
    return SASLCredentials(externalUser: user)
  }
}
