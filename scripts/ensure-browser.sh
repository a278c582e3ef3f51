#!/usr/bin/env bash
# The browser tests and Lighthouse drive Debian's Chromium at /usr/bin/chromium (with CJK fonts
# for the Chinese, Japanese and Korean screens). Installs them when missing, as root or through
# sudo; otherwise says what to install. Part of `npm test`, so a fresh machine needs nothing else.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
packages=(chromium fonts-noto-cjk)
if [ "$(id -u)" = 0 ]; then as_root=(); elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n); else
  echo "The browser tests need Debian's Chromium at /usr/bin/chromium: run  sudo apt-get install ${packages[*]}" >&2
  exit 1
fi
echo "Installing ${packages[*]} from Debian for the browser tests…"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
