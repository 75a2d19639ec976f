#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time, one after another.
#
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]
#
# SECONDS per target defaults to 60; TARGETs are scenario-parser, json-writer, irc-message and
# irc-client (default all).
# Everything built or found goes under .build/fuzz/: the binaries, a growing corpus per target
# (the committed seeds in Tests/Fuzz/Corpus/ are read, never written), a log per target, and
# crash inputs in .build/fuzz/crashes/TARGET/. Exits non-zero if any target crashed.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scenario-parser json-writer irc-message irc-client)
build=.build/fuzz
# The package's modules are compiled straight with swiftc, because SwiftPM has no way to build
# a libFuzzer binary without unsafeFlags. Coverage and AddressSanitizer instrument every module.
# lld, because gold warns about every AddressSanitizer symbol it cannot export.
flags=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -use-ld=lld
  -I "$build/modules" -I Sources/CTLS)

# Compiles Sources/MODULE into one object and its .swiftmodule; dependencies must come first.
build_module() {
  swiftc "${flags[@]}" -wmo -module-name "$1" -emit-module \
    -emit-module-path "$build/modules/$1.swiftmodule" -c -o "$build/modules/$1.o" \
    Sources/"$1"/*.swift
}

# Links TARGET from the fuzz entry point, the shared properties file and the module objects.
build_target() {
  local target=$1 entry=$2 properties=$3
  shift 3
  local objects=()
  for module in "$@"; do
    build_module "$module"
    objects+=("$build/modules/$module.o")
  done
  swiftc "${flags[@]}" -module-name "$entry" -o "$build/$target" \
    "Tests/Fuzz/$entry.swift" "$properties" "${objects[@]}"
}

# Runs TARGET for $seconds and prints one summary line; returns non-zero if it crashed.
run_target() {
  local target=$1 corpus="$build/corpus/$1" crashes="$build/crashes/$1/"
  local log="$build/$target.log" dictionary=() status=0
  mkdir -p "$corpus" "$crashes"
  [ -f "Tests/Fuzz/$target.dict" ] && dictionary=(-dict="Tests/Fuzz/$target.dict")
  local started=$SECONDS
  # Swift's own backtracer would race libFuzzer's crash handler (and trips AddressSanitizer by
  # reading unmapped memory); libFuzzer's handler keeps the input.
  SWIFT_BACKTRACE=enable=no "$build/$target" -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$crashes" "${dictionary[@]}" \
    "$corpus" "Tests/Fuzz/Corpus/$target" >"$log" 2>&1 || status=$?
  local executions
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [ "$status" -eq 0 ]; then
    echo "$target: clean, ${executions:-?} executions in $((SECONDS - started)) s (log: $log)"
  else
    tail -n 40 "$log" >&2
    echo "$target: CRASHED after $((SECONDS - started)) s (exit $status); input kept in" \
      "$crashes, log in $log" >&2
  fi
  return "$status"
}

mkdir -p "$build/modules"
failed=0
for target in "${targets[@]}"; do
  case $target in
    scenario-parser)
      build_target "$target" ScenarioParserFuzzer \
        Tests/ChatScenarioTests/ScenarioParserProperties.swift \
        ChatCore IRCFormattingCodes ChatSession ChatRendering ChatJSON ChatRuntime ChatIRC \
        ChatTransport ChatIRCSession ChatScenario
      ;;
    json-writer)
      build_target "$target" JSONWriterFuzzer Tests/ChatJSONTests/JSONWriterProperties.swift \
        ChatCore IRCFormattingCodes ChatRendering ChatJSON
      ;;
    irc-message)
      build_target "$target" IRCMessageFuzzer Tests/ChatIRCTests/IRCMessageProperties.swift \
        ChatCore IRCFormattingCodes ChatIRC
      ;;
    irc-client)
      build_target "$target" IRCClientFuzzer Tests/ChatIRCTests/IRCClientProperties.swift \
        ChatCore IRCFormattingCodes ChatIRC
      ;;
    *)
      echo "run.sh: unknown target '$target': expected scenario-parser, json-writer," \
        "irc-message or irc-client" >&2
      exit 64
      ;;
  esac
  run_target "$target" || failed=1
done
exit "$failed"
