#pragma once

#include "core/model/RankSet.h"

#include <QMetaType>

// RankSet travels in signals (search results, suspects); declared once here for all views.
Q_DECLARE_METATYPE(rankscope::RankSet)
