#include "core/logs/LogFileTemplates.h"

#include <string>
#include <unordered_map>

namespace rankscope {

MinedLogFile mineLogFile(std::istream &in, const LogHeaderFormat *format, TemplateMiner &miner)
{
    MinedLogFile mined;
    std::string line;
    std::uint64_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::string_view content = line;
        if (format) {
            const auto fitted = format->content(line);
            if (!fitted) {
                mined.skippedLines.push_back(number);
                continue;
            }
            content = *fitted;
        }
        mined.templates.push_back(miner.add(content));
        mined.lineNumbers.push_back(number);
    }
    return mined;
}

std::vector<TemplateId> templateIdsByText(const TemplateMiner &miner)
{
    std::vector<TemplateId> canonical(miner.size());
    std::unordered_map<std::string, TemplateId> first;
    for (TemplateId id = 0; id < miner.size(); ++id)
        canonical[id] = first.try_emplace(miner.templ(id).text, id).first->second;
    return canonical;
}

} // namespace rankscope
