#include "settings.h"

#include <QSettings>
#include <QVariant>

namespace u8app::settings {

namespace {

// A setting: its key in QSettings and the value read while nothing is stored under it.
template <class T> struct Setting {
    const char* key;
    T fallback;
};

template <class T> T read(const Setting<T>& s) {
    return QSettings()
        .value(QLatin1StringView(s.key), QVariant::fromValue(s.fallback))
        .template value<T>();
}

template <class T> void write(const Setting<T>& s, const T& value) {
    QSettings().setValue(QLatin1StringView(s.key), QVariant::fromValue(value));
}

// The keys the window has stored under since each setting came (users' files hold them: a key
// renamed here is a setting lost). Enumerations are stored as their numbers.
const Setting<QString> kLastDirectory{"lastDirectory", {}};
const Setting<QStringList> kRecentFiles{"recentFiles", {}};
const Setting<QByteArray> kGeometry{"geometry", {}};
const Setting<QByteArray> kWindowState{"windowState", {}};
const Setting<int> kBytesPerRow{"bytesPerRow", 16};
const Setting<bool> kDarkTheme{"darkTheme", false};
const Setting<bool> kShowClusters{"showClusters", true};
const Setting<int> kZoomPercent{"zoomPercent", 100};
const Setting<bool> kGoToHex{"goToHex", true};
const Setting<bool> kReadOnly{"edit/readOnly", false};
const Setting<QString> kFillByte{"edit/fillByte", QStringLiteral("00")};
const Setting<QString> kInsertCharacter{"edit/insertCharacter", {}};
const Setting<int> kReplaceMode{"replace/mode", int(FindBar::Mode::Text)};
const Setting<bool> kReplaceMatchCase{"replace/matchCase", true};
const Setting<bool> kKeepBackup{"save/keepBackup", true};
const Setting<QString> kSaveEncoding{"save/encoding", {}};
const Setting<bool> kSaveSignature{"save/signature", false};
const Setting<int> kSaveUnmappable{"save/unmappable", 0};
const Setting<QString> kReinterpretEncoding{"repair/reinterpretEncoding", {}};
const Setting<QString> kAuditAllowlist{"auditAllowlist", {}};
const Setting<int> kProblemsFilter{"problemsFilter", int(u8ui::ProblemsModel::Filter::All)};
const Setting<QString> kExportFilter{"exportFilter", {}};

} // namespace

QString lastDirectory() {
    return read(kLastDirectory);
}
void setLastDirectory(const QString& folder) {
    write(kLastDirectory, folder);
}

QStringList recentFiles() {
    return read(kRecentFiles);
}
void setRecentFiles(const QStringList& paths) {
    write(kRecentFiles, paths);
}

QByteArray windowGeometry() {
    return read(kGeometry);
}
void setWindowGeometry(const QByteArray& geometry) {
    write(kGeometry, geometry);
}
QByteArray windowState() {
    return read(kWindowState);
}
void setWindowState(const QByteArray& state) {
    write(kWindowState, state);
}

int bytesPerRow() {
    return read(kBytesPerRow);
}
void setBytesPerRow(int bytes) {
    write(kBytesPerRow, bytes);
}
bool darkTheme() {
    return read(kDarkTheme);
}
void setDarkTheme(bool on) {
    write(kDarkTheme, on);
}
bool showClusters() {
    return read(kShowClusters);
}
void setShowClusters(bool on) {
    write(kShowClusters, on);
}
int zoomPercent() {
    return read(kZoomPercent);
}
void setZoomPercent(int percent) {
    write(kZoomPercent, percent);
}

bool goToHex() {
    return read(kGoToHex);
}
void setGoToHex(bool on) {
    write(kGoToHex, on);
}

bool readOnly() {
    return read(kReadOnly);
}
void setReadOnly(bool on) {
    write(kReadOnly, on);
}
QString fillByte() {
    return read(kFillByte);
}
void setFillByte(const QString& text) {
    write(kFillByte, text);
}
QString insertCharacterQuery() {
    return read(kInsertCharacter);
}
void setInsertCharacterQuery(const QString& query) {
    write(kInsertCharacter, query);
}
FindBar::Mode replaceMode() {
    return FindBar::Mode(read(kReplaceMode));
}
void setReplaceMode(FindBar::Mode mode) {
    write(kReplaceMode, int(mode));
}
bool replaceMatchCase() {
    return read(kReplaceMatchCase);
}
void setReplaceMatchCase(bool on) {
    write(kReplaceMatchCase, on);
}

bool keepBackup() {
    return read(kKeepBackup);
}
void setKeepBackup(bool on) {
    write(kKeepBackup, on);
}
QString saveEncoding() {
    return read(kSaveEncoding);
}
void setSaveEncoding(const QString& encoding) {
    write(kSaveEncoding, encoding);
}
bool saveSignature() {
    return read(kSaveSignature);
}
void setSaveSignature(bool on) {
    write(kSaveSignature, on);
}
int saveUnmappable() {
    return read(kSaveUnmappable);
}
void setSaveUnmappable(int row) {
    write(kSaveUnmappable, row);
}

QString reinterpretEncoding() {
    return read(kReinterpretEncoding);
}
void setReinterpretEncoding(const QString& encoding) {
    write(kReinterpretEncoding, encoding);
}

QString auditAllowlist() {
    return read(kAuditAllowlist);
}
void setAuditAllowlist(const QString& path) {
    // Empty forgets the file: the key goes, as it went before this facade.
    if (path.isEmpty())
        QSettings().remove(QLatin1StringView(kAuditAllowlist.key));
    else
        write(kAuditAllowlist, path);
}

u8ui::ProblemsModel::Filter problemsFilter() {
    return u8ui::ProblemsModel::Filter(read(kProblemsFilter));
}
void setProblemsFilter(u8ui::ProblemsModel::Filter filter) {
    write(kProblemsFilter, int(filter));
}
QString problemsExportFilter() {
    return read(kExportFilter);
}
void setProblemsExportFilter(const QString& filter) {
    write(kExportFilter, filter);
}

} // namespace u8app::settings
