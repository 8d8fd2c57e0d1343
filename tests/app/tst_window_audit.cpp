// The window's audit of what hides in valid UTF-8: the title's count, the Problems list's filter
// and F8 reaching findings, the panes and the inspector on a finding, the profile switch and the
// allowlist, all on files written here and checked on exact offsets.
#include "audit_actions.h"
#include "audit_report.h"
#include "byte_selection.h"
#include "document_session.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "main_window.h"
#include "message_banner.h"
#include "problems_model.h"
#include "settings.h"
#include "text_view.h"
#include "window_test_support.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using u8app::MainWindow;
using u8convert::AuditKind;

namespace {

// The commenting-out attack of Trojan Source in C.
const QByteArray kCommentingOut = "#include <stdbool.h>\n"
                                  "int main(void) {\n"
                                  "    bool isAdmin = false;\n"
                                  "    /*\xE2\x80\xAE } \xE2\x81\xA6if (isAdmin)\xE2\x81\xA9 "
                                  "\xE2\x81\xA6 begin admins only */\n"
                                  "        return 1;\n"
                                  "    /* end admins only \xE2\x80\xAE { \xE2\x81\xA6*/\n"
                                  "    return 0;\n"
                                  "}\n";

// A zero-width space, an overlong form, then an RLO never closed (code profile).
//  0 'x'  1-3 ZWSP  4 'y'  5 ' '  6-7 C0 AF  8 ' '  9 'z'  10-12 RLO  13 'q'  14 LF
const QByteArray kMixed = "x\xE2\x80\x8By \xC0\xAF z\xE2\x80\xAEq\n";

void waitForAudit(MainWindow& w) {
    QTRY_VERIFY(u8test::session(w)->auditReport());
}

QString title(const MainWindow& w) {
    return w.windowTitle().remove(QLatin1String("[*]"));
}

void setFilter(MainWindow& w, u8ui::ProblemsModel::Filter filter) {
    QComboBox* combo = u8test::problemsFilter(w);
    combo->setCurrentIndex(combo->findData(int(filter)));
}

} // namespace

class TestWindowAudit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_audit"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QSettings().clear();
        QVERIFY(dir_.isValid());
    }
    void cleanup() { QSettings().clear(); }

    void titleCountsSuspiciousCharacters_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("state");
        // Six controls (two of them also unterminated: ten findings on six characters).
        QTest::newRow("trojan") << kCommentingOut << "valid UTF-8, 6 suspicious characters";
        QTest::newRow("one") << QByteArray("int a\xE2\x80\x8B;\n")
                             << "valid UTF-8, 1 suspicious character";
        QTest::newRow("clean") << QByteArray("int a;\n") << "valid UTF-8, nothing suspicious";
        QTest::newRow("invalid too")
            << kMixed << "not valid UTF-8 (1 problem), 2 suspicious characters";
    }
    void titleCountsSuspiciousCharacters() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, state);
        MainWindow w;
        QVERIFY(w.openFile(write("sample.c", bytes)));
        waitForAudit(w);
        QCOMPARE(u8test::checkStateText(w), state);
        QCOMPARE(title(w), QStringLiteral("sample.c — %1 — u8scope").arg(state));
        const auto* note = w.findChild<QLabel*>(QStringLiteral("problemsNote"));
        QVERIFY(note->text().contains(QLatin1String("Audited as code (extension .c)")));
    }

    // The window reads a file's comments and strings as the CLI does, by its language: Python's
    // "#" comment is text (a Turkish ı there is a letter), C's "#" line is code.
    void languageFromTheFileName() {
        const QByteArray bytes = "x = 1  # \xC4\xB1l\xC4\xB1k\n";
        for (const auto& [name, state] :
             {std::pair{"turkish.py", "valid UTF-8, nothing suspicious"},
              std::pair{"turkish.c", "valid UTF-8, 2 suspicious characters"}}) {
            MainWindow w;
            QVERIFY(w.openFile(write(name, bytes)));
            waitForAudit(w);
            QCOMPARE(u8test::checkStateText(w), QString::fromLatin1(state));
        }
    }

    // F8 and Shift+F8 step through the rows the filter shows: findings, errors or both; two
    // findings on the same character are two steps.
    void problemsFilterAndF8() {
        MainWindow w;
        QVERIFY(w.openFile(write("mixed.c", kMixed)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        waitForAudit(w);
        QTableView* list = u8test::problemsView(w);
        QCOMPARE(list->model()->rowCount(), 4); // ZWSP, overlong, RLO twice
        w.goTo(0);
        const std::vector<u8ui::ByteRange> all = {{1, 4}, {6, 8}, {10, 13}, {10, 13}};
        for (const u8ui::ByteRange& expected : all) {
            QTest::keyClick(&w, Qt::Key_F8);
            QCOMPARE(u8test::selection(w)->range(), expected);
        }
        QCOMPARE(list->currentIndex().row(), 3);
        QCOMPARE(list->model()->index(3, 0).data(u8ui::ProblemsModel::KindRole).toInt(),
                 int(AuditKind::BidiUnterminated));
        QTest::keyClick(&w, Qt::Key_F8); // nothing further: stays
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{10, 13}));
        QTest::keyClick(&w, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(list->currentIndex().row(), 2);
        QTest::keyClick(&w, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8}));

        // Errors only: the findings are skipped.
        setFilter(w, u8ui::ProblemsModel::Filter::Errors);
        QCOMPARE(list->model()->rowCount(), 1);
        w.goTo(0);
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8}));
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8}));

        // Suspicious characters only: the error is skipped.
        setFilter(w, u8ui::ProblemsModel::Filter::Suspicious);
        QCOMPARE(list->model()->rowCount(), 3);
        w.goTo(0);
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{1, 4}));
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{10, 13}));
        QTest::keyClick(&w, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{1, 4}));
        // A click on a finding's row selects its bytes.
        const QModelIndex last = list->model()->index(2, 0);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(last).center());
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{10, 13}));
        // The filter is remembered.
        MainWindow again;
        QCOMPARE(u8test::problemsFilter(again)->currentData().toInt(),
                 int(u8ui::ProblemsModel::Filter::Suspicious));
    }

    // The panes and the inspector on a finding: the bytes in the Suspicious role, the control
    // as a marker, the look-alike explained.
    void panesAndInspectorShowAFinding() {
        MainWindow w;
        QVERIFY(w.openFile(write("homoglyph.c", "void say\xD0\x9D"
                                                "ello(void);\n/*\xE2\x80\xAE x */\n")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        waitForAudit(w);
        w.goTo(8, 2); // the Cyrillic EN
        QCOMPARE(u8test::hexView(w)->roleAt(8), u8ui::CellRole::Suspicious);
        QCOMPARE(u8test::hexView(w)->roleAt(9), u8ui::CellRole::Suspicious);
        const QString text = u8test::inspector(w)->findingText();
        QVERIFY2(text.contains(QStringLiteral(
                     "\u041D U+041D CYRILLIC CAPITAL LETTER EN looks like H U+0048")),
                 qPrintable(text));
        QVERIFY(!u8test::inspector(w)->showsReadingOrder());
        // The RLO: a marker in the text pane, its line in reading order in the inspector.
        w.goTo(24, 3);
        QCOMPARE(u8test::textView(w)->markerAt(24), QStringLiteral("RLO"));
        QCOMPARE(u8test::hexView(w)->roleAt(25), u8ui::CellRole::Suspicious);
        QVERIFY(u8test::inspector(w)->showsReadingOrder());
        QVERIFY(u8test::inspector(w)->findingText().contains(QLatin1String("(bidi-control)")));
    }

    // U+00A0 is a finding in code (a space a compiler does not take for one), not in prose.
    void profileSwitchChangesFindings() {
        const QByteArray bytes = "int\xC2\xA0x = 1;\n";
        MainWindow w;
        u8app::AuditActions* audit = u8test::auditActions(w);
        QVERIFY(w.openFile(write("nbsp.c", bytes)));
        waitForAudit(w);
        QCOMPARE(audit->profile(), u8convert::AuditProfile::Code);
        QVERIFY(audit->codeProfileAction()->isChecked());
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(1));
        QCOMPARE(int(u8test::session(w)->auditReport()->findings.front().kind),
                 int(AuditKind::SpaceLookalike));
        QVERIFY(audit->textProfileAction()->statusTip().contains(QLatin1String("until u8scope "
                                                                               "quits")));
        audit->textProfileAction()->trigger();
        QVERIFY(!u8test::session(w)->auditReport()); // audited again
        waitForAudit(w);
        QCOMPARE(audit->profile(), u8convert::AuditProfile::Text);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(0));
        QCOMPARE(u8test::checkStateText(w), QStringLiteral("valid UTF-8, nothing suspicious"));
        QVERIFY(w.findChild<QLabel*>(QStringLiteral("problemsNote"))
                    ->text()
                    .contains(QLatin1String("Audited as text (chosen in the View menu)")));
        // Another file gets the profile of its name; the choice comes back with this one.
        QVERIFY(w.openFile(write("nbsp.txt", bytes)));
        waitForAudit(w);
        QCOMPARE(audit->profile(), u8convert::AuditProfile::Text);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(0));
        audit->codeProfileAction()->trigger();
        waitForAudit(w);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(1));
        QVERIFY(w.openFile(dir_.filePath(QStringLiteral("nbsp.c"))));
        waitForAudit(w);
        QCOMPARE(audit->profile(), u8convert::AuditProfile::Text);
        QVERIFY(audit->textProfileAction()->isChecked());
    }

    // An allowlist's word: entry reaches the window's audit too.
    void allowlistAcceptsWords() {
        const QString source = write("words.c", "x = G\xD0\xBE\xD0\xBEgle;\n");
        MainWindow w;
        QVERIFY(w.openFile(source));
        waitForAudit(w);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(2));
        QVERIFY(u8test::auditActions(w)->setAllowlistFile(
            write("words.txt", "word:G\xD0\xBE\xD0\xBEgle\n")));
        waitForAudit(w);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(0));
    }

    void allowlistAcceptsCharactersAndReportsErrors() {
        const QString nbsp = write("nbsp.c", "int\xC2\xA0x = 1;\n");
        const QString good = write("allow.txt", "# our no-break spaces\nU+00A0\n");
        const QString bad = write("bad-allow.txt", "U+00A0\nU+ZZZZ\n");
        MainWindow w;
        u8app::AuditActions* audit = u8test::auditActions(w);
        QVERIFY(w.openFile(nbsp));
        waitForAudit(w);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(1));
        QVERIFY(audit->setAllowlistFile(good));
        waitForAudit(w);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(0));
        QCOMPARE(u8app::settings::auditAllowlist(), good);
        QVERIFY(audit->clearAllowlistAction()->isEnabled());
        // A bad file: a message naming the file and the line; the allowlist before stays.
        QVERIFY(!audit->setAllowlistFile(bad));
        const QString message = u8test::banner(w)->text();
        QVERIFY2(message.contains(bad + QStringLiteral(":2:")), qPrintable(message));
        QCOMPARE(u8test::banner(w)->level(), u8app::MessageBanner::Level::Error);
        QCOMPARE(audit->allowlistFile(), good);
        // Read again at start-up, from the settings.
        {
            MainWindow next;
            QCOMPARE(u8test::auditActions(next)->allowlistFile(), good);
            QVERIFY(u8test::banner(next)->text().isEmpty());
        }
        u8app::settings::setAuditAllowlist(bad);
        {
            MainWindow next;
            QVERIFY(u8test::auditActions(next)->allowlistFile().isEmpty());
            QVERIFY2(u8test::banner(next)->text().contains(bad + QStringLiteral(":2:")),
                     qPrintable(u8test::banner(next)->text()));
            // Opening a file (as the command line does at start-up) clears the banner; the
            // first audit says it again.
            QVERIFY(next.openFile(nbsp));
            waitForAudit(next);
            QVERIFY2(u8test::banner(next)->text().contains(bad + QStringLiteral(":2:")),
                     qPrintable(u8test::banner(next)->text()));
            QCOMPARE(u8test::session(next)->auditReport()->totalFindings, quint64(1));
        }
        // Without it, the finding is back.
        audit->clearAllowlistAction()->trigger();
        waitForAudit(w);
        QCOMPARE(u8test::session(w)->auditReport()->totalFindings, quint64(1));
        QVERIFY(u8app::settings::auditAllowlist().isEmpty());
    }

private:
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowAudit)
#include "tst_window_audit.moc"
