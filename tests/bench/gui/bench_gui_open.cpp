// Time from "open this file" to the first paint of the hex pane, for a 4 GiB sparse file and a
// 1 GiB generated UTF-8 text file, and the resident memory after opening (a counter); and the
// full background check of the 1 GiB file (the time until the title says valid or not). The window
// must never read a file whole to show its first screen, so both should take milliseconds.
//
// Run: QT_QPA_PLATFORM=offscreen build/tests/bench/gui/bench_gui_open [--benchmark_...]
// The files are made once in a temporary folder (U8SCOPE_BENCH_DIR overrides it) and removed at
// the end.
#include "../../app/window_test_support.h"
#include "document_scan.h"
#include "document_session.h"
#include "hex_view.h"
#include "main_window.h"
#include "scan_report.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>
#include <memory>

namespace {

std::unique_ptr<QTemporaryDir> gDir;

QString benchDir() {
    if (!gDir) {
        const QByteArray custom = qgetenv("U8SCOPE_BENCH_DIR");
        gDir = std::make_unique<QTemporaryDir>(
            custom.isEmpty() ? QDir::tempPath() + QStringLiteral("/u8scope-bench-XXXXXX")
                             : QString::fromLocal8Bit(custom) + QStringLiteral("/u8scope-XXXXXX"));
    }
    return gDir->path();
}

QString sparseFile() {
    const QString path = benchDir() + QStringLiteral("/sparse-4g.bin");
    if (!QFile::exists(path)) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || !f.resize(qint64(4) << 30))
            return {};
    }
    return path;
}

// 1 GiB of mixed text: ASCII prose, Greek, CJK and emoji lines; with `errors`, an invalid byte
// every 64 KiB so that the document is not valid UTF-8 (as the files people inspect often are
// not, and every chunk of the background check then meets an error).
QString textFile(bool errors = true) {
    const QString path =
        benchDir() + (errors ? QStringLiteral("/text-1g.txt") : QStringLiteral("/valid-1g.txt"));
    if (QFile::exists(path))
        return path;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    const QByteArray block =
        QStringLiteral("The quick brown fox jumps over the lazy dog. 0123456789\n"
                       "Ξεσκεπάζω τὴν ψυχοφθόρα βδελυγμία. Съешь же ещё этих булок.\n"
                       "いろはにほへと ちりぬるを 漢字仮名交じり文 한국어 텍스트\n"
                       "Emoji: 😀 🎉 🚀 and math: ∀x ∈ ℝ: x² ≥ 0\n")
            .toUtf8();
    QByteArray chunk;
    while (chunk.size() < 64 * 1024 - block.size())
        chunk += block;
    if (errors)
        chunk += '\xFF';
    chunk += '\n';
    const qint64 target = qint64(1) << 30;
    for (qint64 written = 0; written < target; written += chunk.size())
        if (f.write(chunk) != chunk.size())
            return {};
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

// Counts paint events of a widget.
class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject* o, QEvent* e) override {
        if (e->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(o, e);
    }
};

void openToFirstPaint(benchmark::State& state, const QString& path) {
    if (path.isEmpty()) {
        state.SkipWithError("could not create the benchmark file");
        return;
    }
    qint64 rssGrowth = 0;
    for (auto _ : state) {
        const qint64 before = residentKiB();
        u8app::MainWindow window;
        window.resize(1280, 800);
        PaintCounter counter;
        u8test::hexView(window)->viewport()->installEventFilter(&counter);
        window.show();
        if (!window.openFile(path)) {
            state.SkipWithError("open failed");
            return;
        }
        while (counter.paints == 0)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        state.PauseTiming();
        rssGrowth = std::max(rssGrowth, residentKiB() - before);
        window.close();
        state.ResumeTiming();
    }
    state.counters["rss_growth_KiB"] = double(rssGrowth);
}

// From opening to the end of the whole-file check in the background (counts, byte histogram,
// problems list): the window stays responsive meanwhile; this is how long the title takes to say
// whether the file is valid.
void fullScan(benchmark::State& state, const QString& path) {
    if (path.isEmpty()) {
        state.SkipWithError("could not create the benchmark file");
        return;
    }
    quint64 bytes = 0;
    for (auto _ : state) {
        u8app::MainWindow window;
        // Wait in an event loop (not a polling loop, which would compete with the worker).
        QEventLoop loop;
        QObject::connect(u8test::documentScan(window), &u8doc::DocumentScan::finished, &loop,
                         &QEventLoop::quit);
        QObject::connect(u8test::documentScan(window), &u8doc::DocumentScan::failed, &loop,
                         &QEventLoop::quit);
        if (!window.openFile(path)) {
            state.SkipWithError("open failed");
            return;
        }
        if (!u8test::session(window)->checkReport())
            loop.exec();
        if (!u8test::session(window)->checkReport()) {
            state.SkipWithError("the scan failed");
            return;
        }
        bytes += u8test::session(window)->checkReport()->summary.bytes;
    }
    state.SetBytesProcessed(int64_t(bytes));
}

void BM_FullScanText1GiB(benchmark::State& state) {
    fullScan(state, textFile());
}
void BM_FullScanValidText1GiB(benchmark::State& state) {
    fullScan(state, textFile(false));
}

void BM_OpenSparse4GiB(benchmark::State& state) {
    openToFirstPaint(state, sparseFile());
}
void BM_OpenText1GiB(benchmark::State& state) {
    openToFirstPaint(state, textFile());
}

BENCHMARK(BM_OpenSparse4GiB)->Unit(benchmark::kMillisecond)->Iterations(20);
BENCHMARK(BM_OpenText1GiB)->Unit(benchmark::kMillisecond)->Iterations(20);
BENCHMARK(BM_FullScanText1GiB)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();
BENCHMARK(BM_FullScanValidText1GiB)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

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
