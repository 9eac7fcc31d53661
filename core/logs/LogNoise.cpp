#include "core/logs/LogNoise.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace rankscope {

namespace {

// Lower-case fragments; a template containing one is control-plane noise.
constexpr std::array<std::string_view, 22> kFragments = {
    "http://",    "https://",  "http/1.",     "http/2",      " get /", " post /",
    "download",   "upload",    "%|",          "it/s]",       "s/it]",  "\xe2\x96\x88",
    "checkpoint", "tokenizer", "wandb",       "tensorboard", "mlflow", "huggingface.co",
    "s3://",      "gs://",     "pip install", "requests.",
};

} // namespace

bool isControlPlaneTemplate(std::string_view text, std::string_view builtinName)
{
    if (builtinName.find("checkpoint") != std::string_view::npos)
        return true;
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return std::any_of(kFragments.begin(), kFragments.end(), [&](std::string_view fragment) {
        return lower.find(fragment) != std::string::npos;
    });
}

} // namespace rankscope
