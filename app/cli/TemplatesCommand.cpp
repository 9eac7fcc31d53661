#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "core/logs/LogFileTemplates.h"
#include "core/logs/LogHeaderFormat.h"
#include "core/logs/LogMasker.h"
#include "core/logs/TemplateMiner.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace rankscope::cli {

namespace {

double similarityOption(const CliArguments &args)
{
    const std::optional<std::string> text = args.value("--st");
    if (!text)
        return 0.4;
    double value = 0;
    const auto result = std::from_chars(text->data(), text->data() + text->size(), value);
    if (text->empty() || result.ec != std::errc() || result.ptr != text->data() + text->size() ||
        value < 0 || value > 1)
        throw CliInputError("option '--st' needs a number from 0 to 1, not '" + *text + "'");
    return value;
}

} // namespace

// rankscope-cli templates: Drain over one log file, one template id per line (the loghub
// benchmark's view of a parser: grouping is all that is judged).
int runTemplatesCommand(const CliArguments &args, CliContext &context)
{
    const std::optional<std::string> formatText = args.value("--log-format");
    if (!formatText)
        throw CliInputError("'templates' needs --log-format (see 'rankscope-cli help templates')");
    DrainParams params;
    params.similarity = similarityOption(args);
    params.depth = static_cast<int>(args.integer("--depth", 4, 3, 32));
    params.maxChildren = static_cast<int>(args.integer("--max-children", 100, 2, 100000));
    params.logparserShortMessages =
        args.choice("--short-messages", {"drain3", "logparser"}, "drain3") == "logparser";
    params.builtinTemplates = args.has("--builtins");

    std::optional<LogHeaderFormat> format;
    std::optional<LogMasker> masker;
    try {
        format.emplace(*formatText);
        const std::vector<std::string> regexes = args.values("--regex");
        masker = regexes.empty() ? LogMasker::defaults() : LogMasker::fromRegexes(regexes);
    } catch (const std::invalid_argument &error) {
        throw CliInputError(error.what());
    }

    const std::string &path = args.positional().front();
    std::ifstream file;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file)
            throw CliInputError("cannot read log file '" + path + "'");
    }
    std::istream &in = path == "-" ? std::cin : file;

    TemplateMiner miner(params, *masker);
    const MinedLogFile mined = mineLogFile(in, &*format, miner);
    if (in.bad())
        throw CliInputError("reading '" + path + "' failed after " +
                            std::to_string(mined.lineNumbers.size() + mined.skippedLines.size()) +
                            " lines");
    const std::vector<TemplateId> byText = templateIdsByText(miner);

    // Ids in input order, "-" for the skipped lines in between.
    std::size_t next = 0;
    std::size_t skipped = 0;
    const std::uint64_t lines =
        mined.lineNumbers.empty() && mined.skippedLines.empty()
            ? 0
            : std::max(mined.lineNumbers.empty() ? 0 : mined.lineNumbers.back(),
                       mined.skippedLines.empty() ? 0 : mined.skippedLines.back());
    for (std::uint64_t line = 1; line <= lines; ++line) {
        if (next < mined.lineNumbers.size() && mined.lineNumbers[next] == line) {
            context.out << byText[mined.templates[next]] << '\n';
            ++next;
        } else {
            context.out << "-\n";
            ++skipped;
        }
    }
    std::vector<std::int64_t> sizes(miner.size(), 0);
    for (TemplateId id = 0; id < miner.size(); ++id)
        sizes[byText[id]] += miner.templ(id).size;
    for (TemplateId id = 0; id < miner.size(); ++id) {
        if (byText[id] == id)
            context.err << "template " << id << " (" << sizes[id]
                        << " lines): " << miner.templ(id).text << '\n';
    }
    if (skipped > 0) {
        context.err << path << ": " << skipped << " of " << lines
                    << " lines do not fit the log format; printed as -";
        if (!mined.skippedLines.empty())
            context.err << " (first: line " << mined.skippedLines.front() << ")";
        context.err << '\n';
    }
    return kExitSuccess;
}

} // namespace rankscope::cli
