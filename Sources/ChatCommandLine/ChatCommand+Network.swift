import ChatCore
import ChatIRC
import ChatIRCSession
import ChatRendering
import ChatRuntime
import ChatScenario
import ChatTransport
import ReadlineRenderer

extension ChatCommand {
  /// `chat --server URL` or `chat --network NAME`: resolves the configuration (networks file,
  /// password, TLS files), applies a remembered STS policy, and runs with an IRC session.
  static func connect(_ options: Options) -> Int32 {
    let configuration: NetworkConfiguration?
    let environment = XDGDirectories.current
    do {
      configuration = try NetworkConfiguration(
        resolving: options.network, environment: environment)
    } catch {
      return fail(error.description, hint: hint(for: error), status: status(for: error))
    }
    guard let configuration else { return 0 }
    let lineMode = (options.renderer ?? .line) == .line && LineMode.isAvailable
    let session = makeSession(configuration, options: options, interactive: lineMode)
    let store: STSPolicies
    do {
      store = try STSPolicies(path: STSPolicyStore.defaultPath(environment: environment))
    } catch {
      return fail(error.description, status: error.exitStatus)
    }
    let now = LiveClock().now
    if let upgraded = store.policies.upgrade(configuration.server, at: now) {
      session.upgrade(toTLSPort: upgraded.port)
      session.announce(.stsPolicyApplied(host: upgraded.host, port: Int(upgraded.port)))
    } else if !configuration.tlsOptionsAwaitingUpgrade.isEmpty {
      // Never let a CA or certificate look as if it were in use on a plaintext connection.
      session.announce(
        .tlsOptionsAwaitUpgrade(
          host: configuration.server.host, port: Int(configuration.server.port),
          options: configuration.tlsOptionsAwaitingUpgrade))
    }
    let run = NetworkRun(
      session: session, nick: configuration.nick, seed: session.configuration.seed,
      recorded: recorded(configuration, session: session),
      isTLSUnverified: configuration.server.usesTLS && configuration.tls.insecure,
      policies: store, bell: configuration.bell)
    do {
      return try ChatCommand.run(options, network: run)
    } catch {
      return fail(error.description, status: status(for: error))
    }
  }

  /// The IRC session `configuration` describes.
  private static func makeSession(
    _ configuration: NetworkConfiguration, options: Options, interactive: Bool
  ) -> IRCSession {
    let sasl = configuration.sasl.map { credentials in
      let mechanism: IRCSASLMechanism = credentials.withPasswordBytes { bytes in
        guard let bytes else { return .external }
        return .plain(user: credentials.user, password: IRCSecret(bytes: Array(bytes)))
      }
      return IRCSASL(mechanism, isRequired: !configuration.saslOptional)
    }
    let tls = TLSConfiguration(
      caFile: configuration.tls.caFile, certificateFile: configuration.tls.certificateFile,
      insecure: configuration.tls.insecure)
    let server = configuration.server
    var sessionConfiguration = IRCSessionConfiguration(
      host: server.host, port: server.port, tls: server.usesTLS ? tls : nil,
      client: IRCClient.Configuration(
        nick: configuration.nick, channels: configuration.channels,
        pacing: configuration.pacing, sasl: sasl),
      givesUpIfFirstConnectionFails: !interactive,
      keepsListening: configuration.keepListening,
      seed: options.seed ?? randomNetworkSeed())
    sessionConfiguration.confirmationTimeoutMilliseconds = 30_000
    let session = IRCSession(configuration: sessionConfiguration)
    session.upgradeTLS = tls
    return session
  }

  /// The connection as a recording's header keeps it: where the session dials first (after a
  /// remembered STS upgrade, and the address it upgraded), the channels, the login (never
  /// the password) and the pacing.
  private static func recorded(_ configuration: NetworkConfiguration, session: IRCSession)
    -> Scenario.Network
  {
    let dialled = session.configuration
    var network = Scenario.Network(
      host: dialled.host, port: dialled.port, usesTLS: dialled.tls != nil)
    network.tlsInsecure = dialled.tls?.insecure ?? false
    network.channels = configuration.channels
    network.sasl = session.client.configuration.sasl.map { sasl in
      switch sasl.mechanism {
      case .plain(let user, _): .plain(user: user)
      case .external: .external
      }
    }
    network.saslOptional = configuration.saslOptional
    network.keepsListening = configuration.keepListening
    network.pacing = configuration.pacing
    network.isLineMode = !dialled.givesUpIfFirstConnectionFails
    let named = configuration.server
    if !named.usesTLS, dialled.tls != nil {
      // A remembered STS policy upgraded the address: the replay says so as the run did.
      network.stsUpgradedFrom =
        Scenario.Network(host: named.host, port: named.port, usesTLS: false).server
    } else if dialled.tls == nil {
      // The flags' names only: a recording never holds a path to key material.
      network.tlsAwaitingUpgrade = configuration.tlsOptionsAwaitingUpgrade
    }
    return network
  }

  private static func randomNetworkSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  /// The exit status for a configuration error (sysexits): 64 usage, 66 a file that cannot be
  /// read, 78 (EX_CONFIG) a malformed networks file or password file permissions.
  static func status(for error: NetworkConfigurationError) -> Int32 {
    error.exitStatus
  }

  private static func hint(for error: NetworkConfigurationError) -> String? {
    error.isUsage ? "see 'chat --help'" : nil
  }
}

/// The STS policy store on disk, read once before connecting (a damaged one stops the run:
/// exit 78) and written back whenever the core asks the runtime to keep or forget a policy
/// (a failed write costs only the policy).
final class STSPolicies: PolicyStore {
  let path: String?
  private(set) var policies = STSPolicyStore()

  init(path: String?) throws(STSPolicyStoreError) {
    self.path = path
    if let path { policies = try STSPolicyStore.load(path: path) }
  }

  func remember(_ policy: TransportPolicy, at time: Timestamp) {
    let port = UInt16(clamping: policy.port)
    policies.record(
      STSPolicy(port: port, duration: Int64(policy.durationSeconds)), host: policy.host,
      port: port, at: time)
    save()
  }

  func forget(host: String) {
    policies.remove(host: host)
    save()
  }

  private func save() {
    guard let path else { return }
    try? policies.save(to: path)
  }
}
