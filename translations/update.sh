#!/usr/bin/env bash
# Refreshes the catalogs from the sources (tr() in app/gui and views, the analysis' message
# patterns in core) and fills the translations.
# lupdate walks the folders recursively (views/flamegraph, heatmap, timeline, traces, common, ...).
# `-I .` lets it resolve includes such as "views/heatmap/HeatmapView.h" from the repository root,
# so it sees that a class lives in namespace rankscope and files its strings under the context
# tr() uses at run time (rankscope::HeatmapView); fill_translations.py re-qualifies any it misses.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LUPDATE="${LUPDATE:-/usr/lib/qt6/bin/lupdate}"
# core/ has no Qt: its sentences are RANKSCOPE_MESSAGE(id, pattern) (core/model/Message.h), read
# here as QT_TRANSLATE_NOOP(context, source), so each message id is a context of its own.
"$LUPDATE" -no-obsolete -locations none -I . \
  -tr-function-alias QT_TRANSLATE_NOOP+=RANKSCOPE_MESSAGE app/gui views core \
  -ts translations/rankscope_zh_CN.ts translations/rankscope_ja.ts
python3 translations/fill_translations.py translations
