#!/usr/bin/env bash
# Build llama-cpp-python once, portable (never GGML_NATIVE: native builds die with
# SIGILL in the AMX path on these CPUs), and keep the wheel in a cache folder.
# AVX-512 (without AMX) when the CPU has it, AVX2 otherwise. Prints the wheel path.
set -euo pipefail
version="${LLAMA_CPP_VERSION:-0.3.36}"
cache="${PAPERCHAT_WHEELS:-$HOME/.cache/paperchat/wheels}"
mkdir -p "$cache"
flags="-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
kind=avx2
if grep -qw avx512f /proc/cpuinfo && grep -qw avx512_vnni /proc/cpuinfo && grep -qw avx512_bf16 /proc/cpuinfo; then
  flags="$flags -DGGML_AVX512=ON -DGGML_AVX512_VNNI=ON -DGGML_AVX512_BF16=ON -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
  kind=avx512
fi
dir="$cache/$kind"
mkdir -p "$dir"
# a wheel built before this script sorted them by kind is AVX2
if [ "$kind" = avx2 ] && ls "$cache"/llama_cpp_python-"$version"-*.whl >/dev/null 2>&1; then
  mv "$cache"/llama_cpp_python-"$version"-*.whl "$dir"/
fi
wheel=$(ls "$dir"/llama_cpp_python-"$version"-*.whl 2>/dev/null | head -1 || true)
if [ -z "$wheel" ]; then
  echo "building llama-cpp-python $version ($kind), about 10 minutes on 2 cores …" >&2
  CMAKE_ARGS="$flags" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    python3 -m pip wheel -q --no-deps -w "$dir" "llama-cpp-python==$version" >&2
  wheel=$(ls "$dir"/llama_cpp_python-"$version"-*.whl | head -1)
fi
echo "$wheel"
