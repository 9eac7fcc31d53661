#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rankscope {

// Microseconds written as JSON number text ("1712195495519689.047", "12", "1.5e3") to integer
// nanoseconds. Plain decimals are converted digit by digit, exactly: Kineto writes absolute
// microseconds with three decimals (19 significant digits), more than a double holds. The
// fourth decimal rounds; exponent forms go through double. Surrounding blanks are allowed;
// anything else, or a value beyond +-9.2e18 ns, gives nullopt.
std::optional<std::int64_t> microsTextToNanos(std::string_view text);

// A whole number written as text ("7", "-1", " 42"), as used for pid/tid/ids in string form.
// nullopt for anything else, including "1.5" and numbers beyond int64.
std::optional<std::int64_t> integerText(std::string_view text);

} // namespace rankscope
