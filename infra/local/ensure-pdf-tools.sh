#!/usr/bin/env bash
# The contract document tests check the PDF with the tools a customer or an
# auditor would use: poppler's pdfsig/pdftotext/pdftoppm and qpdf. Installs
# Debian's poppler-utils and qpdf when missing and we are root; otherwise says
# what to do and fails.
set -euo pipefail

tools=(pdfsig pdftotext pdftoppm qpdf)
missing() {
  local tool
  for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || return 0
  done
  return 1
}

if ! missing; then exit 0; fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "The contract document tests need ${tools[*]}. Install them with: sudo apt-get update && sudo apt-get install -y poppler-utils qpdf" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "The contract document tests need ${tools[*]}, and there is no apt-get here to install them: install poppler-utils and qpdf." >&2
  exit 1
fi

echo "Installing poppler-utils and qpdf for the contract document tests (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq poppler-utils qpdf >/dev/null
for tool in "${tools[@]}"; do
  if ! command -v "$tool" >/dev/null; then
    echo "apt-get install poppler-utils qpdf finished, but $tool is still missing." >&2
    exit 1
  fi
done
