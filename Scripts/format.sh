#!/usr/bin/env bash
# Formats every Swift file git tracks in place with the toolchain's swift-format and the
# committed .swift-format, then lints them strictly, as CI does.
# Usage: Scripts/format.sh [--lint-only]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" != "--lint-only" ]]; then
  git ls-files -z '*.swift' | xargs -0 swift format format --in-place
fi
git ls-files -z '*.swift' | xargs -0 swift format lint --strict
