import Foundation

// Standard input and output in large blocks: `check` streams a million URLs in bounded memory.
let input = LineReader()
let output = BufferedOutput()
let tool = Tool(readLine: input.next, output: output.write, flush: output.flush)
let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
output.flush()
exit(status)
