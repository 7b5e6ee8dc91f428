"""jupyter_kernel_test's protocol suite against the Brook (TypeScript) kernel.

Run by tests/jupyter/jupyter-kernel-test.test.ts with /usr/bin/python3 (Debian's python3-jupyter-kernel-test)
and JUPYTER_PATH pointing at a kernelspec written by installKernelspec (the real `bin/brook.js kernel`).
Every sample is filled in, so every test of the suite runs; none is skipped.
"""
import unittest

import jupyter_kernel_test


class BrookKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "brook"
    language_name = "typescript"
    file_extension = ".ts"

    code_hello_world = 'console.log("hello, world")'
    code_stderr = 'console.error("some error")'

    completion_samples = [
        {"text": "Math.ma", "matches": {"max"}},
        {"text": "const someVariable = 1; someVar", "matches": {"someVariable"}},
    ]

    complete_code_samples = ["1 + 1", "const x = { a: 1 };", "function f() { return 1 }"]
    incomplete_code_samples = ["function f() {", "const y = [1,", "1 +", "`unterminated template"]
    invalid_code_samples = ["1 +* 2;", "const = 5;", "let 4x = 1"]

    code_page_something = "Math.max?"

    code_generate_error = 'throw new Error("boom")'

    code_execute_result = [
        {"code": "6 * 7", "result": "42"},
        {"code": "'a' + 'b'", "result": "'ab'"},
        {"code": "[1, 2, 3].map((x) => x * 2)", "result": "[ 2, 4, 6 ]"},
        {"code": "1 + 2 + 3", "result": "6"},
    ]

    code_display_data = [
        {"code": 'display({ "$schema": "https://vega.github.io/schema/vega-lite/v5.json", mark: "point" })',
         "mime": "application/vnd.vegalite.v5+json"},
        {"code": 'tslab.display.html("<b>hi</b>")', "mime": "text/html"},
        {"code": 'display({ [Symbol.for("Jupyter.display")]() { return { "text/markdown": "# hi" } } })',
         "mime": "text/markdown"},
    ]

    code_history_pattern = "1 + 2*"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "Math.max"

    code_clear_output = 'clearOutput()'


class BrookCellTests(jupyter_kernel_test.KernelTests):
    """The same suite with `%%brook` cells: Brook code, its output, errors, completion and inspection."""
    kernel_name = "brook"
    language_name = "typescript"
    file_extension = ".ts"

    code_hello_world = '%%brook\nprintf("hello, world\\n");'
    code_stderr = '%%brook\nfprintf(stderr, "some error\\n");'

    completion_samples = [
        {"text": "%%brook\nstreamRe", "matches": {"streamRead"}},
        {"text": "%%brook\nfloat4 v;\nfloat s = smoothst", "matches": {"smoothstep"}},
    ]

    complete_code_samples = ["%%brook\nfloat a<4>;", "%%brook\nkernel void k(float a<>, out float b<>) { b = a; }"]
    incomplete_code_samples = ["%%brook\nkernel void k(float a<>, out float b<>) {", "%%brook\nfloat x = (1 +", "%%brook\n/* open comment"]
    invalid_code_samples = ["%%brook\nint main() { return 0; }}", "%%brook\nfloat a = 1);"]

    code_generate_error = '%%brook\nkernel void bad(float a<>, out float b<>) { b = a * undefinedName; }'

    code_execute_result = [
        {"code": "%%brook\nint six = 6;\nsix * 7", "result": "42"},
        {"code": "%%brook\n1.5f + 2.0f", "result": "3.5"},
    ]

    code_display_data = [
        # Streams whose values vary: a constant stream is shown as one line of text, not plotted.
        {"code": "%%brook\nkernel void ramp(out float o<>) { o = indexof(o).x * 2.0f; }\nfloat s<3>;\nramp(s);\ns", "mime": "image/png"},
        {"code": "%%brook\nkernel void ramp2(out float o<>) { o = indexof(o).x; }\nfloat t<2>;\nramp2(t);\nt", "mime": "application/vnd.vegalite.v5+json"},
    ]

    code_inspect_sample = "%%brook\nprintf"

    # History and clear_output are the kernel's, not the cell language's: the same samples as above.
    code_history_pattern = "*1.5f + 2.0f"
    supported_history_operations = ("tail", "range", "search")
    code_clear_output = 'clearOutput()'
    code_page_something = "Math.max?"


if __name__ == "__main__":
    unittest.main()
