"""The build of konane-cgt: the configuration is in ``pyproject.toml``; this file only makes
the build say plainly when the native core is not built.

setuptools-rust builds the Rust crate into the extension module ``cgt._native`` (optional:
without a Rust toolchain, or if the build fails, the package still installs, on the
pure-Python engine).  This subclass of its ``build_rust`` command writes one line saying
so, with the reason and the fix, into the build log (``pip install -v`` shows it); the
package then says it again, as a :class:`cgt.errors.BackendWarning`, the first time it is
imported in a process.
"""

import shutil

from setuptools import setup
from setuptools_rust import build_rust

_said: list[str] = []


def _fallback(why: str) -> None:
    if _said:                   # build_rust may run twice in one build (build_ext, install_lib)
        return
    _said.append(why)
    print(f"konane-cgt: the native core (cgt._native) is not built: {why}. The package installs on "
          "the pure-Python engine, which gives the same values 15x to 45x slower. Install a Rust "
          "toolchain (cargo, from https://rustup.rs) and reinstall to build it.", flush=True)


class build_native(build_rust):  # noqa: N801 (setuptools' command names are lower case)
    def run(self) -> None:
        if shutil.which("cargo") is None:
            _fallback("there is no cargo on the PATH")
        super().run()

    def run_for_extension(self, extension) -> None:  # type: ignore[no-untyped-def]
        try:
            super().run_for_extension(extension)
        except Exception as exc:
            _fallback(f"its build failed ({str(exc).strip().splitlines()[-1] if str(exc).strip() else exc!r})")
            raise


# the wheel is tagged abi3 (cp311), and setuptools-rust builds the crate for it (PyO3's abi3-py311 feature): one
# wheel for Python 3.11 and later
setup(cmdclass={"build_rust": build_native}, options={"bdist_wheel": {"py_limited_api": "cp311"}})
