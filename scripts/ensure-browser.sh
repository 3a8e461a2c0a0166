#!/usr/bin/env bash
# Debian's Chromium for the browser tests (never a downloaded browser build).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "warning: chromium is not installed; browser tests will be skipped (in CI they fail)." >&2
fi
