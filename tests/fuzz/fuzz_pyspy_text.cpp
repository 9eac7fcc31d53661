// Fuzz target: py-spy dump text (plain, --locals, --subprocesses, pasted). Each input is also
// parsed a second time with its threads' frame-line texts known (as an import's StackTextMemo
// knows them from other ranks' dumps): every thread must come out with the same frames.

#include "StackFuzzing.h"

#include "importers/bundle/StackTextMemo.h"

#include <cstdlib>

namespace {

rankscope::ParsedStacks parseTwice(std::string_view text)
{
    using namespace rankscope;
    StackTextMemo memo;
    ParsedStacks first = parsePySpyText(text, &memo);
    StackId next = 0;
    for (const ParsedProcess &process : first.processes) {
        for (const ParsedThread &thread : process.threads) {
            if (!thread.frameText.empty())
                memo.remember(thread.frameText, next++, thread.frames);
        }
    }
    const ParsedStacks again = parsePySpyText(text, &memo);
    if (again.processes.size() != first.processes.size())
        std::abort();
    for (std::size_t p = 0; p < first.processes.size(); ++p) {
        const auto &threads = first.processes[p].threads;
        const auto &threadsAgain = again.processes[p].threads;
        if (threads.size() != threadsAgain.size())
            std::abort();
        for (std::size_t t = 0; t < threads.size(); ++t) {
            if (threads[t].stackFrames() != threadsAgain[t].stackFrames())
                std::abort();
        }
    }
    return first;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return rankscope_fuzz::fuzzStackParser(data, size, &parseTwice);
}
