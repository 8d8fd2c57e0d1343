// View > Zoom In, Zoom Out and Actual Size (Ctrl+= or Ctrl++, Ctrl+-, Ctrl+0): one zoom for the
// panes and the docks, remembered in the settings. A widget given to addTarget() and every widget
// inside it that sets a font of its own (the panes' fixed font, the inspector's big glyph, a bold
// title) get their font at the zoom's size, from the font they had at 100%; the widgets that only
// inherit follow their parent. The panes keep their place (BytePane::onFontChanged).
#pragma once

#include <QFont>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QVector>

class QAction;
class QWidget;

namespace u8app {

class ZoomActions : public QObject {
    Q_OBJECT
public:
    // The zoom levels, in percent; 100 is the actual size.
    static const QVector<int>& levels();

    explicit ZoomActions(QWidget* window);

    // A widget whose fonts follow the zoom (a pane, a dock's content).
    void addTarget(QWidget* root);
    QList<QAction*> actions() const { return {in_, out_, actual_}; }
    QAction* zoomInAction() const { return in_; }
    QAction* zoomOutAction() const { return out_; }
    QAction* actualSizeAction() const { return actual_; }

    int percent() const { return percent_; }
    // Zooms to the level nearest `percent`, and remembers it.
    void setPercent(int percent);
    void zoomIn();
    void zoomOut();
    // The zoom the settings remember (100 when none).
    void readSettings();

signals:
    void zoomed(int percent);

private:
    void apply();
    void updateActions();

    QWidget* window_;
    QAction* in_;
    QAction* out_;
    QAction* actual_;
    QList<QPointer<QWidget>> targets_;
    QHash<QWidget*, QFont> baseFonts_; // each widget's own font at 100%
    int percent_ = 100;
};

} // namespace u8app
