#include "audit_actions.h"

#include "document_audit.h"
#include "settings.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QWidget>

namespace u8app {

AuditActions::AuditActions(QWidget* window)
    : QObject(window), window_(window), job_(new u8doc::DocumentAudit(this)) {
    profileGroup_ = new QActionGroup(this);
    auto makeProfile = [this](const QString& text, const QString& tip,
                              u8convert::AuditProfile profile) {
        auto* a = new QAction(text, this);
        a->setCheckable(true);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        profileGroup_->addAction(a);
        connect(a, &QAction::triggered, this, [this, profile] { setProfile(profile); });
        return a;
    };
    const QString kept = tr("The choice is kept for this file until u8scope quits; other files "
                            "get the profile their name suggests.");
    codeAction_ = makeProfile(
        tr("Audit as &Code"),
        tr("Audit as source code: every bidi control, invisible character, look-alike in an "
           "identifier and no-break space is reported. ") +
            kept,
        u8convert::AuditProfile::Code);
    codeAction_->setObjectName(QStringLiteral("auditAsCode"));
    textAction_ = makeProfile(
        tr("Audit as &Text"),
        tr("Audit as prose: right-to-left text and its marks, no-break spaces, soft hyphens and "
           "joiners where scripts use them are normal. ") +
            kept,
        u8convert::AuditProfile::Text);
    textAction_->setObjectName(QStringLiteral("auditAsText"));
    textAction_->setChecked(true);

    allowlistAction_ = new QAction(tr("Audit &Allowlist…"), this);
    allowlistAction_->setObjectName(QStringLiteral("auditAllowlist"));
    connect(allowlistAction_, &QAction::triggered, this, &AuditActions::pickAllowlist);
    clearAllowlistAction_ = new QAction(tr("Audit &Without Allowlist"), this);
    clearAllowlistAction_->setObjectName(QStringLiteral("auditWithoutAllowlist"));
    connect(clearAllowlistAction_, &QAction::triggered, this, [this] { setAllowlistFile({}); });
    updateActions();

    connect(job_, &u8doc::DocumentAudit::progressChanged, this, &AuditActions::progressChanged);
    connect(job_, &u8doc::DocumentAudit::finished, this,
            [this](std::shared_ptr<const u8doc::AuditReport> report) {
                report_ = std::move(report);
                state_ = State::Finished;
                emit stateChanged();
            });
    connect(job_, &u8doc::DocumentAudit::cancelled, this, [this] {
        if (state_ != State::Running)
            return; // replaced or reset: no news
        state_ = State::Cancelled;
        emit stateChanged();
    });
    connect(job_, &u8doc::DocumentAudit::failed, this, [this](const QString&) {
        state_ = State::Failed;
        emit stateChanged();
    });
}

void AuditActions::populate(QMenu* menu) {
    menu->addAction(codeAction_);
    menu->addAction(textAction_);
    menu->addAction(allowlistAction_);
    menu->addAction(clearAllowlistAction_);
}

void AuditActions::readSettings() {
    const QString path = settings::auditAllowlist();
    if (path.isEmpty())
        return;
    const auto parsed = u8convert::readAllowlist(QFile::encodeName(path).toStdString());
    if (!parsed.ok()) {
        // Forgotten for this session only: the file may come back (a drive not mounted yet).
        startupProblem_ = tr("The audit allowlist cannot be used: %1. The audit runs without "
                             "one; choose another with View > Audit Allowlist….")
                              .arg(QString::fromStdString(parsed.message()));
        emit problem(startupProblem_);
        return;
    }
    allowlistPath_ = path;
    allowlist_ = parsed->set;
    allowedWords_ = parsed->words;
    updateActions();
}

void AuditActions::setDocument(const QString& path, const QString& name) {
    reset();
    path_ = path.isEmpty() ? name : path;
    if (const auto chosen = chosen_.constFind(path_); chosen != chosen_.constEnd()) {
        profile_ = *chosen;
        profileReason_ = tr("chosen in the View menu");
    } else {
        std::string why;
        profile_ = u8convert::profileForFileName(
            QFile::encodeName(path.isEmpty() ? name : QFileInfo(path).fileName()).toStdString(),
            &why);
        profileReason_ = QString::fromStdString(why);
    }
    (profile_ == u8convert::AuditProfile::Code ? codeAction_ : textAction_)->setChecked(true);
}

QString AuditActions::profileText() const {
    return profile_ == u8convert::AuditProfile::Code
               ? tr("Audited as code (%1)").arg(profileReason_)
               : tr("Audited as text (%1)").arg(profileReason_);
}

void AuditActions::setProfile(u8convert::AuditProfile profile) {
    chosen_.insert(path_, profile);
    (profile == u8convert::AuditProfile::Code ? codeAction_ : textAction_)->setChecked(true);
    profileReason_ = tr("chosen in the View menu");
    if (profile == profile_)
        return;
    profile_ = profile;
    emit rerunRequested();
}

u8convert::AuditOptions AuditActions::options() const {
    u8convert::AuditOptions options = u8doc::DocumentAudit::windowOptions(profile_, allowlist_);
    // The comments and strings of the language the file's name says, as the CLI reads them.
    options.syntax = u8convert::codeSyntaxForFileName(QFile::encodeName(path_).toStdString());
    options.allowedWords = allowedWords_;
    return options;
}

void AuditActions::start(std::shared_ptr<const u8codec::ByteSource> source) {
    report_.reset();
    state_ = State::Running;
    job_->start(std::move(source), options());
    emit stateChanged();
}

void AuditActions::startAfterEdit(std::shared_ptr<const u8codec::ByteSource> source,
                                  std::shared_ptr<const u8doc::AuditReport> before,
                                  quint64 editedFrom) {
    report_.reset();
    state_ = State::Running;
    job_->startAfterEdit(std::move(source), options(), std::move(before), editedFrom);
    emit stateChanged();
}

void AuditActions::reset() {
    const bool news = state_ != State::None || report_;
    state_ = State::None; // first, so that the cancel is no news
    job_->cancel();
    report_.reset();
    if (news)
        emit stateChanged();
}

void AuditActions::cancel() {
    if (state_ == State::Running)
        job_->cancel();
}

bool AuditActions::setAllowlistFile(const QString& path) {
    if (path.isEmpty()) {
        const bool had = !allowlistPath_.isEmpty();
        allowlistPath_.clear();
        allowlist_ = {};
        allowedWords_.clear();
        settings::setAuditAllowlist({});
        updateActions();
        if (had)
            emit rerunRequested();
        return true;
    }
    const auto parsed = u8convert::readAllowlist(QFile::encodeName(path).toStdString());
    if (!parsed.ok()) {
        emit problem(tr("The audit allowlist cannot be used: %1. The audit goes on %2.")
                         .arg(QString::fromStdString(parsed.message()),
                              allowlistPath_.isEmpty()
                                  ? tr("without one")
                                  : tr("with %1").arg(QDir::toNativeSeparators(allowlistPath_))));
        return false;
    }
    allowlistPath_ = path;
    allowlist_ = parsed->set;
    allowedWords_ = parsed->words;
    settings::setAuditAllowlist(path);
    updateActions();
    emit rerunRequested();
    return true;
}

void AuditActions::pickAllowlist() {
    const QString dir = allowlistPath_.isEmpty() ? settings::lastDirectory()
                                                 : QFileInfo(allowlistPath_).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(window_, tr("Audit Allowlist"), dir,
                                     tr("Allowlists (*.txt *.allow *.allowlist);;All files (*)"));
    if (!path.isEmpty())
        setAllowlistFile(path);
}

void AuditActions::updateActions() {
    const QString tip =
        allowlistPath_.isEmpty()
            ? tr("Choose a file of code points and ranges the audit accepts (one a line or "
                 "separated by commas: U+200D, U+0600..U+06FF; # starts a comment). Remembered "
                 "for the next session.")
            : tr("Choose another allowlist for the audit (now: %1). Remembered for the next "
                 "session.")
                  .arg(QDir::toNativeSeparators(allowlistPath_));
    allowlistAction_->setToolTip(tip);
    allowlistAction_->setStatusTip(tip);
    const QString clearTip =
        allowlistPath_.isEmpty()
            ? tr("The audit uses no allowlist")
            : tr("Audit without the allowlist %1").arg(QDir::toNativeSeparators(allowlistPath_));
    clearAllowlistAction_->setToolTip(clearTip);
    clearAllowlistAction_->setStatusTip(clearTip);
    clearAllowlistAction_->setEnabled(!allowlistPath_.isEmpty());
}

} // namespace u8app
