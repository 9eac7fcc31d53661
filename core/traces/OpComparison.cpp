#include "core/traces/OpBreakdown.h"

#include "core/traces/RobustStatistics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rankscope {

std::vector<OpComparison> compareOpTotals(std::span<const OpTotal> rank,
                                          std::span<const std::vector<OpTotal>> peers)
{
    // Every (kind, name) of the rank or of any peer, with its peers' totals (0 when absent).
    using OpId = std::pair<TraceEventKind, std::string_view>;
    std::map<OpId, std::size_t> indexOf;
    std::vector<OpComparison> lines;
    std::vector<std::vector<double>> peerTotals;
    std::vector<std::size_t> lastPeerWithOp; // to count each peer once per op
    const auto lineOf = [&](const OpTotal &op) -> std::size_t {
        const auto [found, inserted] = indexOf.try_emplace(OpId(op.kind, op.name), lines.size());
        if (inserted) {
            OpComparison line;
            line.name = op.name;
            line.kind = op.kind;
            line.peers = int(peers.size());
            lines.push_back(std::move(line));
            peerTotals.emplace_back(peers.size(), 0.0);
            lastPeerWithOp.push_back(std::size_t(-1));
        }
        return found->second;
    };
    for (const OpTotal &op : rank) {
        OpComparison &line = lines[lineOf(op)];
        line.rankTotalNs += op.totalNs;
        line.rankCount += op.count;
    }
    for (std::size_t p = 0; p < peers.size(); ++p) {
        for (const OpTotal &op : peers[p]) {
            const std::size_t line = lineOf(op);
            peerTotals[line][p] += double(op.totalNs);
            if (lastPeerWithOp[line] != p) {
                lastPeerWithOp[line] = p;
                ++lines[line].peersWithOp;
            }
        }
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        OpComparison &line = lines[i];
        line.peerMedianNs = medianInPlace(peerTotals[i]);
        line.ratio = line.peerMedianNs > 0 ? double(line.rankTotalNs) / line.peerMedianNs : 0.0;
    }
    std::sort(lines.begin(), lines.end(), [](const OpComparison &a, const OpComparison &b) {
        const double da = std::abs(double(a.rankTotalNs) - a.peerMedianNs);
        const double db = std::abs(double(b.rankTotalNs) - b.peerMedianNs);
        if (da != db)
            return da > db;
        if (a.kind != b.kind)
            return a.kind < b.kind;
        return a.name < b.name;
    });
    return lines;
}

} // namespace rankscope
