// The window's Notices: its status bar's message. It asks the window for its status bar each
// time, so that the bar the window sets up after its commands are made is the one spoken in.
#pragma once

#include "notices.h"

#include <QObject>

class QMainWindow;

namespace u8app {

class WindowNotices final : public QObject, public u8doc::Notices {
    Q_OBJECT
public:
    explicit WindowNotices(QMainWindow* window);

    void say(const QString& text, int ms = 0) override;
    void clearSaid() override;
    QString said() const override;

private:
    QMainWindow* window_;
};

} // namespace u8app
