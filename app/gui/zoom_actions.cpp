#include "zoom_actions.h"

#include "settings.h"
#include "window_action.h"

#include <QWidget>
#include <algorithm>
#include <cmath>

namespace u8app {

namespace {

QFont scaled(QFont font, int percent) {
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * percent / 100.0);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * percent / 100.0))));
    return font;
}

} // namespace

const QVector<int>& ZoomActions::levels() {
    static const QVector<int> kLevels{50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300};
    return kLevels;
}

ZoomActions::ZoomActions(QWidget* window) : QObject(window), window_(window) {
    in_ =
        makeWindowAction(window, tr("Zoom &In"), QKeySequence(tr("Ctrl+=")),
                         tr("Larger text in the panes and the docks"), this, [this] { zoomIn(); });
    // Ctrl+= is where + is without Shift on most keyboards; Ctrl++ is the standard key.
    in_->setShortcuts({QKeySequence(tr("Ctrl+=")), QKeySequence(tr("Ctrl++")),
                       QKeySequence(QKeySequence::ZoomIn)});
    out_ = makeWindowAction(window, tr("Zoom &Out"), QKeySequence(tr("Ctrl+-")),
                            tr("Smaller text in the panes and the docks"), this,
                            [this] { zoomOut(); });
    actual_ = makeWindowAction(window, tr("&Actual Size"), QKeySequence(tr("Ctrl+0")),
                               tr("The text in the panes and the docks at its normal size"), this,
                               [this] { setPercent(100); });
    updateActions();
}

void ZoomActions::addTarget(QWidget* root) {
    targets_.push_back(root);
    if (percent_ != 100)
        apply();
}

void ZoomActions::setPercent(int percent) {
    const QVector<int>& all = levels();
    const int level = *std::min_element(all.begin(), all.end(), [percent](int a, int b) {
        return std::abs(a - percent) < std::abs(b - percent);
    });
    settings::setZoomPercent(level);
    if (level == percent_)
        return;
    percent_ = level;
    apply();
    updateActions();
    emit zoomed(percent_);
}

void ZoomActions::zoomIn() {
    const QVector<int>& all = levels();
    const auto next = std::upper_bound(all.begin(), all.end(), percent_);
    if (next != all.end())
        setPercent(*next);
}

void ZoomActions::zoomOut() {
    const QVector<int>& all = levels();
    const auto next = std::lower_bound(all.begin(), all.end(), percent_);
    if (next != all.begin())
        setPercent(*(next - 1));
}

void ZoomActions::readSettings() {
    setPercent(settings::zoomPercent());
}

void ZoomActions::apply() {
    // Every font first noted at 100%, then set: a child's own font is never taken after its
    // parent's zoom changed it.
    QList<QWidget*> widgets;
    for (const QPointer<QWidget>& root : targets_) {
        if (!root)
            continue;
        widgets << root;
        for (QWidget* w : root->findChildren<QWidget*>())
            if (w->testAttribute(Qt::WA_SetFont))
                widgets << w;
    }
    for (QWidget* w : widgets)
        if (!baseFonts_.contains(w)) {
            baseFonts_.insert(w, w->font());
            connect(w, &QObject::destroyed, this, [this, w] { baseFonts_.remove(w); });
        }
    for (QWidget* w : widgets)
        w->setFont(scaled(baseFonts_.value(w), percent_));
}

void ZoomActions::updateActions() {
    in_->setEnabled(percent_ < levels().back());
    out_->setEnabled(percent_ > levels().front());
    actual_->setEnabled(percent_ != 100);
}

} // namespace u8app
