#pragma once

#include "importers/collectives/PickleReader.h"

#include <string_view>

namespace rankscope {

// Reads a TORCH_NCCL_DUMP_JSON dump (FlightRecorder::dump_json upstream: no frames, 0 for
// unknown times, numbers of pg_status as strings, process_group as a [name, desc] array) into
// the same document the pickle reader builds, so one mapping reads both. A document cut short
// (or broken part-way) keeps what was complete, with the open containers marked cut(), as the
// pickle reader does. The error names the byte, not the file, as readPickle's.
PickleReadResult readJsonDocument(std::string_view bytes, const PickleLimits &limits = {});

} // namespace rankscope
