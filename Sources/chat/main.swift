import ChatCommandLine
import Glibc

exit(ChatCommand.main(Array(CommandLine.arguments.dropFirst())))
