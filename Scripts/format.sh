#!/usr/bin/env bash
# Formats the package in place with the toolchain's swift-format, then lints what is left.
# Usage: Scripts/format.sh [--lint-only]
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources)
if [[ "${1:-}" != "--lint-only" ]]; then
  swift format format --in-place --recursive --parallel "${paths[@]}"
fi
swift format lint --recursive --parallel "${paths[@]}"
