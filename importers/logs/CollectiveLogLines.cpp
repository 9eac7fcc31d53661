#include "importers/logs/CollectiveLogLines.h"

#include "core/model/AsciiText.h"
#include "importers/logs/CollectiveLogText.h"

#include <cstring>

namespace rankscope {

namespace {

// Hard limits against hostile logs: a file cannot make these tables grow without bound.
// Records per kind (about 600 bytes an entry: at most ~80 MB of a hostile file's entries), group
// slots over all groups of a file, the largest group.
constexpr std::size_t kMaxEntries = 1 << 17;
constexpr std::size_t kMaxGroups = 1 << 14;
constexpr int kMaxGroupSize = 1 << 20;
constexpr std::size_t kMaxGroupSlots = 1 << 22;

// Two numbers in one key field (wrapping: hostile values must not overflow a signed type).
std::int64_t pairKey(std::int64_t a, std::int64_t b)
{
    return std::int64_t(std::uint64_t(a) * 1000003u + std::uint64_t(b));
}

std::string factKey(int rank, int groupRank, std::string_view pg, std::int64_t seq,
                    CollectiveEvidence evidence)
{
    std::string key;
    key.reserve(32 + pg.size());
    key += std::to_string(rank);
    key += '/';
    key += std::to_string(groupRank);
    key += '/';
    key.append(pg);
    key += '/';
    key += std::to_string(seq);
    key += '/';
    key += char('0' + int(evidence));
    return key;
}

// The "Key=Value" fields of "Name(Key=Value, Key=Value(..), Key=[..])" from just after the '('
// to its matching ')'. Calls visit(key, value) per field; returns the position after ')', or
// npos when the parenthesis never closes (a cut line: the fields seen are kept).
template <class Visit> std::size_t visitFields(std::string_view text, std::size_t at, Visit visit)
{
    std::size_t keyBegin = at;
    std::size_t valueBegin = std::string_view::npos;
    int depth = 0;
    const auto flush = [&](std::size_t end) {
        if (valueBegin != std::string_view::npos && valueBegin > keyBegin)
            visit(trimmed(text.substr(keyBegin, valueBegin - 1 - keyBegin)),
                  trimmed(text.substr(valueBegin, end - valueBegin)));
    };
    for (std::size_t i = at; i < text.size() && i - at < 8192; ++i) {
        const char c = text[i];
        if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0) {
                flush(i);
                return i + 1;
            }
            --depth;
        } else if (depth == 0 && c == '=' && valueBegin == std::string_view::npos) {
            valueBegin = i + 1;
        } else if (depth == 0 && c == ',') {
            flush(i);
            keyBegin = i + 1;
            valueBegin = std::string_view::npos;
        }
    }
    flush(std::min(text.size(), at + 8192));
    return std::string_view::npos;
}

std::int64_t numberOf(std::string_view value)
{
    std::int64_t n = -1;
    std::size_t at = 0;
    if (!readInteger(value, &at, &n))
        return -1;
    return n;
}

// "[Float, Half]" or "Float" -> "Float,Half"; TensorOptions(...) of old versions kept as the
// dtype only ("TensorOptions(dtype=float (default), ...)" -> "float").
std::string listText(std::string_view value)
{
    if (value.starts_with("TensorOptions(")) {
        const std::size_t dtype = value.find("dtype=");
        if (dtype != std::string_view::npos) {
            std::string_view rest = value.substr(dtype + 6);
            const std::size_t end = rest.find_first_of(" ,)");
            return std::string(rest.substr(0, end));
        }
    }
    std::string out;
    for (char c : value) {
        if (c == '[' || c == ']' || c == ' ')
            continue;
        out += c;
    }
    return out;
}

// A CollectiveFingerPrint's fields.
struct Fingerprint
{
    bool found = false;
    std::int64_t seq = -1;
    std::string op;
    std::string shape;
    std::string dtypes;
    std::string devices;
    std::size_t end = std::string_view::npos;
};

Fingerprint parseFingerprint(std::string_view text, std::size_t at)
{
    Fingerprint fp;
    constexpr std::string_view kOpen = "CollectiveFingerPrint(";
    if (text.substr(at, kOpen.size()) != kOpen)
        return fp;
    fp.found = true;
    fp.end =
        visitFields(text, at + kOpen.size(), [&](std::string_view key, std::string_view value) {
            if (key == "SequenceNumber") {
                // Without tensors PyTorch prints "SequenceNumber=5OpType=BARRIER" (no separator).
                std::size_t digits = 0;
                while (digits < value.size() && value[digits] >= '0' && value[digits] <= '9')
                    ++digits;
                fp.seq = numberOf(value.substr(0, digits));
                const std::string_view rest = value.substr(digits);
                if (rest.starts_with("OpType="))
                    fp.op = std::string(rest.substr(7));
            } else if (key == "OpType") {
                fp.op = std::string(value);
            } else if (key == "TensorShape") {
                fp.shape = shapeText(value);
            } else if (key == "TensorDtypes") {
                fp.dtypes = listText(value);
            } else if (key == "TensorDeviceTypes") {
                fp.devices = listText(value);
            }
        });
    return fp;
}

void applyPrefix(const PgPrefix &prefix, std::string *pgName, std::string *pgDesc, int *pgId)
{
    if (!prefix.found)
        return;
    if (!prefix.name.empty())
        *pgName = std::string(prefix.name);
    if (!prefix.desc.empty() && prefix.desc != "undefined")
        *pgDesc = std::string(prefix.desc);
    if (prefix.pgId >= 0)
        *pgId = prefix.pgId;
}

} // namespace

bool mayHoldCollectiveEvidence(std::string_view message)
{
    // Every single-line form names NCCL or a collective; the reports' first lines name a
    // collective or ranks, or start RAS's "#0-0 (" (CollectiveReportBlocks::mayStart).
    return containsAt(message, "NCCL", 1) || CollectiveReportBlocks::mayStart(message) ||
           containsAt(message, "monitoredBarrier", 9);
}

CollectiveLogParser::CollectiveLogParser(std::string file) : m_file(std::move(file)) {}

PgPrefix CollectiveLogParser::prefixBefore(std::string_view message, std::size_t at) const
{
    // The importer may have taken a c10d prefix for the line's header ("[E file.cpp:12] [PG 0
    // Rank 7] ..."): then it is in the line as written, before the message.
    const PgPrefix prefix = pgPrefixBefore(message, at);
    if (prefix.found || m_raw.size() <= message.size())
        return prefix;
    return pgPrefixBefore(m_raw, m_raw.size() - message.size() + std::min(at, message.size()));
}

PgPrefix CollectiveLogParser::leadPrefix(std::string_view message, std::size_t limit) const
{
    // The first c10d prefix of the line ("ProcessGroupNCCL.cpp:1414] [PG 0 Rank 7] Process group
    // watchdog thread terminated with exception: [Rank 7] ..."), before `limit`.
    const std::string_view line = m_raw.size() > message.size() ? m_raw : message;
    const std::size_t end = std::min(line.size(), limit + (line.size() - message.size()));
    for (std::size_t at = line.find('['); at < end && at < 4096; at = line.find('[', at + 1)) {
        const PgPrefix prefix = parsePgPrefix(line, at);
        if (prefix.found)
            return prefix;
    }
    return {};
}

CollectiveSource CollectiveLogParser::sourceAt(std::int64_t line) const
{
    CollectiveSource source;
    source.file = m_file;
    source.line = line;
    return source;
}

void CollectiveLogParser::add(std::string_view message, std::string_view raw, int rank,
                              std::int64_t line, std::uint32_t event)
{
    // The log import calls this on every line: most fail the first three substring tests,
    // NCCL's debug lines the next one or two.
    const bool open = m_reports.inBlock();
    const bool nccl = containsAt(message, "NCCL", 1);
    if (!open && !nccl && !CollectiveReportBlocks::mayStart(message) &&
        !containsAt(message, "monitoredBarrier", 9))
        return;
    if (!open && nccl && contains(message, "NCCL INFO")) {
        if (contains(message, "- Init "))
            addNcclInit(message, rank, event);
        return;
    }
    // `message` is a suffix of `raw` (the importer cut prefixes and header off its front).
    m_raw = raw.ends_with(message) ? raw : message;
    // A report's continuation lines carry no anchor word: the open report reads them first.
    if (open || !nccl) {
        const std::size_t claimsBefore = m_records.claims.size();
        const bool taken = m_reports.add(message, raw, rank, sourceAt(line), &m_records.claims);
        for (std::size_t i = claimsBefore; i < m_records.claims.size(); ++i)
            m_claimEvents.push_back(event);
        if (taken)
            return;
    }
    if (!nccl) {
        if (contains(message, "CollectiveFingerPrint("))
            addFingerprints(message, rank, line, event);
        else if (contains(message, "failed to pass monitoredBarrier"))
            addMonitoredBarrier(message, rank, line, event);
        return;
    }
    if (contains(message, "WorkNCCL("))
        addWork(message, rank, line, event);
    if (contains(message, "NCCL work: "))
        addProgress(message, rank, line, event);
    if (contains(message, "watchdog got stuck") ||
        contains(message, "Some NCCL operations have failed or timed out"))
        addWatchdogNote(message, rank, line, event);
    if (contains(message, "ProcessGroupNCCL initialization options:"))
        addPgInitOptions(message, rank, event);
}

void CollectiveLogParser::addEntry(CollectiveEntry entry, std::uint32_t event)
{
    if (m_records.entries.size() >= kMaxEntries)
        return;
    m_records.entries.push_back(std::move(entry));
    m_entryEvents.push_back(event);
}

void CollectiveLogParser::addWork(std::string_view message, int rank, std::int64_t line,
                                  std::uint32_t event)
{
    const std::size_t work = message.find("WorkNCCL(");
    CollectiveEntry entry;
    entry.evidence = CollectiveEvidence::WatchdogTimeout;
    entry.state = CollectiveState::Scheduled; // enqueued; a timed-out work never completed
    const std::size_t end =
        visitFields(message, work + 9, [&](std::string_view key, std::string_view value) {
            if (key == "SeqNum")
                entry.collectiveSeq = numberOf(value);
            else if (key == "OpType")
                entry.profilingName = std::string(value);
            else if (key == "NumelIn")
                entry.inputNumel = numberOf(value);
            else if (key == "NumelOut")
                entry.outputNumel = numberOf(value);
            else if (key == "Timeout(ms)")
                entry.timeoutMs = numberOf(value);
            else if (key == "TensorShape")
                entry.outputSizes = shapeText(value);
        });
    if (entry.collectiveSeq < 0 && entry.profilingName.empty())
        return;
    entry.op = canonicalCollectiveOp(entry.profilingName);
    if (end != std::string_view::npos) {
        std::int64_t ranFor = -1;
        if (integerAfter(message.substr(end), " ran for ", &ranFor) && ranFor >= 0)
            entry.ranForMs = ranFor;
    }
    // "[Rank 7] Watchdog caught ...": WorkNCCL's own prefix, the rank in the group. A prefix
    // at the start of the line ("[PG 0 Rank 7] Process group watchdog thread terminated with
    // exception: [Rank 7] Watchdog ...") names the group too.
    std::size_t phrase = message.rfind("Watchdog caught", work);
    if (phrase == std::string_view::npos)
        phrase = message.rfind("Collective ", work);
    const PgPrefix own = prefixBefore(message, phrase == std::string_view::npos ? work : phrase);
    const PgPrefix lead = leadPrefix(message, phrase == std::string_view::npos ? work : phrase);
    entry.groupRank = own.found ? own.groupRank : (lead.found ? lead.groupRank : -1);
    if (lead.found && lead.groupRank == entry.groupRank)
        applyPrefix(lead, &entry.pgName, &entry.pgDesc, &entry.pgId);
    applyPrefix(own, &entry.pgName, &entry.pgDesc, &entry.pgId);
    entry.rank = rank;
    if (entry.rank < 0 && entry.pgDesc == "default_pg")
        entry.rank = entry.groupRank;
    entry.source = sourceAt(line);

    // The same timeout again (the watchdog's exception, Python's re-raise): one entry, with
    // whatever group the repeats name.
    const std::string key = factKey(rank, entry.groupRank, "", entry.collectiveSeq, entry.evidence);
    // A repeat whose rank the importer read differently (the repeat's "[PG 0 Rank 7]" names the
    // default group's rank, the first line none): the latest entry of that group rank and seq.
    const std::string looseKey =
        factKey(-9, entry.groupRank, "", entry.collectiveSeq, entry.evidence);
    auto it = m_entryIndex.find(key);
    if (it == m_entryIndex.end()) {
        it = m_entryIndex.find(looseKey);
        if (it != m_entryIndex.end() && rank >= 0 && m_records.entries[it->second].rank >= 0 &&
            m_records.entries[it->second].rank != rank)
            it = m_entryIndex.end();
    }
    if (it != m_entryIndex.end()) {
        CollectiveEntry &known = m_records.entries[it->second];
        if (known.rank < 0)
            known.rank = entry.rank;
        if (known.pgName.empty())
            known.pgName = entry.pgName;
        if (known.pgDesc.empty())
            known.pgDesc = entry.pgDesc;
        if (known.pgId < 0)
            known.pgId = entry.pgId;
        if (known.ranForMs < 0)
            known.ranForMs = entry.ranForMs;
        return;
    }
    if (m_records.entries.size() < kMaxEntries) {
        m_entryIndex.emplace(key, m_records.entries.size());
        m_entryIndex[looseKey] = m_records.entries.size();
    }
    addEntry(std::move(entry), event);
}

void CollectiveLogParser::addProgress(std::string_view message, int rank, std::int64_t line,
                                      std::uint32_t event)
{
    // "<prefix>Exception (either an error or timeout) detected by watchdog at work: N, last
    // enqueued NCCL work: E, last completed NCCL work: C." and its relatives ("NCCL error is
    // detected ...", "Work timeout is detected ...", "Timeout at NCCL work: N, ...").
    CollectiveGroupStatus status;
    status.evidence = CollectiveEvidence::ProgressLine;
    std::int64_t value = -1;
    if (integerAfter(message, "last enqueued NCCL work:", &value))
        status.lastEnqueued = value;
    if (integerAfter(message, "last started NCCL work:", &value))
        status.lastStarted = value;
    if (integerAfter(message, "last completed NCCL work:", &value))
        status.lastCompleted = value;
    std::int64_t atWork = -1;
    std::size_t phrase = message.find("at work: ");
    if (phrase != std::string_view::npos)
        integerAfter(message, "at work: ", &atWork, phrase);
    else if ((phrase = message.find("Timeout at NCCL work: ")) != std::string_view::npos)
        integerAfter(message, "Timeout at NCCL work: ", &atWork, phrase);
    if (status.lastEnqueued < 0 && status.lastCompleted < 0 && atWork < 0)
        return;
    std::size_t sentence = phrase == std::string_view::npos ? message.find("last ") : phrase;
    for (const std::string_view start :
         {std::string_view("Exception ("), std::string_view("NCCL error is"),
          std::string_view("Work timeout is"), std::string_view("Timeout at NCCL")}) {
        const std::size_t at = message.find(start);
        if (at != std::string_view::npos && at < sentence)
            sentence = at;
    }
    const PgPrefix prefix = prefixBefore(message, sentence);
    status.groupRank = prefix.found ? prefix.groupRank : -1;
    applyPrefix(prefix, &status.pgName, &status.pgDesc, &status.pgId);
    status.rank = rank;
    if (status.rank < 0 && status.pgDesc == "default_pg")
        status.rank = status.groupRank;
    status.source = sourceAt(line);

    // The timed-out work of that rank: its group is this line's.
    bool workKnown = false;
    if (atWork >= 0) {
        const std::string workKey =
            factKey(rank, status.groupRank, "", atWork, CollectiveEvidence::WatchdogTimeout);
        if (const auto it = m_entryIndex.find(workKey); it != m_entryIndex.end()) {
            workKnown = true;
            CollectiveEntry &work = m_records.entries[it->second];
            if (work.pgName.empty())
                work.pgName = status.pgName;
            if (work.pgDesc.empty())
                work.pgDesc = status.pgDesc;
            if (work.pgId < 0)
                work.pgId = status.pgId;
            if (work.rank < 0)
                work.rank = status.rank;
        }
    }
    if (status.lastEnqueued >= 0 || status.lastCompleted >= 0) {
        const std::string key =
            factKey(rank, status.groupRank, status.pgName,
                    pairKey(status.lastEnqueued, status.lastCompleted), status.evidence);
        if (m_statusIndex.find(key) == m_statusIndex.end() &&
            m_records.statuses.size() < kMaxEntries) {
            m_statusIndex.emplace(key, m_records.statuses.size());
            m_records.statuses.push_back(status);
            m_statusEvents.push_back(event);
        }
    }
    // No "WorkNCCL(...)" line for that work: the progress line alone says which work the
    // watchdog caught (not completed; its op is not printed).
    if (atWork >= 0 && !workKnown) {
        const std::string key = factKey(rank, status.groupRank, status.pgName, atWork,
                                        CollectiveEvidence::ProgressLine);
        if (m_entryIndex.find(key) != m_entryIndex.end())
            return;
        CollectiveEntry entry;
        entry.evidence = CollectiveEvidence::ProgressLine;
        entry.state = CollectiveState::Scheduled;
        entry.collectiveSeq = atWork;
        entry.rank = status.rank;
        entry.groupRank = status.groupRank;
        entry.pgName = status.pgName;
        entry.pgDesc = status.pgDesc;
        entry.pgId = status.pgId;
        entry.source = status.source;
        if (m_records.entries.size() < kMaxEntries)
            m_entryIndex.emplace(key, m_records.entries.size());
        addEntry(std::move(entry), event);
    }
}

void CollectiveLogParser::addWatchdogNote(std::string_view message, int rank, std::int64_t line,
                                          std::uint32_t event)
{
    const bool stuck = contains(message, "watchdog got stuck");
    const std::size_t phrase =
        stuck ? message.find("ProcessGroupNCCL's watchdog") : message.find("Some NCCL operations");
    const PgPrefix prefix =
        prefixBefore(message, phrase == std::string_view::npos ? message.size() : phrase);
    CollectiveClaim claim;
    claim.evidence = CollectiveEvidence::WatchdogTimeout;
    claim.groupRanks = true;
    applyPrefix(prefix, &claim.pgName, &claim.pgDesc, &claim.pgId);
    claim.reportingRank = rank;
    if (claim.reportingRank < 0 && prefix.found && claim.pgDesc == "default_pg")
        claim.reportingRank = prefix.groupRank;
    const std::string key = factKey(rank, prefix.found ? prefix.groupRank : -1, claim.pgName,
                                    stuck ? 1 : 0, claim.evidence);
    if (m_noteIndex.find(key) != m_noteIndex.end() || m_records.claims.size() >= kMaxEntries)
        return;
    m_noteIndex.emplace(key, m_records.claims.size());
    const std::string_view text = message.substr(phrase == std::string_view::npos ? 0 : phrase);
    claim.text =
        std::string(text.substr(0, stuck ? text.find(" without making progress") : text.find('.')));
    claim.source = sourceAt(line);
    m_records.claims.push_back(std::move(claim));
    m_claimEvents.push_back(event);
}

void CollectiveLogParser::addFingerprints(std::string_view message, int rank, std::int64_t line,
                                          std::uint32_t event)
{
    const auto entryOf = [&](const Fingerprint &fp, int groupRank) {
        CollectiveEntry entry;
        entry.evidence = CollectiveEvidence::DesyncReport;
        entry.state = CollectiveState::Unknown;
        entry.groupRank = groupRank;
        entry.collectiveSeq = fp.seq;
        entry.profilingName = fp.op;
        entry.op = canonicalCollectiveOp(fp.op);
        entry.inputSizes = fp.shape;
        entry.inputDtypes = fp.dtypes;
        entry.source = sourceAt(line);
        return entry;
    };

    // "Detected mismatch between collectives on ranks. Rank a is running collective: FP, but
    // Rank b is running collective: FP." (ProcessGroupWrapper): a is the reporting rank.
    const std::size_t mismatch = message.find("Detected mismatch between collectives on ranks.");
    if (mismatch != std::string_view::npos) {
        std::int64_t first = -1;
        std::int64_t second = -1;
        const std::size_t butAt = message.find(", but Rank ", mismatch);
        if (!integerAfter(message, "Rank ", &first, mismatch + 40) ||
            butAt == std::string_view::npos ||
            !integerAfter(message, ", but Rank ", &second, butAt))
            return;
        const std::size_t fp1 = message.find("CollectiveFingerPrint(", mismatch);
        const std::size_t fp2 = message.find("CollectiveFingerPrint(", butAt);
        if (fp1 == std::string_view::npos || fp2 == std::string_view::npos || fp1 > butAt)
            return;
        const Fingerprint a = parseFingerprint(message, fp1);
        const Fingerprint b = parseFingerprint(message, fp2);
        if (first < 0 || second < 0 || first > kMaxGroupSize || second > kMaxGroupSize)
            return;
        const std::string key = factKey(int(first), int(second), a.op + "|" + b.op,
                                        pairKey(a.seq, b.seq), CollectiveEvidence::DesyncReport);
        if (m_entryIndex.find(key) != m_entryIndex.end())
            return;
        if (m_records.entries.size() < kMaxEntries)
            m_entryIndex.emplace(key, m_records.entries.size());
        CollectiveEntry reporter = entryOf(a, int(first));
        reporter.rank = rank;
        addEntry(std::move(reporter), event);
        CollectiveEntry other = entryOf(b, int(second));
        addEntry(std::move(other), kNotTheLinesRank);
        return;
    }
    // "[Rank r] Running collective: CollectiveFingerPrint(...)" before each collective: only
    // the last one a rank printed says where it is.
    const std::size_t running = message.find("Running collective: CollectiveFingerPrint(");
    if (running == std::string_view::npos)
        return;
    const Fingerprint fp = parseFingerprint(message, running + 20);
    const PgPrefix prefix = prefixBefore(message, running);
    const int groupRank = prefix.found ? prefix.groupRank : -1;
    CollectiveEntry entry = entryOf(fp, groupRank);
    entry.rank = rank;
    const int slot = groupRank >= 0 ? groupRank : -2 - rank;
    if (const auto it = m_runningIndex.find(slot); it != m_runningIndex.end()) {
        m_records.entries[it->second] = std::move(entry);
        m_entryEvents[it->second] = event;
        return;
    }
    if (m_records.entries.size() < kMaxEntries)
        m_runningIndex.emplace(slot, m_records.entries.size());
    addEntry(std::move(entry), event);
}

void CollectiveLogParser::addMonitoredBarrier(std::string_view message, int rank, std::int64_t line,
                                              std::uint32_t event)
{
    // ProcessGroupGloo::monitoredBarrier on rank 0 of the barrier's group: "[Rank 0]: Rank 1
    // failed to pass monitoredBarrier in 2000 ms" (one rank, or the first when it throws) and
    // "[Rank 0]: Ranks 1, 2 failed to pass monitoredBarrier in 120000 ms" (waitAllRanks).
    const std::size_t failed = message.find(" failed to pass monitoredBarrier");
    std::size_t begin = message.rfind("Ranks ", failed);
    std::size_t skip = 6;
    if (begin == std::string_view::npos || failed - begin > 4096) {
        begin = message.rfind("Rank ", failed);
        skip = 5;
    }
    if (begin == std::string_view::npos || m_records.claims.size() >= kMaxEntries)
        return;
    CollectiveClaim claim;
    claim.evidence = CollectiveEvidence::MonitoredBarrier;
    claim.op = "barrier";
    claim.groupRanks = true;
    claim.missingRanks =
        parseRankList(message.substr(begin + skip, failed - begin - skip), std::size_t(1) << 18);
    if (claim.missingRanks.empty())
        return;
    claim.reportingRank = rank;
    claim.text = std::string(trimmed(message.substr(begin, message.find(" ms", failed) - begin)));
    if (claim.text.size() > 512)
        claim.text.resize(512);
    claim.text += " ms";
    claim.source = sourceAt(line);
    const std::string key = factKey(rank, -1, claim.text, 0, claim.evidence);
    if (m_noteIndex.find(key) != m_noteIndex.end())
        return;
    m_noteIndex.emplace(key, m_records.claims.size());
    m_records.claims.push_back(std::move(claim));
    m_claimEvents.push_back(event);
}

void CollectiveLogParser::noteGroupSlot(const std::string &name, const std::string &desc, int size,
                                        int groupRank, int globalRank, std::uint32_t event)
{
    if (name.empty() || size <= 0 || size > kMaxGroupSize || groupRank < 0 || groupRank >= size)
        return;
    auto it = m_groupIndex.find(name);
    if (it == m_groupIndex.end()) {
        if (m_records.groups.size() >= kMaxGroups ||
            m_groupSlots + std::size_t(size) > kMaxGroupSlots)
            return;
        m_groupSlots += std::size_t(size);
        ProcessGroupConfig group;
        group.name = name;
        group.desc = desc;
        group.ranks.assign(std::size_t(size), -1);
        group.source = m_file;
        it = m_groupIndex.emplace(name, m_records.groups.size()).first;
        m_records.groups.push_back(std::move(group));
    }
    ProcessGroupConfig &group = m_records.groups[it->second];
    if (group.desc.empty())
        group.desc = desc;
    if (std::size_t(groupRank) >= group.ranks.size())
        return; // the same name with another size: keep the first
    if (globalRank >= 0)
        group.ranks[std::size_t(groupRank)] = globalRank;
    else
        m_slots.push_back({it->second, groupRank, event});
}

void CollectiveLogParser::addPgInitOptions(std::string_view message, int rank, std::uint32_t event)
{
    // "[PG ID 1 PG GUID 1(DATA_PARALLEL_GROUP) Rank 3] ProcessGroupNCCL initialization options:
    // size: 8, global rank: 7, TIMEOUT(ms): 600000, ..., PG Name: 1"
    const std::size_t at = message.find("ProcessGroupNCCL initialization options:");
    const PgPrefix prefix = prefixBefore(message, at);
    std::int64_t size = -1;
    std::int64_t global = -1;
    if (!prefix.found || !integerAfter(message, "size: ", &size, at))
        return;
    if (!integerAfter(message, "global rank: ", &global, at))
        global = rank;
    std::string name(prefix.name);
    if (const std::size_t pgName = message.find("PG Name: ", at);
        name.empty() && pgName != std::string_view::npos)
        name = std::string(
            trimmed(message.substr(pgName + 9, message.find(',', pgName) - pgName - 9)));
    const std::string desc(prefix.desc == "undefined" ? std::string_view() : prefix.desc);
    noteGroupSlot(name, desc, int(std::min<std::int64_t>(size, kMaxGroupSize + 1)),
                  prefix.groupRank, int(global), event);
}

void CollectiveLogParser::addNcclInit(std::string_view message, int rank, std::uint32_t event)
{
    // NCCL's init lines (src/init.cc), "comm 0x.. rank r nranks n cudaDev d ... - Init START"
    // or "- Init COMPLETE" after an optional "[Rank r] ncclCommInitRank" (2.21+):
    //  - with "commId 0x2cf6ceb7f3bc4a8b" (2.17+): the communicator's hash names the group,
    //    "nccl:2cf6ceb7f3bc4a8b", the same on every member;
    //  - ncclCommSplit's "parent 0x.. splitCount s color c key k" (2.24+; "childCount" later)
    //    without a commId: the child of the parent communicator this process initialised
    //    earlier in the file, named "<parent's name>/split<s>/color<c>" (NCCL derives the
    //    child's identity from the same three values); skipped when the parent is not known;
    //  - no commId and no parent (NCCL before 2.17): the comm pointer is the process's own, no
    //    name the members share; the line gives no group.
    // The slot's global rank is the line's.
    const std::size_t commAt = message.find("comm 0x");
    if (commAt == std::string_view::npos)
        return;
    std::int64_t groupRank = -1;
    std::int64_t size = -1;
    if (!integerAfter(message, " rank ", &groupRank, commAt) ||
        !integerAfter(message, " nranks ", &size, commAt))
        return;
    const auto pointerAt = [&](std::size_t at) {
        std::size_t end = at;
        while (end < message.size() && end - at < 24 &&
               ((message[end] >= '0' && message[end] <= '9') ||
                (message[end] >= 'a' && message[end] <= 'f') ||
                (message[end] >= 'A' && message[end] <= 'F') || message[end] == 'x'))
            ++end;
        return std::string(message.substr(at, end - at));
    };
    const std::string pointer = pointerAt(commAt + 5);
    std::string name;
    const std::size_t comm = message.find(" commId ", commAt);
    const std::size_t parent = message.find(" parent 0x", commAt);
    if (comm != std::string_view::npos) {
        const std::string hash = normalisedCommHash(message.substr(comm + 8));
        if (!hash.empty() && hash != "0")
            name = "nccl:" + hash;
    }
    if (name.empty() && parent != std::string_view::npos) {
        std::int64_t split = -1;
        std::int64_t color = -1;
        const auto known = m_commNames.find(pointerAt(parent + 8));
        if (known != m_commNames.end() &&
            (integerAfter(message, " splitCount ", &split, parent) ||
             integerAfter(message, " childCount ", &split, parent)) &&
            integerAfter(message, " color ", &color, parent))
            name =
                known->second + "/split" + std::to_string(split) + "/color" + std::to_string(color);
    }
    if (name.empty())
        return;
    if (m_commNames.size() < kMaxGroups || m_commNames.contains(pointer))
        m_commNames[pointer] = name; // a later split names its parent by this pointer
    noteGroupSlot(name, "", int(std::min<std::int64_t>(size, kMaxGroupSize + 1)), int(groupRank),
                  rank, event);
}

void CollectiveLogParser::resolveRanks(const std::function<int(std::uint32_t)> &rankOfEvent)
{
    for (std::size_t i = 0; i < m_records.entries.size(); ++i) {
        CollectiveEntry &entry = m_records.entries[i];
        if (entry.rank < 0 && m_entryEvents[i] != kNotTheLinesRank)
            entry.rank = rankOfEvent(m_entryEvents[i]);
    }
    for (std::size_t i = 0; i < m_records.statuses.size(); ++i) {
        if (m_records.statuses[i].rank < 0)
            m_records.statuses[i].rank = rankOfEvent(m_statusEvents[i]);
    }
    for (std::size_t i = 0; i < m_records.claims.size() && i < m_claimEvents.size(); ++i) {
        if (m_records.claims[i].reportingRank < 0)
            m_records.claims[i].reportingRank = rankOfEvent(m_claimEvents[i]);
    }
    for (const Slot &slot : m_slots) {
        int &global = m_records.groups[slot.group].ranks[std::size_t(slot.groupRank)];
        if (global < 0)
            global = rankOfEvent(slot.event);
    }
    m_slots.clear();
}

CollectiveRecords CollectiveLogParser::take()
{
    m_reports.finish(&m_records.claims);
    CollectiveRecords records = std::move(m_records);
    m_records = {};
    return records;
}

} // namespace rankscope
