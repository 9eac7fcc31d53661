#pragma once

#include "core/logs/LogModel.h"
#include "importers/logs/LogTimestamp.h"
#include "importers/logs/RankPrefix.h"
#include "importers/logs/WorkerTag.h"

#include <cstddef>
#include <string_view>

namespace rankscope {

// The header of a line after its launcher prefixes: timestamps, level and what sits between
// them, in the orders real writers use:
//   "2026-11-29 12:31:04,123 INFO msg", "INFO 11-29 12:31:04 [core.py:12] msg" (vLLM),
//   "[2021-05-27 19:54:20,386] [INFO] [logging.py:60:log_dist] msg" (DeepSpeed),
//   "[2023-11-23 14:35:47,101] torch.distributed.elastic.multiprocessing.api: [ERROR] msg"
//   (torchrun; the level is taken, the text kept), "11/29/2026 12:31:04 - INFO - __main__ - msg",
//   "2026-11-29 12:31:04,751 [W1129 12:31:04.531613433 ProcessGroupNCCL.cpp:616] msg" (a c10
//   line re-stamped: the first dated time, the glog letter's level),
//   "2026-11-29T12:31:04.123456789Z [rank3]:[E1129 ...] msg" (a rank prefix after a time, as
//   docker compose --timestamps and kubectl --timestamps print it),
//   " [2026-11-29 12:31:04] iteration 1520/ 5000 | ..." (Megatron-LM: whitespace first),
//   "[2026-11-29 12:31:04 DP0 TP3] msg" (SGLang: worker coordinates inside the bracket).
struct LineHeader
{
    std::size_t length = 0; // bytes removed from the start of the text
    TimestampMatch time;    // the line's time (the first dated one); form None when none
    LogSeverity level = LogSeverity::Unknown;
    bool levelToken = false; // a level word or glog letter was part of the header
    // A rank prefix after the time or level (only what StreamIdentities needs of it).
    struct Rank
    {
        RankPrefixForm form = RankPrefixForm::None;
        bool localRank = false;
        int rank = -1;
    } rank;
    WorkerTag worker;       // SGLang's coordinates inside the time's bracket
    bool hasWorker = false; // `worker` holds some
    bool c10 = false;       // a glog/c10 header: "file.cpp:NN] [PG ... Rank N]" may follow
    bool standalone() const { return time.form != TimestampForm::None || levelToken; }
};

LineHeader parseLineHeader(std::string_view text);

// False when `text` cannot start a header (most lines: text, continuation lines); then
// parseLineHeader() finds none.
inline bool mayStartHeader(std::string_view text)
{
    // Times start with a digit, '[' or a capital (a month, glog's letter); levels with a capital
    // or '['; Megatron's iteration line with spaces before its time.
    if (text.empty())
        return false;
    const char c = text[0];
    return (c >= '0' && c <= '9') || c == '[' || (c >= 'A' && c <= 'Z') || c == ' ' || c == '\t';
}

// The Python logger location that some formats print after the header and that vLLM repeats on
// every line of a multi-line message: "[core.py:12] ", "[logging.py:60:log_dist] ",
// "multiproc_executor.py:435] " (vLLM before 0.6). Its length with one following space, 0 when
// `content` does not start with one.
std::size_t pythonLocationLength(std::string_view content);

} // namespace rankscope
