import Glibc
import LogRenderer

extension Options {
  /// Refuses two options that name one file: both outputs would interleave their lines in
  /// it, and an output on the scenario (or on a file chat reads) would write into it. Paths
  /// are compared by `FileIdentity`: existing files by device and inode, files still to be
  /// created by their path with every symbolic link (a dangling one included) and `..`
  /// resolved. An output is also refused when it is the file standard output or standard
  /// error already goes to (`chat --log out >> out`), or a file `--log-dir` may write.
  func checkFilesAreDistinct() throws(UsageError) {
    let outputs: [(option: String, path: String?)] = [
      ("--log", logFile), ("--jsonl", jsonlFile), ("--record", record),
    ]
    let named: [(option: String, path: String?)] =
      [("--scenario", scenario)] + outputs + [
        // Files chat only reads, but an output on one of them would destroy it.
        ("--sasl-password-file", network.saslPasswordFile), ("--sasl-key", network.saslKey),
        ("--tls-ca", network.tlsCA),
        ("--tls-cert", network.tlsCertificate),
      ]
    var seen: [(option: String, path: String, identity: FileIdentity)] = []
    for case (let option, let path?) in named {
      let identity = FileIdentity(path: path)
      if let earlier = seen.first(where: { $0.identity == identity }) {
        throw .sameFile(option: earlier.option, path: earlier.path, other: option, otherPath: path)
      }
      seen.append((option, path, identity))
    }
    for case (let option, let path?) in outputs {
      try checkNotStandardStream(option, path)
      try checkOutsideLogDirectory(option, path)
    }
  }

  /// Refuses an output that is the regular file standard output or standard error writes
  /// to: both would append to it, interleaved.
  private func checkNotStandardStream(_ option: String, _ path: String) throws(UsageError) {
    var file = stat()
    guard stat(path, &file) == 0 else { return }
    for (descriptor, stream) in [(Int32(1), "standard output"), (2, "standard error")] {
      var open = stat()
      guard fstat(descriptor, &open) == 0, open.st_mode & S_IFMT == S_IFREG,
        open.st_dev == file.st_dev, open.st_ino == file.st_ino
      else { continue }
      throw .standardStreamFile(option: option, path: path, stream: stream)
    }
  }

  /// Refuses an output in the `--log-dir` directory under a name a conversation's log may
  /// get there (`LogFileName`): the two would share the file.
  private func checkOutsideLogDirectory(_ option: String, _ path: String) throws(UsageError) {
    guard let logDirectory, let directory = FileIdentity.resolved(logDirectory),
      let resolved = FileIdentity.resolved(path)
    else { return }
    let (parent, name) = FileIdentity.split(resolved)
    guard parent == directory, LogFileName.mayName(name) else { return }
    throw .logDirectoryFile(option: option, path: path, directory: logDirectory)
  }
}
