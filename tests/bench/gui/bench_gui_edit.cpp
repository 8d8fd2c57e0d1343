// Typing into a 4 GiB sparse file in the window: each iteration is one keystroke, timed from the
// key press to the end of the repaint of both panes (the edit in the piece table, the snapshot,
// the panes re-reading what they show, the line locator, the check's restart timer). 100
// keystrokes per run, as a person types a sentence; the median and the 99th percentile are
// counters. The file is never read whole: resident memory stays small (a counter too).
//
// Run: QT_QPA_PLATFORM=offscreen build/tests/bench/gui/bench_gui_edit [--benchmark_...]
// (U8SCOPE_BENCH_TRACE=1 prints every keystroke's time, to tell a steady cost from other load.)
// The file is made once in a temporary folder (U8SCOPE_BENCH_DIR overrides it) and removed at
// the end.
#include "../../app/window_test_support.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "hex_view.h"
#include "main_window.h"
#include "text_view.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <memory>
#include <vector>

namespace {

std::unique_ptr<QTemporaryDir> gDir;

QString sparseFile() {
    if (!gDir) {
        const QByteArray custom = qgetenv("U8SCOPE_BENCH_DIR");
        gDir = std::make_unique<QTemporaryDir>(
            custom.isEmpty() ? QDir::tempPath() + QStringLiteral("/u8scope-bench-XXXXXX")
                             : QString::fromLocal8Bit(custom) + QStringLiteral("/u8scope-XXXXXX"));
    }
    const QString path = gDir->path() + QStringLiteral("/sparse-4g.bin");
    if (!QFile::exists(path)) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || !f.resize(qint64(4) << 30))
            return {};
    }
    return path;
}

qint64 residentKiB() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject* o, QEvent* e) override {
        if (e->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(o, e);
    }
};

// Types 100 characters into `pane` of a window on the 4 GiB file, the cursor at `offset`; or,
// for the baseline (`arrows`), moves the cursor 100 times with the Right key, which edits nothing.
void typeInto(benchmark::State& state, bool textPane, quint64 offset,
              u8doc::DocumentEditor::Mode mode, bool arrows = false) {
    const QString path = sparseFile();
    if (path.isEmpty()) {
        state.SkipWithError("could not create the benchmark file");
        return;
    }
    const qint64 before = residentKiB();
    u8app::MainWindow window;
    window.resize(1280, 800);
    window.show();
    if (!window.openFile(path)) {
        state.SkipWithError("open failed");
        return;
    }
    // The first screen and the open's own background work settle first (two seconds).
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 2000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    u8test::documentController(window)->setMode(mode);
    window.goTo(offset);
    QWidget* pane =
        textPane ? static_cast<QWidget*>(u8test::textView(window)) : u8test::hexView(window);
    PaintCounter hexPaints, textPaints;
    u8test::hexView(window)->viewport()->installEventFilter(&hexPaints);
    u8test::textView(window)->viewport()->installEventFilter(&textPaints);
    const QString keys = textPane ? QStringLiteral("The quick brown fox jumps over the lazy dog. ")
                                  : QStringLiteral("0123456789abcdef");
    std::vector<double> ms;
    int typed = 0;
    for (auto _ : state) {
        const QString key = keys.at(typed++ % keys.size());
        const int hex = hexPaints.paints, text = textPaints.paints;
        QElapsedTimer t;
        t.start();
        if (arrows) {
            QTest::keyClick(pane, Qt::Key_Right);
        } else {
            QTest::sendKeyEvent(QTest::Press, pane, Qt::Key_unknown, key, Qt::NoModifier);
            QTest::sendKeyEvent(QTest::Release, pane, Qt::Key_unknown, key, Qt::NoModifier);
        }
        while (hexPaints.paints == hex || textPaints.paints == text)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
        const double elapsed = double(t.nsecsElapsed()) / 1e6;
        state.SetIterationTime(elapsed / 1e3);
        ms.push_back(elapsed);
    }
    if (qEnvironmentVariableIsSet("U8SCOPE_BENCH_TRACE"))
        for (double m : ms)
            fprintf(stderr, "%.1f ", m);
    std::sort(ms.begin(), ms.end());
    state.counters["median_ms"] = ms[ms.size() / 2];
    state.counters["p99_ms"] = ms[std::min(ms.size() - 1, ms.size() * 99 / 100)];
    state.counters["max_ms"] = ms.back();
    state.counters["rss_growth_KiB"] = double(residentKiB() - before);
}

void BM_TypeTextMiddle(benchmark::State& state) {
    typeInto(state, true, quint64(2) << 30, u8doc::DocumentEditor::Mode::Insert);
}
void BM_TypeTextEnd(benchmark::State& state) {
    typeInto(state, true, (quint64(4) << 30) - 1, u8doc::DocumentEditor::Mode::Insert);
}
void BM_TypeHexStart(benchmark::State& state) {
    typeInto(state, false, 0, u8doc::DocumentEditor::Mode::Overwrite);
}

// The baseline: the same window, the cursor moved instead of typing.
void BM_MoveTextMiddle(benchmark::State& state) {
    typeInto(state, true, quint64(2) << 30, u8doc::DocumentEditor::Mode::Insert, true);
}

BENCHMARK(BM_MoveTextMiddle)->Unit(benchmark::kMillisecond)->Iterations(100)->UseManualTime();
BENCHMARK(BM_TypeTextMiddle)->Unit(benchmark::kMillisecond)->Iterations(100)->UseManualTime();
BENCHMARK(BM_TypeTextEnd)->Unit(benchmark::kMillisecond)->Iterations(100)->UseManualTime();
BENCHMARK(BM_TypeHexStart)->Unit(benchmark::kMillisecond)->Iterations(100)->UseManualTime();

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("u8scope-bench"));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    gDir.reset();
    return 0;
}
