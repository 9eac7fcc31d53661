#include "core/traces/BusBytes.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace rankscope {

namespace {

std::string lowerLetters(std::string_view text)
{
    std::string out;
    for (const char c : text)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out.push_back(char(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

// NCCL's bus factor for a group of n, 0 when the op is not one it defines.
double busFactor(std::string_view collective, int n)
{
    const std::string op = lowerLetters(collective);
    const auto has = [&](const char *word) { return op.find(word) != std::string::npos; };
    if (has("send") || has("recv") || has("broadcast") || op == "reduce" || has("reduceop") ||
        op == "gather" || op == "scatter")
        return 1.0;
    if (n < 1)
        return 0.0;
    if (has("allreduce"))
        return 2.0 * double(n - 1) / double(n);
    if (has("allgather") || has("reducescatter") || has("alltoall"))
        return double(n - 1) / double(n);
    return 0.0;
}

} // namespace

int dtypeBytes(std::string_view dtype)
{
    std::string type = lowerLetters(dtype);
    if (type.rfind("c10", 0) == 0)
        type.erase(0, 3);
    if (type == "double" || type == "long" || type == "float64" || type == "int64" ||
        type == "complexfloat")
        return 8;
    if (type == "float" || type == "int" || type == "float32" || type == "int32")
        return 4;
    if (type == "bfloat16" || type == "half" || type == "float16" || type == "short" ||
        type == "int16")
        return 2;
    if (type == "byte" || type == "char" || type == "bool" || type == "uint8" || type == "int8" ||
        type.rfind("float8", 0) == 0)
        return 1;
    return 0;
}

std::int64_t busBytesOf(const TraceData &trace, const TraceCollective &collective)
{
    if (collective.busBytes >= 0)
        return collective.busBytes;
    const std::int64_t elements =
        std::max(collective.inMessageElements, collective.outMessageElements);
    const int elementBytes = dtypeBytes(trace.string(collective.dtype));
    const double factor = busFactor(trace.string(collective.collectiveName), collective.groupSize);
    if (elements <= 0 || elementBytes == 0 || factor <= 0)
        return -1;
    const double bytes = double(elements) * elementBytes * factor;
    return bytes < 9.0e18 ? std::int64_t(std::llround(bytes)) : -1;
}

} // namespace rankscope
