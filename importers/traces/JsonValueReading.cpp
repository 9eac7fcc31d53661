#include "importers/traces/JsonValueReading.h"

#include "importers/traces/TraceNumberText.h"

#include <cmath>

namespace rankscope {

namespace od = simdjson::ondemand;
using simdjson::error_code;
using simdjson::SUCCESS;

bool isJsonValueError(error_code error)
{
    switch (error) {
    case simdjson::INCORRECT_TYPE:
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE:
    case simdjson::STRING_ERROR:
    case simdjson::UNESCAPED_CHARS:
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
        return true;
    default:
        return false;
    }
}

const char *jsonTypeName(od::json_type type)
{
    switch (type) {
    case od::json_type::array:
        return "an array";
    case od::json_type::object:
        return "an object";
    case od::json_type::number:
        return "a number";
    case od::json_type::string:
        return "a string";
    case od::json_type::boolean:
        return "a boolean";
    case od::json_type::null:
        return "null";
    }
    return "a value";
}

error_code readJsonInteger(od::value &value, std::int64_t &out, bool &ok)
{
    ok = false;
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    if (type == od::json_type::number) {
        if (value.get_int64().get(out) == SUCCESS) {
            ok = true;
            return SUCCESS;
        }
        double real = 0;
        if (value.get_double().get(real) == SUCCESS && std::isfinite(real) &&
            std::fabs(real) < 9.2e18) {
            out = std::llround(real);
            ok = true;
        }
    } else if (type == od::json_type::string) {
        std::string_view text;
        error_code error = value.get_string().get(text);
        if (error)
            return isJsonValueError(error) ? SUCCESS : error;
        if (auto number = integerText(text)) {
            out = *number;
            ok = true;
        }
    }
    return SUCCESS;
}

error_code readJsonText(od::value &value, std::string_view &out)
{
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    if (type == od::json_type::string) {
        error_code error = value.get_string().get(out);
        return error && isJsonValueError(error) ? SUCCESS : error;
    }
    if (type == od::json_type::number || type == od::json_type::boolean) {
        out = value.raw_json_token();
        while (!out.empty() && (out.back() == ' ' || out.back() == '\n' || out.back() == '\r' ||
                                out.back() == '\t'))
            out.remove_suffix(1);
    }
    return SUCCESS;
}

} // namespace rankscope
