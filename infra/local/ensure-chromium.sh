#!/usr/bin/env bash
# The browser test drives Debian's chromium (playwright's own browser download is
# not available on our machines). Installs it when missing and we are root;
# otherwise says what to do.
set -euo pipefail

chromium=/usr/bin/chromium
if [[ -x "$chromium" ]]; then exit 0; fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "The docs browser test needs $chromium. Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "The docs browser test needs $chromium, and there is no apt-get here to install it: install Debian's chromium package." >&2
  exit 1
fi

echo "Installing chromium for the docs browser test (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
if [[ ! -x "$chromium" ]]; then
  echo "apt-get install chromium finished, but $chromium is still missing." >&2
  exit 1
fi
