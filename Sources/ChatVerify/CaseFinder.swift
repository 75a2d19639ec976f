import ChatRendering

/// Finds the case folders under a folder, at any depth, the folder itself included.
///
/// Names starting with `.` are left alone (`.git`, editor files), and symbolic links to
/// folders are not followed, so no link can make the walk loop; links to files are read
/// through. What cannot be looked at is reported in `notes`, never silently skipped.
public struct CaseFinder {
  /// What a walk found.
  public struct Found: Equatable, Sendable {
    /// Every case folder, sorted by name.
    public var cases: [CaseFolder] = []
    /// Things the walk left alone that a user may not expect it to: links to folders and
    /// names that are not UTF-8. Already sanitised for a terminal.
    public var notes: [String] = []
  }

  /// Why the folder to verify cannot be walked at all.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missing(path: String)
    /// Something exists, but it is not a folder.
    case notAFolder(path: String)
    /// The folder cannot be read.
    case unreadable(path: String, reason: String)

    public var description: String {
      switch self {
      case .missing(let path): "cannot verify '\(shown(path))': no such folder"
      case .notAFolder(let path): "cannot verify '\(shown(path))': not a folder"
      case .unreadable(let path, let reason): "cannot verify '\(shown(path))': \(reason)"
      }
    }
  }

  /// Walks the folder at `root`.
  public static func find(in root: String) throws(Failure) -> Found {
    switch FileSystem.kind(of: root) {
    case nil: throw .missing(path: root)
    case .directory, .linkToDirectory: break  // The folder named is followed, link or not.
    case .file, .linkToFile, .other: throw .notAFolder(path: root)
    }
    if case .failure(let failure) = FileSystem.list(root) {
      throw .unreadable(path: root, reason: failure.description)
    }
    var found = Found()
    walk(path: root, name: ".", into: &found)
    found.cases.sort { $0.name < $1.name }
    return found
  }

  private static func walk(path: String, name: String, into found: inout Found) {
    let listing: FileSystem.Listing
    switch FileSystem.list(path) {
    case .success(let result): listing = result
    case .failure(let failure):
      found.cases.append(
        CaseFolder(name: name, path: path, files: [], unreadable: failure.description))
      return
    }
    for undecodable in listing.undecodable {
      found.notes.append("'\(shown(FileSystem.join(path, undecodable)))' left alone: not UTF-8")
    }
    var files: [String] = []
    for (entry, kind) in listing.entries where !entry.hasPrefix(".") {
      let child = FileSystem.join(path, entry)
      let childName = name == "." ? entry : FileSystem.join(name, entry)
      switch kind {
      case .directory: walk(path: child, name: childName, into: &found)
      case .file, .linkToFile: files.append(entry)
      case .linkToDirectory:
        found.notes.append("'\(shown(child))' left alone: a link to a folder is not followed")
      case .other: continue
      }
    }
    if CaseFolder.isCase(files) {
      found.cases.append(CaseFolder(name: name, path: path, files: files))
    }
  }
}

/// A path fit for a message: hostile file names cannot reach the terminal raw.
func shown(_ path: String) -> String { Sanitizer.sanitize(path) }
