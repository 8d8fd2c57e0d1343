// What the window's commands tell the user, said without knowing the window: a line of status
// text in passing, and a banner that stays above the document until dismissed or replaced (why a
// file did not open, that it changed on disk, advice on its encoding), with at most one action
// on its button. The commands take a Notices, the window gives its status bar and its banner
// behind it (app/gui/window_notices.h), and a test can give one that only records what was said
// (tests/ui/document/recording_notices.h).
#pragma once

#include <QString>
#include <functional>

namespace u8doc {

class Notices {
public:
    // How much a banner matters (its colour and icon).
    enum class Level { Information, Warning, Error };

    virtual ~Notices() = default;

    // Shows `text` for `ms` milliseconds (0: until something else is said or it is cleared).
    virtual void say(const QString& text, int ms = 0) = 0;
    // Nothing said any more (what was said was about bytes no longer shown).
    virtual void clearSaid() = 0;
    // What is said now; empty when nothing.
    virtual QString said() const = 0;

    // Shows the banner `text` in place of the one before; with a non-empty `actionText`, a button
    // that runs `action` (kept until the next banner replaces it).
    virtual void showBanner(Level level, const QString& text, const QString& actionText = {},
                            std::function<void()> action = {}) = 0;
    // No banner.
    virtual void dismissBanner() = 0;
    // The banner's text; empty while none is shown.
    virtual QString banner() const = 0;
};

} // namespace u8doc
