#pragma once

#include <simdjson.h>

#include <cstdint>
#include <cstring>
#include <string_view>

namespace rankscope {

// Small readers over simdjson On-Demand values shared by the trace reader. They return
// SUCCESS when the value was read or was merely of another type (the caller then treats the
// field as unreadable), and any other error when the JSON itself is broken there.

// `raw` points just after the opening quote of a key, inside the padded document, so reading
// word.size() + 1 bytes is always allowed.
inline bool jsonKeyIs(const char *raw, std::string_view word)
{
    return std::memcmp(raw, word.data(), word.size()) == 0 && raw[word.size()] == '"';
}

// Errors that concern one value only: the reading can go on with the next field.
bool isJsonValueError(simdjson::error_code error);

// "an array", "a number", ..., "null".
const char *jsonTypeName(simdjson::ondemand::json_type type);

// A whole number from a JSON number (integer or float) or a numeric string; ok=false otherwise.
simdjson::error_code readJsonInteger(simdjson::ondemand::value &value, std::int64_t &out, bool &ok);

// Text from a string, or the literal text of a number or boolean ("Process Group Name": 0).
// Other types leave `out` unchanged.
simdjson::error_code readJsonText(simdjson::ondemand::value &value, std::string_view &out);

} // namespace rankscope
