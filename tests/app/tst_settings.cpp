// The window's settings facade (app/gui/settings.h): every setting's default while nothing is
// stored, a value written read back, and the keys users' settings files already hold (a setting
// stored by an earlier version under its key loads; a value written lands under that key).
#include "settings.h"

#include <QCoreApplication>
#include <QHash>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <functional>

using namespace u8app;
using u8ui::ProblemsModel;

class TestSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        // A private file under the test location, not the user's own settings.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("u8scope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("settings"));
    }
    void init() { QSettings().clear(); }
    void cleanupTestCase() { QSettings().clear(); }

    void defaultsHoldWhileNothingIsStored() {
        QVERIFY(settings::lastDirectory().isEmpty());
        QVERIFY(settings::recentFiles().isEmpty());
        QVERIFY(settings::windowGeometry().isEmpty());
        QVERIFY(settings::windowState().isEmpty());
        QCOMPARE(settings::bytesPerRow(), 16);
        QCOMPARE(settings::darkTheme(), false);
        QCOMPARE(settings::showClusters(), true);
        QCOMPARE(settings::zoomPercent(), 100);
        QCOMPARE(settings::goToHex(), true);
        QCOMPARE(settings::readOnly(), false);
        QCOMPARE(settings::fillByte(), QStringLiteral("00"));
        QVERIFY(settings::insertCharacterQuery().isEmpty());
        QCOMPARE(settings::replaceMode(), FindBar::Mode::Text);
        QCOMPARE(settings::replaceMatchCase(), true);
        QCOMPARE(settings::keepBackup(), true);
        QVERIFY(settings::saveEncoding().isEmpty());
        QCOMPARE(settings::saveSignature(), false);
        QCOMPARE(settings::saveUnmappable(), 0);
        QVERIFY(settings::reinterpretEncoding().isEmpty());
        QVERIFY(settings::auditAllowlist().isEmpty());
        QCOMPARE(settings::problemsFilter(), ProblemsModel::Filter::All);
        QVERIFY(settings::problemsExportFilter().isEmpty());
        QVERIFY(QSettings().allKeys().isEmpty()); // reading stores nothing
    }

    void aValueWrittenIsReadBack() {
        const QStringList recent{QStringLiteral("/a/b.txt"), QStringLiteral("/c.txt")};
        settings::setLastDirectory(QStringLiteral("/tmp/x"));
        settings::setRecentFiles(recent);
        settings::setWindowGeometry(QByteArray("\x01\x02", 2));
        settings::setWindowState(QByteArray("state"));
        settings::setBytesPerRow(32);
        settings::setDarkTheme(true);
        settings::setShowClusters(false);
        settings::setZoomPercent(125);
        settings::setGoToHex(false);
        settings::setReadOnly(true);
        settings::setFillByte(QStringLiteral("ff"));
        settings::setInsertCharacterQuery(QStringLiteral("EURO SIGN"));
        settings::setReplaceMode(FindBar::Mode::Hex);
        settings::setReplaceMatchCase(false);
        settings::setKeepBackup(false);
        settings::setSaveEncoding(QStringLiteral("KOI8-R"));
        settings::setSaveSignature(true);
        settings::setSaveUnmappable(2);
        settings::setReinterpretEncoding(QStringLiteral("windows-1251"));
        settings::setAuditAllowlist(QStringLiteral("/etc/allow.txt"));
        settings::setProblemsFilter(ProblemsModel::Filter::Errors);
        settings::setProblemsExportFilter(QStringLiteral("JSON (*.json)"));

        QCOMPARE(settings::lastDirectory(), QStringLiteral("/tmp/x"));
        QCOMPARE(settings::recentFiles(), recent);
        QCOMPARE(settings::windowGeometry(), QByteArray("\x01\x02", 2));
        QCOMPARE(settings::windowState(), QByteArray("state"));
        QCOMPARE(settings::bytesPerRow(), 32);
        QCOMPARE(settings::darkTheme(), true);
        QCOMPARE(settings::showClusters(), false);
        QCOMPARE(settings::zoomPercent(), 125);
        QCOMPARE(settings::goToHex(), false);
        QCOMPARE(settings::readOnly(), true);
        QCOMPARE(settings::fillByte(), QStringLiteral("ff"));
        QCOMPARE(settings::insertCharacterQuery(), QStringLiteral("EURO SIGN"));
        QCOMPARE(settings::replaceMode(), FindBar::Mode::Hex);
        QCOMPARE(settings::replaceMatchCase(), false);
        QCOMPARE(settings::keepBackup(), false);
        QCOMPARE(settings::saveEncoding(), QStringLiteral("KOI8-R"));
        QCOMPARE(settings::saveSignature(), true);
        QCOMPARE(settings::saveUnmappable(), 2);
        QCOMPARE(settings::reinterpretEncoding(), QStringLiteral("windows-1251"));
        QCOMPARE(settings::auditAllowlist(), QStringLiteral("/etc/allow.txt"));
        QCOMPARE(settings::problemsFilter(), ProblemsModel::Filter::Errors);
        QCOMPARE(settings::problemsExportFilter(), QStringLiteral("JSON (*.json)"));

        // Written again, a value replaces the one before; an empty allowlist forgets the key.
        settings::setZoomPercent(90);
        QCOMPARE(settings::zoomPercent(), 90);
        settings::setAuditAllowlist({});
        QVERIFY(settings::auditAllowlist().isEmpty());
        QVERIFY(!QSettings().contains(QStringLiteral("auditAllowlist")));
    }

    // The keys of settings files written before the facade (each named here once, as the
    // compatibility it checks): a value stored under one is read, and one written goes there,
    // enumerations as their numbers.
    void keysAreTheOnesSavedSettingsHold_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QVariant>("stored");
        const auto row = [](const char* key, const QVariant& stored) {
            QTest::newRow(key) << QString::fromLatin1(key) << stored;
        };
        row("lastDirectory", QVariant(QStringLiteral("/srv")));
        row("recentFiles", QVariant(QStringList{"/r.txt"}));
        row("geometry", QVariant(QByteArray("g")));
        row("windowState", QVariant(QByteArray("w")));
        row("bytesPerRow", QVariant(24));
        row("darkTheme", QVariant(true));
        row("showClusters", QVariant(false));
        row("zoomPercent", QVariant(150));
        row("goToHex", QVariant(false));
        row("edit/readOnly", QVariant(true));
        row("edit/fillByte", QVariant(QStringLiteral("7f")));
        row("edit/insertCharacter", QVariant(QStringLiteral("U+00E9")));
        row("replace/mode", QVariant(int(FindBar::Mode::CodePoint)));
        row("replace/matchCase", QVariant(false));
        row("save/keepBackup", QVariant(false));
        row("save/encoding", QVariant(QStringLiteral("UTF-32BE")));
        row("save/signature", QVariant(true));
        row("save/unmappable", QVariant(1));
        row("repair/reinterpretEncoding", QVariant(QStringLiteral("IBM437")));
        row("auditAllowlist", QVariant(QStringLiteral("/a.txt")));
        row("problemsFilter", QVariant(int(ProblemsModel::Filter::Suspicious)));
        row("exportFilter", QVariant(QStringLiteral("JSON (*.json)")));
    }

    void keysAreTheOnesSavedSettingsHold() {
        QFETCH(QString, key);
        QFETCH(QVariant, stored);
        // Each key's facade pair, as a reading and a writing of a QVariant.
        using Read = std::function<QVariant()>;
        using Write = std::function<void(const QVariant&)>;
        const QHash<QString, std::pair<Read, Write>> pairs{
            {"lastDirectory",
             {[] { return QVariant(settings::lastDirectory()); },
              [](const QVariant& v) { settings::setLastDirectory(v.toString()); }}},
            {"recentFiles",
             {[] { return QVariant(settings::recentFiles()); },
              [](const QVariant& v) { settings::setRecentFiles(v.toStringList()); }}},
            {"geometry",
             {[] { return QVariant(settings::windowGeometry()); },
              [](const QVariant& v) { settings::setWindowGeometry(v.toByteArray()); }}},
            {"windowState",
             {[] { return QVariant(settings::windowState()); },
              [](const QVariant& v) { settings::setWindowState(v.toByteArray()); }}},
            {"bytesPerRow",
             {[] { return QVariant(settings::bytesPerRow()); },
              [](const QVariant& v) { settings::setBytesPerRow(v.toInt()); }}},
            {"darkTheme",
             {[] { return QVariant(settings::darkTheme()); },
              [](const QVariant& v) { settings::setDarkTheme(v.toBool()); }}},
            {"showClusters",
             {[] { return QVariant(settings::showClusters()); },
              [](const QVariant& v) { settings::setShowClusters(v.toBool()); }}},
            {"zoomPercent",
             {[] { return QVariant(settings::zoomPercent()); },
              [](const QVariant& v) { settings::setZoomPercent(v.toInt()); }}},
            {"goToHex",
             {[] { return QVariant(settings::goToHex()); },
              [](const QVariant& v) { settings::setGoToHex(v.toBool()); }}},
            {"edit/readOnly",
             {[] { return QVariant(settings::readOnly()); },
              [](const QVariant& v) { settings::setReadOnly(v.toBool()); }}},
            {"edit/fillByte",
             {[] { return QVariant(settings::fillByte()); },
              [](const QVariant& v) { settings::setFillByte(v.toString()); }}},
            {"edit/insertCharacter",
             {[] { return QVariant(settings::insertCharacterQuery()); },
              [](const QVariant& v) { settings::setInsertCharacterQuery(v.toString()); }}},
            {"replace/mode",
             {[] { return QVariant(int(settings::replaceMode())); },
              [](const QVariant& v) { settings::setReplaceMode(FindBar::Mode(v.toInt())); }}},
            {"replace/matchCase",
             {[] { return QVariant(settings::replaceMatchCase()); },
              [](const QVariant& v) { settings::setReplaceMatchCase(v.toBool()); }}},
            {"save/keepBackup",
             {[] { return QVariant(settings::keepBackup()); },
              [](const QVariant& v) { settings::setKeepBackup(v.toBool()); }}},
            {"save/encoding",
             {[] { return QVariant(settings::saveEncoding()); },
              [](const QVariant& v) { settings::setSaveEncoding(v.toString()); }}},
            {"save/signature",
             {[] { return QVariant(settings::saveSignature()); },
              [](const QVariant& v) { settings::setSaveSignature(v.toBool()); }}},
            {"save/unmappable",
             {[] { return QVariant(settings::saveUnmappable()); },
              [](const QVariant& v) { settings::setSaveUnmappable(v.toInt()); }}},
            {"repair/reinterpretEncoding",
             {[] { return QVariant(settings::reinterpretEncoding()); },
              [](const QVariant& v) { settings::setReinterpretEncoding(v.toString()); }}},
            {"auditAllowlist",
             {[] { return QVariant(settings::auditAllowlist()); },
              [](const QVariant& v) { settings::setAuditAllowlist(v.toString()); }}},
            {"problemsFilter",
             {[] { return QVariant(int(settings::problemsFilter())); },
              [](const QVariant& v) {
                  settings::setProblemsFilter(ProblemsModel::Filter(v.toInt()));
              }}},
            {"exportFilter",
             {[] { return QVariant(settings::problemsExportFilter()); },
              [](const QVariant& v) { settings::setProblemsExportFilter(v.toString()); }}},
        };
        QVERIFY2(pairs.contains(key), qPrintable(key));
        const auto& [read, write] = pairs.value(key);
        // Stored by an earlier version under the key: the facade reads it.
        QSettings().setValue(key, stored);
        QCOMPARE(read(), stored);
        // Written through the facade: it is under the key, nowhere else.
        QSettings().clear();
        write(stored);
        QCOMPARE(QSettings().allKeys(), QStringList{key});
        QCOMPARE(QSettings().value(key), stored);
    }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
