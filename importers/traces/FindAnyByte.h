#pragma once

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rankscope {

// The index of the first byte of text[from, size) that is one of `Bytes`, or `size`. Sixteen
// bytes at a time where SSE2 is there (every x86-64): the trace window scanner spends most of a
// large trace inside strings and event objects, where only quotes, backslashes and brackets
// change what it knows.
template <char... Bytes>
std::size_t findAnyByte(const char *text, std::size_t from, std::size_t size)
{
    std::size_t at = from;
#if defined(__SSE2__)
    for (; at + 16 <= size; at += 16) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(text + at));
        __m128i hits = _mm_setzero_si128();
        ((hits = _mm_or_si128(hits, _mm_cmpeq_epi8(block, _mm_set1_epi8(Bytes)))), ...);
        const int mask = _mm_movemask_epi8(hits);
        if (mask != 0)
            return at + std::size_t(__builtin_ctz(unsigned(mask)));
    }
#endif
    for (; at < size; ++at) {
        const char c = text[at];
        if (((c == Bytes) || ...))
            return at;
    }
    return size;
}

} // namespace rankscope
