import Foundation

// Standard input and output in large blocks: `check` streams a million URLs in bounded memory.
let input = LineReader()
let output = BufferedOutput()
exit(await Tool(readLine: input.next, output: output.write, flush: output.flush).run(Array(CommandLine.arguments.dropFirst())))
