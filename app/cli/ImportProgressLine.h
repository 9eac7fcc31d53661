#pragma once

#include "importers/bundle/BundleImport.h"

#include <chrono>
#include <ostream>

namespace rankscope::cli {

// A single self-overwriting status line on a terminal ("[ 42%] parsing 20480/49152 ...").
// Writes nothing when the stream is not a terminal, so logs and pipes stay clean.
class ImportProgressLine
{
public:
    ImportProgressLine(std::ostream &stream, bool isTerminal);
    ~ImportProgressLine();

    ImportProgressCallback callback();
    void clear(); // removes the line, e.g. before printing results

private:
    void show(const ImportProgress &progress);

    std::ostream &m_stream;
    bool m_enabled;
    bool m_visible = false;
    std::chrono::steady_clock::time_point m_lastDraw{};
};

} // namespace rankscope::cli
