#include "core/report/StackReport.h"

#include "core/report/CoverageText.h"

#include "core/stacks/FrameIdentity.h"

namespace rankscope {

namespace {

using Json = nlohmann::ordered_json;

// Location of a node's representative frame. With --frames function the ranks through a node
// may differ in file or line; the representative is what the tree kept.
void addFrameLocation(const StackDataset &data, const StackTree &tree, int node, Json &out)
{
    if (node <= StackTree::kRoot || node >= tree.size())
        return;
    const FrameId id = tree.node(node).frame;
    if (id >= data.frames.size())
        return;
    const Frame &frame = data.frames[id];
    if (!frame.file.empty())
        out["file"] = frame.file;
    if (frame.line > 0)
        out["line"] = frame.line;
    if (!frame.module.empty())
        out["module"] = frame.module;
    if (frame.kind == FrameKind::Native)
        out["native"] = true;
}

Json progressJson(const StackAnalysis &analysis)
{
    RankSet byProgress[4];
    for (const RankStackSummary &rank : analysis.ranks)
        byProgress[static_cast<int>(rank.progress)].insert(rank.rank);
    Json progress = Json::object();
    for (RankProgress p : {RankProgress::Stuck, RankProgress::Progressing,
                           RankProgress::Oscillating, RankProgress::SingleSample})
        progress[rankProgressName(p)] = byProgress[static_cast<int>(p)].toString();
    return progress;
}

} // namespace

Json StackReport::nodeJson(int id) const
{
    const StackTreeNode &node = m_tree.node(id);
    Json out;
    out["frame"] = node.label;
    addFrameLocation(m_data, m_tree, id, out);
    out["has"] = node.has.toString();
    out["has_count"] = node.has.count();
    const RankSet missing = m_tree.missing(id);
    out["missing"] = missing.toString();
    out["missing_count"] = missing.count();
    out["samples"] = node.samples;
    out["self_samples"] = node.selfSamples;
    Json children = Json::array();
    for (int child : node.children)
        children.push_back(nodeJson(child));
    out["children"] = std::move(children);
    return out;
}

Json StackReport::toJson() const
{
    const StackTreeOptions &options = m_tree.options();
    Json out;
    out["report"] = "rankscope-stacks";
    out["version"] = 1;
    out["job_id"] = m_data.job.jobId;
    out["world_size"] = m_tree.worldSize();
    out["world_size_source"] = worldSizeSourceKey(m_data.job.worldSizeSource);
    // Which ranks have which layers, so a bundle without stacks is told from missing stacks.
    out["coverage"] = {{"stacks", m_data.job.layers.stacks.toString()},
                       {"traces", m_data.job.layers.traces.toString()},
                       {"logs", m_data.job.layers.logs.toString()},
                       {"text", coverageText(m_data.job)}};
    out["ranks_with_data"] = m_tree.ranksWithData().toString();
    out["ranks_with_data_count"] = m_tree.ranksWithData().count();
    out["no_data"] = m_tree.noData().toString();
    out["no_data_count"] = m_tree.noData().count();
    out["options"] = {{"frames", frameIdentityName(options.identity)},
                      {"threads", options.threads.toText()},
                      {"role", resolvedRole(m_data, options)},
                      {"samples", options.samples == SampleChoice::Latest ? "latest" : "all"}};

    const StackVerdict &verdict = m_analysis.verdict;
    Json verdictJson;
    verdictJson["kind"] = stackVerdictName(verdict.kind);
    verdictJson["summary"] = verdict.summary;
    verdictJson["waiters"] = verdict.waiters.toString();
    verdictJson["waiter_count"] = verdict.waiters.count();
    verdictJson["wait_operation"] = verdict.waitOperation;
    if (verdict.waitNode > StackTree::kRoot && verdict.waitNode < m_tree.size())
        verdictJson["wait_frame"] = m_tree.node(verdict.waitNode).label;
    out["verdict"] = std::move(verdictJson);
    out["cut_ranks"] = m_analysis.cutRanks.toString();

    Json suspects = Json::array();
    for (const Suspect &suspect : m_analysis.suspects) {
        Json item;
        item["kind"] = suspectKindName(suspect.kind);
        item["ranks"] = suspect.ranks.toString();
        item["rank_count"] = suspect.ranks.count();
        item["frame"] = suspect.frame;
        addFrameLocation(m_data, m_tree, suspect.node, item);
        if (suspect.node >= 0 && suspect.node < m_tree.size())
            item["path"] = m_tree.pathLabels(suspect.node);
        else
            item["path"] = Json::array();
        item["reason"] = suspect.reason;
        item["score"] = suspect.score;
        if (!suspect.host.empty())
            item["node"] = suspect.host; // the ranks are exactly this node's
        suspects.push_back(std::move(item));
    }
    out["suspects"] = std::move(suspects);

    Json classes = Json::array();
    for (const EquivalenceClass &cls : m_analysis.classes) {
        Json item;
        item["ranks"] = cls.ranks.toString();
        item["rank_count"] = cls.ranks.count();
        item["class"] = stackClassName(cls.cls);
        if (cls.leafNode >= 0 && cls.leafNode < m_tree.size())
            item["leaf"] = m_tree.node(cls.leafNode).label;
        classes.push_back(std::move(item));
    }
    out["classes"] = std::move(classes);
    out["progress"] = progressJson(m_analysis);
    out["tree"] = nodeJson(StackTree::kRoot);
    return out;
}

} // namespace rankscope
