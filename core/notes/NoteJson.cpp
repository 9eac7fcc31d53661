#include "core/notes/NoteJson.h"

#include <cmath>
#include <limits>
#include <string>

namespace rankscope {

using nlohmann::json;

// Named (not anonymous): the unity build puts this file beside others.
namespace note_json {

Message missingField(const char *field)
{
    return {RANKSCOPE_MESSAGE("notes.field.missing", "\"%1\" is missing"), {field}};
}

Message wrongType(const char *field, const char *expected)
{
    return {RANKSCOPE_MESSAGE("notes.field.type", "\"%1\" is not %2"),
            {field, Message(MessagePattern{"notes.field.typeName", expected})}};
}

Message badValue(const char *field)
{
    return {RANKSCOPE_MESSAGE("notes.field.value", "\"%1\" has a value rankscope does not know"),
            {field}};
}

Message tooLong(const char *field, std::size_t limit)
{
    return {RANKSCOPE_MESSAGE("notes.field.tooLong", "\"%1\" is longer than %2"),
            {field, std::to_string(limit)}};
}

Message outOfRange(const char *field)
{
    return {RANKSCOPE_MESSAGE("notes.field.range", "\"%1\" is out of range"), {field}};
}

// The names of the JSON types in wrongType(), marked for the translators.
constexpr MessagePattern kAString = RANKSCOPE_MESSAGE("notes.field.typeName", "a string");
constexpr MessagePattern kAnInteger = RANKSCOPE_MESSAGE("notes.field.typeName", "an integer");
constexpr MessagePattern kAnObject = RANKSCOPE_MESSAGE("notes.field.typeName", "an object");
constexpr MessagePattern kAnArray = RANKSCOPE_MESSAGE("notes.field.typeName", "an array");
constexpr MessagePattern kFourNumbers =
    RANKSCOPE_MESSAGE("notes.field.typeName", "four finite numbers");

// Reads the fields of one object, stopping at the first problem.
class FieldReader
{
public:
    FieldReader(const json &object, Message *problem) : m_object(object), m_problem(problem) {}

    bool ok() const { return m_ok; }
    void fail(Message message)
    {
        if (m_ok && m_problem)
            *m_problem = std::move(message);
        m_ok = false;
    }

    const json *find(const char *field)
    {
        if (!m_ok)
            return nullptr;
        const auto it = m_object.find(field);
        return it == m_object.end() || it->is_null() ? nullptr : &*it;
    }

    // A string field; `required` fails when absent. Longer than `limit` bytes fails.
    void text(const char *field, std::string &out, std::size_t limit, bool required = false)
    {
        const json *value = find(field);
        if (!value) {
            if (required && m_ok)
                fail(missingField(field));
            return;
        }
        if (!value->is_string())
            return fail(wrongType(field, kAString.english));
        const auto &string = value->get_ref<const std::string &>();
        if (string.size() > limit)
            return fail(tooLong(field, limit));
        out = string;
    }

    // An integer field in [min, max].
    template <typename Integer>
    void integer(const char *field, Integer &out, std::int64_t min, std::int64_t max)
    {
        const json *value = find(field);
        if (!value)
            return;
        if (!value->is_number_integer())
            return fail(wrongType(field, kAnInteger.english));
        // An unsigned beyond int64 compares as out of range, not as a wrapped negative.
        if (value->is_number_unsigned() &&
            value->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return fail(outOfRange(field));
        const std::int64_t number = value->get<std::int64_t>();
        if (number < min || number > max)
            return fail(outOfRange(field));
        out = Integer(number);
    }

private:
    const json &m_object;
    Message *m_problem;
    bool m_ok = true;
};

constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMinInt64 = std::numeric_limits<std::int64_t>::min();

bool readPath(const json &value, std::vector<NoteFrame> &path, Message *problem)
{
    if (!value.is_array()) {
        *problem = wrongType("path", kAnArray.english);
        return false;
    }
    if (value.size() > NoteLimits::kPathFrames) {
        *problem = tooLong("path", NoteLimits::kPathFrames);
        return false;
    }
    path.reserve(value.size());
    for (const json &element : value) {
        if (!element.is_object()) {
            *problem = wrongType("path", kAnObject.english);
            return false;
        }
        FieldReader reader(element, problem);
        NoteFrame frame;
        reader.text("function", frame.function, NoteLimits::kStringBytes, true);
        reader.text("file", frame.file, NoteLimits::kStringBytes);
        reader.integer("line", frame.line, 0, std::numeric_limits<int>::max());
        if (!reader.ok())
            return false;
        path.push_back(std::move(frame));
    }
    return true;
}

bool readShape(const json &value, NoteShape &shape, Message *problem)
{
    double numbers[4] = {};
    if (!value.is_array() || value.size() != 4) {
        *problem = wrongType("shape", kFourNumbers.english);
        return false;
    }
    for (std::size_t i = 0; i < 4; ++i) {
        if (!value[i].is_number() || !std::isfinite(value[i].get<double>())) {
            *problem = wrongType("shape", kFourNumbers.english);
            return false;
        }
        numbers[i] = value[i].get<double>();
        if (std::abs(numbers[i]) > NoteLimits::kMaxCoordinate) {
            *problem = outOfRange("shape");
            return false;
        }
    }
    shape = {{numbers[0], numbers[1]}, {numbers[2], numbers[3]}};
    return true;
}

// A rank list of the "0-3,7" form with every rank within the limit (RankSet::parse would
// allocate a bitset as large as the largest rank it is given).
std::optional<RankSet> readRanks(const std::string &text)
{
    std::int64_t number = -1;
    for (char c : text) {
        if (c >= '0' && c <= '9') {
            number = std::max<std::int64_t>(number, 0) * 10 + (c - '0');
            if (number > NoteLimits::kMaxRank)
                return std::nullopt;
        } else {
            number = -1;
        }
    }
    return RankSet::parse(text);
}

} // namespace note_json

json noteAnchorJson(const NoteAnchor &anchor)
{
    json out = json::object();
    out["target"] = noteTargetKey(anchor.target);
    if (!anchor.scope.empty())
        out["scope"] = anchor.scope;
    if (!anchor.path.empty()) {
        json path = json::array();
        for (const NoteFrame &frame : anchor.path) {
            json element = {{"function", frame.function}};
            if (!frame.file.empty())
                element["file"] = frame.file;
            if (frame.line > 0)
                element["line"] = frame.line;
            path.push_back(std::move(element));
        }
        out["path"] = std::move(path);
    }
    if (anchor.rank >= 0)
        out["rank"] = anchor.rank;
    if (!anchor.axis.empty())
        out["axis"] = anchor.axis;
    if (anchor.window >= 0)
        out["window"] = anchor.window;
    if (anchor.timeNs >= 0)
        out["time_ns"] = anchor.timeNs;
    if (!anchor.name.empty())
        out["name"] = anchor.name;
    if (!anchor.file.empty())
        out["file"] = anchor.file;
    if (anchor.line > 0)
        out["line"] = anchor.line;
    if (!anchor.lane.empty())
        out["lane"] = anchor.lane;
    if (!anchor.group.empty())
        out["group"] = anchor.group;
    if (anchor.seq >= 0)
        out["seq"] = anchor.seq;
    return out;
}

json noteJson(const Note &note)
{
    json out = json::object();
    out["id"] = note.id;
    out["view"] = noteViewKey(note.view);
    out["kind"] = noteKindKey(note.kind);
    out["anchor"] = noteAnchorJson(note.anchor);
    out["text"] = note.text;
    if (note.shape)
        out["shape"] = {note.shape->from.x, note.shape->from.y, note.shape->to.x, note.shape->to.y};
    if (!note.ranks.empty())
        out["ranks"] = note.ranks.toString();
    if (!note.label.empty())
        out["label"] = note.label;
    if (!note.author.empty())
        out["author"] = note.author;
    out["created"] = note.createdMs;
    out["modified"] = note.modifiedMs;
    return out;
}

std::optional<NoteAnchor> noteAnchorFromJson(const json &value, Message *problem)
{
    using namespace note_json;
    if (!value.is_object()) {
        *problem = wrongType("anchor", kAnObject.english);
        return std::nullopt;
    }
    FieldReader reader(value, problem);
    NoteAnchor anchor;
    std::string target;
    reader.text("target", target, 32, true);
    if (!reader.ok())
        return std::nullopt;
    const auto targetValue = noteTargetFromKey(target);
    if (!targetValue) {
        *problem = badValue("target");
        return std::nullopt;
    }
    anchor.target = *targetValue;
    reader.text("scope", anchor.scope, NoteLimits::kStringBytes);
    reader.integer("rank", anchor.rank, -1, NoteLimits::kMaxRank);
    reader.text("axis", anchor.axis, 32);
    reader.integer("window", anchor.window, -1, kMaxInt64);
    reader.integer("time_ns", anchor.timeNs, kMinInt64, kMaxInt64);
    reader.text("name", anchor.name, NoteLimits::kStringBytes);
    reader.text("file", anchor.file, NoteLimits::kStringBytes);
    reader.integer("line", anchor.line, 0, kMaxInt64);
    reader.text("lane", anchor.lane, NoteLimits::kStringBytes);
    reader.text("group", anchor.group, NoteLimits::kStringBytes);
    reader.integer("seq", anchor.seq, -1, kMaxInt64);
    if (!reader.ok())
        return std::nullopt;
    // A heatmap cell's window axis, or the Overview's coverage strip (a rank, no window).
    if (!anchor.axis.empty() && anchor.axis != "iteration" && anchor.axis != "time" &&
        anchor.axis != "coverage") {
        *problem = badValue("axis");
        return std::nullopt;
    }
    if (const json *path = reader.find("path"); path && !readPath(*path, anchor.path, problem))
        return std::nullopt;
    return anchor;
}

std::optional<Note> noteFromJson(const json &value, Message *problem)
{
    using namespace note_json;
    if (!value.is_object()) {
        *problem = wrongType("notes[]", kAnObject.english);
        return std::nullopt;
    }
    FieldReader reader(value, problem);
    Note note;
    std::string view;
    std::string kind;
    reader.text("id", note.id, 64);
    reader.text("view", view, 32, true);
    reader.text("kind", kind, 32, true);
    reader.text("text", note.text, NoteLimits::kTextBytes);
    reader.text("label", note.label, NoteLimits::kStringBytes);
    reader.text("author", note.author, 256);
    reader.integer("created", note.createdMs, 0, kMaxInt64);
    reader.integer("modified", note.modifiedMs, 0, kMaxInt64);
    std::string ranks;
    reader.text("ranks", ranks, NoteLimits::kStringBytes);
    if (!reader.ok())
        return std::nullopt;
    if (note.id.empty())
        note.id = newNoteId();
    else if (!isValidNoteId(note.id)) {
        *problem = badValue("id");
        return std::nullopt;
    }
    const auto viewValue = noteViewFromKey(view);
    if (!viewValue) {
        *problem = badValue("view");
        return std::nullopt;
    }
    const auto kindValue = noteKindFromKey(kind);
    if (!kindValue) {
        *problem = badValue("kind");
        return std::nullopt;
    }
    note.view = *viewValue;
    note.kind = *kindValue;
    const json *anchor = reader.find("anchor");
    if (!anchor) {
        *problem = missingField("anchor");
        return std::nullopt;
    }
    auto anchorValue = noteAnchorFromJson(*anchor, problem);
    if (!anchorValue)
        return std::nullopt;
    note.anchor = std::move(*anchorValue);
    if (const json *shape = reader.find("shape")) {
        NoteShape parsed;
        if (!readShape(*shape, parsed, problem))
            return std::nullopt;
        note.shape = parsed;
    }
    if (!ranks.empty()) {
        const auto parsed = readRanks(ranks);
        if (!parsed) {
            *problem = badValue("ranks");
            return std::nullopt;
        }
        note.ranks = *parsed;
    }
    // What a kind needs to be drawn at all.
    if ((note.kind == NoteKind::Highlight || note.kind == NoteKind::Arrow) && !note.shape) {
        *problem = missingField("shape");
        return std::nullopt;
    }
    if (note.kind == NoteKind::Ranks && note.ranks.empty()) {
        *problem = missingField("ranks");
        return std::nullopt;
    }
    if (note.createdMs == 0)
        note.createdMs = noteClockMs();
    if (note.modifiedMs < note.createdMs)
        note.modifiedMs = note.createdMs;
    return note;
}

} // namespace rankscope
