#!/usr/bin/env bash
# Refreshes the catalogs from the sources (tr() in app/gui and views) and fills the translations.
# lupdate walks the folders recursively (views/flamegraph, heatmap, timeline, traces, common, ...).
# `-I .` lets it resolve includes such as "views/heatmap/HeatmapView.h" from the repository root,
# so it sees that a class lives in namespace rankscope and files its strings under the context
# tr() uses at run time (rankscope::HeatmapView); fill_translations.py re-qualifies any it misses.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LUPDATE="${LUPDATE:-/usr/lib/qt6/bin/lupdate}"
"$LUPDATE" -no-obsolete -locations none -I . app/gui views \
  -ts translations/rankscope_zh_CN.ts translations/rankscope_ja.ts
python3 translations/fill_translations.py translations
