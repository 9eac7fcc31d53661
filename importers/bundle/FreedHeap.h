#pragma once

namespace rankscope {

// Hands the heap's free pages back to the system (glibc's malloc_trim; nothing elsewhere).
// glibc gives each thread its own arena and keeps what is freed there: after the worker threads
// of a layer have parsed and freed a few hundred MB of events, the main thread's next step cannot
// reuse that memory, and the import's peak becomes the sum of both (958 MiB instead of 588 MiB on
// a 16,384-rank logs bundle). Costs a walk over the arenas: call it between steps, not per file.
void returnFreedHeapToSystem();

} // namespace rankscope
