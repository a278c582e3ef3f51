#!/usr/bin/env bash
# The browser tests and Lighthouse drive Debian's Chromium at /usr/bin/chromium (with CJK fonts
# for the Chinese, Japanese and Korean screens); the shared-state and cluster tests start Debian's
# redis-server and haproxy. Installs what is missing, as root or through sudo; otherwise says what
# to install. Part of `npm test`, so a fresh machine needs nothing else.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium fonts-noto-cjk)
command -v redis-server >/dev/null || packages+=(redis-server)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || packages+=(haproxy)
[ ${#packages[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then as_root=(); elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n); else
  echo "The tests need Debian's ${packages[*]}: run  sudo apt-get install ${packages[*]}" >&2
  exit 1
fi
echo "Installing ${packages[*]} from Debian for the tests…"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
