#include "importers/logs/CollectiveReportLines.h"

#include "core/model/AsciiText.h"
#include "importers/logs/CollectiveLogText.h"

#include <algorithm>
#include <cstring>

namespace rankscope {

namespace {

constexpr std::size_t kMaxClaims = 1 << 17;
constexpr std::size_t kMaxListRanks = 1 << 18;
constexpr int kMaxReportLines = 1 << 16;
constexpr std::size_t kMaxClaimText = 512;
constexpr std::size_t kMaxDeadProcesses = 1 << 16; // RAS DEAD processes remembered per file

std::string_view leftTrimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    return text;
}

// The value after "label: " when `line` starts with the label.
bool fieldValue(std::string_view line, std::string_view label, std::string_view *value)
{
    if (!line.starts_with(label))
        return false;
    *value = trimmed(line.substr(label.size()));
    return true;
}

void sortRanks(std::vector<int> *ranks)
{
    std::sort(ranks->begin(), ranks->end());
    ranks->erase(std::unique(ranks->begin(), ranks->end()), ranks->end());
}

// "0:default_pg" (pg name, desc) as the analyser's "group info" prints it.
void setGroupInfo(std::string_view info, CollectiveClaim *claim)
{
    const std::size_t colon = info.find(':');
    if (colon == std::string_view::npos) {
        claim->pgName = std::string(info);
        return;
    }
    claim->pgName = std::string(info.substr(0, colon));
    claim->pgDesc = std::string(info.substr(colon + 1));
}

std::string clipped(std::string_view text)
{
    return std::string(text.substr(0, kMaxClaimText));
}

// Appends "; piece" to a claim's text while it stays short.
void appendText(CollectiveClaim *claim, std::string_view piece)
{
    if (claim->text.size() + piece.size() + 2 > kMaxClaimText)
        return;
    claim->text += claim->text.ends_with(':') ? " " : "; ";
    claim->text += piece;
}

// "41234@10.0.0.2" of RAS's "... managed by process 41234 on node 10.0.0.2" or "Process 41234 on
// node 10.0.0.2 managing GPU 5"; "" when the line names no process.
std::string rasProcessKey(std::string_view line)
{
    // Not the "process" of "Remote process error".
    std::size_t at = line.find("managed by process ");
    if (at != std::string_view::npos)
        at += 11;
    else if (line.starts_with("Process "))
        at = 0;
    else
        return {};
    std::int64_t pid = -1;
    if (!integerAfter(line, "rocess ", &pid, at) || pid < 0)
        return {};
    const std::size_t node = line.find(" on node ", at);
    if (node == std::string_view::npos)
        return {};
    std::string_view host = line.substr(node + 9);
    host = host.substr(0, std::min(host.find(' '), std::size_t(64)));
    return std::to_string(pid) + "@" + std::string(host);
}

// "process 41234 on node 10.0.0.2" for a claim's text, from a process key.
std::string rasProcessText(const std::string &key)
{
    const std::size_t at = key.find('@');
    return "process " + key.substr(0, at) + " on node " + key.substr(at + 1);
}

// "#0-1 (00f7e3a5b2c1d04e) INCOMPLETE": the hash and the section word; false otherwise.
bool rasCommHeader(std::string_view line, std::string_view *hash, std::string_view *word)
{
    if (line.size() < 8 || line[0] != '#' || !(line[1] >= '0' && line[1] <= '9'))
        return false;
    const std::size_t open = line.find(" (");
    const std::size_t close = line.find(") ", open == std::string_view::npos ? 0 : open);
    if (open == std::string_view::npos || close == std::string_view::npos || close - open > 40)
        return false;
    *hash = line.substr(open + 2, close - open - 2);
    *word = trimmed(line.substr(close + 2));
    return true;
}

} // namespace

std::vector<int> CollectiveReportBlocks::ranksFrom(std::string_view text)
{
    std::vector<int> ranks = parseRankList(text, std::min(kMaxListRanks, m_rankBudget));
    m_rankBudget -= std::min(m_rankBudget, ranks.size());
    return ranks;
}

bool CollectiveReportBlocks::mayStart(std::string_view message)
{
    if (message.empty())
        return false;
    const std::string_view line = leftTrimmed(message);
    if (line.size() > 1 && line[0] == '#' && line[1] >= '0' && line[1] <= '9')
        return true; // NCCL RAS "#0-0 (...) INCOMPLETE"
    if (line.size() < 8 && trimmed(line) == "DEAD")
        return true; // NCCL RAS's job-wide section of unreachable processes
    // The analyser's block starts name a collective ("Not all ranks joining collective",
    // "Collective sequence number: N has errors", "mismatch in the collective sequence") or
    // ranks (its table's "Missing Ranks"), as Horovod's preamble does ("by subset of ranks").
    return containsAt(message, "ollective", 6) || containsAt(message, "anks", 2);
}

bool CollectiveReportBlocks::add(std::string_view message, std::string_view raw, int rank,
                                 const CollectiveSource &source,
                                 std::vector<CollectiveClaim> *claims)
{
    const std::string_view line = leftTrimmed(message);
    if (m_kind != Kind::None && ++m_lines <= kMaxReportLines) {
        CollectiveClaim *claim =
            m_haveClaim && m_claim < claims->size() ? &(*claims)[m_claim] : nullptr;
        bool taken = false;
        switch (m_kind) {
        case Kind::Analyser:
            taken = claim && continueAnalyser(line, claim);
            break;
        case Kind::AnalyserTable:
            taken = continueTable(raw, rank, source, claims);
            break;
        case Kind::Horovod:
            taken = continueHorovod(line, rank, source, claims);
            break;
        case Kind::RasIncomplete:
        case Kind::RasMismatch:
            taken = claim && continueRas(line, claim);
            break;
        case Kind::RasError:
            taken = claim && continueRasError(line, claim);
            break;
        case Kind::RasDead:
            taken = claim && continueRasDead(line, claim);
            break;
        case Kind::None:
            break;
        }
        if (taken)
            return true;
    }
    close(claims);
    return (mayStart(message) || mayStart(raw)) && start(line, raw, rank, source, claims);
}

void CollectiveReportBlocks::finish(std::vector<CollectiveClaim> *claims)
{
    close(claims);
}

void CollectiveReportBlocks::close(std::vector<CollectiveClaim> *claims)
{
    if (m_haveClaim && m_claim < claims->size()) {
        sortRanks(&(*claims)[m_claim].missingRanks);
        sortRanks(&(*claims)[m_claim].failedRanks);
    }
    // A report that named no rank (a RAS MISMATCH of statuses only, a RAS ERROR of remote
    // errors only, an analyser block cut before its "missing ranks") says nothing to keep. RAS's
    // DEAD names processes, not ranks: kept when it named one.
    if ((m_kind == Kind::RasMismatch || m_kind == Kind::RasIncomplete || m_kind == Kind::RasError ||
         m_kind == Kind::Analyser) &&
        m_haveClaim && m_claim + 1 == claims->size() && claims->back().missingRanks.empty() &&
        claims->back().culpritRanks.empty() && claims->back().failedRanks.empty())
        claims->pop_back();
    if (m_kind == Kind::RasDead && m_haveClaim && m_claim + 1 == claims->size() &&
        claims->back().text.find("considered dead") == std::string::npos)
        claims->pop_back();
    m_kind = Kind::None;
    m_haveClaim = false;
    m_majorityCount = -1;
    m_groupCount = -1;
    m_rasError.clear();
    m_rasErrorPhase.clear();
    m_lines = 0;
}

bool CollectiveReportBlocks::start(std::string_view line, std::string_view raw, int rank,
                                   const CollectiveSource &source,
                                   std::vector<CollectiveClaim> *claims)
{
    if (claims->size() >= kMaxClaims)
        return false;
    CollectiveClaim claim;
    claim.reportingRank = rank;
    claim.source = source;

    // NCCL RAS communicator sections.
    std::string_view hash;
    std::string_view word;
    if (rasCommHeader(line, &hash, &word)) {
        if (word != "INCOMPLETE" && word != "MISMATCH" && word != "ERROR")
            return false;
        claim.evidence = CollectiveEvidence::NcclRas;
        claim.groupRanks = true;
        claim.pgName = "nccl:" + normalisedCommHash(hash);
        claim.text = clipped(line);
        claim.reportingRank = -1; // the RAS client's output, not a rank's
        claim.silent = word == "INCOMPLETE";
        m_kind = word == "INCOMPLETE" ? Kind::RasIncomplete
                 : word == "ERROR"    ? Kind::RasError
                                      : Kind::RasMismatch;
        claim.text += ':';
        m_claim = claims->size();
        m_haveClaim = true;
        claims->push_back(std::move(claim));
        return true;
    }
    if (trimmed(line) == "DEAD") {
        claim.evidence = CollectiveEvidence::NcclRas;
        claim.reportingRank = -1;
        claim.text = "DEAD:";
        m_kind = Kind::RasDead;
        m_claim = claims->size();
        m_haveClaim = true;
        claims->push_back(std::move(claim));
        return true;
    }

    // NVRx's table: the header opens it, each row is a claim.
    // Its first column looks like a "svc | " prefix to the importer: read the line as written.
    if (contains(raw, "PGID") && contains(raw, "Missing Ranks") && contains(raw, "|")) {
        m_kind = Kind::AnalyserTable;
        return true;
    }

    // Horovod's stall inspector preamble.
    if (contains(line, "tensors were submitted to be reduced, gathered or broadcasted")) {
        m_kind = Kind::Horovod;
        std::int64_t seconds = -1;
        m_stallSeconds = integerAfter(line, "for more than ", &seconds) ? seconds : -1;
        return true;
    }

    // The Flight Recorder analyser.
    claim.evidence = CollectiveEvidence::AnalyserReport;
    claim.reportingRank = -1;
    std::int64_t seq = -1;
    const std::size_t joining = line.find("Not all ranks joining collective");
    if (joining != std::string_view::npos) {
        const std::string_view rest = line.substr(joining + 32);
        if (rest.starts_with(", sequence number: ")) {
            integerAfter(rest, "sequence number: ", &seq);
        } else if (rest.starts_with(" for group ")) {
            // "... for group 0:default_pg collective nccl:all_reduce  Missing ranks are {1} ..."
            const std::string_view group = rest.substr(11);
            const std::size_t space = group.find(' ');
            setGroupInfo(group.substr(0, space), &claim);
            const std::size_t collective = group.find(" collective ");
            if (collective != std::string_view::npos) {
                const std::string_view name = group.substr(collective + 12);
                claim.op = canonicalCollectiveOp(name.substr(0, name.find(' ')));
            }
            const std::size_t missing = group.find("Missing ranks are ");
            if (missing != std::string_view::npos)
                claim.missingRanks = ranksFrom(group.substr(missing + 18));
        } else {
            std::size_t at = 0;
            while (at < rest.size() && rest[at] == ' ')
                ++at;
            readInteger(rest, &at, &seq);
        }
    } else if (const std::size_t errors = line.find("Collective sequence number: ");
               errors != std::string_view::npos && contains(line, "has errors")) {
        integerAfter(line, "Collective sequence number: ", &seq, errors);
    } else if (const std::size_t sizes = line.find("mismatch in the collective sequence number: ");
               sizes != std::string_view::npos) {
        integerAfter(line, "sequence number: ", &seq, sizes);
    } else {
        return false;
    }
    claim.seq = seq;
    claim.text = clipped(line);
    m_kind = Kind::Analyser;
    m_claim = claims->size();
    m_haveClaim = true;
    claims->push_back(std::move(claim));
    return true;
}

bool CollectiveReportBlocks::continueAnalyser(std::string_view line, CollectiveClaim *claim)
{
    std::string_view value;
    if (fieldValue(line, "group info: ", &value)) {
        setGroupInfo(value, claim);
    } else if (fieldValue(line, "collective: ", &value)) {
        claim->op = canonicalCollectiveOp(value);
    } else if (fieldValue(line, "missing ranks: ", &value)) {
        claim->missingRanks = ranksFrom(value);
    } else if (fieldValue(line, "error msg: ", &value)) {
        // "Culprit rank 3; Error type: COLLECTIVE_TYPE_MISMATCH, ..., Culprit rank 5; ..."
        for (std::size_t at = value.find("Culprit rank "); at != std::string_view::npos;
             at = value.find("Culprit rank ", at + 13)) {
            std::int64_t culprit = -1;
            if (integerAfter(value, "Culprit rank ", &culprit, at) && culprit >= 0 &&
                culprit < (1 << 24) && claim->culpritRanks.size() < (1 << 16))
                claim->culpritRanks.push_back(int(culprit));
        }
        std::sort(claim->culpritRanks.begin(), claim->culpritRanks.end());
        claim->culpritRanks.erase(
            std::unique(claim->culpritRanks.begin(), claim->culpritRanks.end()),
            claim->culpritRanks.end());
        if (claim->text.size() < kMaxClaimText)
            claim->text += "; " + clipped(value);
    } else if (line.starts_with("internal record id: ") || line.starts_with("input sizes: ") ||
               line.starts_with("output sizes: ") || line.starts_with("world size: ") ||
               line.starts_with("expected ranks: ") || line.starts_with("collective state: ") ||
               line.starts_with("total input numel: ") ||
               line.starts_with("total output numel: ") ||
               line.starts_with("collective stack trace") ||
               line.starts_with("Collective stack traces")) {
        // Read by the dumps themselves; kept out of the claim.
    } else {
        return false;
    }
    return true;
}

bool CollectiveReportBlocks::continueTable(std::string_view line, int rank,
                                           const CollectiveSource &source,
                                           std::vector<CollectiveClaim> *claims)
{
    // "74     | EXPERT_MODEL_PARALLEL_GROUP,0 | nccl:all_to_all | 4027x5120 | BFloat16 | 12"
    std::string_view cells[6];
    std::size_t count = 0;
    std::size_t begin = 0;
    while (count < 6) {
        const std::size_t bar = line.find('|', begin);
        cells[count++] = trimmed(
            line.substr(begin, bar == std::string_view::npos ? line.size() - begin : bar - begin));
        if (bar == std::string_view::npos)
            break;
        begin = bar + 1;
    }
    if (count < 6 || cells[0].empty() || claims->size() >= kMaxClaims)
        return false;
    if (cells[0].find_first_not_of("-=+ ") == std::string_view::npos)
        return true; // a ruler line
    CollectiveClaim claim;
    claim.evidence = CollectiveEvidence::AnalyserReport;
    claim.pgName = std::string(cells[0]);
    const std::string_view desc = cells[1];
    claim.pgDesc = std::string(desc.substr(0, desc.find(',')));
    claim.op = canonicalCollectiveOp(cells[2]);
    claim.missingRanks = ranksFrom(cells[5]);
    claim.reportingRank = -1;
    (void)rank;
    claim.text = clipped(trimmed(line));
    claim.source = source;
    claims->push_back(std::move(claim));
    return true;
}

bool CollectiveReportBlocks::continueHorovod(std::string_view line, int rank,
                                             const CollectiveSource &source,
                                             std::vector<CollectiveClaim> *claims)
{
    if (line.starts_with("Missing ranks:") || line.starts_with("Stalled ranks:") ||
        line.starts_with("Stalled ops:") || line.starts_with("One or more rank (marked by"))
        return true;
    const auto newClaim = [&](std::string_view text) -> CollectiveClaim * {
        if (claims->size() >= kMaxClaims)
            return nullptr;
        CollectiveClaim claim;
        claim.evidence = CollectiveEvidence::HorovodStall;
        claim.reportingRank = rank;
        claim.source = source;
        claim.text = clipped(text);
        claims->push_back(std::move(claim));
        return &claims->back();
    };
    // Oldest form, one line per tensor: "grads_0 [missing ranks: 1, 2]", "[ready ranks: 0]".
    const std::size_t missing = line.find("[missing ranks:");
    const std::size_t ready = line.find("[ready ranks:");
    if (missing != std::string_view::npos || ready != std::string_view::npos) {
        CollectiveClaim *claim = newClaim(line);
        if (!claim)
            return true;
        if (missing != std::string_view::npos)
            claim->missingRanks = ranksFrom(line.substr(missing + 15));
        if (ready != std::string_view::npos)
            claim->readyRanks = ranksFrom(line.substr(ready + 13));
        m_haveClaim = false;
        return true;
    }
    // "3: [tensor_a, tensor_b]" or "3!: [...]" (past the shutdown time): one claim for the
    // report, every listed rank missing.
    std::size_t at = 0;
    std::int64_t listed = -1;
    if (!readInteger(line, &at, &listed) || listed < 0 || listed >= (1 << 24))
        return false;
    if (at < line.size() && line[at] == '!')
        ++at;
    if (line.substr(at, 3) != ": [")
        return false;
    CollectiveClaim *claim =
        m_haveClaim && m_claim < claims->size() ? &(*claims)[m_claim] : nullptr;
    if (!claim) {
        std::string text = "Horovod stall";
        if (m_stallSeconds >= 0)
            text += " for more than " + std::to_string(m_stallSeconds) + " seconds";
        text += ": ";
        text += line;
        claim = newClaim(text);
        if (!claim)
            return true;
        m_claim = claims->size() - 1;
        m_haveClaim = true;
    }
    if (m_rankBudget > 0) {
        --m_rankBudget;
        claim->missingRanks.push_back(int(listed)); // sorted when the report closes
    }
    return true;
}

bool CollectiveReportBlocks::continueRas(std::string_view line, CollectiveClaim *claim)
{
    if (line.starts_with("Missing communicator data from") ||
        line.starts_with("Communicator ranks have different status"))
        return true;
    if (line.starts_with("Communicator ranks have different ")) {
        // "... different AllReduce operation counts": the op whose counts differ (NCCL 2.24 and
        // 2.25 count all collectives together: "different collective operation counts").
        const std::string_view rest = line.substr(34);
        const std::string_view type = rest.substr(0, rest.find(' '));
        if (type != "collective")
            claim->op = canonicalCollectiveOp(type);
        m_majorityCount = -1;
        m_groupCount = -1;
        return true;
    }
    std::int64_t count = -1;
    std::int64_t ranks = -1;
    std::size_t at = 0;
    if (readInteger(line, &at, &ranks) && line.substr(at).starts_with(" ranks have")) {
        // "12 ranks have launched up to operation 120" (the most frequent count first), "2
        // ranks have not launched any operations", "2 ranks have status ...".
        if (integerAfter(line, "launched up to operation ", &count))
            m_groupCount = count;
        else if (contains(line, "not launched any operations"))
            m_groupCount = 0;
        else
            m_groupCount = -1;
        if (m_majorityCount < 0 && m_groupCount >= 0)
            m_majorityCount = m_groupCount;
        return true;
    }
    std::int64_t commRank = -1;
    if (!integerAfter(line, "Rank ", &commRank) || !line.starts_with("Rank ") || commRank < 0 ||
        commRank >= (1 << 24))
        return false;
    if (m_kind == Kind::RasIncomplete) {
        // "Rank 13 -- GPU 5 managed by process 41234 on node 10.0.0.2": no answer from it; its
        // process may be one the DEAD section named.
        if (m_rankBudget > 0) {
            --m_rankBudget;
            claim->missingRanks.push_back(int(commRank));
            const std::string process = rasProcessKey(line);
            const bool dead = !process.empty() && m_rasDead.contains(process);
            if (dead)
                claim->failedRanks.push_back(int(commRank));
            appendText(claim, "no data from rank " + std::to_string(commRank) +
                                  (process.empty() ? std::string()
                                                   : " (" + rasProcessText(process) +
                                                         (dead ? ", considered dead)" : ")")));
        }
        return true;
    }
    // MISMATCH: a rank whose operation count is below the majority's did not join.
    std::int64_t own = m_groupCount;
    if (integerAfter(line, "has launched up to operation ", &count))
        own = count;
    else if (contains(line, "has not launched any operations"))
        own = 0;
    if (own >= 0 && m_majorityCount >= 0 && own < m_majorityCount && m_rankBudget > 0) {
        --m_rankBudget;
        claim->missingRanks.push_back(int(commRank));
        claim->seq = -1; // NCCL counts operations per type, not PyTorch's sequence numbers
        appendText(claim, "rank " + std::to_string(commRank) + " launched up to " +
                              (claim->op.empty() ? std::string() : claim->op + " ") + "operation " +
                              std::to_string(own) + ", most ranks up to " +
                              std::to_string(m_majorityCount));
    }
    return true;
}

bool CollectiveReportBlocks::continueRasError(std::string_view line, CollectiveClaim *claim)
{
    // "Initialization error on 1 rank" / "Asynchronous errors on 3 ranks", then per error kind
    // "3 ranks reported Remote process error" with "Rank r -- GPU ..." lines, or one "Rank r
    // reported Unhandled CUDA error -- GPU ...".
    if (line.starts_with("Initialization error")) {
        m_rasErrorPhase = "initialization";
        m_rasError.clear();
        return true;
    }
    if (line.starts_with("Asynchronous error")) {
        m_rasErrorPhase = "asynchronous";
        m_rasError.clear();
        return true;
    }
    std::int64_t count = -1;
    std::size_t at = 0;
    if (readInteger(line, &at, &count) && line.substr(at).starts_with(" ranks reported ")) {
        m_rasError = std::string(trimmed(line.substr(at + 16)).substr(0, 64));
        return true;
    }
    std::int64_t commRank = -1;
    if (!line.starts_with("Rank ") || !integerAfter(line, "Rank ", &commRank) || commRank < 0 ||
        commRank >= (1 << 24))
        return false;
    std::string what = m_rasError;
    if (const std::size_t reported = line.find(" reported "); reported != std::string_view::npos) {
        const std::string_view rest = line.substr(reported + 10);
        what = std::string(trimmed(rest.substr(0, rest.find(" -- "))).substr(0, 64));
    }
    // A "Remote process error" is the rank's view of another process failing: an echo. An
    // error the section did not name blames nobody either.
    const bool own = !what.empty() && what != "Remote process error";
    if (own && m_rankBudget > 0) {
        --m_rankBudget;
        claim->failedRanks.push_back(int(commRank));
    }
    const std::string process = rasProcessKey(line);
    appendText(claim, "rank " + std::to_string(commRank) + " reported " +
                          (what.empty() ? std::string("an error") : what) +
                          (m_rasErrorPhase.empty() ? std::string() : " (" + m_rasErrorPhase + ")") +
                          (process.empty() ? std::string() : ", " + rasProcessText(process)));
    return true;
}

bool CollectiveReportBlocks::continueRasDead(std::string_view line, CollectiveClaim *claim)
{
    // "1 job process is considered dead (unreachable via the RAS network)", then "Process
    // 41234 on node 10.0.0.2 managing GPU 5" per process ("[could not find information on 2
    // processes]" for the rest).
    if (contains(line, "considered dead")) {
        claim->text = "DEAD: " + clipped(line);
        return true;
    }
    if (line.starts_with("[could not find information on")) {
        appendText(claim, line);
        return true;
    }
    if (!line.starts_with("Process "))
        return false;
    const std::string process = rasProcessKey(line);
    if (process.empty())
        return false;
    if (m_rasDead.size() < kMaxDeadProcesses)
        m_rasDead.insert(process);
    const std::size_t gpu = line.find(" managing ");
    appendText(claim, rasProcessText(process) +
                          (gpu == std::string_view::npos
                               ? std::string()
                               : " (" + std::string(trimmed(line.substr(gpu + 10))) + ")"));
    return true;
}

} // namespace rankscope
