// The window's text audit: the codec's Auditor run over the document in the background
// (u8doc::DocumentAudit) once the whole-file check has finished, with the profile the View menu
// chooses (Audit as Code / Audit as Text: the default from the file's name,
// u8convert::profileForFileName, and the choice kept per file until u8scope quits) and the
// allowlist file picked with "Audit Allowlist…" (remembered in the settings, read with the
// codec's readAllowlist). The window shows what it finds: the Problems list, the panes, the
// inspector and the title.
#pragma once

#include "audit_report.h"
#include "u8codec/byte_source.h"
#include "u8convert/audit.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <memory>
#include <utility>

class QAction;
class QActionGroup;
class QMenu;
class QWidget;

namespace u8doc {
class DocumentAudit;
} // namespace u8doc
namespace u8ui {}

namespace u8app {

class AuditActions : public QObject {
    Q_OBJECT
public:
    enum class State { None, Running, Finished, Cancelled, Failed };

    explicit AuditActions(QWidget* window);

    // Adds the profile switch and the allowlist entries to `menu` (the View menu).
    void populate(QMenu* menu);
    // Reads the allowlist the settings remember; a file that cannot be used is reported through
    // problem() and forgotten for this session.
    void readSettings();

    // The document shown changed: its file's `path` (empty for one without a file, such as the
    // sample) and `name`, which chooses the default profile. Drops the report of the one before.
    void setDocument(const QString& path, const QString& name);
    // Audits `source` (the document's bytes), replacing any audit still running.
    void start(std::shared_ptr<const u8codec::ByteSource> source);
    // start() for `source` when it is the bytes `before` audited (with the options the audit
    // has now), edited from `editedFrom` on: resumed before the edit
    // (u8doc::DocumentAudit::startAfterEdit()).
    void startAfterEdit(std::shared_ptr<const u8codec::ByteSource> source,
                        std::shared_ptr<const u8doc::AuditReport> before, quint64 editedFrom);
    // Drops the report and stops any audit running, without news (the bytes changed).
    void reset();
    // Stops the running audit at the user's request: state Cancelled.
    void cancel();

    State state() const { return state_; }
    std::shared_ptr<const u8doc::AuditReport> report() const { return report_; }
    u8convert::AuditProfile profile() const { return profile_; }
    // Why this profile: "extension .c", "chosen in the View menu".
    QString profileReason() const { return profileReason_; }
    // "Audited as code (extension .c)".
    QString profileText() const;
    // Chooses the profile for the current document (as the View menu does) and asks for a new
    // audit (rerunRequested).
    void setProfile(u8convert::AuditProfile profile);

    // Uses the allowlist in `path` from now on (remembered in the settings); false, with
    // problem() naming the file and the line, when it cannot be read. An empty path: none.
    bool setAllowlistFile(const QString& path);
    QString allowlistFile() const { return allowlistPath_; }
    // What readSettings() found wrong with the remembered allowlist, once (empty after): the
    // window says it again when it first audits, in case opening a file replaced the message.
    QString takeStartupProblem() { return std::exchange(startupProblem_, QString()); }

    QAction* codeProfileAction() const { return codeAction_; }
    QAction* textProfileAction() const { return textAction_; }
    QAction* allowlistAction() const { return allowlistAction_; }
    QAction* clearAllowlistAction() const { return clearAllowlistAction_; }

signals:
    void progressChanged(int permille);
    // The state or the report changed (started, finished, cancelled, failed, reset).
    void stateChanged();
    // The profile or the allowlist changed: the window audits its bytes again.
    void rerunRequested();
    // A sentence for a person about something that went wrong (an allowlist file that cannot be
    // used), naming the file.
    void problem(const QString& message);

private:
    // The options the audit runs with now: the profile, the allowlist, the file name's syntax.
    u8convert::AuditOptions options() const;
    void pickAllowlist();
    void updateActions();

    QWidget* window_;
    u8doc::DocumentAudit* job_;
    State state_ = State::None;
    std::shared_ptr<const u8doc::AuditReport> report_;
    u8convert::AuditProfile profile_ = u8convert::AuditProfile::Text;
    QString profileReason_;
    QString path_;
    // The profiles chosen in the View menu, per file, for this session.
    QHash<QString, u8convert::AuditProfile> chosen_;
    QString allowlistPath_;
    u8convert::CodePointSet allowlist_;
    std::vector<std::u32string> allowedWords_; // the allowlist's word: entries
    QString startupProblem_;

    QActionGroup* profileGroup_ = nullptr;
    QAction* codeAction_ = nullptr;
    QAction* textAction_ = nullptr;
    QAction* allowlistAction_ = nullptr;
    QAction* clearAllowlistAction_ = nullptr;
};

} // namespace u8app
