#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope::cli {

// One option a command accepts: a flag ("--force") or an option with a value
// ("--frames line" or "--frames=line").
struct CliOptionSpec
{
    std::string name; // with the dashes: "--frames"
    bool takesValue = false;
};

struct CliCommandSpec
{
    std::string name;
    int minPositional = 0;
    int maxPositional = 0;
    std::vector<CliOptionSpec> options;
};

// The command table: import, stacks, heatmap, stragglers, collectives, templates, logs, diff,
// findings, synth, bench-stacks, bench-traces, bench-diff, help.
const std::vector<CliCommandSpec> &cliCommands();
const CliCommandSpec *findCliCommand(std::string_view name);

// The parsed command line. parse() checks names and counts against the command table and
// throws CliInputError with a one-line message; values are checked by the commands, which
// know what they mean.
class CliArguments
{
public:
    // `args` excludes the program name.
    static CliArguments parse(const std::vector<std::string> &args);

    const std::string &command() const { return m_command; } // "" with --help/--version alone
    const std::vector<std::string> &positional() const { return m_positional; }
    bool helpRequested() const { return m_help; }
    bool versionRequested() const { return m_version; }

    bool has(std::string_view option) const;
    std::optional<std::string> value(std::string_view option) const;
    std::string valueOr(std::string_view option, std::string fallback) const;
    // Every value of an option given several times ("--regex A --regex B"), in order; value()
    // returns the last.
    std::vector<std::string> values(std::string_view option) const;
    // The value as an integer in [min, max]; `fallback` when the option is absent.
    std::int64_t integer(std::string_view option, std::int64_t fallback, std::int64_t min,
                         std::int64_t max) const;
    std::uint64_t unsignedInteger(std::string_view option, std::uint64_t fallback) const;
    // The value, which must be one of `choices`; `fallback` when absent.
    std::string choice(std::string_view option, const std::vector<std::string> &choices,
                       std::string fallback) const;

private:
    std::string m_command;
    std::vector<std::string> m_positional;
    std::map<std::string, std::string, std::less<>> m_options;               // flags map to ""
    std::map<std::string, std::vector<std::string>, std::less<>> m_repeated; // every value
    bool m_help = false;
    bool m_version = false;
};

} // namespace rankscope::cli
