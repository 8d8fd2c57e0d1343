// The bytes every pane shows: one document, observed by all views (Hex Fiend's lesson: one model,
// many representers).
#pragma once

#include "u8codec/byte_source.h"

#include <QObject>
#include <QString>

#include <memory>

namespace u8ui {

class ByteDocument : public QObject {
    Q_OBJECT
public:
    explicit ByteDocument(QObject* parent = nullptr) : QObject(parent) {}

    // Replaces the bytes shown (a newly opened file, or an edited buffer after a repair). The
    // document shares ownership: views read through it while it lives.
    void setSource(std::shared_ptr<const u8codec::ByteSource> source, const QString& displayName) {
        source_ = std::move(source);
        displayName_ = displayName;
        emit contentChanged();
    }
    const u8codec::ByteSource* source() const { return source_.get(); }
    std::shared_ptr<const u8codec::ByteSource> sharedSource() const { return source_; }
    quint64 size() const { return source_ ? source_->size() : 0; }
    QString displayName() const { return displayName_; }

signals:
    // Everything shown may have changed: views reset their caches and repaint.
    void contentChanged();

private:
    std::shared_ptr<const u8codec::ByteSource> source_;
    QString displayName_;
};

} // namespace u8ui
