"""Tools for newsml-model: everything stateful or doing I/O.

What lives here: the editor session and its listeners (`newsml_tools.editor`),
the store (`newsml_tools.store`), the Tools service and its client
(`newsml_tools.service`), the batch runner (`newsml_tools.batch`) and the
``newsml`` command line (`newsml_tools.cli`, entry point only).

What may not: nothing here is imported by `newsml_model` or `newsml_codecs`,
and nothing imports `newsml_tools.cli` (it is the console script's front).
"""
