// u8scope: the UTF-8 byte inspector window.
#include "compare_actions.h"
#include "main_window.h"
#include "settings.h"
#include "startup_trace.h"
#include "temp_files_on_signal.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <cstring>
#include <utility>

namespace {

struct Options {
    QCommandLineOption dark{QStringLiteral("dark"),
                            QApplication::translate("main", "Use the dark theme.")};
    QCommandLineOption light{QStringLiteral("light"),
                             QApplication::translate("main", "Use the light theme.")};
    QCommandLineOption compare{
        QStringLiteral("compare"),
        QApplication::translate("main", "Compare each file opened with <other> (File > "
                                        "Compare With…)."),
        QStringLiteral("other")};
};

void describe(QCommandLineParser& parser, const Options& options) {
    parser.setApplicationDescription(
        QApplication::translate("main", "Inspect the UTF-8 bytes of files. With no file, the "
                                        "tour sample opens."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(options.dark);
    parser.addOption(options.light);
    parser.addOption(options.compare);
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QApplication::translate("main", "Files to open, one window each."),
                                 QStringLiteral("[files...]"));
}

void name(QCoreApplication& app) {
    app.setApplicationName(QStringLiteral("u8scope"));
    app.setOrganizationName(QStringLiteral("u8scope"));
    app.setApplicationVersion(QStringLiteral(U8SCOPE_VERSION));
}

// --version and --help print and exit: they need no display (and should not wait for one).
bool onlyPrints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0)
            return false;
        for (const char* option : {"-v", "--version", "-h", "--help", "--help-all", "-?"})
            if (std::strcmp(argv[i], option) == 0)
                return true;
    }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    u8app::StartupTrace::mark("main");
    u8io::removeTempFilesOnSignals(); // a save interrupted leaves no temporary file behind
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        name(app);
        const Options options;
        QCommandLineParser parser;
        describe(parser, options);
        parser.process(app); // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    name(app);
    QApplication::setDesktopFileName(QStringLiteral(U8SCOPE_APP_ID));
    u8app::StartupTrace::mark("application");

    const Options options;
    QCommandLineParser parser;
    describe(parser, options);
    parser.process(app);

    bool useDark = u8app::settings::darkTheme();
    if (parser.isSet(options.dark) || parser.isSet(options.light)) {
        useDark = parser.isSet(options.dark);
        u8app::settings::setDarkTheme(useDark);
    }
    if (useDark)
        u8app::Theme::apply(true);
    u8app::StartupTrace::mark("settings");

    // One window per file (the tour sample with none); the first one's start-up is traced.
    const QStringList paths = parser.positionalArguments();
    const bool sample = paths.isEmpty();
    bool first = true;
    for (const QString& path : sample ? QStringList{QString()} : paths) {
        auto* window = new u8app::MainWindow;
        u8app::StartupTrace::mark("window");
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->holdBackgroundWorkUntilPainted();
        if (sample)
            window->openSample();
        else
            window->openFile(path); // a failure is shown in the window itself
        u8app::StartupTrace::mark("open");
        if (parser.isSet(options.compare))
            window->compareWith(parser.value(options.compare));
        if (std::exchange(first, false))
            u8app::StartupTrace::markFirstPaint(window);
        window->show();
        u8app::StartupTrace::mark("show");
    }
    return app.exec();
}
