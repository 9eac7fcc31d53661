#include "AppTranslations.h"
#include "MainWindow.h"
#include "views/diff/DiffView.h"
#include "views/heatmap/HeatmapText.h"
#include "views/heatmap/HeatmapView.h"
#include "views/logs/LogFilterBar.h"
#include "views/logs/LogTemplateModel.h"

#include <QComboBox>
#include <QMenuBar>
#include <QScopeGuard>
#include <QTabWidget>
#include <QToolButton>
#include <QTranslator>
#include <QtTest>

using namespace rankscope;

// The Chinese and Japanese catalogs are built into the app and translate the main menus and the
// trace views (heatmap, rank detail, stragglers) and the Logs view.
class TestTranslations : public QObject
{
    Q_OBJECT
private slots:
    void catalogsAreEmbedded_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("ファイル(&F)");
    }
    void catalogsAreEmbedded()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QCOMPARE(translator.translate("MainWindow", "&File"), file);
        QVERIFY(!translator.translate("MainWindow", "&Help").isEmpty());
        QVERIFY(!translator.translate("MainWindow", "&View").isEmpty());
        // Widgets in namespace rankscope translate under their qualified class name.
        const QString reason = translator.translate("rankscope::SuspectsPanel", "Reason");
        QVERIFY(!reason.isEmpty() && reason != QLatin1String("Reason"));
        // The trace views' classes, qualified or declared with Q_DECLARE_TR_FUNCTIONS.
        for (const auto &[context, source] :
             {std::pair{"rankscope::HeatmapView", "Show All"},
              std::pair{"rankscope::TraceTimelineWidget", "No trace to show."},
              std::pair{"rankscope::RankDetailView", "No rank selected"},
              std::pair{"rankscope::OpBreakdownModel", "Peer median (ms)"},
              std::pair{"StragglersPanel", "makes others wait"},
              std::pair{"TimelineStyle", "compute kernel"}, std::pair{"DurationText", "n/a"}}) {
            const QString text = translator.translate(context, source);
            QVERIFY2(!text.isEmpty() && text != QLatin1String(source),
                     qPrintable(QStringLiteral("%1 / %2").arg(QLatin1String(context),
                                                              QLatin1String(source))));
        }
    }

    // The heatmap's toolbar and legend words come out in the language of the installed catalog,
    // and its plural forms take the count.
    void heatmapViewFollowsTheLanguage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("stepTime");
        QTest::addColumn<QString>("noData");
        QTest::addColumn<QString>("outliers");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("单步耗时")
                               << QStringLiteral("无数据") << QStringLiteral("3 个离群单元格");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("ステップ時間")
                            << QStringLiteral("データなし") << QStringLiteral("外れ値のセル 3 個");
    }
    void heatmapViewFollowsTheLanguage()
    {
        QFETCH(QString, language);
        QFETCH(QString, stepTime);
        QFETCH(QString, noData);
        QFETCH(QString, outliers);
        QStringList english;
        for (int m = 0; m < kTraceMetricCount; ++m)
            english << HeatmapText::metricTitle(TraceMetric(m));

        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        const auto uninstall =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        HeatmapView view;
        QCOMPARE(view.metricCombo()->itemText(int(TraceMetric::StepTime)), stepTime);
        for (int m = 0; m < kTraceMetricCount; ++m)
            QVERIFY2(view.metricCombo()->itemText(m) != english[m], qPrintable(english[m]));
        QCOMPARE(HeatmapText::tr("no data"), noData);
        QCOMPARE(
            QCoreApplication::translate("rankscope::HeatmapView", "%n outlier cells", nullptr, 3),
            outliers);
        auto *showAll = view.findChild<QToolButton *>();
        QVERIFY(showAll);
        QVERIFY(showAll->text() != QLatin1String("Show All"));
    }

    // The Logs view's widgets translate under their qualified class names: the template table's
    // headers and the filter bar's buttons and level list come out in the catalog's language.
    void logsViewFollowsTheLanguage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("clear");
        QTest::addColumn<QString>("allLevels");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("级别")
                               << QStringLiteral("清除") << QStringLiteral("全部级别");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("重大度")
                            << QStringLiteral("クリア") << QStringLiteral("すべてのレベル");
    }
    void logsViewFollowsTheLanguage()
    {
        QFETCH(QString, language);
        QFETCH(QString, severity);
        QFETCH(QString, clear);
        QFETCH(QString, allLevels);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        const auto uninstall =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        LogTemplateModel model;
        QCOMPARE(model.headerData(LogTemplateModel::SeverityColumn, Qt::Horizontal).toString(),
                 severity);
        LogFilterBar bar;
        QCOMPARE(bar.clearButton()->text(), clear);
        QCOMPARE(bar.severityCombo()->itemText(0), allLevels);
    }

    void mainMenusFollowTheLanguage()
    {
        AppTranslations::install(*QCoreApplication::instance(), QStringLiteral("ja"));
        MainWindow window;
        QStringList titles;
        for (QAction *action : window.menuBar()->actions())
            titles << action->text();
        QCOMPARE(titles, (QStringList{QStringLiteral("ファイル(&F)"), QStringLiteral("表示(&V)"),
                                      QStringLiteral("メモ(&N)"), QStringLiteral("ヘルプ(&H)")}));
    }

    void diffViewFollowsTheLanguage()
    {
        // The Diff tab and the stack comparison's mode buttons, found by their translated text
        // (a class whose context lupdate filed wrongly would stay English).
        AppTranslations::install(*QCoreApplication::instance(), QStringLiteral("zh_CN"));
        MainWindow window;
        QCOMPARE(window.viewTabs()->tabText(4), QStringLiteral("对比"));
        QStringList buttons;
        for (const QToolButton *button : window.diffView()->findChildren<QToolButton *>())
            buttons << button->text();
        QVERIFY2(buttons.contains(QStringLiteral("并排")), qPrintable(buttons.join(u',')));
        QVERIFY(buttons.contains(QStringLiteral("差分")));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
