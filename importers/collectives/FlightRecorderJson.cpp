#include "importers/collectives/FlightRecorderJson.h"

#include <nlohmann/json.hpp>

#include <limits>
#include <vector>

namespace rankscope {

namespace {

// nlohmann's SAX events, building the arena: `m_pending` holds the items of every open
// container, `m_open` where each container's items start.
class DocumentBuilder
{
public:
    using json = nlohmann::json;
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    DocumentBuilder(PickleDocument &doc, const PickleLimits &limits) : m_doc(doc), m_limits(limits)
    {}

    bool null() { return value(m_doc.addInteger(PickleType::None, 0, 0)); }
    bool boolean(bool v) { return value(m_doc.addInteger(PickleType::Bool, v, 0)); }
    bool number_integer(number_integer_t v)
    {
        return value(m_doc.addInteger(PickleType::Int, v, 0));
    }
    bool number_unsigned(number_unsigned_t v)
    {
        if (v > number_unsigned_t(std::numeric_limits<std::int64_t>::max()))
            return value(m_doc.addReal(double(v), 0));
        return value(m_doc.addInteger(PickleType::Int, std::int64_t(v), 0));
    }
    bool number_float(number_float_t v, const string_t &) { return value(m_doc.addReal(v, 0)); }
    bool string(string_t &v) { return value(m_doc.addOwnedText(PickleType::String, v, 0)); }
    bool binary(binary_t &) { return value(m_doc.addInteger(PickleType::None, 0, 0)); }
    bool key(string_t &v)
    {
        if (full())
            return false;
        m_pending.push_back(m_doc.addOwnedText(PickleType::String, v, 0));
        return true;
    }
    bool start_object(std::size_t) { return open(PickleType::Dict); }
    bool start_array(std::size_t) { return open(PickleType::List); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t position, const std::string &,
                     const nlohmann::detail::exception &ex)
    {
        m_errorPosition = position;
        m_errorText = ex.what();
        return false;
    }

    // Closes what the end of the input (or a broken byte) left open, marking it cut.
    void closeOpen()
    {
        while (!m_open.empty()) {
            const Open o = m_open.back();
            m_open.pop_back();
            std::size_t count = m_pending.size() - o.from;
            if (m_doc.node(o.container).type == PickleType::Dict)
                count -= count % 2;
            m_doc.appendItems(o.container, m_pending.data() + o.from, count, m_limits.maxDepth);
            m_doc.markCut(o.container);
            m_pending.resize(o.from);
            finish(o.container);
        }
    }

    bool tooDeep = false;
    bool tooMany = false;
    std::size_t m_errorPosition = 0;
    std::string m_errorText;

private:
    struct Open
    {
        std::uint32_t container;
        std::size_t from;
    };
    PickleDocument &m_doc;
    const PickleLimits &m_limits;
    std::vector<std::uint32_t> m_pending;
    std::vector<Open> m_open;
    bool m_rootSet = false;

    void finish(std::uint32_t index)
    {
        if (m_open.empty()) {
            if (!m_rootSet)
                m_doc.setRoot(index);
            m_rootSet = true;
        } else {
            m_pending.push_back(index);
        }
    }
    // Node indices stay below PickleDocument::kMaxNodes (a JSON file of a billion values).
    bool full()
    {
        tooMany = tooMany || m_doc.nodeCount() + 1 >= PickleDocument::kMaxNodes;
        return tooMany;
    }
    bool value(std::uint32_t index)
    {
        finish(index);
        return !full();
    }
    bool open(PickleType type)
    {
        if (full())
            return false;
        if (int(m_open.size()) >= m_limits.maxDepth) {
            tooDeep = true;
            return false;
        }
        m_open.push_back(Open{m_doc.addContainer(type, 0), m_pending.size()});
        return true;
    }
    bool close()
    {
        const Open o = m_open.back();
        m_open.pop_back();
        m_doc.appendItems(o.container, m_pending.data() + o.from, m_pending.size() - o.from,
                          m_limits.maxDepth + 1);
        m_pending.resize(o.from);
        finish(o.container);
        return true;
    }
};

} // namespace

PickleReadResult readJsonDocument(std::string_view bytes, const PickleLimits &limits)
{
    PickleReadResult result{PickleDocument(bytes)};
    DocumentBuilder builder(result.document, limits);
    const bool complete =
        nlohmann::json::sax_parse(bytes.begin(), bytes.end(), &builder,
                                  nlohmann::json::input_format_t::json, /*strict=*/false);
    if (complete) {
        result.status = PickleStatus::Complete;
        return result;
    }
    if (builder.tooMany) {
        result.status = PickleStatus::Refused;
        result.error = "more JSON values than a dump can hold";
        return result;
    }
    if (builder.tooDeep) {
        result.status = PickleStatus::Refused;
        result.error = "JSON nests deeper than " + std::to_string(limits.maxDepth) + " levels";
        return result;
    }
    builder.closeOpen();
    // nlohmann counts the position from 1, at the character after the offending one.
    const std::size_t offset = builder.m_errorPosition > 0 ? builder.m_errorPosition - 1 : 0;
    result.errorOffset = std::int64_t(offset);
    result.status = PickleStatus::Truncated;
    const bool atEnd = offset + 1 >= bytes.size();
    result.error = "byte " + std::to_string(offset) +
                   (atEnd ? ": the file ends inside the JSON document"
                          : ": broken JSON (" + builder.m_errorText + ")");
    return result;
}

} // namespace rankscope
