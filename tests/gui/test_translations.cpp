#include "AppTranslations.h"
#include "MainWindow.h"

#include <QMenuBar>
#include <QTranslator>
#include <QtTest>

// The Chinese and Japanese catalogs are built into the app and translate the main menus.
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
    }

    void mainMenusFollowTheLanguage()
    {
        AppTranslations::install(*QCoreApplication::instance(), QStringLiteral("ja"));
        MainWindow window;
        QStringList titles;
        for (QAction *action : window.menuBar()->actions())
            titles << action->text();
        QCOMPARE(titles, (QStringList{QStringLiteral("ファイル(&F)"), QStringLiteral("表示(&V)"),
                                      QStringLiteral("ヘルプ(&H)")}));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
