// A mined template's severity from its events' levels (core/logs/TemplateSeverity.h): the
// highest level at least half of its levelled events reach; events without a level say nothing.
#include "core/logs/TemplateSeverity.h"

#include <QtTest>

using namespace rankscope;

namespace {

TemplateSeverityCounts counts(std::initializer_list<std::pair<LogSeverity, int>> levels)
{
    TemplateSeverityCounts result;
    for (const auto &[severity, n] : levels) {
        for (int i = 0; i < n; ++i)
            result.add(severity);
    }
    return result;
}

} // namespace

class TestTemplateSeverity : public QObject
{
    Q_OBJECT

private slots:
    void levelOfItsLines()
    {
        QCOMPARE(minedTemplateSeverity(counts({{LogSeverity::Warning, 40}})), LogSeverity::Warning);
        // Lines without a level do not dilute the ones that have one.
        QCOMPARE(
            minedTemplateSeverity(counts({{LogSeverity::Unknown, 900}, {LogSeverity::Warning, 3}})),
            LogSeverity::Warning);
        QCOMPARE(minedTemplateSeverity(counts({{LogSeverity::Unknown, 12}})), LogSeverity::Unknown);
        QCOMPARE(minedTemplateSeverity(TemplateSeverityCounts{}), LogSeverity::Unknown);
    }

    void oneErrorAmongManyInfoLinesIsNotTheTemplatesLevel()
    {
        QCOMPARE(minedTemplateSeverity(counts({{LogSeverity::Info, 99}, {LogSeverity::Error, 1}})),
                 LogSeverity::Info);
        // Half reach Error: the template is an error.
        QCOMPARE(minedTemplateSeverity(counts({{LogSeverity::Info, 5}, {LogSeverity::Error, 5}})),
                 LogSeverity::Error);
        // Warnings and errors together are most: the highest level they share is Warning.
        QCOMPARE(minedTemplateSeverity(counts(
                     {{LogSeverity::Info, 4}, {LogSeverity::Warning, 3}, {LogSeverity::Error, 2}})),
                 LogSeverity::Warning);
        QCOMPARE(minedTemplateSeverity(counts({{LogSeverity::Debug, 3}, {LogSeverity::Fatal, 1}})),
                 LogSeverity::Debug);
    }
};

QTEST_GUILESS_MAIN(TestTemplateSeverity)
#include "test_template_severity.moc"
