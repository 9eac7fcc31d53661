#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

// A real install, as a user gets it: `cpack -G DEB` writes rankscope_<version>_<arch>.deb, which
// is unpacked with dpkg-deb into a temporary root; the programs are run from there with no
// LD_LIBRARY_PATH, and the desktop entry, AppStream metadata, MIME type and man pages it holds
// are checked with the tools the desktop uses. Without cpack or dpkg-deb the same files come from
// `cmake --install`. Nothing is written outside the temporary directory: the package is made
// there (cpack -B), and HOME, the XDG folders and the rankscope cache point into it.
class TestInstallPackage : public QObject
{
    Q_OBJECT

    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };

    QTemporaryDir m_tmp;
    QString m_usr; // the installed prefix: <tmp>/root/usr
    QString m_deb; // the package, empty when installed with cmake --install
    QString m_appId = QStringLiteral(RANKSCOPE_EXPECTED_APP_ID);
    QString m_version = QStringLiteral(RANKSCOPE_EXPECTED_VERSION);

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("LD_LIBRARY_PATH"));
        const QString home = m_tmp.filePath(QStringLiteral("home"));
        env.insert(QStringLiteral("HOME"), home);
        env.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/.cache"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_tmp.filePath(QStringLiteral("runtime")));
        env.insert(QStringLiteral("RANKSCOPE_CACHE_DIR"), m_tmp.filePath(QStringLiteral("cache")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        return env;
    }

    Run run(const QString &program, const QStringList &args, int timeoutMs = 60000) const
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.setWorkingDirectory(m_tmp.path());
        process.start(program, args);
        Run result;
        if (!process.waitForStarted(10000)) {
            result.err = process.errorString().toUtf8();
            return result;
        }
        if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
            result.err = "timed out: " + program.toUtf8();
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        result.out = process.readAllStandardOutput();
        result.err = process.readAllStandardError();
        return result;
    }

    static QByteArray describe(const QString &what, const Run &run)
    {
        return (what + QStringLiteral(" exited with %1: ").arg(run.exitCode)).toUtf8() + run.err +
               run.out.left(2000);
    }

    QString installed(const QString &relative) const { return m_usr + QLatin1Char('/') + relative; }

    QByteArray readGzip(const QString &file) const
    {
        const QString gzip = QStandardPaths::findExecutable(QStringLiteral("gzip"));
        if (!file.endsWith(QLatin1String(".gz"))) {
            QFile plain(file);
            return plain.open(QIODevice::ReadOnly) ? plain.readAll() : QByteArray();
        }
        if (gzip.isEmpty())
            return {};
        return run(gzip, {QStringLiteral("-dc"), file}).out;
    }

    QString manPage(const QString &name) const
    {
        const QString dir = installed(QStringLiteral("share/man/man1/"));
        return QFileInfo::exists(dir + name + QStringLiteral(".1.gz"))
                   ? dir + name + QStringLiteral(".1.gz")
                   : dir + name + QStringLiteral(".1");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("home"))));
        const QString runtime = m_tmp.filePath(QStringLiteral("runtime"));
        QVERIFY(QDir().mkpath(runtime));
        QFile::setPermissions(runtime, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                           QFileDevice::ExeOwner);
        const QString root = m_tmp.filePath(QStringLiteral("root"));
        m_usr = root + QStringLiteral("/usr");
        const QString build = QStringLiteral(RANKSCOPE_BUILD_DIR);
        const QString cpack = QStringLiteral(RANKSCOPE_CPACK_COMMAND);
        const QString dpkgDeb = QStandardPaths::findExecutable(QStringLiteral("dpkg-deb"));
        if (QFileInfo(cpack).isExecutable() && !dpkgDeb.isEmpty()) {
            // -B: the package and CPack's staging folder go to the temporary directory, not
            // into the build folder.
            const QString packages = m_tmp.filePath(QStringLiteral("packages"));
            const Run made =
                run(cpack,
                    {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                     build + QStringLiteral("/CPackConfig.cmake"), QStringLiteral("-B"), packages},
                    240000);
            QVERIFY2(made.exitCode == 0, describe(QStringLiteral("cpack -G DEB"), made));
            const QStringList debs =
                QDir(packages).entryList({QStringLiteral("*.deb")}, QDir::Files);
            QCOMPARE(debs.size(), 1);
            m_deb = packages + QLatin1Char('/') + debs.front();
            const Run unpacked = run(dpkgDeb, {QStringLiteral("-x"), m_deb, root});
            QVERIFY2(unpacked.exitCode == 0, describe(QStringLiteral("dpkg-deb -x"), unpacked));
        } else {
            qInfo("cpack or dpkg-deb is missing (apt-get install dpkg): checking what "
                  "cmake --install installs instead of the Debian package");
            const Run done = run(
                QStringLiteral(RANKSCOPE_CMAKE_COMMAND),
                {QStringLiteral("--install"), build, QStringLiteral("--prefix"), m_usr}, 120000);
            QVERIFY2(done.exitCode == 0, describe(QStringLiteral("cmake --install"), done));
        }
    }

    void packageIsNamedAndDescribed()
    {
        if (m_deb.isEmpty())
            QSKIP("no Debian package was built (cpack or dpkg-deb is missing)");
        // rankscope_<version>_<arch>.deb, the architecture dpkg names.
        QString arch = QStringLiteral("[a-z0-9]+");
        const QString dpkg = QStandardPaths::findExecutable(QStringLiteral("dpkg"));
        if (!dpkg.isEmpty())
            arch = QString::fromUtf8(run(dpkg, {QStringLiteral("--print-architecture")}).out)
                       .trimmed();
        const QRegularExpression name(QStringLiteral("^rankscope_%1_%2\\.deb$")
                                          .arg(QRegularExpression::escape(m_version), arch));
        QVERIFY2(name.match(QFileInfo(m_deb).fileName()).hasMatch(), qPrintable(m_deb));

        const QString dpkgDeb = QStandardPaths::findExecutable(QStringLiteral("dpkg-deb"));
        const auto field = [&](const char *key) {
            return QString::fromUtf8(
                       run(dpkgDeb, {QStringLiteral("-f"), m_deb, QString::fromLatin1(key)}).out)
                .trimmed();
        };
        QCOMPARE(field("Package"), QStringLiteral("rankscope"));
        QCOMPARE(field("Version"), m_version);
        QCOMPARE(field("Section"), QStringLiteral("devel"));
        QVERIFY(field("Maintainer").contains(QLatin1Char('@')));
        QVERIFY(field("Description").contains(QStringLiteral("distributed training job")));
        // The libraries the programs link, by their Debian package names (dpkg-shlibdeps adds
        // the versions).
        const QString depends = field("Depends");
        for (const char *library : {"libqt6widgets6", "libqt6svg6", "libqt6charts6", "libsqlite3-0",
                                    "libzstd1", "libarchive13", "libpcre2-8-0"})
            QVERIFY2(depends.contains(QString::fromLatin1(library)),
                     qPrintable(QStringLiteral("%1 not in Depends: %2")
                                    .arg(QString::fromLatin1(library), depends)));
    }

    void installsEveryPart()
    {
        const QStringList expected = {
            QStringLiteral("bin/rankscope"),
            QStringLiteral("bin/rankscope-cli"),
            QStringLiteral("share/applications/%1.desktop").arg(m_appId),
            QStringLiteral("share/metainfo/%1.metainfo.xml").arg(m_appId),
            QStringLiteral("share/mime/packages/%1.xml").arg(m_appId),
            QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(m_appId),
            QStringLiteral("share/rankscope/translations/rankscope_zh_CN.qm"),
            QStringLiteral("share/rankscope/translations/rankscope_ja.qm"),
            QStringLiteral("share/doc/rankscope/cli.md"),
            QStringLiteral("share/doc/rankscope/bundle-format.md"),
            QStringLiteral("share/doc/rankscope/images/mainwindow-demo.png"),
        };
        for (const QString &file : expected)
            QVERIFY2(QFileInfo(installed(file)).isFile(),
                     qPrintable(file + QStringLiteral(" is not installed")));
        QVERIFY(QFileInfo(installed(QStringLiteral("bin/rankscope"))).isExecutable());
        QVERIFY(QFileInfo(manPage(QStringLiteral("rankscope-cli"))).isFile());
        QVERIFY(QFileInfo(manPage(QStringLiteral("rankscope"))).isFile());
        // Every picture a guide page shows is installed beside it.
        QDirIterator pages(installed(QStringLiteral("share/doc/rankscope")),
                           {QStringLiteral("*.md")}, QDir::Files);
        const QRegularExpression image(QStringLiteral("\\]\\((images/[^)]+)\\)"));
        while (pages.hasNext()) {
            const QString page = pages.next();
            QFile file(page);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            for (const QRegularExpressionMatch &m : image.globalMatch(text))
                QVERIFY2(QFileInfo(QFileInfo(page).dir().filePath(m.captured(1))).isFile(),
                         qPrintable(page + QStringLiteral(": ") + m.captured(1)));
        }
        // The PNG sizes are rendered from the SVG at their nominal size.
        for (const int size : {16, 32, 48, 64, 128, 256}) {
            QImageReader reader(installed(
                QStringLiteral("share/icons/hicolor/%1x%1/apps/%2.png").arg(size).arg(m_appId)));
            QCOMPARE(reader.size(), QSize(size, size));
            QVERIFY(!reader.read().isNull());
        }
    }

    void installedProgramsPrintTheProjectVersion()
    {
        const Run cli =
            run(installed(QStringLiteral("bin/rankscope-cli")), {QStringLiteral("--version")});
        QVERIFY2(cli.exitCode == 0, describe(QStringLiteral("rankscope-cli --version"), cli));
        QCOMPARE(QString::fromUtf8(cli.out).trimmed(),
                 QStringLiteral("rankscope-cli ") + m_version);
        const Run gui =
            run(installed(QStringLiteral("bin/rankscope")), {QStringLiteral("--version")});
        QVERIFY2(gui.exitCode == 0, describe(QStringLiteral("rankscope --version"), gui));
        QCOMPARE(QString::fromUtf8(gui.out).trimmed(), QStringLiteral("rankscope ") + m_version);
    }

    void installedProgramsAnalyseTheDemoHeadless()
    {
        // The GUI renders the demo's flame graph without a window (and writes the demo bundle
        // into the cache); the CLI then names the demo's culprit, rank 37, in the same bundle.
        const QString png = m_tmp.filePath(QStringLiteral("demo.png"));
        const Run exported = run(installed(QStringLiteral("bin/rankscope")),
                                 {QStringLiteral("--demo"), QStringLiteral("--export-view"),
                                  QStringLiteral("flamegraph"), QStringLiteral("--out"), png,
                                  QStringLiteral("--width"), QStringLiteral("1000")},
                                 180000);
        QVERIFY2(exported.exitCode == 0,
                 describe(QStringLiteral("rankscope --export-view"), exported));
        QImageReader reader(png);
        QCOMPARE(reader.size().width(), 1000);
        QVERIFY(reader.text(QStringLiteral("Description")).contains(QStringLiteral("rank")));

        const QDir demos(m_tmp.filePath(QStringLiteral("cache/demo")));
        const QStringList bundles = demos.entryList({QStringLiteral("hang-dataloader-*")},
                                                    QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY2(!bundles.isEmpty(), "the demo bundle is not in the cache");
        QString bundle;
        for (const QString &name : bundles)
            if (!name.endsWith(QLatin1String("-baseline")))
                bundle = demos.filePath(name);
        QVERIFY(!bundle.isEmpty());
        // As a user would send it: the bundle folder archived under the *.rankscope name the
        // MIME type claims (gzip here; tar's zstd needs the zstd program). rankscope reads it
        // by its content.
        const QString tar = QStandardPaths::findExecutable(QStringLiteral("tar"));
        if (!tar.isEmpty()) {
            const QString archive = m_tmp.filePath(QStringLiteral("job.rankscope"));
            const Run packed = run(tar, {QStringLiteral("-czf"), archive, QStringLiteral("-C"),
                                         bundle, QStringLiteral(".")});
            QVERIFY2(packed.exitCode == 0, describe(QStringLiteral("tar -czf"), packed));
            bundle = archive;
        }
        const Run stacks = run(
            installed(QStringLiteral("bin/rankscope-cli")),
            {QStringLiteral("stacks"), bundle, QStringLiteral("--format"), QStringLiteral("json")},
            120000);
        QVERIFY2(stacks.exitCode == 0, describe(QStringLiteral("rankscope-cli stacks"), stacks));
        const QJsonObject report = QJsonDocument::fromJson(stacks.out).object();
        QCOMPARE(report.value(QStringLiteral("verdict"))
                     .toObject()
                     .value(QStringLiteral("kind"))
                     .toString(),
                 QStringLiteral("blockers-found"));
        const QJsonArray suspects = report.value(QStringLiteral("suspects")).toArray();
        QVERIFY(!suspects.isEmpty());
        QCOMPARE(suspects.first().toObject().value(QStringLiteral("ranks")).toString(),
                 QStringLiteral("37"));
    }

    void desktopEntryValidatesAndOpensBundles()
    {
        const QString file =
            installed(QStringLiteral("share/applications/%1.desktop").arg(m_appId));
        QFile desktop(file);
        QVERIFY(desktop.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(desktop.readAll());
        QVERIFY(text.contains(QStringLiteral("\nExec=rankscope %f\n")));
        QVERIFY(text.contains(QStringLiteral("\nIcon=") + m_appId + QLatin1Char('\n')));
        // The bundle type first; plain archives only as another choice (no default is claimed).
        const QRegularExpression mime(QStringLiteral("\nMimeType=([^\n]*)\n"));
        const QStringList types =
            mime.match(text).captured(1).split(QLatin1Char(';'), Qt::SkipEmptyParts);
        QVERIFY(!types.isEmpty());
        QCOMPARE(types.first(), QStringLiteral("application/x-rankscope-bundle"));
        QVERIFY(types.contains(QStringLiteral("application/x-zstd-compressed-tar")));

        const QString validate =
            QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        if (validate.isEmpty())
            QSKIP("desktop-file-validate is missing (apt-get install desktop-file-utils)");
        const Run checked = run(validate, {file});
        QVERIFY2(checked.exitCode == 0 && checked.out.trimmed().isEmpty(),
                 describe(QStringLiteral("desktop-file-validate"), checked));
    }

    void metainfoValidatesAndNamesThisRelease()
    {
        const QString file =
            installed(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(m_appId));
        QFile metainfo(file);
        QVERIFY(metainfo.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&metainfo);
        QString id;
        QString launchable;
        QString newestRelease;
        bool contentRating = false;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("id") && id.isEmpty())
                id = xml.readElementText();
            else if (xml.name() == QLatin1String("launchable"))
                launchable = xml.readElementText();
            else if (xml.name() == QLatin1String("content_rating"))
                contentRating = true;
            else if (xml.name() == QLatin1String("release") && newestRelease.isEmpty())
                newestRelease = xml.attributes().value(QStringLiteral("version")).toString();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(id, m_appId);
        QCOMPARE(launchable, m_appId + QStringLiteral(".desktop"));
        QVERIFY(contentRating);
        // A new project() version needs its <release> on top.
        QCOMPARE(newestRelease, m_version);

        const QString appstreamcli = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
        if (appstreamcli.isEmpty())
            QSKIP("appstreamcli is missing (apt-get install appstream)");
        const Run checked =
            run(appstreamcli, {QStringLiteral("validate"), QStringLiteral("--no-net"), file});
        QVERIFY2(checked.exitCode == 0, describe(QStringLiteral("appstreamcli validate"), checked));
    }

    void mimeTypeClaimsOnlyRankscopeFiles()
    {
        const QString updater =
            QStandardPaths::findExecutable(QStringLiteral("update-mime-database"));
        if (updater.isEmpty())
            QSKIP("update-mime-database is missing (apt-get install shared-mime-info)");
        // The installed package alone, compiled into a database in the temporary directory.
        // (Under XDG_DATA_HOME, where the tool expects a database.)
        const QString mime = m_tmp.filePath(QStringLiteral("home/.local/share/mime"));
        QVERIFY(QDir().mkpath(mime + QStringLiteral("/packages")));
        QVERIFY(QFile::copy(installed(QStringLiteral("share/mime/packages/%1.xml").arg(m_appId)),
                            mime + QStringLiteral("/packages/rankscope.xml")));
        const Run updated = run(updater, {mime});
        QVERIFY2(updated.exitCode == 0 && updated.err.trimmed().isEmpty(),
                 describe(QStringLiteral("update-mime-database"), updated));
        QFile globs(mime + QStringLiteral("/globs2"));
        QVERIFY(globs.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(globs.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QStringList ours;
        for (const QString &line : lines)
            if (!line.startsWith(QLatin1Char('#')))
                ours << line.section(QLatin1Char(':'), 1);
        QCOMPARE(ours, QStringList{QStringLiteral("application/x-rankscope-bundle:*.rankscope")});
    }

    void manPagesListEveryCommand()
    {
        const QByteArray page = readGzip(manPage(QStringLiteral("rankscope-cli")));
        if (page.isEmpty())
            QSKIP("gzip is missing: cannot read the compressed man page");
        QVERIFY(page.contains(QByteArray(".TH RANKSCOPE-CLI 1 ")));
        QVERIFY2(page.contains(QByteArray("\"rankscope " + m_version.toUtf8() + '"')),
                 "the man page does not carry the project version");
        // Every command `rankscope-cli help` lists has its entry.
        const Run help =
            run(installed(QStringLiteral("bin/rankscope-cli")), {QStringLiteral("help")});
        QCOMPARE(help.exitCode, 0);
        const QString usage = QString::fromUtf8(help.out);
        const QString commands =
            usage.section(QStringLiteral("Commands:"), 1).section(QStringLiteral("Options:"), 0, 0);
        const QRegularExpression command(QStringLiteral("^  ([a-z][a-z-]+)"),
                                         QRegularExpression::MultilineOption);
        int listed = 0;
        for (const QRegularExpressionMatch &m : command.globalMatch(commands)) {
            ++listed;
            const QRegularExpression entry(
                QStringLiteral("^\\.B[IR]? %1( |$)").arg(QRegularExpression::escape(m.captured(1))),
                QRegularExpression::MultilineOption);
            QVERIFY2(entry.match(QString::fromUtf8(page)).hasMatch(),
                     qPrintable(m.captured(1) + QStringLiteral(" is not in rankscope-cli.1")));
        }
        QVERIFY(listed >= 10);

        const QString groff = QStandardPaths::findExecutable(QStringLiteral("groff"));
        if (groff.isEmpty())
            QSKIP("groff is missing: the man pages' markup is not checked");
        for (const QString &name : {QStringLiteral("rankscope-cli"), QStringLiteral("rankscope")}) {
            QFile source(m_tmp.filePath(name + QStringLiteral(".1")));
            QVERIFY(source.open(QIODevice::WriteOnly));
            source.write(readGzip(manPage(name)));
            source.close();
            const Run checked =
                run(groff, {QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z"),
                            QStringLiteral("-Tutf8"), source.fileName()});
            QVERIFY2(checked.exitCode == 0 && checked.err.isEmpty(),
                     describe(QStringLiteral("groff ") + name, checked));
        }
    }
};

QTEST_GUILESS_MAIN(TestInstallPackage)
#include "test_install_package.moc"
