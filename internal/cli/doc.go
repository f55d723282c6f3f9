// Package cli holds what the offline tools (cmd/veletas, cmd/fanorona,
// cmd/amazons) share so that they behave alike on the command line:
//
//   - Run dispatches a command: TOOL -h, TOOL help and TOOL COMMAND -h print
//     the usage to standard output and exit 0; an unknown command or a bad
//     option prints one line on standard error naming what is wrong and
//     "run 'TOOL -h' for usage", and exits 1; any other error is one line,
//     exit 1; an interrupted command exits 130.
//   - Parse reads a command's options before or after its positional
//     arguments.
//   - ImageFormat picks an image format from the output file's extension
//     and refuses any other.
//   - CheckPerftBudget refuses a perft whose work, estimated from the
//     branching factor MeasurePerft finds, exceeds a node budget before it
//     starts, and Perft counts in a way that a context (Ctrl-C) stops.
//   - RunGames plays a selfplay match's games on parallel workers,
//     tallying each game under a lock and stopping at the first error.
package cli
