"""Embeds the linkstr host from Python through ctypes.
Usage: python3 embed_host.py LIBLINKSTR HOME URL   (plugins come from LINKSTR_PLUGIN_PATH)"""
import ctypes
import json
import sys


class Error(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("code", ctypes.c_int32), ("message", ctypes.c_char * 256)]


class Options(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("home", ctypes.c_char_p), ("config_path", ctypes.c_char_p)]


def read_string(fill):
    needed = fill(None, 0)
    if needed == 0:
        return None
    buffer = ctypes.create_string_buffer(needed)
    fill(buffer, needed)
    return buffer.value.decode()


def main():
    library_path, home, url = sys.argv[1:4]
    lib = ctypes.CDLL(library_path)
    lib.linkstr_host_new.argtypes = [ctypes.POINTER(Options), ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(Error)]
    lib.linkstr_host_load_plugins.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(Error)]
    lib.linkstr_host_plugins_json.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.linkstr_host_plugins_json.restype = ctypes.c_size_t
    lib.linkstr_host_classify_url.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Error)]
    lib.linkstr_host_classify_url.restype = ctypes.c_size_t
    lib.linkstr_host_free.argtypes = [ctypes.c_void_p]
    lib.linkstr_version.restype = ctypes.c_char_p

    error = Error(struct_size=ctypes.sizeof(Error))
    options = Options(struct_size=ctypes.sizeof(Options), home=home.encode(), config_path=None)
    host = ctypes.c_void_p()
    if lib.linkstr_host_new(ctypes.byref(options), ctypes.byref(host), ctypes.byref(error)) != 0:
        print("new failed:", error.message.decode(), file=sys.stderr)
        return 1
    loaded = ctypes.c_uint32()
    lib.linkstr_host_load_plugins(host, ctypes.byref(loaded), ctypes.byref(error))
    plugins = json.loads(read_string(lambda b, n: lib.linkstr_host_plugins_json(host, b, n)))
    classification = read_string(lambda b, n: lib.linkstr_host_classify_url(host, url.encode(), b, n, ctypes.byref(error)))
    lib.linkstr_host_free(host)
    print(json.dumps({
        "version": lib.linkstr_version().decode(),
        "loaded": loaded.value,
        "plugin_ids": [p["id"] for p in plugins],
        "classification": json.loads(classification) if classification else None,
        "error": error.message.decode() if classification is None else None,
    }, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
