// What the window's commands tell the user in passing, a line of status text, said without
// knowing the window: the commands take a Notices, the window gives its status bar behind it
// (app/gui/window_notices.h), and a test can give one that only records what was said. Banners,
// which offer an action, stay with the MessageBanner the commands are given.
#pragma once

#include <QString>

namespace u8doc {

class Notices {
public:
    virtual ~Notices() = default;

    // Shows `text` for `ms` milliseconds (0: until something else is said or it is cleared).
    virtual void say(const QString& text, int ms = 0) = 0;
    // Nothing said any more (what was said was about bytes no longer shown).
    virtual void clearSaid() = 0;
    // What is said now; empty when nothing.
    virtual QString said() const = 0;
};

} // namespace u8doc
