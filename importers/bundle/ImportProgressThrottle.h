#pragma once

#include "importers/bundle/BundleImport.h"

#include <chrono>

namespace rankscope {

// Passes progress to the caller's callback at most ~50 times a second (a GUI repaints no faster,
// and 49k files must not mean 49k signals), but always when the phase changes.
class ImportProgressThrottle
{
public:
    explicit ImportProgressThrottle(const ImportProgressCallback &callback) : m_callback(callback)
    {}

    void report(const ImportProgress &progress, bool force = false)
    {
        if (!m_callback)
            return;
        const auto now = std::chrono::steady_clock::now();
        const bool phaseChanged = progress.phase != m_lastPhase;
        if (!force && !phaseChanged && now - m_last < std::chrono::milliseconds(20))
            return;
        m_last = now;
        m_lastPhase = progress.phase;
        m_callback(progress);
    }

private:
    const ImportProgressCallback &m_callback;
    std::chrono::steady_clock::time_point m_last{};
    std::string m_lastPhase;
};

} // namespace rankscope
