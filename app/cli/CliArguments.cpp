#include "app/cli/CliArguments.h"

#include "importers/bundle/ShardPlan.h"

#include "app/cli/CliError.h"

#include <algorithm>
#include <charconv>

namespace rankscope::cli {

const std::vector<CliCommandSpec> &cliCommands()
{
    static const std::vector<CliCommandSpec> commands = {
        {"import",
         1,
         1,
         {{"--cache-dir", true}, {"--force", false}, {"--shard", true}, {"--out", true}}},
        {"merge",
         1,
         kMaxShards,
         {{"--out", true}, {"--allow-missing", false}, {"--keep-events", true}}},
        {"stacks",
         1,
         1,
         {{"--frames", true},
          {"--source", true},
          {"--threads", true},
          {"--role", true},
          {"--samples", true},
          {"--format", true},
          {"--cache-dir", true},
          {"--force", false},
          {"--annotate", false},
          {"--color", true},
          {"--max-depth", true},
          {"--max-branches", true},
          {"--max-lines", true}}},
        {"synth",
         0,
         0,
         {{"--scenario", true},
          {"--ranks", true},
          {"--seed", true},
          {"--ranks-per-node", true},
          {"--samples", true},
          {"--out", true},
          {"--list", false},
          {"--iterations", true},
          {"--slowdown", true},
          {"--fault-iteration", true},
          {"--fault-period", true},
          {"--compress", false},
          {"--nsys", false},
          {"--nsys-per-node", false},
          {"--healthy-baseline", false},
          {"--grad-sync-phase", false},
          {"--fr-entries", true},
          {"--fr-no-frames", false},
          {"--fr-culprits-missing", false},
          {"--baseline-out", true}}},
        {"bench-stacks",
         1,
         1,
         {{"--frames", true}, {"--threads", true}, {"--format", true}, {"--keep-cache", false}}},
        {"bench-traces", 1, 1, {{"--format", true}, {"--keep-cache", false}}},
        {"heatmap",
         1,
         1,
         {{"--metric", true},
          {"--by", true},
          {"--level", true},
          {"--format", true},
          {"--cache-dir", true},
          {"--force", false}}},
        {"stragglers", 1, 1, {{"--format", true}, {"--cache-dir", true}, {"--force", false}}},
        {"collectives", 1, 1, {{"--format", true}, {"--cache-dir", true}, {"--force", false}}},
        {"templates",
         1,
         1,
         {{"--log-format", true},
          {"--regex", true},
          {"--st", true},
          {"--depth", true},
          {"--max-children", true},
          {"--short-messages", true},
          {"--builtins", false}}},
        {"logs",
         1,
         1,
         {{"--format", true},
          {"--limit", true},
          {"--baseline", true},
          {"--cache-dir", true},
          {"--force", false}}},
        {"diff",
         1,
         1,
         {{"--baseline", true},
          {"--format", true},
          {"--limit", true},
          {"--color", true},
          {"--cache-dir", true},
          {"--force", false}}},
        {"findings",
         1,
         1,
         {{"--baseline", true}, {"--format", true}, {"--cache-dir", true}, {"--force", false}}},
        {"bench-diff",
         1,
         1,
         {{"--baseline", true},
          {"--repeat", true},
          {"--format", true},
          {"--cache-dir", true},
          {"--force", false}}},
        {"help", 0, 1, {}},
    };
    return commands;
}

const CliCommandSpec *findCliCommand(std::string_view name)
{
    for (const CliCommandSpec &spec : cliCommands()) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

namespace {

std::string helpHint(const std::string &command)
{
    return command.empty() ? " (see 'rankscope-cli --help')"
                           : " (see 'rankscope-cli help " + command + "')";
}

} // namespace

CliArguments CliArguments::parse(const std::vector<std::string> &args)
{
    CliArguments parsed;
    std::size_t i = 0;
    // Program-wide flags come before the command.
    for (; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h")
            parsed.m_help = true;
        else if (args[i] == "--version" || args[i] == "-V")
            parsed.m_version = true;
        else
            break;
    }
    if (i == args.size()) {
        if (!parsed.m_help && !parsed.m_version)
            throw CliInputError("no command given" + helpHint({}));
        return parsed;
    }
    if (args[i].starts_with("-"))
        throw CliInputError("unknown option '" + args[i] + "'" + helpHint({}));
    const CliCommandSpec *spec = findCliCommand(args[i]);
    if (!spec)
        throw CliInputError("unknown command '" + args[i] + "'" + helpHint({}));
    parsed.m_command = spec->name;
    ++i;

    bool optionsEnded = false;
    for (; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (optionsEnded || arg == "-" || !arg.starts_with("-")) {
            parsed.m_positional.push_back(arg);
            continue;
        }
        if (arg == "--") {
            optionsEnded = true;
            continue;
        }
        if (arg == "--help" || arg == "-h") {
            parsed.m_help = true;
            continue;
        }
        const std::size_t equals = arg.find('=');
        const std::string name = arg.substr(0, equals);
        const auto option = std::find_if(spec->options.begin(), spec->options.end(),
                                         [&](const CliOptionSpec &o) { return o.name == name; });
        if (option == spec->options.end())
            throw CliInputError("unknown option '" + name + "' for '" + spec->name + "'" +
                                helpHint(spec->name));
        if (!option->takesValue) {
            if (equals != std::string::npos)
                throw CliInputError("option '" + name + "' takes no value");
            parsed.m_options[name] = "";
        } else if (equals != std::string::npos) {
            parsed.m_options[name] = arg.substr(equals + 1);
            parsed.m_repeated[name].push_back(arg.substr(equals + 1));
        } else {
            if (i + 1 >= args.size())
                throw CliInputError("option '" + name + "' needs a value" + helpHint(spec->name));
            parsed.m_options[name] = args[++i];
            parsed.m_repeated[name].push_back(args[i]);
        }
    }
    if (parsed.m_help)
        return parsed; // "stacks --help" needs no bundle
    const int count = static_cast<int>(parsed.m_positional.size());
    if (count < spec->minPositional)
        throw CliInputError("'" + spec->name + "' needs a bundle path" + helpHint(spec->name));
    if (count > spec->maxPositional)
        throw CliInputError("unexpected argument '" +
                            parsed.m_positional[static_cast<std::size_t>(spec->maxPositional)] +
                            "' for '" + spec->name + "'" + helpHint(spec->name));
    return parsed;
}

bool CliArguments::has(std::string_view option) const
{
    return m_options.find(option) != m_options.end();
}

std::optional<std::string> CliArguments::value(std::string_view option) const
{
    auto it = m_options.find(option);
    if (it == m_options.end())
        return std::nullopt;
    return it->second;
}

std::string CliArguments::valueOr(std::string_view option, std::string fallback) const
{
    auto it = m_options.find(option);
    return it == m_options.end() ? std::move(fallback) : it->second;
}

std::vector<std::string> CliArguments::values(std::string_view option) const
{
    auto it = m_repeated.find(option);
    return it == m_repeated.end() ? std::vector<std::string>{} : it->second;
}

std::int64_t CliArguments::integer(std::string_view option, std::int64_t fallback, std::int64_t min,
                                   std::int64_t max) const
{
    const std::optional<std::string> text = value(option);
    if (!text)
        return fallback;
    std::int64_t number = 0;
    const auto result = std::from_chars(text->data(), text->data() + text->size(), number);
    if (text->empty() || result.ec != std::errc() || result.ptr != text->data() + text->size() ||
        number < min || number > max)
        throw CliInputError("option '" + std::string(option) + "' needs a whole number from " +
                            std::to_string(min) + " to " + std::to_string(max) + ", not '" + *text +
                            "'");
    return number;
}

std::uint64_t CliArguments::unsignedInteger(std::string_view option, std::uint64_t fallback) const
{
    const std::optional<std::string> text = value(option);
    if (!text)
        return fallback;
    std::uint64_t number = 0;
    const auto result = std::from_chars(text->data(), text->data() + text->size(), number);
    if (text->empty() || result.ec != std::errc() || result.ptr != text->data() + text->size())
        throw CliInputError("option '" + std::string(option) +
                            "' needs a whole number from 0 to 18446744073709551615, not '" + *text +
                            "'");
    return number;
}

std::string CliArguments::choice(std::string_view option, const std::vector<std::string> &choices,
                                 std::string fallback) const
{
    const std::optional<std::string> text = value(option);
    if (!text)
        return fallback;
    if (std::find(choices.begin(), choices.end(), *text) != choices.end())
        return *text;
    std::string list;
    for (const std::string &c : choices)
        list += (list.empty() ? "" : ", ") + c;
    throw CliInputError("option '" + std::string(option) + "' must be one of " + list + ", not '" +
                        *text + "'");
}

} // namespace rankscope::cli
