#include "core/model/RankSet.h"

#include <QtTest>

using rankscope::RankSet;

class TestRankSet : public QObject
{
    Q_OBJECT
private slots:
    void printsCompactRanges_data()
    {
        QTest::addColumn<QString>("ranks");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("single") << QStringLiteral("7") << QStringLiteral("7");
        QTest::newRow("gap") << QStringLiteral("0 1 2 3 4 5 6 8 9 10 11 12 13 14 15")
                             << QStringLiteral("0-6,8-15");
        QTest::newRow("pairs") << QStringLiteral("1 2 4 6 7") << QStringLiteral("1-2,4,6-7");
        QTest::newRow("word edge")
            << QStringLiteral("63 64 65 127 128") << QStringLiteral("63-65,127-128");
    }
    void printsCompactRanges()
    {
        QFETCH(QString, ranks);
        QFETCH(QString, expected);
        RankSet set;
        for (const QString &r : ranks.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            set.insert(r.toInt());
        QCOMPARE(QString::fromStdString(set.toString()), expected);
    }

    void parsesBackWhatItPrints()
    {
        RankSet set = RankSet::range(0, 36) | RankSet::range(38, 63) | RankSet::range(1000, 1100);
        set.insert(4095);
        const auto parsed = RankSet::parse(set.toString());
        QVERIFY(parsed.has_value());
        QVERIFY(*parsed == set);
        QCOMPARE(parsed->count(), 37 + 26 + 101 + 1);
    }

    void parsesFlameSeparators()
    {
        const auto flame = RankSet::parse("0-2/4-7");
        QVERIFY(flame);
        QCOMPARE(flame->toString(), std::string("0-2,4-7"));
        const auto spaced = RankSet::parse(" 1 , 3-4 ");
        QVERIFY(spaced);
        QCOMPARE(spaced->toString(), std::string("1,3-4"));
        QVERIFY(RankSet::parse("")->empty());
    }

    void rejectsGarbage_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("letters") << QStringLiteral("a-b");
        QTest::newRow("reversed") << QStringLiteral("9-3");
        QTest::newRow("negative") << QStringLiteral("-3");
        QTest::newRow("inner empty") << QStringLiteral("1,,2");
        QTest::newRow("trailing dash") << QStringLiteral("4-");
    }
    void rejectsGarbage()
    {
        QFETCH(QString, text);
        QVERIFY(!RankSet::parse(text.toStdString()).has_value());
    }

    void setAlgebra()
    {
        const RankSet all = RankSet::range(0, 63);
        RankSet has = all;
        has.erase(37);
        const RankSet missing = all - has;
        QCOMPARE(missing.toString(), std::string("37"));
        QCOMPARE((has & missing).count(), 0);
        QVERIFY((has | missing) == all);
        QCOMPARE(all.first(), 0);
        QCOMPARE(all.last(), 63);
        RankSet shrinking = RankSet::range(0, 200);
        shrinking -= RankSet::range(100, 200);
        QCOMPARE(shrinking.last(), 99);
        QVERIFY(shrinking == RankSet::range(0, 99)); // equal after trailing words emptied
    }
};

QTEST_APPLESS_MAIN(TestRankSet)
#include "test_rankset.moc"
