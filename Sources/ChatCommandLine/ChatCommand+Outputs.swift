import ChatCore
import ChatRendering
import ChatRuntime
import Glibc
import LogRenderer

extension ChatCommand {
  /// The renderers writing files beside standard output, in every kind of run (simulated,
  /// network, `--scenario`): `--log FILE` and `--jsonl FILE` appended to (a file that holds
  /// earlier runs keeps them; the new run begins as its format begins one), and `--log-dir
  /// DIR`. Every file chat creates is readable and writable by its owner only (0600).
  static func fileRenderers(_ options: Options, utcOffset: Int64) throws(SinkError)
    -> [any Renderer]
  {
    var renderers: [any Renderer] = []
    // The directory first: `--log DIR/all.txt` may go into it.
    if let directory = options.logDirectory {
      renderers.append(try logDirectoryRenderer(directory, utcOffset: utcOffset))
    }
    if let path = options.logFile {
      renderers.append(
        renderer(.log, utcOffset: utcOffset, sink: try FileSink.appending(path: path)))
    }
    if let path = options.jsonlFile {
      renderers.append(
        renderer(.jsonl, utcOffset: utcOffset, sink: try FileSink.appending(path: path)))
    }
    return renderers
  }

  /// `--log-dir DIR`: DIR created 0700 if missing, one file per conversation in it, 0600.
  static func logDirectoryRenderer(_ directory: String, utcOffset: Int64) throws(SinkError)
    -> any Renderer
  {
    try FileSink.makePrivateDirectory(path: directory)
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return LogDirectoryRenderer(utcOffsetSeconds: utcOffset) { name throws(SinkError) in
      try FileSink.appendingPrivately(path: prefix + name)
    }
  }

  /// `--record FILE` never replaces a file (a recording, or anything else): one that exists,
  /// a dangling symbolic link included, ends the run before it starts (73), naming it. The
  /// recorder creates the file with `O_EXCL` too, so one made in the meantime is not
  /// replaced either.
  static func refuseExisting(recording path: String) -> Int32? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return fail(
      "--record '\(Sanitizer.sanitize(path))' exists: a recording never replaces a file;"
        + " remove it or give another name", status: .cannotCreate)
  }
}
