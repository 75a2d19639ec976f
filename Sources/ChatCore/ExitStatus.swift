/// Every status a `chat` run exits with (sysexits), besides 128+N after signal N: the one list
/// the core's `AppState.exitStatus`, the command line's errors and its `--help` take them
/// from, so the help lists exactly the statuses chat can exit with.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  /// Done.
  case success = 0
  /// A bad command line (EX_USAGE).
  case usage = 64
  /// A malformed scenario or recording (EX_DATAERR).
  case dataError = 65
  /// A file to read is missing or unreadable (EX_NOINPUT).
  case noInput = 66
  /// The server cannot be reached, or its certificate was refused (EX_UNAVAILABLE).
  case unavailable = 69
  /// The wait for input failed (EX_OSERR).
  case systemError = 71
  /// An output file cannot be created (EX_CANTCREAT).
  case cannotCreate = 73
  /// Writing an output failed (EX_IOERR).
  case outputError = 74
  /// A message was not delivered: trying again later may help (EX_TEMPFAIL).
  case notDelivered = 75
  /// The login was refused: the same credentials would be refused again (EX_NOPERM).
  case loginRefused = 77
  /// A configuration file (the networks file, a password file, the STS store) cannot be
  /// used (EX_CONFIG).
  case configuration = 78

  /// A run stopped by signal N exits with this plus N, as a shell reports it.
  public static let signalBase: Int32 = 128
}
