#!/usr/bin/env bash
# Installs what the end-to-end tests need and npm cannot provide: Debian's Chromium as its headless shell (the
# package chromium-headless-shell; e2e/support/browser.ts says why) and CJK fonts (without them every Chinese glyph
# renders as a box). Idempotent: when both are present it only checks.
set -euo pipefail

CHROMIUM=/usr/bin/chromium-headless-shell

has_cjk_font() {
  # fonts-noto-cjk's files; a glob test avoids depending on fontconfig's fc-list being installed.
  compgen -G '/usr/share/fonts/opentype/noto/NotoSansCJK*' >/dev/null
}

if [ -x "$CHROMIUM" ] && has_cjk_font; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "test-setup: apt-get not found; install chromium-headless-shell ($CHROMIUM) and a CJK font (fonts-noto-cjk) by hand." >&2
  exit 1
fi

# apt-get as root; through sudo otherwise (env passes DEBIAN_FRONTEND, which sudo would drop).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    env DEBIAN_FRONTEND=noninteractive "$@"
  else
    sudo env DEBIAN_FRONTEND=noninteractive "$@"
  fi
}

echo "test-setup: installing chromium-headless-shell and fonts-noto-cjk through apt-get…"
as_root apt-get update -qq
as_root apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-noto-cjk >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "test-setup: $CHROMIUM is still missing after apt-get install." >&2
  exit 1
fi
echo "test-setup: $("$CHROMIUM" --version 2>/dev/null || echo chromium) ready."
