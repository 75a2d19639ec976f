import ChatIRC
import ChatTransport

/// Where an `IRCSession` connects and how it behaves around the protocol.
public struct IRCSessionConfiguration: Sendable {
  /// The host to dial.
  public var host: String
  /// The port to dial.
  public var port: UInt16
  /// TLS settings, or nil for plaintext.
  public var tls: TLSConfiguration?
  /// The protocol client's configuration (nick, channels, SASL, pacing, keepalive).
  public var client: IRCClient.Configuration
  /// The crypto a password login uses for `SCRAM-SHA-256`, and this session's source of
  /// SCRAM nonces (one per connection); nil logs in with `PLAIN` only.
  public var saslCrypto: (any IRCSASLCrypto)?
  /// Whether a failed first connection (refused, unresolvable, timed out) ends the session
  /// (piped runs, which exit 69) rather than being retried with backoff (line mode).
  public var givesUpIfFirstConnectionFails: Bool
  /// Whether the session keeps expecting events after the user's messages are confirmed
  /// (`--keep-listening`), so a leaving run goes on until a signal.
  public var keepsListening: Bool
  /// How long one of our lines may wait for the server's confirmation, counted from when it
  /// was written to the socket (pacing may hold it back before that): the client's
  /// (`IRCClient.Configuration.confirmationTimeoutMilliseconds`), whose delivery part keeps it.
  public var confirmationTimeoutMilliseconds: Int64 {
    get { client.confirmationTimeoutMilliseconds }
    set { client.confirmationTimeoutMilliseconds = max(1, newValue) }
  }
  /// How long one connection attempt (TCP and TLS handshake) may take.
  public var connectTimeoutMilliseconds: Int64
  /// How long to wait for the server to close the link after our `QUIT`.
  public var quitTimeoutMilliseconds: Int64
  /// The seed of the reconnect jitter and of the ids of messages without a msgid.
  public var seed: UInt64
  /// The first reconnect delay's ceiling (`ReconnectBackoff`): 1 s. Tests make it small.
  public var reconnectBaseMilliseconds = ReconnectBackoff.defaultBaseMilliseconds
  /// The longest reconnect delay: 60 s.
  public var reconnectCapMilliseconds = ReconnectBackoff.defaultCapMilliseconds

  /// A configuration with the defaults: 30 s to confirm a line, 15 s to connect, 2 s for the
  /// server to close after `QUIT`, reconnects after 0.5–1 s doubling up to 30–60 s.
  public init(
    host: String, port: UInt16, tls: TLSConfiguration? = nil, client: IRCClient.Configuration,
    givesUpIfFirstConnectionFails: Bool = true, keepsListening: Bool = false, seed: UInt64 = 0
  ) {
    self.host = host
    self.port = port
    self.tls = tls
    self.client = client
    self.givesUpIfFirstConnectionFails = givesUpIfFirstConnectionFails
    self.keepsListening = keepsListening
    connectTimeoutMilliseconds = 15_000
    quitTimeoutMilliseconds = 2000
    self.seed = seed
  }
}
