// What the window remembers between sessions, one accessor pair per setting. Each setting's key
// and default are written once, in settings.cpp; nothing else in the window names a QSettings
// key. The keys are those the window has always stored under ("zoomPercent", "save/keepBackup"),
// so the settings a user saved with an earlier version still load (tests/app/tst_settings.cpp
// reads each key back through QSettings directly).
//
// Every accessor opens the application's QSettings (organisation and application name set in
// main.cpp; a test sets its own), so a value written is read back at once, by any part.
#pragma once

#include "find_bar.h"
#include "problems_model.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace u8app::settings {

// The folder a file was last opened from, where Open, Export Problems and the allowlist's
// dialog start. Default: empty (the dialogs' own start).
[[nodiscard]] QString lastDirectory();
void setLastDirectory(const QString& folder);

// File > Open Recent, most recent first. Default: none.
[[nodiscard]] QStringList recentFiles();
void setRecentFiles(const QStringList& paths);

// The window's geometry and its docks' layout (QMainWindow::saveGeometry(), saveState()).
// Default: empty (the window picks a size and the default layout).
[[nodiscard]] QByteArray windowGeometry();
void setWindowGeometry(const QByteArray& geometry);
[[nodiscard]] QByteArray windowState();
void setWindowState(const QByteArray& state);

// View > Bytes per Row. Default: 16.
[[nodiscard]] int bytesPerRow();
void setBytesPerRow(int bytes);
// View > Dark Theme. Default: off.
[[nodiscard]] bool darkTheme();
void setDarkTheme(bool on);
// View > Grapheme Clusters (a cluster's bytes framed as one). Default: on.
[[nodiscard]] bool showClusters();
void setShowClusters(bool on);
// View > Zoom, in percent. Default: 100.
[[nodiscard]] int zoomPercent();
void setZoomPercent(int percent);

// Go to Offset reads a number as hexadecimal. Default: on.
[[nodiscard]] bool goToHex();
void setGoToHex(bool on);

// Edit > Read Only. Default: off.
[[nodiscard]] bool readOnly();
void setReadOnly(bool on);
// The byte Edit > Fill Selection last filled with, as typed ("00", "ff"). Default: "00".
[[nodiscard]] QString fillByte();
void setFillByte(const QString& text);
// What Insert Character was last asked for. Default: empty.
[[nodiscard]] QString insertCharacterQuery();
void setInsertCharacterQuery(const QString& query);
// Find and Replace: the mode and Match Case. Defaults: text, on.
[[nodiscard]] FindBar::Mode replaceMode();
void setReplaceMode(FindBar::Mode mode);
[[nodiscard]] bool replaceMatchCase();
void setReplaceMatchCase(bool on);

// Save keeps the replaced file as a numbered backup. Default: on.
[[nodiscard]] bool keepBackup();
void setKeepBackup(bool on);
// Save As Encoding: the encoding (default: empty, the dialog's first), the byte order mark
// (default: off) and the choice for characters the encoding lacks (the dialog's row; default: 0,
// refuse).
[[nodiscard]] QString saveEncoding();
void setSaveEncoding(const QString& encoding);
[[nodiscard]] bool saveSignature();
void setSaveSignature(bool on);
[[nodiscard]] int saveUnmappable();
void setSaveUnmappable(int row);

// Repair > Reinterpret As: the encoding last chosen. Default: empty.
[[nodiscard]] QString reinterpretEncoding();
void setReinterpretEncoding(const QString& encoding);

// The audit's allowlist file. Default: empty (none); setting it empty forgets it.
[[nodiscard]] QString auditAllowlist();
void setAuditAllowlist(const QString& path);

// The Problems dock's filter. Default: All (errors and suspicious characters).
[[nodiscard]] u8ui::ProblemsModel::Filter problemsFilter();
void setProblemsFilter(u8ui::ProblemsModel::Filter filter);
// Export Problems: the file dialog's filter last chosen. Default: empty (the dialog's first,
// CSV).
[[nodiscard]] QString problemsExportFilter();
void setProblemsExportFilter(const QString& filter);

} // namespace u8app::settings
