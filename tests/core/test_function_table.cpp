#include "DatasetBuilder.h"
#include "core/stacks/FunctionTable.h"

#include <QtTest>

using namespace rankscope;

namespace {

std::string labelsOf(const FunctionTable &table, const std::vector<FunctionEdge> &edges,
                     bool callers)
{
    std::string text;
    for (const FunctionEdge &edge : edges) {
        const FunctionEntry &other = table.function(callers ? edge.caller : edge.callee);
        text += (text.empty() ? "" : " ") + other.label + ":" + edge.ranks.toString() + "/" +
                std::to_string(edge.samples);
    }
    return text;
}

} // namespace

// The caller/callee aggregation behind the Functions table: one row per frame identity over
// every occurrence in the merged tree, recursion counted once per stack.
class TestFunctionTable : public QObject
{
    Q_OBJECT
private slots:
    void aggregatesOccurrencesCallersAndCallees()
    {
        DatasetBuilder data(5);
        data.rank(0, "main;a;f;g")
            .rank(1, "main;a;f;f;f;g") // recursion: f -> f twice on one stack
            .rank(2, "main;b;f")
            .rank(3, "main;b;h")
            .rank(4, "main;a;g");
        const StackTree tree = StackTreeBuilder::build(data.data(), {});
        const FunctionTable table = FunctionTable::build(tree);

        const int f = table.find("f");
        QVERIFY(f >= 0);
        const FunctionEntry &entry = table.function(f);
        QCOMPARE(entry.ranks.toString(), std::string("0-2"));
        QCOMPARE(entry.selfRanks.toString(), std::string("2"));
        // Ranks 0, 1 and 2 each pass once; rank 1's three nested frames count one stack.
        QCOMPARE(entry.samples, std::uint64_t(3));
        QCOMPARE(entry.selfSamples, std::uint64_t(1));
        QCOMPARE(entry.nodes.size(), std::size_t(4)); // a>f, a>f>f, a>f>f>f, b>f
        QCOMPARE(tree.node(entry.widestNode).has.toString(), std::string("0-1"));

        QCOMPARE(labelsOf(table, table.callers(f), true), std::string("a:0-1/2 b:2/1 f:1/1"));
        QCOMPARE(labelsOf(table, table.callees(f), false), std::string("g:0-1/2 f:1/1"));

        const int g = table.find("g");
        QCOMPARE(table.function(g).ranks.toString(), std::string("0-1,4"));
        QCOMPARE(table.function(g).selfRanks.toString(), std::string("0-1,4"));
        QCOMPARE(labelsOf(table, table.callers(g), true), std::string("f:0-1/2 a:4/1"));

        const int main = table.find("main");
        QCOMPARE(table.function(main).ranks.count(), 5);
        QCOMPARE(table.function(main).samples, std::uint64_t(5));
        QVERIFY(table.callers(main).empty()); // the root is not a caller
        QCOMPARE(table.find("all ranks"), -1);
        QCOMPARE(table.functionOfNode(StackTree::kRoot), -1);
        QCOMPARE(table.functionOfNode(entry.widestNode), f);
    }

    void identityModeDecidesWhatIsOneFunction()
    {
        DatasetBuilder data(2);
        data.rank(0, "main;step@train.py:10;f").rank(1, "main;step@train.py:20;f");
        StackTreeOptions byFunction;
        const FunctionTable functions =
            FunctionTable::build(StackTreeBuilder::build(data.data(), byFunction));
        QCOMPARE(functions.size(), 3);
        QCOMPARE(functions.function(functions.find("step")).ranks.count(), 2);

        StackTreeOptions byLine;
        byLine.identity = FrameIdentityMode::FunctionFileLine;
        const FunctionTable lines =
            FunctionTable::build(StackTreeBuilder::build(data.data(), byLine));
        QCOMPARE(lines.size(), 4); // two lines of step are two rows
    }

    void marksTheSuspectPathBelowTheSuspectFrame()
    {
        DatasetBuilder data(4);
        for (int r = 0; r < 3; ++r)
            data.rank(r, "main;train;all_reduce");
        data.rank(3, "main;next;queue_get");
        const StackTree tree = StackTreeBuilder::build(data.data(), {});
        const int suspectNode = tree.findPath({"main", "next"});
        const FunctionTable table = FunctionTable::build(tree, {-1, suspectNode});
        QCOMPARE(table.function(table.find("next")).suspect, 1);
        QCOMPARE(table.function(table.find("queue_get")).suspect, 1);
        QCOMPARE(table.function(table.find("main")).suspect, -1);
        QCOMPARE(table.function(table.find("all_reduce")).suspect, -1);
    }

    void cancelledBuildIsEmpty()
    {
        DatasetBuilder data(1);
        std::string stack = "main";
        for (int i = 0; i < 5000; ++i)
            stack += ";f" + std::to_string(i);
        data.rank(0, stack);
        const StackTree tree = StackTreeBuilder::build(data.data(), {});
        const std::atomic<bool> cancel{true};
        QCOMPARE(FunctionTable::build(tree, {}, &cancel).size(), 0);
        QCOMPARE(FunctionTable::build(tree).size(), 5001);
    }
};

QTEST_APPLESS_MAIN(TestFunctionTable)
#include "test_function_table.moc"
