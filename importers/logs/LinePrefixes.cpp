#include "importers/logs/LinePrefixes.h"

#include <cstring>

namespace rankscope {

namespace {

constexpr int kMaxStackedPrefixes = 4;
constexpr std::uint32_t kCodeBits = 5;

// One code per form in a stack: launcher forms, then worker tags, then rank forms.
std::uint32_t codeOf(LauncherPrefixForm form)
{
    return std::uint32_t(form);
}
std::uint32_t codeOf(WorkerTagForm form)
{
    return std::uint32_t(kLauncherPrefixFormCount) - 1 + std::uint32_t(form);
}
std::uint32_t codeOf(RankPrefixForm form)
{
    return std::uint32_t(kLauncherPrefixFormCount + kWorkerTagFormCount) - 2 + std::uint32_t(form);
}

const char *formTextOfCode(std::uint32_t code)
{
    if (code < kLauncherPrefixFormCount)
        return launcherPrefixFormText(LauncherPrefixForm(code));
    code -= std::uint32_t(kLauncherPrefixFormCount) - 1;
    if (code < kWorkerTagFormCount)
        return workerTagFormText(WorkerTagForm(code));
    code -= std::uint32_t(kWorkerTagFormCount) - 1;
    return code < kRankPrefixFormCount ? rankPrefixFormText(RankPrefixForm(code)) : "";
}

void push(LinePrefix *prefix, std::uint32_t code, std::size_t length)
{
    prefix->stack |= code << (kCodeBits * std::uint32_t(prefix->forms));
    ++prefix->forms;
    prefix->length += length;
}

bool allowed(RankPrefixForm form, const PrefixRules &rules)
{
    if (rules.everything || !isWeakRankPrefixForm(form))
        return true;
    return form == RankPrefixForm::RankTemplate ? rules.rankTemplate : rules.srunLabels;
}

bool allowed(LauncherPrefixForm form, const PrefixRules &rules)
{
    if (rules.everything)
        return true;
    if (form == LauncherPrefixForm::Compose)
        return rules.compose;
    if (form == LauncherPrefixForm::Pdsh)
        return rules.pdsh;
    return true;
}

bool takeRank(LinePrefix *prefix, std::string_view rest, const PrefixRules &rules)
{
    const RankPrefixMatch match = matchRankPrefix(rest);
    if (match.form == RankPrefixForm::None || !allowed(match.form, rules))
        return false;
    if (prefix->rankForm != RankPrefixForm::None) {
        // An srun label or OpenMPI tag around the program's own rank prefix: the inner one is
        // the rank; the outer one tells nodes apart when the inner is a local rank.
        const RankPrefixForm outer = prefix->rankForm;
        if (outer != RankPrefixForm::SrunLabel && outer != RankPrefixForm::OpenMpiTag)
            return false;
        if (isWeakRankPrefixForm(match.form) || match.form == RankPrefixForm::OpenMpiTag)
            return false;
        prefix->outerTask = prefix->rank;
    }
    prefix->rank = match.rank;
    prefix->rankForm = match.form;
    prefix->localRank = match.localRank;
    prefix->hetComponent = match.hetComponent;
    if (!match.node.empty() && prefix->node.empty()) {
        prefix->node = match.node;
        prefix->nodeForm = LauncherPrefixForm::None;
    }
    if (match.pid >= 0)
        prefix->pid = match.pid;
    const bool separator = match.spacedOpenMpiTag && rules.openMpiSeparator;
    push(prefix, codeOf(match.form), match.length + (separator ? 1 : 0));
    return true;
}

bool takeWorkerTag(LinePrefix *prefix, std::string_view rest)
{
    if (prefix->hasWorker || rest.size() < 5 ||
        (rest[0] != '(' && !(rest[0] == '[' && rest[1] >= 'A' && rest[1] <= 'Z')))
        return false;
    const WorkerTagMatch match = matchWorkerTag(rest);
    if (match.form == WorkerTagForm::None)
        return false;
    prefix->worker = match.tag;
    prefix->hasWorker = true;
    if (match.tag.pid >= 0)
        prefix->pid = match.tag.pid;
    if (!match.host.empty() && prefix->node.empty())
        prefix->node = match.host;
    push(prefix, codeOf(match.form), match.length);
    return true;
}

bool takeLauncher(LinePrefix *prefix, std::string_view rest, const PrefixRules &rules,
                  std::uint32_t *usedLaunchers)
{
    // Only compose and pdsh prefixes start with a letter or digit; most lines do too.
    if (rest[0] != '[' && !rules.everything && !rules.compose && !rules.pdsh)
        return false;
    const LauncherPrefixMatch match = matchLauncherPrefix(rest);
    if (match.form == LauncherPrefixForm::None || !allowed(match.form, rules) ||
        (*usedLaunchers & (1u << unsigned(match.form))))
        return false;
    if (match.form == LauncherPrefixForm::PidBracket) {
        // "[12345] " is a pid only in front of another prefix; alone it is text.
        const std::string_view after = rest.substr(match.length);
        if (matchRankPrefix(after).form == RankPrefixForm::None &&
            matchWorkerTag(after).form == WorkerTagForm::None)
            return false;
        prefix->pid = match.pid;
    } else if (prefix->node.empty()) {
        prefix->node = match.node;
        prefix->nodeForm = match.form;
    }
    *usedLaunchers |= 1u << unsigned(match.form);
    push(prefix, codeOf(match.form), match.length);
    return true;
}

} // namespace

LinePrefix matchLinePrefix(std::string_view line, const PrefixRules &rules)
{
    LinePrefix prefix;
    if (!mayStartPrefix(line, rules))
        return prefix;
    std::uint32_t usedLaunchers = 0;
    while (prefix.forms < kMaxStackedPrefixes && prefix.length < line.size()) {
        const std::string_view rest = line.substr(prefix.length);
        if (!mayStartPrefix(rest, rules))
            break;
        if (takeRank(&prefix, rest, rules) || takeWorkerTag(&prefix, rest) ||
            takeLauncher(&prefix, rest, rules, &usedLaunchers))
            continue;
        break;
    }
    return prefix;
}

std::string prefixStackText(std::uint32_t stack)
{
    std::string text;
    for (; stack != 0; stack >>= kCodeBits) {
        const char *form = formTextOfCode(stack & ((1u << kCodeBits) - 1));
        if (!text.empty() && text.back() != ' ')
            text += ' ';
        text += form;
    }
    return text;
}

namespace {

std::uint32_t appendCode(std::uint32_t stack, std::uint32_t code)
{
    std::uint32_t shift = 0;
    while (shift < 30 && (stack >> shift) != 0)
        shift += kCodeBits;
    return shift < 30 ? stack | (code << shift) : stack;
}

} // namespace

std::uint32_t appendToStack(std::uint32_t stack, RankPrefixForm form)
{
    return appendCode(stack, codeOf(form));
}

std::uint32_t appendToStack(std::uint32_t stack, WorkerTagForm form)
{
    return appendCode(stack, codeOf(form));
}

void LinePrefixCensus::add(std::string_view line)
{
    if (line.empty())
        return;
    ++m_lines;
    PrefixRules everything;
    everything.everything = true;
    const LinePrefix prefix = matchLinePrefix(line, everything);
    bool srun = false, rankTemplate = false, compose = false, pdsh = false;
    for (std::uint32_t stack = prefix.stack; stack != 0; stack >>= kCodeBits) {
        const std::uint32_t code = stack & ((1u << kCodeBits) - 1);
        srun = srun || code == codeOf(RankPrefixForm::SrunLabel) ||
               code == codeOf(RankPrefixForm::SrunHetLabel);
        rankTemplate = rankTemplate || code == codeOf(RankPrefixForm::RankTemplate);
        compose = compose || code == codeOf(LauncherPrefixForm::Compose);
        pdsh = pdsh || code == codeOf(LauncherPrefixForm::Pdsh);
    }
    if (prefix.rankForm == RankPrefixForm::OpenMpiTag) {
        ++m_openMpiTags;
        const std::size_t end = prefix.length;
        m_openMpiSpaced += line[end - 1] == ' ' || (end < line.size() && line[end] == ' ');
    }
    m_srunLabels += srun;
    m_rankTemplates += rankTemplate;
    m_compose += compose;
    m_pdsh += pdsh;
    // A line that starts with an explicit rank prefix ("[rank3]:"), not with a label around one.
    const std::uint32_t first = prefix.stack & ((1u << kCodeBits) - 1);
    if (first >= codeOf(RankPrefixForm::RankBracket) &&
        first != codeOf(RankPrefixForm::SrunLabel) &&
        first != codeOf(RankPrefixForm::SrunHetLabel) &&
        first != codeOf(RankPrefixForm::RankTemplate))
        ++m_explicitRanks;
}

PrefixRules LinePrefixCensus::rules() const
{
    const auto mostLines = [this](std::int64_t count) { return count > 0 && count * 2 >= m_lines; };
    PrefixRules rules;
    rules.srunLabels = mostLines(m_srunLabels) && m_srunLabels > m_explicitRanks;
    rules.rankTemplate = mostLines(m_rankTemplates);
    rules.compose = mostLines(m_compose);
    rules.pdsh = mostLines(m_pdsh);
    // PRRTE puts a space after every tag; Open MPI 4 none, so its text may start with spaces.
    rules.openMpiSeparator = m_openMpiTags > 0 && m_openMpiSpaced == m_openMpiTags;
    return rules;
}

unsigned interleaveMarkerOf(const LinePrefix &prefix)
{
    unsigned markers = 0;
    if (prefix.rankForm == RankPrefixForm::RankBracket)
        markers |= kMarkRankBracket;
    else if (prefix.rankForm == RankPrefixForm::DefaultBracket)
        markers |= kMarkDefaultBracket;
    else if (prefix.rankForm == RankPrefixForm::OpenMpiTag)
        markers |= kMarkOpenMpi;
    if (prefix.worker.pid >= 0)
        markers |= kMarkProcessTag;
    return markers;
}

namespace {

// "[rank3]:" / "[default3]:" with its colon: the shape torchrun writes, so a "[rank3] " quoted in
// a message does not split it.
bool rankBracketAt(std::string_view text, std::size_t at, RankPrefixForm form)
{
    const RankPrefixMatch match = matchRankPrefix(text.substr(at));
    if (match.form != form)
        return false;
    const std::size_t end = at + match.length;
    return text[end - 1] == ':' || (text[end - 1] == ' ' && text[end - 2] == ':');
}

// The next `c` at or after `from`, npos when none (memchr: most lines have few '[' and '(').
std::size_t nextByte(std::string_view text, char c, std::size_t from)
{
    if (from >= text.size())
        return std::string_view::npos;
    const void *hit = std::memchr(text.data() + from, c, text.size() - from);
    return hit ? std::size_t(static_cast<const char *>(hit) - text.data()) : std::string_view::npos;
}

// "(VllmWorker rank=3 pid=7) ", "(RayWorkerWrapper pid=263, ip=10.0.16.95) ": a named worker
// tag; a message's "(pid=123)" names no process and does not split the line.
bool processTagAt(std::string_view text, std::size_t open)
{
    const std::string_view rest = text.substr(open, 200);
    const std::size_t close = rest.find(')');
    if (close == std::string_view::npos || close < 8 || rest[1] == ' ')
        return false;
    const std::size_t pid = rest.substr(0, close).find(" pid=");
    return pid != std::string_view::npos && pid > 1 &&
           matchWorkerTag(rest).form == WorkerTagForm::ProcessTag;
}

} // namespace

std::size_t findInterleavedPrefix(std::string_view text, unsigned markers, std::size_t from)
{
    from = from < 1 ? 1 : from;
    std::size_t best = std::string_view::npos;
    // Only the forms the file starts lines with: a plain log pays nothing.
    const bool brackets = markers & (kMarkRankBracket | kMarkDefaultBracket | kMarkOpenMpi);
    for (std::size_t at = brackets ? nextByte(text, '[', from) : std::string_view::npos;
         at != std::string_view::npos; at = nextByte(text, '[', at + 1)) {
        const std::string_view rest = text.substr(at);
        if (((markers & kMarkRankBracket) && rest.starts_with("[rank") &&
             rankBracketAt(text, at, RankPrefixForm::RankBracket)) ||
            ((markers & kMarkDefaultBracket) && rest.starts_with("[default") &&
             rankBracketAt(text, at, RankPrefixForm::DefaultBracket)) ||
            ((markers & kMarkOpenMpi) && rest.size() > 3 && rest[1] >= '0' && rest[1] <= '9' &&
             matchRankPrefix(rest).form == RankPrefixForm::OpenMpiTag)) {
            best = at;
            break;
        }
    }
    // '(': vLLM's and Ray's worker tags.
    for (std::size_t at = (markers & kMarkProcessTag) ? nextByte(text, '(', from)
                                                      : std::string_view::npos;
         at < best; at = nextByte(text, '(', at + 1)) {
        if (processTagAt(text, at)) {
            best = at;
            break;
        }
    }
    return best;
}

} // namespace rankscope
