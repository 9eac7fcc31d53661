#pragma once

#include "core/logs/LogHeaderFormat.h"
#include "core/logs/TemplateMiner.h"

#include <cstdint>
#include <istream>
#include <vector>

namespace rankscope {

// Mines the templates of a plain log file line by line, as the loghub benchmark does: the
// header format (optional) picks each line's content; lines that do not fit it are skipped
// and counted, like logparser's "[Warning] Skip line".
struct MinedLogFile
{
    std::vector<TemplateId> templates;       // one per mined line, in file order
    std::vector<std::uint64_t> lineNumbers;  // 1-based line of each mined line
    std::vector<std::uint64_t> skippedLines; // 1-based lines that did not fit the format
};

MinedLogFile mineLogFile(std::istream &in, const LogHeaderFormat *format, TemplateMiner &miner);

// For each template id, the smallest id whose final template text is the same. Drain can end
// with two clusters of one text (their first messages differed where both later became <*>);
// logparser names a template by the hash of its text, so the benchmark counts them as one.
std::vector<TemplateId> templateIdsByText(const TemplateMiner &miner);

} // namespace rankscope
