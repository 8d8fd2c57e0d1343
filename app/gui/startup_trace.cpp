#include "startup_trace.h"

#include <QApplication>
#include <QEvent>
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace u8app::StartupTrace {
namespace {

// The launch time from the environment, or -1 when start-up is not traced.
long long launchNanoseconds() {
    static const long long t0 = [] {
        const char* text = std::getenv("U8SCOPE_STARTUP_T0");
        return text != nullptr ? std::atoll(text) : -1LL;
    }();
    return t0;
}

// Waits for the first paint event of any widget of one window; the paint of a whole window is
// one pass, so a zero timer queued then fires once that pass has been drawn.
class FirstPaintFilter : public QObject {
public:
    explicit FirstPaintFilter(QWidget* window) : QObject(window), window_(window) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint && !seen_ && watched->isWidgetType() &&
            static_cast<QWidget*>(watched)->window() == window_) {
            seen_ = true;
            QTimer::singleShot(0, this, [this] {
                mark("first-paint");
                qApp->removeEventFilter(this);
                deleteLater();
            });
        }
        return false;
    }

private:
    QPointer<QWidget> window_;
    bool seen_ = false;
};

} // namespace

void mark(const char* step) {
    const long long t0 = launchNanoseconds();
    if (t0 < 0)
        return;
    const long long now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::system_clock::now().time_since_epoch())
                              .count();
    std::fprintf(stderr, "u8scope startup: %s %.1f\n", step, double(now - t0) / 1e6);
}

void markFirstPaint(QWidget* window) {
    if (launchNanoseconds() < 0)
        return;
    qApp->installEventFilter(new FirstPaintFilter(window));
}

} // namespace u8app::StartupTrace
