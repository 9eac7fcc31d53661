#pragma once

#include "core/model/Message.h"

#include <QString>

#include <string>

namespace rankscope {

// A core message (core/model/Message.h) in the user's language: its pattern translated with
// QCoreApplication::translate(id, pattern) from the catalogs (the id is the context lupdate
// files it under), nested messages translated in turn, plain values substituted as they are.
// Without a catalog for the language the English pattern stands, so the text is the CLI's.
QString messageText(const Message &message);

// The message in the user's language, or `english` as it is when the result carries no message
// (a report built by hand, an older cache).
QString messageText(const Message &message, const std::string &english);

} // namespace rankscope
