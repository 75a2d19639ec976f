import ChatCore
import ChatIRC
import ChatIRCSession
import ChatProfile
import ChatRendering
import ChatRuntime
import ReadlineRenderer

extension ChatCommand {
  /// `chat --server URL` or `chat --network NAME`: resolves the connection profile once
  /// (flags, networks file, password, TLS files, a remembered STS policy) and runs with an IRC
  /// session made from it.
  static func connect(_ options: Options) -> Int32 {
    let profile: ConnectionProfile?
    let environment = XDGDirectories.current
    // The full screen is as interactive as line mode: a person reads why a connection failed.
    let lineMode =
      ((options.renderer ?? .line) == .line || options.renderer == .screen) && LineMode.isAvailable
    do {
      profile = try ConnectionProfile(
        resolving: options.network, environment: environment, isLineMode: lineMode,
        seed: options.seed ?? randomNetworkSeed())
    } catch {
      return fail(error.description, hint: hint(for: error), status: status(for: error))
    }
    guard var profile else { return ExitStatus.success.rawValue }
    let store: STSPolicies
    do {
      store = try STSPolicies(path: STSPolicyStore.defaultPath(environment: environment))
    } catch {
      return fail(error.description, status: error.exitStatus)
    }
    profile.applyRemembered(store.policies, at: LiveClock().now)
    let session = IRCSession(configuration: profile.sessionConfiguration)
    // A policy learnt during the run upgrades with the TLS settings given.
    session.upgradeTLS = profile.tlsConfiguration
    let run = NetworkRun(session: session, profile: profile, policies: store)
    do {
      return try ChatCommand.run(options, network: run)
    } catch {
      return fail(error.description, status: status(for: error))
    }
  }

  private static func randomNetworkSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  /// The exit status for a configuration error (sysexits): 64 usage, 66 a file that cannot be
  /// read, 78 (EX_CONFIG) a malformed networks file or password file permissions.
  static func status(for error: NetworkConfigurationError) -> ExitStatus {
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
    policies.record(
      durationSeconds: Int64(policy.durationSeconds), host: policy.host,
      port: UInt16(clamping: policy.port), at: time)
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
