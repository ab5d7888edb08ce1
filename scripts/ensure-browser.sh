#!/usr/bin/env bash
# Installs Debian's Chromium and a CJK font when missing (Playwright can't download browsers
# here, and without the font Chinese renders as boxes). A re-run costs one dpkg-query.
set -euo pipefail
need=()
for pkg in chromium fonts-wqy-microhei; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then need+=("$pkg"); fi
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]} ..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
test -x /usr/bin/chromium
