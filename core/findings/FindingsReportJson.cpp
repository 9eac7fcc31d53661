#include "core/findings/FindingsReport.h"

#include "core/findings/FindingsWording.h"

#include <cmath>

namespace rankscope {

namespace findings_json {

nlohmann::json optionalNumber(std::int64_t value, bool known)
{
    return known ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json optionalText(const std::string &text)
{
    return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text);
}

double rounded(double value)
{
    return std::round(value * 1000) / 1000;
}

nlohmann::json windowJson(const FindingWindow &w)
{
    const bool start = isWallClockNs(w.startNs);
    const bool end = isWallClockNs(w.endNs);
    const bool iterations = w.axis != IterationAxis::None;
    return {
        {"start_ns", optionalNumber(w.startNs, start)},
        {"start", optionalText(findingsIsoTime(w.startNs))},
        {"end_ns", optionalNumber(w.endNs, end)},
        {"end", optionalText(findingsIsoTime(w.endNs))},
        {"first_iteration", optionalNumber(w.firstIteration, iterations && w.firstIteration >= 0)},
        {"last_iteration", optionalNumber(w.lastIteration, iterations && w.lastIteration >= 0)},
        {"iteration_axis", optionalText(iterationAxisKey(w.axis))},
        {"began_earlier", w.beganEarlier},
        {"goes_on", w.goesOn},
        {"text", optionalText(findingsWindowText(w))}};
}

nlohmann::json refJson(const EvidenceRef &ref)
{
    if (ref.target == EvidenceTarget::None)
        return nullptr;
    nlohmann::json json = {{"type", evidenceTargetKey(ref.target)}, {"text", evidenceRefText(ref)}};
    switch (ref.target) {
    case EvidenceTarget::None:
        break;
    case EvidenceTarget::Frame:
        json["node"] = ref.id;
        json["frame"] = ref.label;
        break;
    case EvidenceTarget::Template:
        json["template"] = ref.id;
        json["template_text"] = ref.label;
        break;
    case EvidenceTarget::Cell:
        json["rank"] = ref.rank;
        json["window"] = ref.window;
        json["axis"] = ref.group;
        json["metric"] = ref.label;
        break;
    case EvidenceTarget::Collective:
        json["suspect"] = ref.id;
        json["process_group"] = ref.group;
        json["seq"] = optionalNumber(ref.window, ref.window >= 0);
        json["op"] = optionalText(ref.label);
        break;
    case EvidenceTarget::DiffLine:
        json["section"] = ref.label;
        json["index"] = optionalNumber(ref.id, ref.id >= 0);
        json["summary_line"] = optionalNumber(ref.line, ref.line >= 0);
        break;
    }
    return json;
}

nlohmann::json evidenceJson(const Evidence &e)
{
    return {{"layer", findingLayerKey(e.layer)},
            {"kind", e.kind},
            {"role", findingRoleKey(e.role)},
            {"sentence", e.sentence.english()},
            {"ref", refJson(e.ref)},
            {"ranks", e.ranks.toString()},
            {"nodes", e.nodes},
            {"strength", rounded(e.strength)},
            {"window", windowJson(e.window)}};
}

nlohmann::json needsJson(const std::vector<DataNeed> &needs)
{
    nlohmann::json list = nlohmann::json::array();
    for (DataNeed need : needs)
        list.push_back(
            {{"need", dataNeedKey(need)}, {"sentence", dataNeedMessage(need).english()}});
    return list;
}

nlohmann::json layersJson(const std::vector<FindingLayer> &layers)
{
    nlohmann::json list = nlohmann::json::array();
    for (FindingLayer layer : layers)
        list.push_back(findingLayerKey(layer));
    return list;
}

nlohmann::json culpritJson(const Culprit &c)
{
    nlohmann::json evidence = nlohmann::json::array();
    for (const Evidence &e : c.evidence)
        evidence.push_back(evidenceJson(e));
    nlohmann::json effects = nlohmann::json::array();
    for (const Evidence &e : c.effects)
        effects.push_back(evidenceJson(e));
    return {{"ranks", c.ranks.toString()},
            {"rank_count", c.ranks.count()},
            {"nodes", c.nodes},
            {"whole_nodes", c.wholeNodes},
            {"subject", c.subject.english()},
            {"sentence", c.sentence.english()},
            {"window", windowJson(c.window)},
            {"confidence", rounded(c.confidence)},
            {"confidence_label", confidenceKey(c.confidence)},
            {"layers", layersJson(c.layers)},
            {"disagreeing_layers", layersJson(c.disagreeing)},
            {"evidence", std::move(evidence)},
            {"effects", std::move(effects)},
            {"would_confirm", needsJson(c.wouldConfirm)}};
}

} // namespace findings_json

nlohmann::json findingsJson(const FindingsVerdict &v)
{
    using namespace findings_json;
    nlohmann::json json;
    json["verdict"] = v.verdict.english();
    json["world_size"] = v.worldSize;
    nlohmann::json culprits = nlohmann::json::array();
    for (const Culprit &c : v.culprits)
        culprits.push_back(culpritJson(c));
    json["culprits"] = std::move(culprits);
    nlohmann::json effects = nlohmann::json::array();
    for (const JobEffect &e : v.effects) {
        nlohmann::json item = evidenceJson(e.effect);
        item["culprit"] = e.culprit >= 0 ? nlohmann::json(e.culprit) : nlohmann::json(nullptr);
        effects.push_back(std::move(item));
    }
    json["effects"] = std::move(effects);
    nlohmann::json context = nlohmann::json::array();
    for (const Evidence &e : v.context)
        context.push_back(evidenceJson(e));
    json["context"] = std::move(context);
    json["anchor"] = v.anchor ? evidenceJson(*v.anchor) : nlohmann::json(nullptr);
    if (v.undecided)
        json["undecided"] = {{"kind", undecidedKindKey(v.undecided->kind)},
                             {"reason", v.undecided->reason.english()},
                             {"would_settle", needsJson(v.undecided->wouldSettle)}};
    else
        json["undecided"] = nullptr;
    nlohmann::json layers = nlohmann::json::array();
    for (const LayerSummary &layer : v.layers)
        layers.push_back({{"layer", findingLayerKey(layer.layer)},
                          {"present", layer.present},
                          {"summary", optionalText(layer.summary.english())}});
    json["layers"] = std::move(layers);
    return json;
}

} // namespace rankscope
