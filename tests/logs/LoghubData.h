#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace rankscope_test {

// Reads a whole file, throwing with its path when it cannot.
inline std::string readWholeFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// RFC 4180 CSV as pandas writes it: fields separated by commas, quoted with '"' when they hold
// commas, quotes or newlines, '""' inside quotes for one quote.
inline std::vector<std::vector<std::string>> parseCsv(const std::string &text)
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    bool rowHasData = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field.push_back('"');
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field.push_back(c);
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            rowHasData = true;
        } else if (c == ',') {
            row.push_back(std::move(field));
            field.clear();
            rowHasData = true;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            if (rowHasData || !field.empty()) {
                row.push_back(std::move(field));
                rows.push_back(std::move(row));
            }
            field.clear();
            row.clear();
            rowHasData = false;
        } else {
            field.push_back(c);
            rowHasData = true;
        }
    }
    if (rowHasData || !field.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

// The values of one named column (the header row names it); throws when it is missing.
inline std::vector<std::string> csvColumn(const std::vector<std::vector<std::string>> &rows,
                                          const std::string &name, const std::string &path)
{
    if (rows.empty())
        throw std::runtime_error(path + " is empty");
    std::size_t column = rows.front().size();
    for (std::size_t c = 0; c < rows.front().size(); ++c) {
        if (rows.front()[c] == name)
            column = c;
    }
    if (column == rows.front().size())
        throw std::runtime_error(path + " has no column " + name);
    std::vector<std::string> values;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        if (column >= rows[r].size())
            throw std::runtime_error(path + ": row " + std::to_string(r + 1) + " has no " + name);
        values.push_back(rows[r][column]);
    }
    return values;
}

} // namespace rankscope_test
