@preconcurrency import CReadline
import Glibc
import IRCTestRequirements
import Testing

@testable import ReadlineRenderer

/// The terminal stays raw between lines: readline's own hooks would cook it after every
/// finished line, and a Ctrl-D typed in that moment became a NUL byte (a pasted block
/// followed at once by Ctrl-D left chat running).
///
/// On a thread of its own: on the cooperative pool, behind the blocking tests of a loaded
/// full run, this instant test twice waited out its time limit before it could start.
@Suite(.ownThread, .timeLimit(.minutes(3))) struct ReadlineTerminalTests {
  @Test func aFinishedLineLeavesTheTerminalRawUntilItIsGivenBack() throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, nil) == 0)
    defer { close(master) }
    let input = try #require(fdopen(slave, "r"))
    let output = try #require(fopen("/dev/null", "w"))
    defer {
      fclose(input)
      fclose(output)
    }
    let (savedInput, savedOutput) = (rl_instream, rl_outstream)
    rl_instream = input
    rl_outstream = output
    defer { (rl_instream, rl_outstream) = (savedInput, savedOutput) }

    ReadlineTerminal.configure()
    rl_prep_term_function?(1)  // What readline calls before a line.
    #expect(Self.isRaw(slave))
    rl_deprep_term_function?()  // What readline calls after every finished line.
    #expect(Self.isRaw(slave), "readline's restore hook cooked the terminal between lines")
    ReadlineTerminal.giveBack()
    #expect(!Self.isRaw(slave))
    ReadlineTerminal.take()
    #expect(Self.isRaw(slave))
    ReadlineTerminal.giveBack()
  }

  private static func isRaw(_ descriptor: Int32) -> Bool {
    var modes = termios()
    tcgetattr(descriptor, &modes)
    return modes.c_lflag & tcflag_t(ICANON) == 0
  }
}
