#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rankscope {

// Inference servers name their worker processes by parallel coordinates rather than by global
// rank:
//   SGLang  "[2026-11-29 12:31:04 DP0 PP1 TP3 EP1] msg" (configure_logger's
//   "[%(asctime)s{prefix}]",
//           prefix " DP{dp} PP{pp} TP{tp} EP{ep}", each only when that size is > 1), also seen
//           as a bare "[TP3] " / "[PP1 TP3] " tag;
//   vLLM    "(VllmWorkerProcess pid=123) ", "(VllmWorker rank=2 pid=123) ",
//           "(Worker_PP1_TP3 pid=123) ", "(EngineCore_DP0 pid=123) " (decorate_logs' "({name}
//           pid={pid}) "), and Ray's "(RayWorkerWrapper pid=123, ip=10.0.0.2) ".
struct WorkerTag
{
    int dp = -1, pp = -1, tp = -1; // data / pipeline / tensor parallel rank, -1 when not given
    int rank = -1;                 // a rank the tag states ("rank=2")
    std::int64_t pid = -1;
    // A dimension whose place in the global rank is not known (SGLang ATTN_CP, MOE_DP; vLLM PCP;
    // SP, CFG): the coordinates then do not give a rank.
    bool unknownDimension = false;
    bool any() const { return dp >= 0 || pp >= 0 || tp >= 0 || rank >= 0 || pid >= 0; }
};

enum class WorkerTagForm : std::uint8_t
{
    None,
    ProcessTag, // "(VllmWorker rank=2 pid=123) ", "(RayWorkerWrapper pid=123, ip=..) "
    ParallelTag // "[PP1 TP3] " and SGLang's timestamp bracket
};
inline constexpr std::size_t kWorkerTagFormCount = 3;
const char *workerTagFormText(WorkerTagForm form); // "(Name pid=N)", "[TPn]"

struct WorkerTagMatch
{
    WorkerTagForm form = WorkerTagForm::None;
    std::size_t length = 0; // bytes to remove, with the space after it
    WorkerTag tag;
    std::string_view host; // Ray's "ip=..."
};

// A worker tag at the start of `line`: "(Name[ rank=R] pid=N[, ip=A])" or "[DP0 TP3] ".
WorkerTagMatch matchWorkerTag(std::string_view line);

// " DP0 PP1 TP3 EP1" (what SGLang puts after the time inside its bracket) or "DP0_PP1_TP3"
// (vLLM's process names, after the name): true when every item is a parallel coordinate.
bool parseParallelCoordinates(std::string_view text, char separator, WorkerTag *tag);

// How parallel coordinates map to a global rank, from what one file shows: the tensor and
// pipeline sizes are the largest TP and PP index + 1. Both SGLang and vLLM lay ranks out as
// ((dp * pp_size) + pp) * tp_size + tp. With SGLang's DP attention the TP index already spans
// the DP groups (each TP index appears under one DP index only) and DP adds nothing.
struct WorkerRankLayout
{
    int tpSize = 1;
    int ppSize = 1;
    bool dpInsideTp = false;
    // The global rank, -1 when the coordinates cannot say (an unknown dimension, none given).
    int rankOf(const WorkerTag &tag) const;
};

} // namespace rankscope
