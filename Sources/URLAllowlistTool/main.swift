import Foundation

exit(await Tool().run(Array(CommandLine.arguments.dropFirst())))
