#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace rankscope {

// $RANKSCOPE_CACHE_DIR, else $XDG_CACHE_HOME/rankscope, else ~/.cache/rankscope (with a
// temporary-directory fallback when HOME is unset).
std::filesystem::path defaultCacheDirectory();

// "<readable stem>-<16 hex digits>" for a bundle: the stem is the bundle's file name without
// archive extensions (sanitized, at most 40 characters), the digits hash its canonical absolute
// path, so two bundles with the same name in different places get different caches.
std::string bundleCacheStem(const std::filesystem::path &canonicalBundlePath);

} // namespace rankscope
