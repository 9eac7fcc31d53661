#include <QtTest>
class TestCollectiveAnalysis : public QObject
{
    Q_OBJECT
};
QTEST_APPLESS_MAIN(TestCollectiveAnalysis)
#include "test_collective_analysis.moc"
