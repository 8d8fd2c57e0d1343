// What the window's test suites share: settings kept in a test location, files written into the
// suite's temporary folder, and the window's parts. The window offers its callers commands only
// (open, go to, find); a suite reaches the part it tests as Qt's own tests do, among the window's
// children, by its class and, where the window has several of a class, by its object name. A part
// that is not there fails the test that asked (QFAIL-like: the process ends with its name).
#pragma once

#include "audit_actions.h"
#include "bookmark_actions.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "checksum_actions.h"
#include "code_page_table.h"
#include "compare_actions.h"
#include "compare_view.h"
#include "document_check.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_scan.h"
#include "document_session.h"
#include "edit_actions.h"
#include "find_bar.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "main_window.h"
#include "message_banner.h"
#include "problems_panel.h"
#include "repair_actions.h"
#include "selection_file_actions.h"
#include "summary_panel.h"
#include "text_encoding_actions.h"
#include "text_view.h"
#include "walkthrough_actions.h"
#include "zoom_actions.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>

namespace u8test {

// QSettings of the suite go to a test location, under the suite's own name.
inline void useTestSettings(const QString& suite) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("u8scope-test"));
    QCoreApplication::setApplicationName(suite);
}

// Writes `bytes` to `name` in `dir`; the path, or an empty string when it cannot be written.
inline QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& bytes) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

// The window's part of class T (named `name`, when given).
template <class T> T* part(const QObject& window, const QString& name = {}) {
    T* found = window.findChild<T*>(name);
    if (!found)
        qFatal("the window has no %s named \"%s\"", T::staticMetaObject.className(),
               qPrintable(name));
    return found;
}

// The document and its owner.
inline u8app::DocumentController* documentController(const QObject& w) {
    return part<u8app::DocumentController>(w);
}
inline u8doc::DocumentSession* session(const QObject& w) {
    return part<u8doc::DocumentSession>(w);
}
inline u8ui::ByteDocument* document(const QObject& w) {
    return documentController(w)->document();
}
inline u8ui::ByteSelection* selection(const QObject& w) {
    return documentController(w)->selection();
}
inline u8doc::DocumentHistory* history(const QObject& w) {
    return documentController(w)->history();
}
inline u8doc::DocumentScan* documentScan(const QObject& w) {
    return part<u8doc::DocumentScan>(w);
}
// What the title says of the check: "valid UTF-8, 3 suspicious characters".
inline QString checkStateText(const QObject& w) {
    return part<u8app::DocumentCheck>(w)->stateText();
}

// The widgets.
inline u8app::MessageBanner* banner(const QObject& w) {
    return part<u8app::MessageBanner>(w, QStringLiteral("messageBanner"));
}
inline u8app::FindBar* findBar(const QObject& w) {
    return part<u8app::FindBar>(w, QStringLiteral("findBar"));
}
inline u8ui::HexView* hexView(const QObject& w) {
    return part<u8ui::HexView>(w, QStringLiteral("hexView"));
}
inline u8ui::TextView* textView(const QObject& w) {
    return part<u8ui::TextView>(w, QStringLiteral("textView"));
}
inline u8ui::InspectorPanel* inspector(const QObject& w) {
    return part<u8ui::InspectorPanel>(w, QStringLiteral("inspector"));
}
inline u8ui::CodePageTable* codePageTable(const QObject& w) {
    return part<u8ui::CodePageTable>(w, QStringLiteral("codePageTable"));
}
inline u8ui::SummaryPanel* summaryPanel(const QObject& w) {
    return part<u8ui::SummaryPanel>(w, QStringLiteral("summary"));
}
inline QTableView* problemsView(const QObject& w) {
    return part<u8app::ProblemsPanel>(w)->view();
}
inline QComboBox* problemsFilter(const QObject& w) {
    return part<u8app::ProblemsPanel>(w)->filter();
}
inline u8app::CompareView* compareView(const QObject& w) {
    return part<u8app::CompareView>(w, QStringLiteral("compareView"));
}
// View > Show Grapheme Clusters.
inline QAction* showClustersAction(const QObject& w) {
    return part<QAction>(w, QStringLiteral("showClusters"));
}
// The status bar's field `name`: "offset", "byte", "role", "character", "line".
inline QString statusField(const QObject& w, const QString& name) {
    return part<QLabel>(w, name)->text();
}

// The commands.
inline u8app::RepairActions* repairActions(const QObject& w) {
    return part<u8app::RepairActions>(w);
}
inline u8app::EditActions* editActions(const QObject& w) {
    return part<u8app::EditActions>(w);
}
inline u8app::WalkthroughActions* walkthroughActions(const QObject& w) {
    return part<u8app::WalkthroughActions>(w);
}
inline u8app::ZoomActions* zoomActions(const QObject& w) {
    return part<u8app::ZoomActions>(w);
}
inline u8app::TextEncodingActions* textEncodingActions(const QObject& w) {
    return part<u8app::TextEncodingActions>(w);
}
inline u8app::BookmarkActions* bookmarkActions(const QObject& w) {
    return part<u8app::BookmarkActions>(w);
}
inline u8app::ChecksumActions* checksumActions(const QObject& w) {
    return part<u8app::ChecksumActions>(w);
}
inline u8app::CompareActions* compareActions(const QObject& w) {
    return part<u8app::CompareActions>(w);
}
inline u8app::SelectionFileActions* selectionFileActions(const QObject& w) {
    return part<u8app::SelectionFileActions>(w);
}
inline u8app::AuditActions* auditActions(const QObject& w) {
    return part<u8app::AuditActions>(w);
}

} // namespace u8test
