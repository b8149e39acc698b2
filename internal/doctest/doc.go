// Package doctest holds only a test: every fenced block of README.md and
// docs/*.md (the generated docs/checks/ aside) is something a reader
// copies, so each must work as written. The test reads every block and
// checks it by what it is:
//
//   - a .retrylint.yml, or a rule pack's rows (YAML whose keys are a
//     pack's), is loaded with the real check names, as retrylint loads it;
//   - a .golangci.yml builds the golangci-lint plugin from its settings,
//     in a module that holds only a go.mod; a .custom-gcl.yml is the
//     shipped .golangci-plugin.yml with its plugin's source as the reader
//     writes it;
//   - a .pre-commit-config.yaml names hooks of .pre-commit-hooks.yaml,
//     and its args run; a hook's manifest entry is the shipped one;
//   - a GitHub Actions workflow's run steps are shell commands;
//   - a shell command that runs retrylint, or go vet with retrylint as
//     its tool, runs with the command built from this checkout, on a
//     module with no finding, and must exit 0: a flag or subcommand
//     that does not exist fails;
//   - Go parses, as a file, declarations or statements;
//   - JSON decodes.
//
// The real golangci-lint and pre-commit run the golangci-lint and
// pre-commit blocks in scripts/integration/10-golangci.sh and
// 20-precommit.sh.
//
// An HTML comment on the line before a fence says more about its block:
//
//	<!-- snippet: skip: REASON -->            not checked, and why
//	<!-- snippet: needs: FILE... -->          files the block expects in the module
//	<!-- snippet: output: DIR: COMMAND -->    the block is what COMMAND prints in DIR
//	<!-- scripts/nogo-check.sh: FILE -->      Go that scripts/nogo-check.sh builds
//
// A block that is none of the kinds above and has no such comment fails
// the test, so that a new snippet is checked or says why it is not.
package doctest
