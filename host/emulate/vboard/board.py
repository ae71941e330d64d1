# Runs inside the virtual board's MicroPython VM at power-on (host/emulate/vboard/vboard.mjs).
# It gives the VM a board-like file system at "/" and, in CircuitPython quirks mode,
# CircuitPython's differences that matter to flashing tools. Names start with _vb
# so user code does not trip over them.
import io
import os
import sys

# Emscripten errno -> MicroPython errno (mpremote and our tools parse these).
_VB_ERRNO = {44: 2, 20: 17, 54: 20, 31: 21, 28: 22, 55: 39, 2: 13, 63: 1, 29: 5, 8: 9, 51: 28, 69: 30}
# CircuitPython prints some OSErrors as text, not as errno names.
_VB_CP_TEXT = {2: "No such file/directory", 17: "File exists", 30: "Read-only filesystem"}
_VB_WRITES = ("mkdir", "rmdir", "remove", "rename")


class _VbFs:
    """VfsPosix on /flash with MicroPython's errno numbers, and CircuitPython's rules if asked."""

    def __init__(self, real, cp, writable):
        self.real = real
        self.cp = cp
        self.writable = writable

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def _fail(self, code):
        code = _VB_ERRNO.get(code, code)
        if self.cp and code in _VB_CP_TEXT:
            raise OSError(code, _VB_CP_TEXT[code])
        raise OSError(code)

    def _call(self, name, *args):
        if self.cp and not self.writable and name in _VB_WRITES:
            self._fail(69)  # EROFS: CircuitPython code cannot write unless boot.py remounted
        try:
            return getattr(self.real, name)(*args)
        except OSError as e:
            self._fail(e.errno)

    def open(self, path, mode):
        if self.cp and not self.writable and ("w" in mode or "a" in mode or "+" in mode):
            self._fail(69)
        return self._call("open", path, mode)

    def stat(self, path):
        return self._call("stat", path)

    def ilistdir(self, path):
        return self._call("ilistdir", path)

    def mkdir(self, path):
        return self._call("mkdir", path)

    def rmdir(self, path):
        return self._call("rmdir", path)

    def remove(self, path):
        return self._call("remove", path)

    def rename(self, a, b):
        return self._call("rename", a, b)

    def chdir(self, path):
        return self._call("chdir", path)

    def getcwd(self):
        return self._call("getcwd")

    def statvfs(self, path):
        return self._call("statvfs", path)


class _VbNamespace:
    pass


_vb_board_id = ""  # --board-id: CircuitPython's board.board_id (its CIRCUITPY_BOARD_ID), or no board module


def _vb_boot(cp, writable, machine_board="", board_id=""):
    global _vb_board_id
    _vb_board_id = board_id
    try:
        os.mkdir("/flash")
    except OSError:
        pass
    if machine_board:
        _vb_machine(machine_board)
    real = os.VfsPosix("/flash")
    os.umount("/")
    os.mount(_VbFs(real, cp, writable), "/")
    os.chdir("/")
    if "/lib" not in sys.path:
        sys.path.append("/lib")
    if cp:
        _vb_circuitpython()


_VB_OS = os
_VB_SYS = sys


def _vb_circuitpython():
    """`import os` gives an os without ilistdir, `import sys` says circuitpython."""
    fake_os = _VbNamespace()
    for name in dir(_VB_OS):
        if name != "ilistdir" and not name.startswith("__"):
            setattr(fake_os, name, getattr(_VB_OS, name))
    fake_sys = _VbNamespace()
    for name in dir(_VB_SYS):
        if not name.startswith("__"):
            setattr(fake_sys, name, getattr(_VB_SYS, name))
    impl = _VbNamespace()
    impl.name = "circuitpython"
    impl.version = (9, 2, 0)
    impl._machine = "Virtual board (CircuitPython quirks) with wasm"
    fake_sys.implementation = impl
    _VB_SYS.modules["os"] = fake_os
    _VB_SYS.modules["sys"] = fake_sys
    if _vb_board_id:  # shared-bindings/board/__init__.c: board.board_id, the id boot_out.txt names
        fake_board = _VbNamespace()
        fake_board.board_id = _vb_board_id
        _VB_SYS.modules["board"] = fake_board


_vb_g = {"__name__": "__main__"}
_vb_keep = set(sys.modules)
_vb_board = ""  # the board whose machine module and panel this VM has (--machine), or ""


def _vb_machine(name):
    """machine as the board's firmware has it built in (host/emulate/stubs/machine.py, put in /rom
    by vboard.mjs, outside the board's file system), with the panel of board `name` attached."""
    global _vb_board
    sys.path.insert(0, "/rom")
    import machine

    sys.path.pop(0)
    machine.use_board(name)
    import _vb_line  # vboard.mjs: the line's Ctrl-C, polled at every pin read while main.py runs

    machine._poll = _vb_line.interrupted
    _vb_keep.add("machine")
    _vb_keep.add("_vb_line")
    _vb_board = name


_vb_err = ""


def _vb_run(src):
    """Run one raw-REPL command in the board's globals; the traceback text goes to _vb_err."""
    global _vb_err
    _vb_err = ""
    try:
        exec(src, _vb_g)
    except BaseException as e:  # noqa: B036 - a board's REPL reports everything
        buf = io.StringIO()
        _VB_SYS.print_exception(e, buf)
        _vb_err = buf.getvalue()


def _vb_soft_reset(cp):
    """Fresh globals and no user modules, as after a soft reset; files stay."""
    global _vb_g
    _vb_g = {"__name__": "__main__"}
    for name in list(_VB_SYS.modules):
        if name not in _vb_keep:
            del _VB_SYS.modules[name]
    if _vb_board:  # the pins and buses start over; the panel (hardware) keeps its picture
        import machine

        panels = list(machine.panels())
        machine.reset()
        for p in panels:
            machine.attach(p)
    if cp:
        _vb_circuitpython()


def _vb_main():
    """After a soft reset in the friendly REPL, run boot.py then main.py if present, as
    MicroPython's ports do (ports/rp2/main.c: pyexec_file_if_exists); tracebacks to _vb_err.
    With a machine module, vb_buttons.txt (if the board has it) is the person at the buttons."""
    global _vb_err
    if _vb_board:
        import machine

        machine.play("vb_buttons.txt")
    said = ""
    for name in ("boot.py", "main.py"):
        try:
            with open(name) as f:
                src = f.read()
        except OSError:
            continue
        _vb_run(src)
        said += _vb_err
    _vb_err = said
