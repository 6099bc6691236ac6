#!/usr/bin/env bash
# The tests use tools from Debian that npm cannot bring: chromium for the
# browser tests (playwright's own browser download is not available on our
# machines), poppler's pdfsig/pdftotext/pdftoppm and qpdf to check the
# customer's PDF copy as a customer or an auditor would, and libxml2's xmllint to
# validate the SEPA collection files against ISO 20022's schema as a bank would. Installs every missing
# package in one apt-get when we are root; otherwise says what to do and fails.
set -euo pipefail

# command → Debian package
declare -A packages=([chromium]=chromium [pdfsig]=poppler-utils [pdftotext]=poppler-utils [pdftoppm]=poppler-utils [qpdf]=qpdf [xmllint]=libxml2-utils)

missing=()
for tool in "${!packages[@]}"; do
  command -v "$tool" >/dev/null || missing+=("${packages[$tool]}")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)

if [[ "$(id -u)" -ne 0 ]]; then
  echo "The tests need Debian's ${missing[*]}. Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "The tests need ${missing[*]}, and there is no apt-get here to install them." >&2
  exit 1
fi

echo "Installing ${missing[*]} for the tests (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
for tool in "${!packages[@]}"; do
  if ! command -v "$tool" >/dev/null; then
    echo "apt-get install ${missing[*]} finished, but $tool is still missing." >&2
    exit 1
  fi
done
