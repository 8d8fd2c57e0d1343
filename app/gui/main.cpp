// u8scope: the UTF-8 byte inspector window.
#include "main_window.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("u8scope"));
    QApplication::setOrganizationName(QStringLiteral("u8scope"));
    QApplication::setApplicationVersion(QStringLiteral(U8SCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(U8SCOPE_APP_ID));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Inspect the UTF-8 bytes of files. With no file, the "
                                        "tour sample opens."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dark(QStringLiteral("dark"),
                                  QApplication::translate("main", "Use the dark theme."));
    const QCommandLineOption light(QStringLiteral("light"),
                                   QApplication::translate("main", "Use the light theme."));
    parser.addOption(dark);
    parser.addOption(light);
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QApplication::translate("main", "Files to open, one window each."),
                                 QStringLiteral("[files...]"));
    parser.process(app);

    bool useDark = QSettings().value(QStringLiteral("darkTheme"), false).toBool();
    if (parser.isSet(dark) || parser.isSet(light)) {
        useDark = parser.isSet(dark);
        QSettings().setValue(QStringLiteral("darkTheme"), useDark);
    }
    if (useDark)
        u8app::Theme::apply(true);

    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        auto* window = new u8app::MainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->openSample();
        window->show();
    }
    for (const QString& path : files) {
        auto* window = new u8app::MainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->openFile(path); // a failure is shown in the window itself
        window->show();
    }
    return app.exec();
}
