#pragma once

// Helpers shared by the rankscope-cli tests: running the tool (in-process or as the built
// binary), writing synthetic bundles and reading their JSON.
#include "app/cli/CliApp.h"
#include "core/model/RankSet.h"
#include "core/synth/SyntheticBundle.h"

#include <nlohmann/json.hpp>

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtTest>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cli_test {

struct CliRun
{
    int exitCode = -1;
    std::string out;
    std::string err;
};

inline CliRun runInProcess(const std::vector<std::string> &args)
{
    std::ostringstream out;
    std::ostringstream err;
    rankscope::cli::CliContext context{out, err, false, false};
    CliRun run;
    run.exitCode = rankscope::cli::runCli(args, context);
    run.out = out.str();
    run.err = err.str();
    return run;
}

// Runs the built rankscope-cli. Fails the test (returns exit code -1) if it does not finish.
inline CliRun runBinary(const QStringList &args, int timeoutMs = 120000)
{
    QProcess process;
    process.setProgram(QString::fromUtf8(RANKSCOPE_CLI_BINARY));
    process.setArguments(args);
    process.start();
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput().toStdString();
    run.err = process.readAllStandardError().toStdString();
    return run;
}

inline int lineCount(const std::string &text)
{
    int lines = 0;
    for (char c : text)
        lines += c == '\n';
    return lines;
}

inline std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

inline nlohmann::json readJsonFile(const std::string &path)
{
    return nlohmann::json::parse(readFile(path), nullptr, false);
}

inline void writeSynth(const QString &dir, const std::string &scenario, int ranks,
                       std::uint64_t seed)
{
    rankscope::SynthOptions options;
    options.scenario = scenario;
    options.ranks = ranks;
    options.seed = seed;
    options.outDir = dir.toStdString();
    rankscope::writeSyntheticBundle(options);
}

// A range string from the JSON, parsed back; an unparsable string is a test failure.
inline rankscope::RankSet ranksOf(const nlohmann::json &value)
{
    if (!value.is_string())
        return rankscope::RankSet::range(-1, -1);
    const std::optional<rankscope::RankSet> parsed =
        rankscope::RankSet::parse(value.get<std::string>());
    if (!parsed)
        qWarning("unparsable rank ranges: %s", value.get<std::string>().c_str());
    return parsed.value_or(rankscope::RankSet::range(-1, -1));
}

// Checks every node of a JSON tree: has and missing parse, partition `withData`, and a child
// never has a rank its parent lacks. Returns "" or what is wrong and where.
inline std::string checkTreePartition(const nlohmann::json &node,
                                      const rankscope::RankSet &withData,
                                      const rankscope::RankSet *parentHas = nullptr)
{
    using rankscope::RankSet;
    const std::string where = node.value("frame", std::string("?"));
    for (const char *key : {"has", "missing"}) {
        if (!node.contains(key) || !node[key].is_string() ||
            !RankSet::parse(node[key].get<std::string>()))
            return where + ": '" + key + "' is missing or not a range string";
    }
    const RankSet has = *RankSet::parse(node["has"].get<std::string>());
    const RankSet missing = *RankSet::parse(node["missing"].get<std::string>());
    if (!(has & missing).empty())
        return where + ": has and missing overlap";
    if (!((has | missing) == withData))
        return where + ": has | missing != ranks_with_data";
    if (node.value("has_count", -1) != has.count() ||
        node.value("missing_count", -1) != missing.count())
        return where + ": counts do not match the ranges";
    if (parentHas && !(has - *parentHas).empty())
        return where + ": a child has ranks its parent lacks";
    if (!node.contains("samples") || !node["samples"].is_number_unsigned())
        return where + ": no sample count";
    if (!node.contains("children") || !node["children"].is_array())
        return where + ": no children array";
    for (const nlohmann::json &child : node["children"]) {
        std::string problem = checkTreePartition(child, withData, &has);
        if (!problem.empty())
            return problem;
    }
    return {};
}

// The node reached from the JSON tree's root by following frame labels; null if absent.
inline const nlohmann::json *findPath(const nlohmann::json &root,
                                      const std::vector<std::string> &labels)
{
    const nlohmann::json *node = &root;
    for (const std::string &label : labels) {
        const nlohmann::json *next = nullptr;
        for (const nlohmann::json &child : (*node)["children"]) {
            if (child["frame"] == label) {
                next = &child;
                break;
            }
        }
        if (!next)
            return nullptr;
        node = next;
    }
    return node;
}

// Whether `node` or a descendant is labelled `frame` with exactly the ranks `has`.
inline bool subtreeHasFrame(const nlohmann::json &node, const std::string &frame,
                            const rankscope::RankSet &has)
{
    if (node["frame"] == frame && ranksOf(node["has"]) == has)
        return true;
    for (const nlohmann::json &child : node["children"]) {
        if (subtreeHasFrame(child, frame, has))
            return true;
    }
    return false;
}

} // namespace cli_test
