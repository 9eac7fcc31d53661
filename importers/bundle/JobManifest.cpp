#include "importers/bundle/JobManifest.h"

#include "core/model/StackDataset.h"
#include "importers/JsonNesting.h"
#include "importers/bundle/RankFromPath.h"

#include <nlohmann/json.hpp>

#include <limits>

namespace rankscope {

namespace {

// Keeps the first kMaxListedManifestProblems problems and counts the rest: called after each
// entry of the lists a manifest may repeat a million times.
void trimProblems(JobManifest &manifest)
{
    std::vector<ParseProblem> &problems = manifest.problems;
    if (problems.size() <= kMaxListedManifestProblems)
        return;
    manifest.unlistedProblems += problems.size() - kMaxListedManifestProblems;
    problems.resize(kMaxListedManifestProblems);
}

using nlohmann::json;

std::string describe(const json &value)
{
    std::string text = value.dump();
    return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

// A whole number that fits an int64 (nlohmann keeps 2^63 and above as unsigned, which
// get<std::int64_t>() would wrap to a negative number); nullopt for anything else.
std::optional<std::int64_t> wholeNumber(const json &value)
{
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<std::int64_t>::max())
                   ? std::optional<std::int64_t>(std::int64_t(value.get<std::uint64_t>()))
                   : std::nullopt;
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    return std::nullopt;
}

std::optional<int> intField(const json &object, const char *name, const std::string &where,
                            std::vector<ParseProblem> &problems)
{
    auto it = object.find(name);
    if (it == object.end() || it->is_null())
        return std::nullopt;
    if (const std::optional<std::int64_t> number = wholeNumber(*it);
        number && *number >= -1 && *number <= kMaxSupportedRank + 1)
        return int(*number);
    if (it->is_string()) {
        // "7" is a common way to write 7; accept it, reject anything else.
        const std::string &text = it->get_ref<const std::string &>();
        if (!text.empty() && text.size() <= 8 &&
            text.find_first_not_of("0123456789") == std::string::npos)
            return std::stoi(text);
    }
    problems.push_back({0, where + "\"" + name + "\" should be a whole number (0 to " +
                               std::to_string(kMaxSupportedRank + 1) + "), not " + describe(*it)});
    return std::nullopt;
}

std::string stringField(const json &object, const char *name, const std::string &where,
                        std::vector<ParseProblem> &problems)
{
    auto it = object.find(name);
    if (it == object.end() || it->is_null())
        return {};
    if (it->is_string())
        return it->get<std::string>();
    if (it->is_number())
        return it->dump();
    problems.push_back({0, where + "\"" + name + "\" should be text, not " + describe(*it)});
    return {};
}

// A process id: a positive whole number, or the same as text ("12345").
std::optional<std::int64_t> pidValue(const json &value)
{
    if (const std::optional<std::int64_t> number = wholeNumber(value); number && *number > 0)
        return number;
    if (value.is_string()) {
        const std::string &text = value.get_ref<const std::string &>();
        if (!text.empty() && text.size() <= 12 &&
            text.find_first_not_of("0123456789") == std::string::npos && std::stoll(text) > 0)
            return std::stoll(text);
    }
    return std::nullopt;
}

void addPid(std::int64_t pid, int rank, JobManifest &manifest)
{
    auto [it, inserted] = manifest.pidRanks.emplace(pid, rank);
    if (!inserted && it->second != rank) {
        manifest.problems.push_back(
            {0, "pid " + std::to_string(pid) + " is given ranks " + std::to_string(it->second) +
                    " and " + std::to_string(rank) + "; using " + std::to_string(rank)});
        it->second = rank;
    }
}

// "pids": {"12345": 3, "12346": 4}
void readPids(const json &pids, JobManifest &manifest)
{
    if (!pids.is_object()) {
        manifest.problems.push_back(
            {0, "\"pids\" should be an object like {\"12345\": 3} (process id: rank); ignored"});
        return;
    }
    for (const auto &[key, value] : pids.items()) {
        trimProblems(manifest);
        const std::optional<std::int64_t> pid = pidValue(json(key));
        const std::optional<std::int64_t> rank = wholeNumber(value);
        if (!pid || !rank || *rank < 0 || *rank > kMaxSupportedRank) {
            manifest.problems.push_back({0, "pids entry \"" + key + "\": " + describe(value) +
                                                " is not a process id and a rank; skipped"});
            continue;
        }
        addPid(*pid, int(*rank), manifest);
    }
}

void readRank(const json &entry, std::optional<int> keyRank, JobManifest &manifest)
{
    JobInfo &job = manifest.job;
    std::vector<ParseProblem> &problems = manifest.problems;
    const std::string where = keyRank ? "ranks[\"" + std::to_string(*keyRank) + "\"]: "
                                      : "ranks entry " + describe(entry) + ": ";
    if (!entry.is_object()) {
        problems.push_back({0, where + "should be an object"});
        return;
    }
    std::optional<int> rank = intField(entry, "rank", where, problems);
    if (keyRank && rank && *rank != *keyRank) {
        problems.push_back({0, where + "says \"rank\": " + std::to_string(*rank) +
                                   "; using the key " + std::to_string(*keyRank)});
    }
    if (keyRank)
        rank = keyRank;
    if (!rank || *rank < 0 || *rank > kMaxSupportedRank) {
        problems.push_back({0, where + "has no usable \"rank\"; entry skipped"});
        return;
    }
    RankInfo info;
    info.rank = *rank;
    info.node = stringField(entry, "node", where, problems);
    info.localRank = intField(entry, "local_rank", where, problems).value_or(-1);
    info.role = stringField(entry, "role", where, problems);
    if (info.role.empty())
        info.role = kTrainerRole;
    if (auto groups = entry.find("groups"); groups != entry.end() && !groups->is_null()) {
        if (!groups->is_object()) {
            problems.push_back({0, where + "\"groups\" should be an object"});
        } else {
            for (const auto &[name, id] : groups->items()) {
                // An id beyond int would wrap; group ids are rank-sized numbers.
                if (const std::optional<std::int64_t> number = wholeNumber(id);
                    number && *number >= 0 && *number <= kMaxSupportedRank + 1)
                    info.groups[name] = int(*number);
                else
                    problems.push_back(
                        {0, where + "group \"" + name + "\" should be a whole number (0 to " +
                                std::to_string(kMaxSupportedRank + 1) + "), not " + describe(id)});
            }
        }
    }
    if (std::size_t(info.rank) >= job.ranks.size())
        job.ranks.resize(std::size_t(info.rank) + 1);
    if (job.ranks[info.rank].rank >= 0)
        problems.push_back(
            {0, "rank " + std::to_string(info.rank) + " is listed twice; using the last"});
    if (auto pid = entry.find("pid"); pid != entry.end() && !pid->is_null()) {
        if (std::optional<std::int64_t> value = pidValue(*pid))
            addPid(*value, info.rank, manifest);
        else
            problems.push_back(
                {0, where + "\"pid\" should be a process id, not " + describe(*pid)});
    }
    job.ranks[info.rank] = std::move(info);
}

void readClockOffsets(const json &offsets, JobManifest &manifest)
{
    if (!offsets.is_object()) {
        manifest.problems.push_back(
            {0, "\"clock_offsets_ns\" should be an object like {\"3\": 1500000}; ignored"});
        return;
    }
    for (const auto &[key, value] : offsets.items()) {
        trimProblems(manifest);
        const bool numeric = !key.empty() && key.size() <= 8 &&
                             key.find_first_not_of("0123456789") == std::string::npos;
        if (!numeric || std::stoi(key) > kMaxSupportedRank) {
            manifest.problems.push_back(
                {0, "clock_offsets_ns key \"" + key + "\" is not a rank number; entry skipped"});
            continue;
        }
        const std::optional<std::int64_t> offset = wholeNumber(value);
        if (!offset) {
            manifest.problems.push_back(
                {0, "clock_offsets_ns[\"" + key +
                        "\"] should be a whole number of nanoseconds, not " + describe(value)});
            continue;
        }
        if (*offset < -kMaxManifestClockOffsetNs || *offset > kMaxManifestClockOffsetNs) {
            manifest.problems.push_back(
                {0, "clock_offsets_ns[\"" + key + "\"] is " + std::to_string(*offset) +
                        " ns, more than a year (" + std::to_string(kMaxManifestClockOffsetNs) +
                        " ns): offsets are in nanoseconds and one job's clocks are not that far "
                        "apart; entry skipped (the estimate from the traces is used)"});
            continue;
        }
        manifest.clockOffsetsNs[std::stoi(key)] = *offset;
    }
}

// "baseline": the path of the healthy run to compare with, kept as written.
void readBaseline(const json &baseline, JobManifest &manifest)
{
    if (baseline.is_string()) {
        manifest.job.baseline = baseline.get<std::string>();
        return;
    }
    manifest.problems.push_back({0, "\"baseline\" should be the path of the baseline "
                                    "bundle as text, not " +
                                        describe(baseline) + "; ignored"});
}

} // namespace

JobManifest parseJobManifest(std::string_view text)
{
    JobManifest manifest;
    if (const JsonNestingScan scan = scanJsonNesting(text); scan.tooDeepAt != text.npos) {
        manifest.problems.push_back(
            {0, "nests deeper than " + std::to_string(kMaxJsonNesting) + " levels at byte " +
                    std::to_string(scan.tooDeepAt + 1) +
                    " (a manifest nests four); importing without the manifest"});
        return manifest;
    }
    json root;
    try {
        root = json::parse(text);
    } catch (const json::exception &error) {
        // parse_error, or out_of_range for a number too large for any type. The message already
        // says "at line L, column C".
        std::string message = error.what();
        if (auto colon = message.find("] "); colon != std::string::npos)
            message = message.substr(colon + 2); // drop "[json.exception.parse_error.101] "
        manifest.problems.push_back(
            {0, "not valid JSON (" + message + "); importing without the manifest"});
        return manifest;
    }
    if (!root.is_object()) {
        manifest.problems.push_back(
            {0, "should hold a JSON object; importing without the manifest"});
        return manifest;
    }
    manifest.ok = true;
    JobInfo &job = manifest.job;
    job.fromManifest = true;
    job.jobId = stringField(root, "job_id", "", manifest.problems);
    if (auto worldSize = intField(root, "world_size", "", manifest.problems)) {
        if (*worldSize > 0 && *worldSize <= kMaxSupportedRank + 1)
            job.worldSize = *worldSize;
        else
            manifest.problems.push_back({0, "\"world_size\" should be between 1 and " +
                                                std::to_string(kMaxSupportedRank + 1)});
    }
    if (auto ranks = root.find("ranks"); ranks != root.end() && !ranks->is_null()) {
        if (ranks->is_array()) {
            for (const json &entry : *ranks) {
                readRank(entry, std::nullopt, manifest);
                trimProblems(manifest);
            }
        } else if (ranks->is_object()) {
            for (const auto &[key, entry] : ranks->items()) {
                const bool numeric = !key.empty() && key.size() <= 8 &&
                                     key.find_first_not_of("0123456789") == std::string::npos;
                if (!numeric) {
                    manifest.problems.push_back(
                        {0, "ranks key \"" + key + "\" is not a rank number; entry skipped"});
                    trimProblems(manifest);
                    continue;
                }
                readRank(entry, std::stoi(key), manifest);
                trimProblems(manifest);
            }
        } else {
            manifest.problems.push_back(
                {0, "\"ranks\" should be a list or an object keyed by rank"});
        }
    }
    if (auto pids = root.find("pids"); pids != root.end() && !pids->is_null())
        readPids(*pids, manifest);
    if (auto baseline = root.find("baseline"); baseline != root.end() && !baseline->is_null())
        readBaseline(*baseline, manifest);
    if (auto offsets = root.find("clock_offsets_ns"); offsets != root.end() && !offsets->is_null())
        readClockOffsets(*offsets, manifest);
    trimProblems(manifest);
    if (manifest.unlistedProblems > 0) {
        manifest.problems.push_back({0, std::to_string(manifest.unlistedProblems) +
                                            " more problems like those above were not listed"});
    }
    return manifest;
}

} // namespace rankscope
