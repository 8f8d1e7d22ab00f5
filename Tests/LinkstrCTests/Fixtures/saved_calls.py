"""The saved links of the Python binding (bindings/python/linkstr.py) in a home with an account and
a webhook: saves with tags, lists by tag and by search, tag suggestions for a link, retagging,
unsave and restore, the webhook sync, and the failures of a link that is not saved and of tags that
are not a JSON array of strings. Prints one JSON object with what each call returned (a failure as
{"code","message"}). Usage: saved_calls.py BINDINGS HOME"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def failure(call):
    try:
        call()
    except linkstr.LinkstrError as error:
        return {"code": error.code, "message": error.message}
    return None


def main():
    results = {}
    with linkstr.Runtime(home=sys.argv[2]) as runtime:
        results["saved_swift"] = runtime.save("github.com/apple/swift", tags=["Code", "swift"], note="the compiler")
        runtime.save("https://github.com/swiftlang/swift-testing", tags=["code"])
        runtime.save("https://example.com/recipe", tags=["food"])
        results["saved_again"] = runtime.save("https://github.com/apple/swift", tags=["later"])
        results["by_tag"] = runtime.saved(tags=["code"])
        results["by_two_tags"] = runtime.saved(tags=["code", "swift"])
        results["by_search"] = runtime.saved(search="RECIPE")
        results["suggestions"] = runtime.tags(url="https://github.com/apple/swift-format")
        results["tags"] = runtime.tags()
        results["retagged"] = runtime.tag("https://example.com/recipe", add=["cooking"], remove=["food"])
        results["unsaved"] = runtime.unsave("https://example.com/recipe")
        results["deleted"] = runtime.saved(deleted=True)
        results["kept_after_unsave"] = runtime.saved()
        results["restored"] = runtime.restore("https://example.com/recipe")
        results["sync"] = runtime.saved_sync()
        results["sync_status"] = runtime.saved_sync(status_only=True)
        results["not_saved"] = failure(lambda: runtime.unsave("https://example.com/never"))
        results["bad_tags"] = failure(lambda: runtime._call("linkstr_save", b"https://example.com/x", b"{\"a\":1}", None))
        results["empty_tag"] = failure(lambda: runtime.save("https://example.com/x", tags=["  "]))
    print(json.dumps(results, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
