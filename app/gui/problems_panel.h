// The Problems panel: the list of every invalid sequence the check found and every suspicious
// character the audit found (u8ui::ProblemsModel), filtered to either or both, with a note of what
// was found; a click selects a row's bytes and the list follows the cursor. Its commands: Next and
// Previous Problem (F8, Shift+F8) over the rows shown, Copy Row, and Export Problems to CSV or
// JSON.
#pragma once

#include <QList>
#include <QWidget>
#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QWidget;
class QTableView;

namespace u8doc {
class Notices;
class DocumentSession;
struct AuditReport;
struct ScanReport;
} // namespace u8doc
namespace u8ui {
class ProblemsModel;
} // namespace u8ui

namespace u8app {

class AuditActions;
class DocumentController;
class NavigationActions;

class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    // `session` gives the open file's path (none without a file): the export's default name.
    ProblemsPanel(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                  AuditActions* audits, NavigationActions* navigation,
                  const u8doc::DocumentSession* session);

    QTableView* view() const { return view_; }
    QComboBox* filter() const { return filter_; }
    u8ui::ProblemsModel* model() const { return model_; }

    // Lists the problems of the check's `report` (null: none yet).
    void setReport(std::shared_ptr<const u8doc::ScanReport> report);
    // Lists the findings of the audit's `report` beside them (null: none yet).
    void setAuditReport(std::shared_ptr<const u8doc::AuditReport> report);
    // Selects the row of the problem or finding the cursor lies in, unless the row selected
    // covers it already (findings may overlap).
    void followCursor();

    // Next Problem, Previous Problem (the Go menu).
    QList<QAction*> stepActions() const { return {next_, previous_}; }
    // Export Problems… (the File menu).
    QAction* exportAction() const { return export_; }
    // Enables Copy Row and Export when there are rows.
    void updateActions();

    // Writes the rows shown to `path`: JSON when it ends in ".json", CSV otherwise. Returns why
    // it failed, naming the file; empty on success.
    QString exportTo(const QString& path) const;

protected:
    // The zoom changed the panel's font: the fixed-pitch columns, their widths and the rows follow.
    void changeEvent(QEvent* event) override;

private:
    void setUpView();
    void sizeColumns();
    void createFilter();
    void createActions(QWidget* window);
    void updateNote();
    void step(bool forward);
    void sayNoneLeft(bool forward);
    void copyRow();
    void exportDialog();

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    AuditActions* audits_;
    NavigationActions* navigation_;
    const u8doc::DocumentSession* session_;
    u8ui::ProblemsModel* model_;
    QTableView* view_;
    QComboBox* filter_;
    QLabel* note_;
    QAction* next_ = nullptr;
    QAction* previous_ = nullptr;
    QAction* copyRow_ = nullptr;
    QAction* export_ = nullptr;
};

} // namespace u8app
