// Fuzz target: an Nsight Systems SQLite export (issue 16). SQLite reads files, not buffers, so
// each input is written to one scratch file of this process first; the importer opens it
// read-only, immutable and defensive, as it opens a bundle's export.

#include "FuzzInput.h"

#include "importers/traces/NsightSqliteImport.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    static const std::string file =
        (std::filesystem::temp_directory_path() /
         ("rankscope-fuzz-nsight-" + std::to_string(getpid()) + ".sqlite"))
            .string();
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char *>(data), std::streamsize(size));
    }
    // A small row budget: a valid seed with a few rows is read whole, a bomb stops early.
    // Every process's trace, as the bundle import reads them (a node's export holds several).
    const std::vector<rankscope::TraceData> traces =
        rankscope::importNsightSqliteProcesses(file, "node_0.sqlite", 200000);
    (void)traces;
    return 0;
}
