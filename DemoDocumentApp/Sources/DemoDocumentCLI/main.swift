import Foundation

exit(await DemoCommand.run(Array(CommandLine.arguments.dropFirst())))
