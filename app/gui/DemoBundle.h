#pragma once

#include <QString>

// The built-in demo: a 64-rank job hung in one rank's data loader, written once by the synthetic
// generator into the cache directory, so `rankscope --demo` needs nothing from the user.
namespace DemoBundle {
// Returns the bundle directory, writing it first when absent; empty with *error set on failure.
QString ensure(QString *error);
} // namespace DemoBundle
