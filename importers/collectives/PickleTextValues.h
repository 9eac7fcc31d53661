#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// The number formats inside pickle opcodes (pickletools.py: LONG1/LONG4 little-endian two's
// complement, the protocol 0 decimal lines of INT, LONG, GET, PUT and FLOAT, UNICODE's
// raw-unicode-escape).

// False when the value needs more than 64 bits.
bool littleEndianTwosComplement(const unsigned char *bytes, std::size_t length,
                                std::int64_t &value);

// "123", "-7", and with allowSuffix "123L". False on anything else or overflow.
bool decimalInteger(std::string_view text, bool allowSuffix, std::int64_t &value);

// repr() of a float ("1.5", "-inf", "nan", "1e+300"). False on anything else.
bool decimalReal(std::string_view text, double &value);

// Appends raw-unicode-escape text (Latin-1 bytes with \uXXXX and \UXXXXXXXX) as UTF-8.
void appendRawUnicodeEscape(std::string_view text, std::string &out);

} // namespace rankscope
