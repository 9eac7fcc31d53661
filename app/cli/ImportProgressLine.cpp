#include "app/cli/ImportProgressLine.h"

#include <cstdio>

namespace rankscope::cli {

ImportProgressLine::ImportProgressLine(std::ostream &stream, bool isTerminal)
    : m_stream(stream), m_enabled(isTerminal)
{}

ImportProgressLine::~ImportProgressLine()
{
    clear();
}

ImportProgressCallback ImportProgressLine::callback()
{
    if (!m_enabled)
        return {};
    return [this](const ImportProgress &progress) { show(progress); };
}

void ImportProgressLine::show(const ImportProgress &progress)
{
    // Ten redraws a second are plenty; 49k files would otherwise mean 49k terminal writes.
    const auto now = std::chrono::steady_clock::now();
    if (m_visible && now - m_lastDraw < std::chrono::milliseconds(100) && progress.fraction < 1)
        return;
    m_lastDraw = now;
    char percent[16];
    std::snprintf(percent, sizeof percent, "[%3d%%] ", static_cast<int>(progress.fraction * 100));
    std::string line = percent + progress.phase;
    if (progress.filesTotal > 0)
        line +=
            " " + std::to_string(progress.filesDone) + "/" + std::to_string(progress.filesTotal);
    if (!progress.currentFile.empty())
        line += " " + progress.currentFile;
    if (line.size() > 78)
        line = line.substr(0, 75) + "...";
    m_stream << "\r\x1b[K" << line << std::flush;
    m_visible = true;
}

void ImportProgressLine::clear()
{
    if (!m_visible)
        return;
    m_stream << "\r\x1b[K" << std::flush;
    m_visible = false;
}

} // namespace rankscope::cli
