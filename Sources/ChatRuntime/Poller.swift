import ChatSession
import Glibc

/// The loop's one blocking call: `poll(2)` over the user's input, the signal pipe and the
/// session's descriptors, each handed to its owner when ready.
struct Poller {
  /// Reused between waits, so a wait allocates nothing once the set has been seen.
  private var descriptors: [pollfd] = []

  /// What a wait found ready, by the role of each descriptor.
  struct Found {
    var inputIsReady = false
    var signalsAreReady = false
    /// The session's descriptors that are ready, with what for.
    var session: [(descriptor: Int32, readiness: Readiness)] = []
  }

  /// Waits up to `timeout` milliseconds (-1: without limit) for any of the descriptors.
  /// An interruption by a signal returns nothing found (the signal's byte is then waiting).
  mutating func wait(
    input: Int32?, signals: Int32?, session watched: [WatchedDescriptor], timeout: Int32
  ) -> Result<Found, WaitError> {
    descriptors.removeAll(keepingCapacity: true)
    if let input { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
    if let signals { descriptors.append(pollfd(fd: signals, events: Int16(POLLIN), revents: 0)) }
    for entry in watched {
      var events: Int32 = 0
      if entry.wantsRead { events |= POLLIN }
      if entry.wantsWrite { events |= POLLOUT }
      descriptors.append(pollfd(fd: entry.descriptor, events: Int16(events), revents: 0))
    }
    let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
    var found = Found()
    if count < 0 {
      return errno == EINTR ? .success(found) : .failure(.pollFailed(errno: errno))
    }
    guard count > 0 else { return .success(found) }
    for entry in descriptors where Int32(entry.revents) & POLLNVAL != 0 {
      return .failure(.notOpen(descriptor: entry.fd))
    }
    var index = 0
    if input != nil {
      found.inputIsReady = descriptors[index].revents != 0
      index += 1
    }
    if signals != nil {
      found.signalsAreReady = descriptors[index].revents != 0
      index += 1
    }
    for entry in descriptors[index...] where entry.revents != 0 {
      found.session.append((entry.fd, Readiness(polled: Int32(entry.revents))))
    }
    return .success(found)
  }
}

extension Readiness {
  /// The readiness `poll(2)` reported in `revents`.
  fileprivate init(polled revents: Int32) {
    var readiness: Readiness = []
    if revents & POLLIN != 0 { readiness.insert(.readable) }
    if revents & POLLOUT != 0 { readiness.insert(.writable) }
    if revents & POLLHUP != 0 { readiness.insert(.hungUp) }
    if revents & POLLERR != 0 { readiness.insert(.failed) }
    self = readiness
  }
}
