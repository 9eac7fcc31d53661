#include "core/cache/LogRankNodes.h"

#include "core/cache/SqliteStatement.h"

#include <functional>
#include <string>

namespace rankscope {

namespace {

// What the logs say about one rank's node: the first file's node, and the first file that
// names another one.
struct NodeClaim
{
    std::string node;
    std::string path;
    std::string otherNode;
    std::string otherPath;
};

// The first example of one kind of disagreement and how many ranks have it.
struct Disagreement
{
    int rank = -1;
    int count = 0;
    std::string text;
    std::string path;

    void add(int of, std::string path, const std::function<std::string()> &describe)
    {
        if (count++ == 0) {
            rank = of;
            this->path = std::move(path);
            text = describe();
        }
    }
    void report(std::vector<ImportProblem> &problems, const std::string &outcome) const
    {
        if (count == 0)
            return;
        std::string message = text;
        if (count > 1)
            message +=
                " (and " + std::to_string(count - 1) + " more rank" + (count > 2 ? "s" : "") + ")";
        problems.push_back({path, 0, message + "; " + outcome});
    }
};

} // namespace

void completeNodesFromLogs(SqliteDatabase &db, JobInfo &job, std::vector<ImportProblem> &problems)
{
    std::vector<NodeClaim> claims;
    SqliteStatement select = db.prepare(
        "SELECT n.rank, n.node, f.path FROM (SELECT file_id, rank, node FROM log_rank_nodes "
        "UNION ALL SELECT file_id, rank, node FROM trace_rank_nodes) n "
        "JOIN files f ON f.id = n.file_id ORDER BY f.path, n.rank");
    while (select.step()) {
        const int rank = select.columnInt(0);
        if (rank < 0 || rank >= job.worldSize)
            continue;
        if (claims.empty())
            claims.resize(std::size_t(job.worldSize));
        NodeClaim &claim = claims[std::size_t(rank)];
        const std::string_view node = select.columnText(1);
        if (claim.node.empty()) {
            claim.node = node;
            claim.path = select.columnText(2);
        } else if (claim.otherNode.empty() && node != claim.node) {
            claim.otherNode = node;
            claim.otherPath = select.columnText(2);
        }
    }

    Disagreement withManifest;
    Disagreement betweenLogs;
    for (std::size_t r = 0; r < claims.size(); ++r) {
        const NodeClaim &claim = claims[r];
        if (claim.node.empty())
            continue;
        const int rank = int(r);
        RankInfo &info = job.ranks[r];
        if (info.rank >= 0 && !info.node.empty()) {
            const bool first = claim.node != info.node;
            if (first || (!claim.otherNode.empty() && claim.otherNode != info.node)) {
                const std::string &node = first ? claim.node : claim.otherNode;
                const std::string &path = first ? claim.path : claim.otherPath;
                withManifest.add(rank, path, [&] {
                    return "job.json puts rank " + std::to_string(rank) + " on " + info.node +
                           " but " + path + " names " + node;
                });
            }
            continue;
        }
        if (!claim.otherNode.empty()) {
            betweenLogs.add(rank, claim.path, [&] {
                return claim.path + " puts rank " + std::to_string(rank) + " on " + claim.node +
                       " but " + claim.otherPath + " on " + claim.otherNode;
            });
            continue;
        }
        if (info.rank < 0) {
            info.rank = rank;
            info.role = kTrainerRole;
        }
        info.node = claim.node;
    }
    withManifest.report(problems, "job.json's nodes are kept");
    betweenLogs.report(problems, "these ranks' node is left unknown");
}

} // namespace rankscope
