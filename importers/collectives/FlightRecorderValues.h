#pragma once

#include "importers/collectives/PickleDocument.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// Reading one Flight Recorder field whatever type the writer gave it: the shared NVRx dumps
// store numbers as strings ("123"), pg_config "ranks" is the text "[0, 1, 2]" upstream and a
// list elsewhere, JSON dumps write 0 where a pickle writes None.

// Int, Bool, an integral Float, or a decimal string. False for anything else (None included).
bool fieldInteger(PickleValue value, std::int64_t &out);
// Bool, Int (non-zero), "True"/"true"/"1", "False"/"false"/"0".
bool fieldBool(PickleValue value, bool &out);
// Text of a String or Bytes; the decimal text of a number; "True"/"False"; "" for None.
std::string fieldText(PickleValue value);

// Integers of a list/tuple, or of a text like "[0, 1, 2]" (also "0,1,2"). Stops after
// `maxCount` values; non-numbers are skipped and counted in `skipped`.
std::vector<std::int64_t> fieldIntegerList(PickleValue value, std::size_t maxCount,
                                           std::size_t &skipped);

// A list of shapes ([[4096, 1, 5120], [8]] or its text) as "4096x1x5120;8" and the total
// element count (-1 when a dimension is not a number or the count overflows). A zero-dimension
// tensor is "[]" (one element). False when the value is no list of shapes.
bool fieldShapes(PickleValue value, std::string &text, std::int64_t &numel);

// A list of strings (["BFloat16", "Float"] or its text "['BFloat16']") joined with ','.
std::string fieldStringList(PickleValue value);

} // namespace rankscope
