#include "importers/traces/ChromeTraceArgsReader.h"

#include "importers/traces/JsonValueReading.h"

#include <cmath>

namespace rankscope {

namespace od = simdjson::ondemand;
using simdjson::error_code;
using simdjson::SUCCESS;

namespace {

error_code readIntegerArg(od::value &value, std::int64_t &out)
{
    std::int64_t number = 0;
    bool ok = false;
    error_code error = readJsonInteger(value, number, ok);
    if (ok)
        out = number;
    return error;
}

error_code readArg(od::field &field, bool named, bool counters, ChromeTraceArgs &args)
{
    od::value &value = field.value();
    if (named) {
        const char *key = field.key().raw();
        switch (key[0]) {
        case 'E':
            if (jsonKeyIs(key, "External id"))
                return readIntegerArg(value, args.externalId);
            break;
        case 'c':
            if (jsonKeyIs(key, "correlation"))
                return readIntegerArg(value, args.correlation);
            break;
        case 'd':
            if (jsonKeyIs(key, "device"))
                return readIntegerArg(value, args.device);
            if (jsonKeyIs(key, "dtype"))
                return readJsonText(value, args.dtype);
            break;
        case 's':
            if (jsonKeyIs(key, "stream"))
                return readIntegerArg(value, args.stream);
            if (jsonKeyIs(key, "sort_index")) {
                bool ok = false;
                error_code error = readJsonInteger(value, args.sortIndex, ok);
                args.hasSortIndex = ok;
                return error;
            }
            break;
        case 'S':
            if (jsonKeyIs(key, "Src Rank"))
                return readIntegerArg(value, args.srcRank);
            if (jsonKeyIs(key, "Seq"))
                return readIntegerArg(value, args.sequence);
            break;
        case 'D':
            if (jsonKeyIs(key, "Dst Rank"))
                return readIntegerArg(value, args.dstRank);
            break;
        case 'n':
            if (jsonKeyIs(key, "name"))
                return readJsonText(value, args.name);
            break;
        case 'l':
            if (jsonKeyIs(key, "labels"))
                return readJsonText(value, args.labels);
            break;
        case 'C':
            if (jsonKeyIs(key, "Collective name"))
                return readJsonText(value, args.collectiveName);
            break;
        case 'P':
            if (jsonKeyIs(key, "Process Group Name"))
                return readJsonText(value, args.processGroupName);
            if (jsonKeyIs(key, "Process Group Description"))
                return readJsonText(value, args.processGroupDescription);
            break;
        case 'I':
            if (jsonKeyIs(key, "In msg nelems"))
                return readIntegerArg(value, args.inMessageElements);
            break;
        case 'O':
            if (jsonKeyIs(key, "Out msg nelems"))
                return readIntegerArg(value, args.outMessageElements);
            break;
        case 'G':
            if (jsonKeyIs(key, "Group size"))
                return readIntegerArg(value, args.groupSize);
            break;
        default:
            break;
        }
    }
    if (counters) {
        od::json_type type;
        if (error_code error = value.type().get(type))
            return error;
        if (type != od::json_type::number)
            return SUCCESS;
        std::string_view series;
        double number = 0;
        if (error_code error = field.unescaped_key().get(series))
            return isJsonValueError(error) ? SUCCESS : error;
        if (value.get_double().get(number) == SUCCESS && std::isfinite(number))
            args.counterValues.emplace_back(series, number);
    }
    return SUCCESS;
}

} // namespace

error_code readChromeTraceArgs(od::object &object, char phase, ChromeTraceArgs &args)
{
    // Counter events keep every numeric arg as a series; an event whose "ph" comes after its
    // args (never from Kineto) keeps both kinds until its phase is known.
    const bool counters = phase == 'C' || phase == 0;
    const bool named = phase != 'C';
    for (auto fieldResult : object) {
        od::field field;
        if (error_code error = std::move(fieldResult).get(field))
            return error;
        if (error_code error = readArg(field, named, counters, args))
            return error;
    }
    return SUCCESS;
}

} // namespace rankscope
