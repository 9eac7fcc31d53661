#include "app/cli/BundleLoading.h"
#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/CollectiveCacheReader.h"
#include "core/collectives/CollectiveAnalysis.h"
#include "core/model/RankSet.h"
#include "core/report/TerminalText.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace rankscope::cli {

namespace {

nlohmann::json sequenceJson(std::int64_t seq)
{
    return seq >= 0 ? nlohmann::json(seq) : nlohmann::json(nullptr);
}

nlohmann::json framesJson(const std::vector<CollectiveFrame> &frames)
{
    nlohmann::json list = nlohmann::json::array();
    for (const CollectiveFrame &frame : frames)
        list.push_back({{"name", frame.name}, {"file", frame.file}, {"line", frame.line}});
    return list;
}

nlohmann::json groupJson(const CollectiveGroupProgress &group)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (const CollectiveRankProgress &rank : group.ranks) {
        ranks.push_back({{"rank", rank.rank},
                         {"last_enqueued", sequenceJson(rank.lastEnqueued)},
                         {"last_started", sequenceJson(rank.lastStarted)},
                         {"last_completed", sequenceJson(rank.lastCompleted)},
                         {"has_records", rank.hasRecords}});
    }
    return {{"id", group.name},
            {"desc", group.desc},
            {"ranks", group.members.toString()},
            {"size", group.members.count()},
            {"first_disagreement", sequenceJson(group.firstDisagreement)},
            {"blocked_ranks", group.blockedRanks},
            {"progress", std::move(ranks)}};
}

nlohmann::json suspectJson(const CollectiveSuspect &suspect)
{
    nlohmann::json json = {
        {"ranks", suspect.ranks.toString()},
        {"kind", collectiveSuspectKindKey(suspect.kind)},
        {"process_group", suspect.pgName},
        {"process_group_desc", suspect.pgDesc},
        {"seq", sequenceJson(suspect.seq)},
        {"p2p", suspect.p2p},
        {"op", suspect.op},
        {"waiting_ranks", suspect.waitingRanks.toString()},
        {"decided", suspect.decided},
        {"node", suspect.node.empty() ? nlohmann::json(nullptr) : nlohmann::json(suspect.node)},
        {"from_records", suspect.fromRecords},
        {"claims", suspect.claims},
        {"consequence", suspect.consequence},
        {"reason", suspect.reason}};
    if (!suspect.othersOp.empty())
        json["others_op"] = suspect.othersOp;
    if (!suspect.callSite.empty())
        json["call_site"] = framesJson(suspect.callSite);
    if (!suspect.othersCallSite.empty())
        json["others_call_site"] = framesJson(suspect.othersCallSite);
    if (!suspect.source.file.empty()) {
        json["source"] = {{"file", suspect.source.file}};
        if (suspect.source.line >= 0)
            json["source"]["line"] = suspect.source.line;
    }
    return json;
}

void writeFrames(const char *label, const std::vector<CollectiveFrame> &frames, std::ostream &out)
{
    if (frames.empty())
        return;
    out << "      " << label << ":\n";
    for (const CollectiveFrame &frame : frames) {
        out << "        " << frame.name << " (" << frame.file;
        if (frame.line >= 0)
            out << ":" << frame.line;
        out << ")\n";
    }
}

std::string sequenceText(std::int64_t seq)
{
    return seq >= 0 ? "#" + std::to_string(seq) : std::string("-");
}

void writeText(const CollectiveReport &report, const CollectiveDataset &data, std::ostream &out)
{
    out << "Verdict: " << report.verdict << "\n";
    out << "World size " << report.worldSize << "; " << data.dumps.size()
        << " Flight Recorder dump(s), " << data.entries.size() << " collective record(s), "
        << data.claims.size() << " report(s) from other tools\n";
    if (!report.suspects.empty()) {
        out << "\nSuspects (most suspicious first):\n";
        int index = 1;
        for (const CollectiveSuspect &suspect : report.suspects) {
            out << "  " << index++ << ". [" << collectiveSuspectKindKey(suspect.kind) << "] "
                << suspect.reason << "\n";
            out << "      ranks " << suspect.ranks.toString() << ", process group "
                << suspect.pgName;
            if (!suspect.pgDesc.empty())
                out << " (" << suspect.pgDesc << ")";
            out << ", " << (suspect.p2p ? "p2p " : "") << "seq " << sequenceText(suspect.seq);
            if (!suspect.op.empty())
                out << ", " << suspect.op;
            if (!suspect.node.empty())
                out << ", all of node " << suspect.node;
            if (suspect.consequence)
                out << "; a consequence of a suspect above";
            if (!suspect.decided)
                out << "; the data cannot tell which side is at fault";
            out << "\n";
            for (const std::string &claim : suspect.claims)
                out << "      " << claim << "\n";
            writeFrames("call site", suspect.callSite, out);
            writeFrames("the others' call site", suspect.othersCallSite, out);
            if (!suspect.source.file.empty()) {
                out << "      source " << suspect.source.file;
                if (suspect.source.line >= 0)
                    out << ":" << suspect.source.line;
                out << "\n";
            }
        }
    }
    if (!report.groups.empty()) {
        // The group most ranks are blocked in first, then those where members disagree, then
        // those with blocked ranks; a job of thousands of groups prints the telling ones.
        std::vector<const CollectiveGroupProgress *> groups;
        for (const CollectiveGroupProgress &group : report.groups)
            groups.push_back(&group);
        const auto weight = [&](const CollectiveGroupProgress *group) {
            return group->name == report.leadGroup && !report.leadGroup.empty() ? 0
                   : group->firstDisagreement >= 0                              ? 1
                   : group->blockedRanks > 0                                    ? 2
                                                                                : 3;
        };
        std::stable_sort(groups.begin(), groups.end(),
                         [&](auto *a, auto *b) { return weight(a) < weight(b); });
        constexpr std::size_t kShown = 24;
        out << "\nProcess groups";
        if (groups.size() > kShown)
            out << " (" << kShown << " of " << groups.size()
                << ", the telling ones first; --format json lists all)";
        out << ":\n";
        for (std::size_t i = 0; i < groups.size() && i < kShown; ++i) {
            const CollectiveGroupProgress &group = *groups[i];
            std::int64_t enqueued = -1;
            std::int64_t completed = -1;
            for (const CollectiveRankProgress &rank : group.ranks) {
                enqueued = std::max(enqueued, rank.lastEnqueued);
                completed = std::max(completed, rank.lastCompleted);
            }
            out << "  pg " << group.name;
            if (!group.desc.empty())
                out << " (" << group.desc << ")";
            out << ": " << group.members.count() << " rank(s) "
                << TerminalText::shortened(group.members.toString(), 72) << "; last enqueued "
                << sequenceText(enqueued) << ", last completed " << sequenceText(completed);
            if (group.blockedRanks > 0)
                out << "; " << group.blockedRanks << " blocked";
            if (group.firstDisagreement >= 0)
                out << "; first disagreement at " << sequenceText(group.firstDisagreement);
            if (weight(&group) == 0)
                out << "  <- most ranks are blocked here";
            out << "\n";
        }
    }
    if (!report.notes.empty()) {
        out << "\nNotes:\n";
        for (const std::string &note : report.notes)
            out << "  - " << note << "\n";
    }
}

} // namespace

int runCollectivesCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json"}, "text");
    const ImportResult imported = importBundleWithProgress(importOptionsFrom(args), context);
    const auto db = openStackCacheReader(imported.summary.cacheFile);
    CollectiveDataset data = loadCollectiveDataset(*db);
    data.worldSize = std::max(data.worldSize, imported.stacks.job.worldSize);
    const CollectiveReport report = analyseCollectives(data, imported.stacks.job);
    if (!imported.stacks.problems.empty())
        context.err << "rankscope-cli: note: " << imported.stacks.problems.size()
                    << " import problem(s); 'rankscope-cli import " << args.positional().front()
                    << "' lists them\n";

    if (format == "json") {
        nlohmann::json json;
        json["world_size"] = report.worldSize;
        json["verdict"] = collectiveVerdictKindKey(report.verdictKind);
        json["summary"] = report.verdict;
        json["lead_group"] = report.leadGroup;
        json["dumps"] = data.dumps.size();
        nlohmann::json groups = nlohmann::json::array();
        for (const CollectiveGroupProgress &group : report.groups)
            groups.push_back(groupJson(group));
        json["process_groups"] = std::move(groups);
        nlohmann::json suspects = nlohmann::json::array();
        for (const CollectiveSuspect &suspect : report.suspects)
            suspects.push_back(suspectJson(suspect));
        json["suspects"] = std::move(suspects);
        json["notes"] = report.notes;
        context.out << json.dump(2) << '\n';
    } else {
        writeText(report, data, context.out);
    }
    return kExitSuccess;
}

} // namespace rankscope::cli
