#pragma once

#include "core/model/Frame.h"
#include "core/stacks/StackClass.h"

#include <optional>
#include <string>

namespace rankscope {

// A frame that shows a thread inside inter-rank communication: torch.distributed (Python and
// c10d native), NCCL, gloo, DeepSpeed comm and ZeRO-3 parameter fetch, Megatron-LM's pipeline
// p2p and gradient-sync buckets, FSDP and FSDP2, vLLM/SGLang pynccl, TCPStore barriers.
struct CommunicationMatch
{
    StackClass cls = StackClass::CollectiveWait; // CollectiveWait or P2PWait
    std::string operation; // torch's name where one exists: "all_reduce", "send", ...
    // How precisely the frame names what the rank waits for: 3 a collective or p2p operation
    // (all_reduce, ncclAllReduce, send_forward_recv_backward), 2 a library step that runs one
    // (finish_grad_sync, fetch_sub_module, ncclGroupEnd), 1 a bare wait (WorkNCCL::wait,
    // Work.wait, wait_tensor). A stack is named after its most precise frame.
    int specificity = 0;
};

// Which communication, if any, one frame is in. Function names are matched as the dump tools
// print them: Python names with their file, native C++ names demangled with their arguments.
// Folded-stack frames ("all_reduce (distributed_c10d.py:2050)" kept verbatim) are split first.
std::optional<CommunicationMatch> matchCommunicationFrame(const Frame &frame);

} // namespace rankscope
