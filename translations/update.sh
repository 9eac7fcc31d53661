#!/usr/bin/env bash
# Refreshes the catalogs from the sources (tr() in app/gui and views) and fills the translations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LUPDATE="${LUPDATE:-/usr/lib/qt6/bin/lupdate}"
"$LUPDATE" -no-obsolete -locations none app/gui views \
  -ts translations/rankscope_zh_CN.ts translations/rankscope_ja.ts
python3 translations/fill_translations.py translations
